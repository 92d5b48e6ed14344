"""Maraffa and Trionfo through the API: a whole match, la bella, a closed session, bad hands."""

from __future__ import annotations

import pytest

from scorekeeper.models import Hand

FIVE = ["Gino", "Bruno", "Carla", "Dario", "Elena"]


def deal(battezzante=None, thirds=(23, 12), maraffa=None, trump="cups"):
    payload = {"trump": trump, "thirds": list(thirds)}
    if battezzante is not None:
        payload["battezzante"] = battezzante
    if maraffa is not None:
        payload["maraffa"] = maraffa
    return payload


def test_maraffa_defaults_to_best_of_three_and_shows_the_battezzante(api):
    match = api.new_match("maraffa", ["Gino", "Bruno", "Carla", "Dario"])
    assert match["games_to_win"] == 2
    assert match["next"]["first_to_speak"] is None  # the holder of the 4 of coins is named
    hand = api.hand(match, deal(battezzante=1, maraffa=1))
    assert hand["delta"] == [7, 7]
    state = api.match(match)
    assert state["next"] == {"number": 2, "dealer": 1, "first_to_speak": 2}


def test_maraffa_to_la_bella_with_a_claim(api):
    match = api.new_match(
        "maraffa", ["Gino", "Bruno", "Carla", "Dario"], options={"target": 31, "bella_target": 41}
    )
    api.hand(match, deal(battezzante=0))
    for _ in range(4):  # team 0 takes 7 a deal: 35 after five deals
        api.hand(match, deal())
    state = api.match(match)
    assert state["game"] == 2 and state["games"][0]["winner"] == 0
    api.hand(match, deal(battezzante=3, thirds=(5, 30)))
    for _ in range(2):
        api.hand(match, deal(thirds=(5, 30)))  # team 1: 10 + 10 + 10
    claim = api.hand(match, {"trump": "coins", "claim": {"team": 1, "thirds": 6}})
    assert claim["ended_game"] and claim["game_winner"] == 1
    state = api.match(match)
    assert state["game"] == 3 and state["games_won"] == [1, 1] and state["status"] == "in_progress"
    assert state["options"]["bella_target"] == 41
    api.hand(match, deal(battezzante=2, thirds=(35, 0)))
    for _ in range(2):
        api.hand(match, deal(thirds=(35, 0)))
    state = api.match(match)
    assert state["scores"] == [33, 0] and state["status"] == "in_progress"  # 31 is not enough
    api.hand(match, deal(thirds=(35, 0)))
    state = api.match(match)
    assert state["status"] == "finished" and state["winner"] == 0
    assert [game["winner"] for game in state["games"]] == [0, 1, 0]


def test_trionfo_session_closes_with_the_leader(api):
    match = api.new_match("trionfo", FIVE)
    assert match["teams"] is None and match["scores"] is None
    hand = api.hand(
        match,
        {
            "first": 0,
            "declarer": 3,
            "bid": "chiamo",
            "trump": "coins",
            "called": "3 of swords",
            "partner": 1,
            "thirds": 21,
        },
    )
    assert hand["delta"] is None and sum(hand["player_delta"]) == 0
    assert hand["player_delta"][3] == 2 and hand["player_delta"][1] == 1
    state = api.match(match)
    assert state["player_scores"] == hand["player_delta"] and state["scores"] is None
    closed = api.post(f"/api/matches/{match['id']}/close/").json()
    assert closed["status"] == "finished" and closed["winner"] == 3
    api.hand(match, {"thrown_in": True}, expect=409)
    assert api.delete(f"/api/matches/{match['id']}/hands/1/").status_code == 204
    assert api.match(match)["status"] == "finished"  # a closed session stays closed


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        (deal(battezzante=0, thirds=(20, 12)), "thirds"),
        (deal(battezzante=0, trump="hearts"), "trump"),
        ({"battezzante": 0, "trump": "coins", "claim": {"team": 2, "thirds": 17}}, "claim"),
        (deal(), "battezzante"),
        (deal(battezzante=4), "battezzante"),
        ({"battezzante": 0, "thrown_in": True}, "thrown_in"),
    ],
)
def test_bad_maraffa_hands_are_400(api, payload, field):
    match = api.new_match("maraffa", ["Gino", "Bruno", "Carla", "Dario"])
    response = api.post(f"/api/matches/{match['id']}/hands/", payload)
    assert response.status_code == 400, response.json()
    assert field in response.json(), response.json()
    assert Hand.objects.count() == 0


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        (
            {
                "first": 0,
                "declarer": 3,
                "bid": "chiamo",
                "trump": "coins",
                "partner": 5,
                "thirds": 21,
            },
            "partner",
        ),
        (
            {
                "first": 0,
                "declarer": 3,
                "bid": "chiamo",
                "trump": "coins",
                "partner": 1,
                "made": True,
            },
            "made",
        ),
        ({"first": 0, "declarer": 3, "bid": "maso", "trump": "coins", "thirds": 21}, "thirds"),
        ({"first": 0, "declarer": 3, "bid": "tutto", "trump": "coins", "thirds": 21}, "bid"),
    ],
)
def test_bad_trionfo_hands_are_400(api, payload, field):
    match = api.new_match("trionfo", FIVE)
    response = api.post(f"/api/matches/{match['id']}/hands/", payload)
    assert response.status_code == 400, response.json()
    assert field in response.json(), response.json()
    assert Hand.objects.count() == 0


def test_trionfo_is_one_session(api):
    response = api.post("/api/matches/", {"variant": "trionfo", "players": FIVE, "games_to_win": 2})
    assert response.status_code == 400 and "games_to_win" in response.json()
    response = api.post("/api/matches/", {"variant": "trionfo", "players": FIVE[:4]})
    assert response.status_code == 400 and "players" in response.json()
