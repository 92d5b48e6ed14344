"""Matches through the real URL stack: creation, access by link, closing."""

from __future__ import annotations

import pytest

from scorekeeper.models import Match

from ...conftest import PLAYERS


def test_create_resolves_every_option(api):
    match = api.new_match("tarneeb", options={"target": 31})
    assert match["options"] == {
        "target": 31,
        "sweep": "instant",
        "no_instant_win_when_negative": False,
        "no_trump": False,
        "bidding": "single_round",
    }
    assert match["players"] == PLAYERS
    assert match["teams"] == [[0, 2], [1, 3]]
    assert match["status"] == "in_progress"
    assert match["game"] == 1 and match["scores"] == [0, 0] and match["player_scores"] is None
    assert match["games"] == [
        {"number": 1, "scores": [0, 0], "player_scores": None, "winner": None, "finished": False}
    ]
    assert match["winner"] is None and match["games_to_win"] == 1
    assert match["next"] == {"number": 1, "dealer": 0, "first_to_speak": 1}
    assert match["hands"] == []
    assert len(match["id"]) >= 32 and len(match["view_id"]) >= 32


def test_first_dealer_sets_the_rotation(api):
    match = api.new_match(first_dealer=2)
    assert match["next"] == {"number": 1, "dealer": 2, "first_to_speak": 3}


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"variant": "whist", "players": PLAYERS}, "variant", "Unknown game"),
        ({"players": PLAYERS}, "variant", "required"),
        ({"variant": "tarneeb"}, "players", "required"),
        ({"variant": "tarneeb", "players": PLAYERS[:3]}, "players", "4 players"),
        ({"variant": "tarneeb", "players": ["A", "B", "", "D"]}, "players", "name"),
        ({"variant": "tarneeb", "players": ["A", "B", 3, "D"]}, "players", "name"),
        ({"variant": "tarneeb", "players": PLAYERS, "options": {"target": 0}}, "options", "target"),
        (
            {"variant": "tarneeb", "players": PLAYERS, "options": {"target": "41"}},
            "options",
            "target",
        ),
        (
            {"variant": "tarneeb", "players": PLAYERS, "options": {"sweep": "never"}},
            "options",
            "sweep",
        ),
        (
            {"variant": "tarneeb", "players": PLAYERS, "options": {"trumps": 1}},
            "options",
            "no option 'trumps'",
        ),
        ({"variant": "tarneeb", "players": PLAYERS, "options": [1]}, "options", "object"),
        ({"variant": "tarneeb", "players": PLAYERS, "games_to_win": 3}, "games_to_win", "best of"),
        (
            {"variant": "tarneeb", "players": PLAYERS, "games_to_win": True},
            "games_to_win",
            "best of",
        ),
        ({"variant": "tarneeb", "players": PLAYERS, "first_dealer": 4}, "first_dealer", "seat"),
        ({"variant": "tarneeb", "players": PLAYERS, "colour": "red"}, "colour", "Unknown field"),
        (
            {"variant": "tarneeb", "players": PLAYERS, "options": {"target": 10**30}},
            "options",
            "target",
        ),
    ],
)
def test_bad_match_is_400_and_stores_nothing(api, body, field, words):
    response = api.post("/api/matches/", body)
    assert response.status_code == 400
    assert words in response.json()[field][0]
    assert Match.objects.count() == 0


def test_spectator_link_reads_without_the_key_and_cannot_write(api):
    match = api.new_match()
    api.hand(match, {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8})
    view = api.get(f"/api/matches/{match['view_id']}/").json()
    assert "id" not in view
    assert view["scores"] == [0, 8] and len(view["hands"]) == 1
    base = f"/api/matches/{match['view_id']}"
    payload = {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 8}
    assert api.post(f"{base}/hands/", payload).status_code == 403
    assert api.post(f"{base}/hands/preview/", payload).status_code == 403
    assert api.put(f"{base}/hands/1/", payload).status_code == 403
    assert api.delete(f"{base}/hands/1/").status_code == 403
    assert api.post(f"{base}/close/").status_code == 403
    assert api.get(f"{base}/hands/").status_code == 200
    assert api.match(match)["scores"] == [0, 8]


@pytest.mark.parametrize(
    "token",
    [
        "00000000-0000-0000-0000-000000000000",
        "nothing",
        "x" * 500,
        "%00",
        "1",
    ],
)
def test_guessed_or_altered_links_reach_nothing(api, token):
    match = api.new_match()
    assert api.get(f"/api/matches/{token}/").status_code == 404
    assert api.post(f"/api/matches/{token}/hands/", {"thrown_in": True}).status_code == 404
    altered = match["id"][:-1] + ("0" if match["id"][-1] != "0" else "1")
    assert api.get(f"/api/matches/{altered}/").status_code == 404
    assert api.get(f"/api/matches/{match['view_id'][:-1]}/").status_code == 404


def test_no_list_of_matches_reveals_ids(api):
    api.new_match()
    assert api.get("/api/matches/").status_code == 405


def test_close_abandoned_match_has_no_winner_and_refuses_hands(api):
    match = api.new_match()
    api.hand(match, {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8})
    closed = api.post(f"/api/matches/{match['id']}/close/")
    assert closed.status_code == 200
    assert closed.json()["status"] == "finished" and closed.json()["winner"] is None
    assert api.post(f"/api/matches/{match['id']}/close/").status_code == 409
    api.hand(match, {"thrown_in": True}, expect=409)


def test_idempotent_match_creation(api):
    body = {"variant": "tarneeb", "players": PLAYERS}
    first = api.post("/api/matches/", body, **{"Idempotency-Key": "k1"})
    again = api.post("/api/matches/", body, **{"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 201
    assert first.json()["id"] == again.json()["id"]
    assert Match.objects.count() == 1
    other = api.post(
        "/api/matches/", {**body, "options": {"target": 31}}, **{"Idempotency-Key": "k1"}
    )
    assert other.status_code == 409
    assert Match.objects.count() == 1


def test_close_is_idempotent_with_a_key(api):
    match = api.new_match("trionfo", ["Gino", "Bruno", "Carla", "Dario", "Elena"])
    url = f"/api/matches/{match['id']}/close/"
    first = api.post(url, None, **{"Idempotency-Key": "close-1"})
    again = api.post(url, None, **{"Idempotency-Key": "close-1"})
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert api.post(url, None, **{"Idempotency-Key": "close-2"}).status_code == 409
