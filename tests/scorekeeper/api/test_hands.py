"""Hands through the real URL stack: record, preview, correct, undo, idempotency."""

from __future__ import annotations

import pytest

from scorekeeper.models import Hand, HandChange

MADE_8 = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}
DOWN_9 = {"declarer": 0, "bid": 9, "trump": "spades", "tricks": 7}


def url(match, suffix=""):
    return f"/api/matches/{match['id']}/hands/{suffix}"


def test_a_club_script_plays_a_match_to_41(api):
    match = api.new_match()
    first = api.hand(match, MADE_8)
    assert first["number"] == 1 and first["game"] == 1
    assert first["input"] == MADE_8
    assert first["delta"] == [0, 8] and first["scores_after"] == [0, 8]
    assert first["player_delta"] is None and first["thrown_in"] is False
    assert first["summary"] == "Sara bid 7 hearts, took 8: made"
    assert api.hand(match, DOWN_9)["scores_after"] == [-9, 14]
    thrown = api.hand(match, {"thrown_in": True})
    assert thrown["thrown_in"] is True and thrown["delta"] == [0, 0]
    state = api.match(match)
    assert state["next"] == {"number": 4, "dealer": 2, "first_to_speak": 3}  # same dealer
    for _ in range(3):
        api.hand(match, {"declarer": 3, "bid": 12, "trump": "clubs", "tricks": 12})
    state = api.match(match)
    assert state["status"] == "finished" and state["winner"] == 1
    assert state["scores"] == [-9, 50] and state["games"][0]["winner"] == 1
    assert state["next"] is None
    response = api.post(url(match), MADE_8)
    assert response.status_code == 409
    assert Hand.objects.count() == 6


def test_sweep_wins_at_once(api):
    match = api.new_match()
    api.hand(match, MADE_8)
    api.hand(match, DOWN_9)
    hand = api.hand(match, {"declarer": 2, "bid": 8, "trump": "clubs", "tricks": 13})
    assert hand["ended_game"] is True and hand["game_winner"] == 0
    state = api.match(match)
    assert state["status"] == "finished" and state["winner"] == 0


def test_stale_number_is_409(api):
    match = api.new_match()
    api.hand(match, {**MADE_8, "number": 1})
    assert api.post(url(match), {**MADE_8, "number": 1}).status_code == 409
    assert api.post(url(match), {**MADE_8, "number": 3}).status_code == 409
    assert api.hand(match, {**MADE_8, "number": 2})["number"] == 2
    assert api.post(url(match), {**MADE_8, "number": "2"}).status_code == 400


def test_preview_stores_nothing(api):
    match = api.new_match()
    response = api.post(url(match, "preview/"), DOWN_9)
    assert response.status_code == 200
    assert response.json()["delta"] == [-9, 6]
    assert Hand.objects.count() == 0
    assert api.post(url(match, "preview/"), {"bid": 2}).status_code == 400


def test_correction_rescores_every_later_hand(api):
    match = api.new_match()
    api.hand(match, MADE_8)
    api.hand(match, DOWN_9)
    response = api.put(url(match, "1/"), {**MADE_8, "tricks": 6})
    assert response.status_code == 200
    assert response.json()["delta"] == [7, -7]
    hands = api.get(url(match)).json()
    assert [h["scores_after"] for h in hands] == [[7, -7], [-2, -1]]
    assert api.match(match)["scores"] == [-2, -1]
    change = HandChange.objects.get()
    assert change.action == "correct" and change.before["input"] == MADE_8
    assert api.match(match)["changes"][0]["after"] == {**MADE_8, "tricks": 6}


def test_correction_that_breaks_a_later_hand_changes_nothing(api):
    match = api.new_match(options={"target": 20})
    api.hand(match, MADE_8)
    api.hand(match, MADE_8)
    before = api.match(match)
    # 13 tricks now end the game at hand 1, so hand 2 cannot have been played.
    response = api.put(url(match, "1/"), {**MADE_8, "bid": 13, "tricks": 13})
    assert response.status_code == 400
    assert "Hand 2" in next(iter(response.json().values()))[0]
    after = api.match(match)
    assert after["hands"] == before["hands"] and after["scores"] == before["scores"]
    assert HandChange.objects.count() == 0


def test_invalid_correction_is_400(api):
    match = api.new_match()
    api.hand(match, MADE_8)
    response = api.put(url(match, "1/"), {**MADE_8, "tricks": 14})
    assert response.status_code == 400 and "tricks" in response.json()
    assert api.put(url(match, "2/"), MADE_8).status_code == 404
    assert api.put(url(match, "1/"), {**MADE_8, "number": 2}).status_code == 409


def test_undo_only_the_last_hand_and_reopen_a_finished_match(api):
    match = api.new_match()
    api.hand(match, MADE_8)
    api.hand(match, {"declarer": 2, "bid": 8, "trump": "clubs", "tricks": 13})
    assert api.match(match)["status"] == "finished"
    assert api.delete(url(match, "1/")).status_code == 409
    assert api.delete(url(match, "9/")).status_code == 409  # only the last hand: 409
    assert api.delete(url(match, "2/")).status_code == 204
    state = api.match(match)
    assert state["status"] == "in_progress" and state["winner"] is None
    assert state["scores"] == [0, 8] and state["next"]["number"] == 2
    undo = HandChange.objects.get(action="undo")
    assert undo.before["input"]["tricks"] == 13
    assert api.delete(url(match, "1/")).status_code == 204
    assert api.match(match)["scores"] == [0, 0]
    assert api.delete(url(match, "1/")).status_code == 409  # nothing left to undo
    assert HandChange.objects.count() == 2


def test_undo_keeps_a_closed_match_closed(api):
    match = api.new_match()
    api.hand(match, MADE_8)
    api.post(f"/api/matches/{match['id']}/close/")
    assert api.delete(url(match, "1/")).status_code == 204
    assert api.match(match)["status"] == "finished"


def test_dealer_override_moves_the_rotation(api):
    match = api.new_match()
    hand = api.hand(match, {**MADE_8, "dealer": 3})
    assert hand["dealer"] == 3 and hand["first_to_speak"] == 0
    assert api.match(match)["next"] == {"number": 2, "dealer": 0, "first_to_speak": 1}
    assert api.post(url(match), {**MADE_8, "dealer": 4}).status_code == 400


def test_idempotency_key_stores_once(api):
    match = api.new_match()
    headers = {"Idempotency-Key": "phone-1-hand-1"}
    first = api.post(url(match), MADE_8, **headers)
    again = api.post(url(match), MADE_8, **headers)
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert Hand.objects.count() == 1
    assert api.post(url(match), DOWN_9, **headers).status_code == 409
    assert Hand.objects.count() == 1
    # A refused request keeps nothing, so the same key can carry the corrected hand.
    assert api.post(url(match), {"bid": 3}, **{"Idempotency-Key": "k2"}).status_code == 400
    assert api.post(url(match), DOWN_9, **{"Idempotency-Key": "k2"}).status_code == 201


@pytest.mark.parametrize(
    ("payload", "field", "words"),
    [
        ({"declarer": 1, "bid": 7, "trump": "hearts"}, "tricks", "required"),
        ({**MADE_8, "tricks": "8"}, "tricks", "whole number"),
        ({**MADE_8, "tricks": 8.0}, "tricks", "whole number"),
        ({**MADE_8, "tricks": True}, "tricks", "whole number"),
        ({**MADE_8, "tricks": 14}, "tricks", "0 to 13"),
        ({**MADE_8, "tricks": -1}, "tricks", "0 to 13"),
        ({**MADE_8, "tricks": 10**40}, "tricks", "0 to 13"),
        ({**MADE_8, "bid": 6}, "bid", "7 to 13"),
        ({**MADE_8, "declarer": 4}, "declarer", "0 to 3"),
        ({**MADE_8, "trump": "stars"}, "trump", "one of"),
        ({**MADE_8, "trump": "no_trump"}, "trump", "no_trump"),
        ({**MADE_8, "colour": "red"}, "colour", "Unknown field"),
        ({**MADE_8, "auction": [7, "pass"]}, "auction", "not finished"),
        ({**MADE_8, "auction": "7"}, "auction", "list"),
        ({"thrown_in": "yes"}, "declarer", "required"),
        ({"thrown_in": True, "bid": 7}, "bid", "Unknown field"),
    ],
)
def test_bad_hand_is_400_naming_the_field_and_stores_nothing(api, payload, field, words):
    match = api.new_match()
    response = api.post(url(match), payload)
    assert response.status_code == 400, response.json()
    assert words in response.json()[field][0]
    assert Hand.objects.count() == 0
    assert api.match(match)["next"]["number"] == 1
