"""Coinche: the worked example of rules/blot.md, the bid ladder, capot, coinche, options."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import find_variant, replay

from .blot_support import coinche, combo, play_at, score, table, violation

EXAMPLES = [
    # options, payload, delta
    ({}, coinche(0, 100, [82, 80], belote=0), (80 + 20 + 100, 80)),
    ({}, coinche(0, 100, [70, 92], belote=0, coinche=2), (20, 160 + 200)),
]


@pytest.mark.parametrize(("options", "payload", "delta"), EXAMPLES)
def test_worked_examples(
    options: dict[str, Any], payload: dict[str, Any], delta: tuple[int, int]
) -> None:
    assert score("coinche", payload, **options).delta == delta


def test_worked_example_details() -> None:
    played = score("coinche", EXAMPLES[0][1])
    assert played.details["contract"] == {
        "made": True,
        "count": 102,
        "bid": 100,
        "capot": None,
        "rounded": [80, 80],
    }
    assert played.summary == "Rami bid 100 hearts: counted 102, made"


CONTRACTS = [
    # options, payload, delta
    ({}, coinche(0, 80, [81, 81]), (0, 160 + 80)),  # 80 means 82
    ({}, coinche(0, 80, [82, 80]), (80 + 80, 80)),
    ({}, coinche(1, 80, [77, 85]), (70, 90 + 80)),  # a 5 rounds up for the taker
    ({}, coinche(1, 80, [78, 84]), (80, 80 + 80)),
    (
        {},
        coinche(0, 90, [84, 78], declarations=[combo(2, "tierce", "9", "spades")]),
        (80 + 20 + 90, 80),
    ),
    (
        {},
        coinche(0, 90, [84, 78], declarations=[combo(1, "tierce", "9", "spades")]),
        (0, 160 + 90 + 20),
    ),
    ({}, coinche(0, "capot", [162, 0], capot=0), (250 + 250, 0)),
    ({}, coinche(0, "capot", [152, 10]), (0, 250 + 250)),
    ({}, coinche(0, 120, [162, 0], capot=0, belote=1), (250 + 120, 20)),
    ({}, coinche(0, 100, [110, 52], coinche=2), (160 + 200, 0)),
    ({}, coinche(0, 100, [110, 52], coinche=4, belote=3), (160 + 400, 20)),
    ({}, coinche(0, "capot", [162, 0], capot=0, coinche=2), (250 + 500, 0)),
    (
        {"coinche_multiplies": "all"},
        coinche(0, 100, [70, 92], belote=0, coinche=2),
        (20, 2 * (160 + 100)),
    ),
    ({"coinche_multiplies": "all"}, coinche(0, 100, [82, 80], belote=0), (200, 80)),
    ({"coinche_multiplies": "bid"}, coinche(0, 100, [70, 92], belote=0, coinche=2), (20, 360)),
    ({"belote_counts": False}, coinche(0, 100, [82, 80], belote=0), (20, 160 + 100)),
    ({"belote_counts": True}, coinche(0, 100, [82, 80], belote=0), (200, 80)),
    ({"belote_counts": False}, coinche(0, 80, [82, 80], belote=1), (160, 100)),
]


@pytest.mark.parametrize(("options", "payload", "delta"), CONTRACTS)
def test_contracts(
    options: dict[str, Any], payload: dict[str, Any], delta: tuple[int, int]
) -> None:
    assert score("coinche", payload, **options).delta == delta


def test_coinche_options_are_declared() -> None:
    variant = find_variant("coinche")
    assert variant is not None
    described = {o.name: o.describe() for o in variant.options}
    assert described["target"]["default"] == 501
    assert described["belote_counts"]["default"] is True
    assert described["coinche_multiplies"]["choices"] == ["bid", "all"]
    assert described["coinche_multiplies"]["default"] == "bid"


def test_target_and_both_past_it() -> None:
    played, state = play_at(table("coinche"), EXAMPLES[0][1], scores=(400, 440))
    assert played.scores_after == (600, 520) and played.game_winner == 0 and state.finished
    played, state = play_at(table("coinche", target=1000), EXAMPLES[0][1], scores=(400, 440))
    assert not state.finished


def test_thrown_in_passes_the_deal() -> None:
    hands, state = replay(table("coinche", first_dealer=3), [{"thrown_in": True}])
    assert hands[0].thrown_in and hands[0].delta == (0, 0)
    assert state.next.dealer == 0 and state.next.first_to_speak == 1


REFUSED = [
    (coinche(0, 85, [82, 80]), "bid", "80, 90"),
    (coinche(0, 70, [82, 80]), "bid", "capot"),
    (coinche(0, 170, [82, 80]), "bid", "160"),
    (coinche(0, "Capot", [82, 80]), "bid", "capot"),
    (coinche(0, 100, [82, 80], coinche=3), "coinche", "1, 2, 4"),
    (coinche(0, 100, [82, 80], kapot=True), "kapot", "capot"),
    (coinche(0, 100, [82, 80], trump="no_trump"), "trump", "Bazar Blot"),
    (coinche(0, 100, [82, 81]), "points", "162"),
    (coinche(0, 100, [82, 80], declarations=[combo(1, "four", "8")]), "declarations", "8s"),
]


@pytest.mark.parametrize(("payload", "field", "words"), REFUSED)
def test_refused(payload: dict[str, Any], field: str, words: str) -> None:
    error = violation("coinche", payload)
    assert error.field == field
    assert words in error.message
