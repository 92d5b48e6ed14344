"""The Tarneeb relatives through the API: players scored alone, minimum bids, doubles."""

from __future__ import annotations

from scorekeeper.models import Hand

from ...conftest import PLAYERS


def test_tarneeb_400_minimum_bid_names_the_player(api):
    match = api.new_match("tarneeb_400")
    api.hand(match, {"bids": [2, 2, 9, 2], "tricks": [2, 0, 9, 2]})
    api.hand(match, {"bids": [2, 2, 5, 2], "tricks": [3, 3, 5, 2]})
    hand = api.hand(match, {"bids": [3, 2, 3, 4], "tricks": [3, 2, 3, 5]})
    assert hand["player_scores_after"][2] == 40
    state = api.match(match)
    assert state["player_scores"] == hand["player_scores_after"]
    assert state["scores"] == [
        state["player_scores"][0] + state["player_scores"][2],
        state["player_scores"][1] + state["player_scores"][3],
    ]
    response = api.post(
        f"/api/matches/{match['id']}/hands/", {"bids": [3, 2, 3, 4], "tricks": [3, 2, 3, 5]}
    )
    assert response.status_code == 400
    assert "Omar has 40 points and must bid at least 4" in response.json()["bids"][0]
    assert Hand.objects.count() == 3


def test_tarneeb_400_worked_example_and_a_thrown_in_total(api):
    match = api.new_match("tarneeb_400")
    hand = api.hand(match, {"bids": [3, 2, 4, 3], "tricks": [4, 1, 5, 3]})
    assert hand["player_delta"] == [3, -2, 4, 3] and hand["delta"] == [7, 1]
    thrown = api.hand(match, {"bids": [2, 2, 2, 2]})
    assert thrown["thrown_in"] is True and thrown["delta"] == [0, 0]
    assert api.match(match)["next"]["dealer"] == 2  # the deal passes on
    response = api.post(
        f"/api/matches/{match['id']}/hands/", {"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 3]}
    )
    assert response.status_code == 400 and "bids" in response.json()


def test_tarneeb_41_worked_example(api):
    match = api.new_match("tarneeb_41")
    hand = api.hand(match, {"bids": [1, 2, 7, 2], "tricks": [1, 1, 8, 3]})
    assert hand["player_delta"] == [1, -2, 14, 2]


def test_egyptian_double(api):
    match = api.new_match("tarneeb_egyptian", PLAYERS)
    hand = api.hand(
        match, {"declarer": 0, "bid": 9, "trump": "spades", "doubled": True, "tricks": 10}
    )
    assert hand["delta"] == [20, 0]
    down = api.hand(
        match, {"declarer": 1, "bid": 8, "trump": "no_trump", "doubled": True, "tricks": 6}
    )
    assert down["delta"] == [7, -16]
