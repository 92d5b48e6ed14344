"""Trionfo: the worked example of rules/maraffa.md, the payments table, the rotation, the
session and invariants."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    MatchFinished,
    MatchState,
    RuleViolation,
    Table,
    close,
    find_variant,
    make_table,
    outcome,
    play,
    replay,
    start,
)

PLAYERS = ["Rami", "Sara", "Omar", "Lina", "Nour"]
VARIANT = find_variant("trionfo")
EXAMPLE = {
    "first": 0,
    "declarer": 3,
    "bid": "chiamo",
    "trump": "coins",
    "called": "3 of swords",
    "partner": 1,
    "thirds": 21,
}


def table(**options: Any) -> Table:
    assert VARIANT is not None
    return make_table(VARIANT, list(PLAYERS), options)


def contract(bid: str, declarer: int = 0, first: int | None = 0, **more: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {"declarer": declarer, "bid": bid, "trump": "cups", **more}
    if first is not None:
        payload["first"] = first
    return payload


def violation(t: Table, state: MatchState, payload: Any) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        play(t, state, payload)
    return caught.value


# -- the worked example and the payments table ------------------------------------------------
def test_example_chiamo_with_a_partner_won() -> None:
    t = table()
    hand, state = play(t, start(t), EXAMPLE)  # 21 thirds: 7 points
    assert hand.player_delta == (-1, 1, -1, 2, -1)
    assert hand.delta is None and hand.scores_after is None
    assert state.game.player_scores == (-1, 1, -1, 2, -1)
    assert state.game.scores is None


@pytest.mark.parametrize(
    ("payload", "delta"),
    [
        (contract("chiamo", 3, partner=1, thirds=17), (1, -1, 1, -2, 1)),  # 5 points: lost
        (contract("chiamo", 3, partner=1, thirds=18), (-1, 1, -1, 2, -1)),  # 6 points: won
        (contract("chiamo", 2, partner=2, thirds=30), (-2, -2, 8, -2, -2)),  # chiamata in mano
        (contract("chiamo", 2, partner=2, thirds=5), (2, 2, -8, 2, 2)),
        (contract("di_piu", 4, thirds=20), (-2, -2, -2, -2, 8)),
        (contract("di_piu", 4, thirds=0), (2, 2, 2, 2, -8)),
        (contract("maso", 1, made=True), (-4, 16, -4, -4, -4)),
        (contract("maso", 1, made=False), (4, -16, 4, 4, 4)),
        (contract("maso_dei_masi", 0, made=True), (32, -8, -8, -8, -8)),
        (contract("maso_dei_masi", 0, made=False), (-32, 8, 8, 8, 8)),
    ],
)
def test_payments(payload: dict[str, Any], delta: tuple[int, ...]) -> None:
    t = table()
    hand, _ = play(t, start(t), payload)
    assert hand.player_delta == delta


def test_called_card_is_optional_and_read_loosely() -> None:
    t = table()
    hand, _ = play(t, start(t), contract("chiamo", 3, partner=1, thirds=21))
    assert hand.player_delta == (-1, 1, -1, 2, -1)
    hand, _ = play(
        t, start(t), contract("chiamo", 3, partner=1, thirds=21, called="Cavallo of Swords")
    )
    assert "horse of swords" in hand.summary


def test_all_passed_is_thrown_in_and_the_next_dealer_deals() -> None:
    t = table()
    hand, state = play(t, start(t), {"first": 0, "thrown_in": True})
    assert hand.thrown_in and hand.player_delta == (0, 0, 0, 0, 0)
    assert state.next.dealer == 0 and state.next.first_to_speak == 1
    hand, state = play(t, state, {"thrown_in": True})
    assert hand.first_to_speak == 1
    assert state.next.dealer == 1 and state.next.first_to_speak == 2


# -- bad hands ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("payload", "field"),
    [
        (contract("chiamo", 3, partner=5, thirds=21), "partner"),
        (contract("chiamo", 3, partner=-1, thirds=21), "partner"),
        (contract("chiamo", 3, partner=1, made=True), "made"),
        (contract("chiamo", 3, partner=1, thirds=21, made=True), "made"),
        (contract("maso", 3, thirds=21), "thirds"),
        (contract("maso", 3, made=True, thirds=21), "thirds"),
        (contract("maso_dei_masi", 3), "made"),
        (contract("di_piu", 3), "thirds"),
        (contract("di_piu", 3, thirds=36), "thirds"),
        (contract("di_piu", 3, thirds=20, partner=1), "partner"),
        (contract("maso", 3, made=True, called="3 of cups"), "called"),
        (contract("chiamo", 3, thirds=21), "partner"),
        (contract("chiamo", 3, partner=1, thirds=21, called="3 of cups"), "called"),  # trump
        (contract("chiamo", 3, partner=1, thirds=21, called="3 of hearts"), "called"),
        (contract("chiamo", 3, partner=1, thirds=21, called="queen of coins"), "called"),
        (contract("chiamo", 3, partner=1, thirds=21, called=3), "called"),
        (contract("chiamo", 5, partner=1, thirds=21), "declarer"),
        (contract("pass", 3), "bid"),
        ({**contract("chiamo", 3, partner=1, thirds=21), "trump": "hearts"}, "trump"),
        ({"first": 5, "thrown_in": True}, "first"),
    ],
)
def test_bad_hands_name_the_field(payload: dict[str, Any], field: str) -> None:
    t = table()
    assert violation(t, start(t), payload).field == field


def test_trionfo_is_one_session() -> None:
    assert VARIANT is not None
    with pytest.raises(RuleViolation):
        make_table(VARIANT, list(PLAYERS), games_to_win=2)
    with pytest.raises(RuleViolation):
        make_table(VARIANT, PLAYERS[:4])


# -- rotation ----------------------------------------------------------------------------------
def test_first_required_in_the_first_deal() -> None:
    t = table()
    state = start(t)
    assert state.next.dealer == 0 and state.next.first_to_speak is None
    error = violation(t, state, contract("di_piu", 3, first=None, thirds=20))
    assert error.field == "first"
    assert "5 of swords" in error.message


def test_the_first_speaker_deals_next_and_the_seat_after_him_speaks() -> None:
    t = table()
    hand, state = play(t, start(t), contract("di_piu", 3, first=2, thirds=20))
    assert hand.dealer == 0 and hand.first_to_speak == 2  # the first speaker named
    assert state.next.dealer == 2 and state.next.first_to_speak == 3
    hand, state = play(t, state, contract("di_piu", 3, first=None, thirds=20))
    assert hand.first_to_speak == 3
    assert state.next.dealer == 3 and state.next.first_to_speak == 4
    _, state = play(t, state, contract("di_piu", 3, first=None, thirds=20))
    assert state.next.dealer == 4 and state.next.first_to_speak == 0


def test_another_first_is_stored_and_the_rotation_goes_on_from_it() -> None:
    t = table()
    _, state = play(t, start(t), contract("maso", 1, first=2, made=True))
    hand, state = play(t, state, contract("maso", 1, first=0, made=True))
    assert hand.input["first"] == 0
    assert state.next.dealer == 0 and state.next.first_to_speak == 1


# -- the session -------------------------------------------------------------------------------
def test_open_session_ends_on_close_with_the_leader() -> None:
    t = table()
    assert t.options["deals"] is None
    _, state = replay(t, [EXAMPLE] * 30)
    assert not state.finished
    closed = close(t, state)
    assert closed.finished and closed.winner == 3
    assert closed.games[0].winner == 3


def test_close_on_a_tie_has_no_winner() -> None:
    t = table()
    _, state = replay(t, [EXAMPLE, contract("chiamo", 1, first=None, partner=3, thirds=21)])
    assert state.game.player_scores == (-2, 3, -2, 3, -2)
    closed = close(t, state)
    assert closed.finished and closed.winner is None and closed.games[0].winner is None


def test_deals_option_ends_the_session() -> None:
    t = table(deals=3)
    _, state = replay(t, [EXAMPLE, {"thrown_in": True}])
    assert not state.finished
    hand, state = play(t, state, contract("maso", 4, first=None, made=True))
    assert hand.ended_game and state.finished
    assert state.game.player_scores == (-5, -3, -5, -2, 15)
    assert state.winner == 4 and state.games[0].winner == 4
    with pytest.raises(MatchFinished):
        play(t, state, EXAMPLE)


def test_the_outcome_gives_each_seat_its_own_final_score() -> None:
    """A tournament reads a trionfo table's result as each player's total, in seat order
    (no sides: no games won)."""
    t = table(deals=3)
    _, state = replay(t, [EXAMPLE, {"thrown_in": True}, contract("maso", 4, first=None, made=True)])
    result = outcome(t, state)
    assert result.points == (-5, -3, -5, -2, 15) and result.winner == 4
    assert result.games_won == ()


def test_deals_option_tie_has_no_winner() -> None:
    t = table(deals=2)
    _, state = replay(t, [EXAMPLE, contract("chiamo", 1, first=None, partner=3, thirds=21)])
    assert state.finished and state.winner is None


# -- properties --------------------------------------------------------------------------------
SEATS = st.integers(0, 4)


@st.composite
def valid_payloads(draw: st.DrawFn) -> dict[str, Any]:
    bid = draw(st.sampled_from(["chiamo", "di_piu", "maso", "maso_dei_masi"]))
    payload: dict[str, Any] = {
        "first": draw(SEATS),
        "declarer": draw(SEATS),
        "bid": bid,
        "trump": draw(st.sampled_from(["coins", "cups", "swords", "clubs"])),
    }
    if bid == "chiamo":
        payload["partner"] = draw(SEATS)
        payload["called"] = (
            draw(st.sampled_from(["3", "2", "ace", "k"]))
            + " of "
            + draw(
                st.sampled_from(
                    [s for s in ("coins", "cups", "swords", "clubs") if s != payload["trump"]]
                )
            )
        )
    if bid in ("chiamo", "di_piu"):
        payload["thirds"] = draw(st.integers(0, 35))
    else:
        payload["made"] = draw(st.booleans())
    return payload


@settings(max_examples=100, deadline=None)
@given(valid_payloads())
def test_payments_add_up_to_zero(payload: dict[str, Any]) -> None:
    t = table()
    hand, state = play(t, start(t), payload)
    assert hand.player_delta is not None
    assert sum(hand.player_delta) == 0
    assert any(hand.player_delta)
    assert state.next.dealer == payload["first"]


@settings(max_examples=30, deadline=None)
@given(st.lists(valid_payloads() | st.just({"thrown_in": True}), min_size=1, max_size=20))
def test_session_totals_add_up_to_zero(payloads: list[dict[str, Any]]) -> None:
    t = table()
    first = {"first": 0, "thrown_in": True}
    _, state = replay(t, [first, *payloads])
    assert state.game.player_scores is not None
    assert sum(state.game.player_scores) == 0


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 40)
    | st.floats(allow_nan=True)
    | st.sampled_from(["", "chiamo", "maso", "coins", "hearts", "3 of swords", "x of y"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=6,
)
KEYS = st.sampled_from(
    [
        "first",
        "declarer",
        "bid",
        "trump",
        "called",
        "partner",
        "thirds",
        "made",
        "thrown_in",
        "dealer",
        "other",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(KEYS, JSON, max_size=8) | JSON, st.booleans())
def test_any_payload_scores_or_raises_rule_violation(payload: Any, later: bool) -> None:
    t = table(deals=5)
    state = replay(t, [EXAMPLE])[1] if later else start(t)
    try:
        hand, _ = play(t, state, payload)
    except RuleViolation as error:
        assert error.field and error.message
    else:
        assert hand.player_delta is not None and sum(hand.player_delta) == 0
