"""Belote and belote_2p: made, dedans, capot, litige, rounding, units, the two-player table."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import RuleViolation, find_variant, make_table, replay

from .blot_support import PLAYERS, combo, play_at, score, table, taker, violation

# -- belote ------------------------------------------------------------------------------
BELOTE = [
    # options, payload, delta
    (
        {},
        taker(0, [100, 62], declarations=[combo(1, "tierce", "K", "spades")], belote=0),
        (120, 82),
    ),
    ({}, taker(1, [100, 62], belote=3), (162, 20)),
    (
        {},
        taker(1, [70, 92], declarations=[combo(0, "fifty", "A", "clubs")], belote=3),
        (162 + 50, 20),
    ),
    ({}, taker(0, [162, 0], capot=0), (250, 0)),
    ({"capot_value": 252}, taker(0, [162, 0], capot=0, belote=1), (252, 20)),
    ({}, taker(0, [0, 162], capot=1), (0, 250)),
    ({"capot_value": 252}, taker(0, [0, 162], capot=1, belote=0), (20, 252)),
    # the defenders' four Js outweigh the taker's capot: dedans
    (
        {},
        taker(
            0,
            [162, 0],
            capot=0,
            declarations=[combo(1, "four", "J"), combo(3, "fifty", "10", "clubs")],
            belote=3,
        ),
        (0, 250 + 250 + 20),
    ),
    ({}, taker(0, [81, 81]), (0, 162)),
    ({"litige": "down"}, taker(0, [71, 91], belote=0), (20, 162)),
    ({"litige": "hold"}, taker(0, [71, 91], belote=0), (20, 91)),
    ({"round_to_ten": True}, taker(0, [104, 58]), (100, 60)),
    ({"round_to_ten": True}, taker(0, [95, 67]), (100, 70)),
    ({"round_to_ten": False}, taker(0, [95, 67]), (95, 67)),
]


@pytest.mark.parametrize(("options", "payload", "delta"), BELOTE)
def test_belote(options: dict[str, Any], payload: dict[str, Any], delta: tuple[int, int]) -> None:
    assert score("belote", payload, **options).delta == delta


def test_dedans_summary_and_details() -> None:
    played = score("belote", taker(1, [100, 62], belote=3))
    assert played.summary == "Sara took hearts: 82 against 100, down (dedans)"
    assert played.details["contract"]["verdict"] == "down"
    assert played.details["contract"]["count"] == [100, 82]


def test_litige_hold_goes_to_the_next_deals_winner() -> None:
    t = table("belote", litige="hold")
    hands, state = replay(
        t,
        [
            taker(0, [71, 91], belote=0),  # a tie, 91 each: 71 held
            {"thrown_in": True},  # still held
            taker(2, [81, 81]),  # another tie: 81 more held
            taker(1, [60, 102]),  # made by team 1: it gets the 152 held
        ],
    )
    assert [h.delta for h in hands] == [(20, 91), (0, 0), (0, 81), (60, 102 + 152)]
    assert [h.details["contract"]["held"] for h in hands if not h.thrown_in] == [71, 152, 0]
    assert state.game.extra == {}
    assert "held" in hands[0].summary


def test_held_points_go_to_the_defenders_when_the_next_taker_is_down() -> None:
    played, _state = play_at(
        table("belote", litige="hold"), taker(0, [60, 102]), extra={"held": 90}
    )
    assert played.delta == (0, 162 + 90)


def test_belote_options_are_declared() -> None:
    variant = find_variant("belote")
    assert variant is not None
    described = {o.name: o.describe() for o in variant.options}
    assert described["target"]["default"] == 501
    assert described["round_to_ten"] == {
        "type": "boolean",
        "default": False,
        "help": described["round_to_ten"]["help"],
    }
    assert described["litige"]["choices"] == ["down", "hold"]
    assert described["capot_value"]["choices"] == [250, 252]


def test_belote_target_501() -> None:
    played, state = play_at(table("belote"), taker(0, [100, 62]), scores=(401, 0))
    assert played.game_winner == 0 and state.finished
    played, state = play_at(table("belote", target=1000), taker(0, [100, 62]), scores=(401, 0))
    assert not played.ended_game


BELOTE_REFUSED = [
    (taker(0, [100, 62], bid=10), "bid", "no bid"),
    (taker(0, [100, 62], coinche=2), "coinche", "without coinche"),
    (taker(0, [100, 62], kapot=True), "kapot", "no kapot"),
    (taker(0, [100, 62], trump="no_trump"), "trump", "Bazar Blot"),
    (taker(0, [100, 61]), "points", "162"),
    (taker(0, [100, 62], declarations=[combo(1, "four", "8")]), "declarations", "Bazar Blot"),
]


@pytest.mark.parametrize(("payload", "field", "words"), BELOTE_REFUSED)
def test_belote_refused(payload: dict[str, Any], field: str, words: str) -> None:
    error = violation("belote", payload)
    assert error.field == field
    assert words in error.message


# -- belote_2p ---------------------------------------------------------------------------
def test_two_players_each_his_own_side() -> None:
    variant = find_variant("belote_2p")
    assert variant is not None
    assert variant.players == 2 and variant.teams == ((0,), (1,))
    with pytest.raises(RuleViolation) as caught:
        make_table(variant, list(PLAYERS))
    assert caught.value.field == "players"
    assert "2 players" in caught.value.message


BELOTE_2P = [
    # options, payload, delta in units
    ({}, taker(0, [90, 50]), (9, 5)),
    ({}, taker(1, [56, 95]), (6, 9)),  # 56 rounds up, 95 down
    ({}, taker(0, [50, 90]), (0, 14)),  # dedans: both players' 140
    (
        {},
        taker(0, [50, 90], declarations=[combo(0, "tierce", "K", "spades")], belote=1),
        (0, 18),
    ),  # 140 card points + the tierce + the belote
    ({}, taker(0, [150, 0], capot=0), (25, 0)),
    ({"capot_value": 252}, taker(0, [150, 0], capot=0, belote=0), (27, 0)),
    ({}, taker(1, [70, 70]), (14, 0)),
    ({"litige": "hold"}, taker(1, [70, 70]), (7, 0)),
]


@pytest.mark.parametrize(("options", "payload", "delta"), BELOTE_2P)
def test_belote_2p(
    options: dict[str, Any], payload: dict[str, Any], delta: tuple[int, int]
) -> None:
    assert score("belote_2p", payload, **options).delta == delta


def test_belote_2p_plays_to_101_units() -> None:
    played, state = play_at(table("belote_2p"), taker(0, [90, 50]), scores=(95, 60))
    assert played.scores_after == (104, 65)
    assert played.game_winner == 0 and state.finished
    hands, state = replay(table("belote_2p"), [taker(0, [90, 50])] * 3)
    assert [h.dealer for h in hands] == [0, 1, 0]
    assert state.game.scores == (27, 15)


def test_belote_2p_hands_hold_nine_cards() -> None:
    three = [
        combo(0, "tierce", "9", "clubs"),
        combo(0, "tierce", "Q", "hearts"),
        combo(0, "tierce", "A", "spades"),
    ]
    assert score("belote_2p", taker(0, [90, 50], declarations=three)).delta == (15, 5)
    error = violation("belote", taker(0, [100, 62], declarations=three))
    assert error.field == "declarations" and "9 cards" in error.message


BELOTE_2P_REFUSED = [
    (taker(0, [100, 63]), "points", "at most 162"),
    (taker(0, [9, 0]), "points", "last trick"),
    (taker(0, [150, 4], capot=0), "capot", "Rami took every trick"),
    (taker(2, [90, 50]), "declarer", "0 to 1"),
    (taker(0, [90, 50], belote=2), "belote", "0 to 1"),
    (taker(0, [90, 50], declarations=[combo(2, "tierce", "K", "spades")]), "declarations", "seat"),
    (taker(0, [90, 50], bid=10), "bid", "no bid"),
]


@pytest.mark.parametrize(("payload", "field", "words"), BELOTE_2P_REFUSED)
def test_belote_2p_refused(payload: dict[str, Any], field: str, words: str) -> None:
    error = violation("belote_2p", payload)
    assert error.field == field
    assert words in error.message
