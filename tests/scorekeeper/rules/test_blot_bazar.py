"""Bazar Blot: the worked examples of rules/blot.md, rounding, contracts, options, refusals."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import find_variant, replay, start

from .blot_support import bazar, combo, play_at, score, table, violation

TIERCE_Q_CLUBS = combo(0, "tierce", "Q", "clubs")


# -- worked examples (team 0 = seats 0 and 2) -------------------------------------------------
EXAMPLES = [
    # payload, delta
    (bazar(0, 12, [104, 58], declarations=[TIERCE_Q_CLUBS], belote=2), (26, 6)),
    (bazar(0, 12, [70, 92], declarations=[TIERCE_Q_CLUBS], belote=2), (2, 30)),
    (bazar(0, 12, [70, 92], declarations=[TIERCE_Q_CLUBS], belote=2, coinche=2), (2, 42)),
]


@pytest.mark.parametrize(("payload", "delta"), EXAMPLES)
def test_worked_examples(payload: dict[str, Any], delta: tuple[int, int]) -> None:
    assert score("bazar_blot", payload).delta == delta


def test_worked_example_shows_what_counted() -> None:
    played = score("bazar_blot", EXAMPLES[0][0])
    assert played.details["contract"] == {
        "made": True,
        "count": 144,
        "needed": 120,
        "capot": None,
        "units": [10, 6],
    }
    assert played.details["declarations"]["counted_side"] == 0
    assert played.details["declarations"]["value"] == 2
    assert played.details["belote"] == {"seat": 2, "side": 0, "value": 2}
    assert played.summary == (
        "Rami bid 12 hearts: counted 144 of 120, made; team 0 counts tierce to the Q of clubs"
    )


def test_worked_examples_in_a_row() -> None:
    hands, state = replay(table("bazar_blot"), [payload for payload, _delta in EXAMPLES])
    assert [h.scores_after for h in hands] == [(26, 6), (28, 36), (30, 78)]
    assert [h.dealer for h in hands] == [0, 1, 2]
    assert state.next.dealer == 3 and not state.finished


# -- rounding card points to units --------------------------------------------------------
ROUNDING = [
    # declarer's points, other side's points, units (declarer, other)
    (86, 76, (8, 8)),
    (76, 86, (7, 9)),
    (104, 58, (10, 6)),
    (105, 57, (10, 6)),
    (107, 55, (11, 5)),
    (103, 59, (10, 6)),
    (101, 61, (10, 6)),
    (100, 62, (10, 6)),
    (162, 0, (16, 0)),
]


@pytest.mark.parametrize(("mine", "theirs", "units"), ROUNDING)
def test_a_six_rounds_down_for_the_declarer_and_up_for_the_other(
    mine: int, theirs: int, units: tuple[int, int]
) -> None:
    played = score("bazar_blot", bazar(1, 8, [theirs, mine], belote=3))
    assert played.details["contract"]["units"] == [units[1], units[0]]
    assert played.delta == (units[1], units[0] + 8 + 2)
    assert sum(units) == 16


# -- contracts ---------------------------------------------------------------------------
CONTRACTS = [
    # payload, delta
    (bazar(1, 10, [50, 112], coinche=4), (0, 4 * 10 + 16)),
    (bazar(1, 10, [50, 112], coinche=2, belote=0), (2, 2 * 10 + 16)),
    (bazar(0, 16, [162, 0], capot=0), (25 + 16, 0)),
    (bazar(0, 10, [0, 162], capot=1), (0, 10 + 25)),
    (bazar(0, 25, [162, 0], capot=0, kapot=True), (25 + 25, 0)),
    # A kapot bid without the capot is down, whatever the points and declarations.
    (
        bazar(
            0,
            25,
            [152, 10],
            kapot=True,
            declarations=[combo(0, "four", "J"), combo(2, "four", "9")],
        ),
        (0, 25 + 16 + 34),
    ),
    # Declarations and belote help make the bid: 76 + 20 + 20 = 116 < 120.
    (bazar(2, 12, [76, 86], declarations=[TIERCE_Q_CLUBS], belote=0), (2, 12 + 16 + 2)),
    (bazar(2, 12, [86, 76], declarations=[TIERCE_Q_CLUBS], belote=0), (8 + 12 + 4, 8)),
]


@pytest.mark.parametrize(("payload", "delta"), CONTRACTS)
def test_contracts(payload: dict[str, Any], delta: tuple[int, int]) -> None:
    assert score("bazar_blot", payload).delta == delta


def test_no_trump_aces_and_nines() -> None:
    aces = score(
        "bazar_blot", bazar(0, 8, [100, 62], trump="no_trump", declarations=[combo(1, "four", "A")])
    )
    assert aces.delta == (10 + 8, 6 + 19)
    nines = score(
        "bazar_blot", bazar(0, 8, [100, 62], trump="no_trump", declarations=[combo(1, "four", "9")])
    )
    assert nines.delta == (10 + 8, 6 + 10)
    in_trump = score("bazar_blot", bazar(0, 8, [100, 62], declarations=[combo(1, "four", "9")]))
    assert in_trump.delta == (10 + 8, 6 + 14)
    assert "no trumps" in aces.summary


# -- the game ----------------------------------------------------------------------------
def test_options_are_declared() -> None:
    variant = find_variant("bazar_blot")
    assert variant is not None
    assert {o.name: o.describe() for o in variant.options} == {
        "target": {
            "type": "integer",
            "default": 301,
            "minimum": 1,
            "maximum": 100_000,
            "help": "The score that wins a game.",
        }
    }
    assert variant.players == 4 and variant.teams == ((0, 2), (1, 3))


@pytest.mark.parametrize(
    ("options", "before", "winner", "ended"),
    [
        ({}, (280, 100), 0, True),
        ({}, (270, 100), None, False),
        ({"target": 501}, (280, 100), None, False),
        ({}, (290, 296), 0, True),  # both past 301: 316 against 302
        ({}, (290, 310), None, False),  # both past, 316 each: another deal
    ],
)
def test_target(
    options: dict[str, Any], before: tuple[int, int], winner: int | None, ended: bool
) -> None:
    t = table("bazar_blot", **options)
    played, state = play_at(t, EXAMPLES[0][0], scores=before)
    assert played.ended_game == ended
    assert played.game_winner == winner
    assert state.finished == ended


def test_thrown_in_passes_the_deal() -> None:
    t = table("bazar_blot", first_dealer=2)
    hands, state = replay(t, [{"thrown_in": True}])
    assert hands[0].thrown_in and hands[0].delta == (0, 0)
    assert hands[0].summary == "All passed: thrown in"
    assert state.next.dealer == 3
    assert start(t).next.first_to_speak == 3


# -- refusals ----------------------------------------------------------------------------
REFUSED = [
    # payload, field, words in the message
    (bazar(0, 12, [104, 57]), "points", "162"),
    (bazar(0, 12, [104, 58, 0]), "points", "2"),
    (bazar(0, 16, [152, 10], capot=0), "capot", "162"),
    (bazar(0, 7, [104, 58]), "bid", "8"),
    (bazar(0, 85, [104, 58]), "bid", "84"),
    (bazar(0, 24, [162, 0], capot=0, kapot=True), "kapot", "25"),
    (bazar(0, 12, [104, 58], coinche=3), "coinche", "1, 2, 4"),
    (bazar(0, 12, [104, 58], trump="no_trump", belote=0), "belote", "no belote"),
    (bazar(0, 12, [104, 58], trump="stars"), "trump", "no_trump"),
    (bazar(4, 12, [104, 58]), "declarer", "0 to 3"),
    (bazar(0, 12, [104, 58], belote=4), "belote", "0 to 3"),
    (bazar(0, 12, [104, 58], capot=2), "capot", "0 to 1"),
    (bazar(0, 12, [104, 58], tricks=5), "tricks", "Unknown"),
    ({"declarer": 0, "trump": "hearts", "points": [104, 58]}, "bid", "required"),
    ({"thrown_in": False}, "declarer", "required"),
]


@pytest.mark.parametrize(("payload", "field", "words"), REFUSED)
def test_refused(payload: dict[str, Any], field: str, words: str) -> None:
    error = violation("bazar_blot", payload)
    assert error.field == field
    assert words in error.message
