"""The Blot family through the API: worked examples, declarations shown, bad hands refused."""

from __future__ import annotations

import pytest

from scorekeeper.models import Hand, Match

FOUR = ["Aram", "Davit", "Narek", "Tigran"]
BAZAR_EXAMPLE = {
    "declarer": 0,
    "bid": 12,
    "trump": "hearts",
    "points": [104, 58],
    "declarations": [{"seat": 2, "type": "tierce", "high": "Q", "suit": "clubs"}],
    "belote": 0,
}


def url(match):
    return f"/api/matches/{match['id']}/hands/"


def test_bazar_blot_worked_example_and_what_counted(api):
    match = api.new_match("bazar_blot", FOUR)
    assert match["options"]["target"] == 301
    hand = api.hand(match, BAZAR_EXAMPLE)
    assert hand["delta"] == [26, 6]
    assert hand["details"]["declarations"]["counted_side"] == 0
    down = api.hand(match, {**BAZAR_EXAMPLE, "points": [70, 92]})
    assert down["delta"] == [2, 30]
    coinched = api.hand(match, {**BAZAR_EXAMPLE, "points": [70, 92], "coinche": 2})
    assert coinched["delta"] == [2, 42]
    assert api.match(match)["scores"] == [30, 78]


def test_coinche_worked_example(api):
    match = api.new_match("coinche", FOUR)
    payload = {"declarer": 0, "bid": 100, "trump": "hearts", "points": [82, 80], "belote": 2}
    assert api.hand(match, payload)["delta"] == [200, 80]
    coinched = {**payload, "points": [72, 90], "coinche": 2}
    assert api.hand(match, coinched)["delta"] == [20, 360]


def test_belote_2p_has_two_sides(api):
    match = api.new_match("belote_2p", ["Aram", "Davit"])
    assert match["teams"] == [[0], [1]] and match["scores"] == [0, 0]
    response = api.post("/api/matches/", {"variant": "belote_2p", "players": FOUR})
    assert response.status_code == 400 and "players" in response.json()


@pytest.mark.parametrize(
    ("variant", "payload", "field"),
    [
        ("bazar_blot", {**BAZAR_EXAMPLE, "points": [100, 58]}, "points"),
        ("bazar_blot", {**BAZAR_EXAMPLE, "bid": 7}, "bid"),
        ("bazar_blot", {**BAZAR_EXAMPLE, "coinche": 3}, "coinche"),
        ("bazar_blot", {**BAZAR_EXAMPLE, "kapot": True}, "kapot"),
        (
            "bazar_blot",
            {
                **BAZAR_EXAMPLE,
                "declarations": [{"seat": 2, "type": "quint", "high": "Q", "suit": "clubs"}],
            },
            "declarations",
        ),
        (
            "bazar_blot",
            {
                **BAZAR_EXAMPLE,
                "declarations": [{"seat": 4, "type": "tierce", "high": "Q", "suit": "clubs"}],
            },
            "declarations",
        ),
        ("coinche", {"declarer": 0, "bid": 85, "trump": "hearts", "points": [82, 80]}, "bid"),
        ("coinche", {"declarer": 0, "bid": 80, "trump": "no_trump", "points": [82, 80]}, "trump"),
        (
            "coinche",
            {
                "declarer": 0,
                "bid": 80,
                "trump": "hearts",
                "points": [82, 80],
                "declarations": [{"seat": 1, "type": "four", "high": "8"}],
            },
            "declarations",
        ),
        ("belote", {"declarer": 0, "bid": 80, "trump": "hearts", "points": [82, 80]}, "bid"),
        ("belote", {"declarer": 5, "trump": "hearts", "points": [82, 80]}, "declarer"),
    ],
)
def test_bad_blot_hands_are_400_naming_the_field(api, variant, payload, field):
    match = api.new_match(variant, FOUR)
    response = api.post(url(match), payload)
    assert response.status_code == 400, response.json()
    assert field in response.json(), response.json()
    assert Hand.objects.count() == 0


@pytest.mark.parametrize("slug", ["bazar_blot", "belote", "belote_2p", "coinche"])
def test_every_blot_option_is_listed_with_its_default(api, slug):
    variant = api.get(f"/api/variants/{slug}/").json()
    assert "target" in variant["options"]
    match = api.new_match(slug, FOUR[: variant["players"]])
    assert set(match["options"]) == set(variant["options"])
    assert Match.objects.count() == 1
