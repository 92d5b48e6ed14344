"""Match limits: hands per match, time called (finish_hand, one_more_hand), the ending rule
(games won, then the game in play, then a draw or play on), outcome and replay. No database.

A script is a string of steps: ``A`` a hand that puts side 0 ahead, ``B`` one that puts
side 1 ahead by the same, ``L`` a hand that leaves the scores level, ``T`` time called.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    MatchFinished,
    MatchLimits,
    MatchState,
    RuleViolation,
    Table,
    call_time,
    find_variant,
    make_table,
    outcome,
    play,
    replay,
    start,
)
from tests.scorekeeper.rules.blot_support import TWO_PLAYERS, coinche, taker
from tests.scorekeeper.rules.tarneeb_strategies import tables, valid_payloads
from tests.scorekeeper.rules.tarneeb_support import PLAYERS

# Per variant: the hands A, B and L, and what each adds to the sides' scores (the engine's
# own tests check these deltas; here they are the expected values).
HANDS: dict[str, dict[str, tuple[dict[str, Any], tuple[int, int]]]] = {
    "tarneeb": {
        "A": ({"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 8}, (8, 0)),
        "B": ({"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}, (0, 8)),
        "L": ({"thrown_in": True}, (0, 0)),
    },
    "coinche": {
        "A": (coinche(0, 80, [82, 80]), (160, 80)),
        "B": (coinche(1, 80, [80, 82]), (80, 160)),
        "L": ({"thrown_in": True}, (0, 0)),
    },
    "maraffa": {
        "A": ({"trump": "cups", "thirds": [22, 13]}, (7, 4)),
        "B": ({"trump": "cups", "thirds": [13, 22]}, (4, 7)),
        "L": ({"trump": "cups", "thirds": [23, 12], "maraffa": 1}, (7, 7)),
    },
    "belote_2p": {
        "A": (taker(0, [90, 50]), (9, 5)),
        "B": (taker(1, [50, 90]), (5, 9)),
        "L": ({"thrown_in": True}, (0, 0)),
    },
    "tarneeb_400": {
        "A": ({"bids": [3, 2, 4, 3], "tricks": [4, 1, 5, 3]}, (7, 1)),
        "B": ({"bids": [2, 3, 3, 4], "tricks": [1, 4, 3, 5]}, (1, 7)),
        "L": ({"bids": [2, 2, 2, 2]}, (0, 0)),  # bids too low: thrown in
    },
}
VARIANTS = list(HANDS)


def table(
    slug: str, limits: MatchLimits | None = None, games_to_win: int = 1, **options: Any
) -> Table:
    variant = find_variant(slug)
    assert variant is not None
    players = TWO_PLAYERS if variant.players == 2 else PLAYERS
    return make_table(variant, list(players), options, games_to_win=games_to_win, limits=limits)


def payload(slug: str, step: str, state: MatchState) -> dict[str, Any]:
    hand = dict(HANDS[slug][step][0])
    if slug == "maraffa" and state.game.hands == 0:
        hand["battezzante"] = 0  # named in the first deal of each game
    return hand


def run(t: Table, script: str) -> tuple[MatchState, list[dict[str, Any]], int | None]:
    """Play a script; returns the state, the payloads and when time was called. Checks on
    the way that replaying the facts (payloads, time called) gives the same state."""
    slug = t.variant.slug
    state, payloads, called = start(t), [], None
    for step in script.replace(" ", ""):
        if step == "T":
            state, called = call_time(t, state), len(payloads)
            continue
        hand = payload(slug, step, state)
        _played, state = play(t, state, hand)
        payloads.append(hand)
    assert replay(t, payloads, time_called_after=called)[1] == state
    assert MatchState.from_dict(state.to_dict()) == state
    return state, payloads, called


def points(slug: str, script: str) -> tuple[int, int]:
    deltas = [HANDS[slug][step][1] for step in script if step in "ABL"]
    return sum(d[0] for d in deltas), sum(d[1] for d in deltas)


# -- the ending rule, in every variant -------------------------------------------------------
# (limits, script, finished, winner, draw)
CASES = [
    (MatchLimits(), "ABABL", False, None, False),  # a friendly match: no limit
    (MatchLimits(hands_per_match=3), "ABA", True, 0, False),  # ahead in the game in play
    (MatchLimits(hands_per_match=3), "BAB", True, 1, False),
    (MatchLimits(hands_per_match=3), "ABL", True, None, True),  # level: a draw
    (MatchLimits(hands_per_match=2, draws=False), "ABLLA", True, 0, False),  # play on...
    (MatchLimits(hands_per_match=2, draws=False), "ABLB", True, 1, False),
    (MatchLimits(), "ATA", True, 0, False),  # finish_hand: the next hand is the last
    (MatchLimits(), "ATB", True, None, True),
    (MatchLimits(), "TB", True, 1, False),  # called before the first hand
    (MatchLimits(at_time="one_more_hand"), "ATBB", True, 1, False),  # one more after it
    (MatchLimits(at_time="one_more_hand"), "TAL", True, 0, False),
    (MatchLimits(at_time="one_more_hand", draws=False), "ATBLB", True, 1, False),
    (MatchLimits(hands_per_match=10), "ATB", True, None, True),  # the first limit counts
    (MatchLimits(hands_per_match=1, at_time="one_more_hand"), "TA", True, 0, False),
    (MatchLimits(hands_per_match=2, at_time="one_more_hand"), "ATB", True, None, True),
    (MatchLimits(draws=False), "TLLLB", True, 1, False),
]


@pytest.mark.parametrize("slug", VARIANTS)
@pytest.mark.parametrize(("limits", "script", "finished", "winner", "draw"), CASES)
def test_the_ending_rule(
    slug: str, limits: MatchLimits, script: str, finished: bool, winner: int | None, draw: bool
) -> None:
    t = table(slug, limits)
    state, payloads, called = run(t, script)
    assert (state.finished, state.winner, state.draw) == (finished, winner, draw)
    result = outcome(t, state)
    assert (result.finished, result.winner, result.draw) == (finished, winner, draw)
    assert result.points == points(slug, script)
    assert result.games_won == (0, 0)
    assert state.time_called == ("T" in script)
    if finished:
        # the game in play was cut short: finished, but nobody won it
        assert state.game.finished and state.game.winner is None
        with pytest.raises(MatchFinished):
            play(t, state, payload(slug, "A", state))
        with pytest.raises(RuleViolation, match="after the end"):
            replay(t, [*payloads, payload(slug, "A", state)], time_called_after=called)


@pytest.mark.parametrize("slug", VARIANTS)
def test_the_match_is_not_over_before_the_last_hand(slug: str) -> None:
    t = table(slug, MatchLimits(hands_per_match=3, at_time="one_more_hand"))
    assert not run(t, "A")[0].finished
    assert not run(t, "AB")[0].finished
    assert not run(t, "ATB")[0].finished  # time called: one more hand after B
    assert run(t, "ABA")[0].finished


# -- games won first; a normal end ignores the limits (best of three) -----------------------
def test_games_won_before_the_score_of_the_game_in_play() -> None:
    # maraffa to 11, best of three: AA wins game 1 for side 0; game 2 then goes 4 to 7
    t = table("maraffa", MatchLimits(hands_per_match=3), games_to_win=2, target=11)
    state, _payloads, _called = run(t, "AAB")
    assert state.finished and state.winner == 0 and not state.draw
    assert [(g.winner, g.finished) for g in state.games] == [(0, True), (None, True)]
    result = outcome(t, state)
    assert result.games_won == (1, 0)  # the game cut short is not won
    assert result.points == (7 + 7 + 4, 4 + 4 + 7)


def test_a_limit_reached_as_a_game_ends_leaves_no_empty_game() -> None:
    t = table("maraffa", MatchLimits(hands_per_match=2), games_to_win=2, target=11)
    state, _payloads, _called = run(t, "AA")
    assert state.finished and state.winner == 0
    assert [(g.number, g.winner) for g in state.games] == [(1, 0)]


def test_level_on_games_and_in_the_game_in_play() -> None:
    # 1 game each (AA, BB), then la bella level after L: a draw, or play on
    t = table("maraffa", MatchLimits(hands_per_match=5), games_to_win=2, target=11)
    state, _payloads, _called = run(t, "AABBL")
    assert state.finished and state.draw and state.winner is None
    assert outcome(t, state).games_won == (1, 1)
    t = table("maraffa", MatchLimits(hands_per_match=5, draws=False), games_to_win=2, target=11)
    state, _payloads, _called = run(t, "AABBL")
    assert not state.finished
    state, _payloads, _called = run(t, "AABBLB")
    assert state.finished and state.winner == 1 and not state.draw


@pytest.mark.parametrize(
    "limits", [MatchLimits(hands_per_match=2), MatchLimits(hands_per_match=2, draws=False)]
)
def test_a_normal_end_ignores_the_limits(limits: MatchLimits) -> None:
    t = table("tarneeb", limits, target=10)
    state, _payloads, _called = run(t, "AA")  # 16 to 0: the game is won
    assert state.finished and state.winner == 0 and state.games[-1].winner == 0
    t = table("tarneeb", MatchLimits(hands_per_match=1, draws=False), target=10)
    state, _payloads, _called = run(t, "L")  # level at the limit: play on
    assert not state.finished
    state, _payloads, _called = run(t, "LA")  # the first hand that leaves a side ahead
    assert state.finished and state.winner == 0 and state.games[-1].winner is None


def test_a_won_match_ignores_time_called() -> None:
    t = table("tarneeb", MatchLimits(at_time="one_more_hand"), target=10)
    state, _payloads, _called = run(t, "ATA")
    assert state.finished and state.games[-1].winner == 0  # won, not cut short


def test_tarneeb_400_is_decided_by_the_team_sums() -> None:
    t = table("tarneeb_400", MatchLimits(hands_per_match=1))
    state, _payloads, _called = run(t, "B")
    # seat 3 (side 1) leads with 5 but seat 2 (side 0) has 3: sums 1 to 7
    assert state.game.player_scores == (-2, 3, 3, 4)
    assert state.winner == 1 and outcome(t, state).points == (1, 7)


# -- time called as a fact -------------------------------------------------------------------
def test_call_time_is_idempotent_and_leaves_a_finished_match_alone() -> None:
    t = table("tarneeb", MatchLimits(at_time="one_more_hand"))
    state, _payloads, _called = run(t, "AT")
    assert call_time(t, state) == state
    state, _payloads, _called = run(t, "ATBA")
    assert state.finished and call_time(t, state) == state


def test_replay_reproduces_time_called_after_a_correction_and_an_undo() -> None:
    t = table("tarneeb", MatchLimits())
    a, b = HANDS["tarneeb"]["A"][0], HANDS["tarneeb"]["B"][0]
    _hands, state = replay(t, [a, b, a], time_called_after=2)
    assert state.finished and state.winner == 0
    _hands, state = replay(t, [a, b, b], time_called_after=2)  # hand 3 corrected
    assert state.finished and state.winner == 1
    _hands, state = replay(t, [a, b], time_called_after=2)  # hand 3 undone: in play again
    assert not state.finished and state.time_called
    _hands, state = replay(t, [a], time_called_after=2)  # fewer hands: called after the last
    assert not state.finished and state.time_called
    assert replay(t, [a, b, a], time_called_after=None)[1].time_called is False


def test_a_friendly_match_is_unchanged_and_old_states_still_load() -> None:
    t = table("tarneeb")
    state, _payloads, _called = run(t, "ABABAB")
    assert not state.finished and not state.time_called and not state.draw
    old = state.to_dict()
    for key in ("time_called", "last_hand", "draw"):
        old.pop(key)
    assert MatchState.from_dict(old) == state


@pytest.mark.parametrize(
    ("limits", "field"),
    [
        (MatchLimits(hands_per_match=0), "hands_per_match"),
        (MatchLimits(hands_per_match=True), "hands_per_match"),  # type: ignore[arg-type]
        (MatchLimits(at_time="never"), "at_time"),
        (MatchLimits(draws="yes"), "draws"),  # type: ignore[arg-type]
    ],
)
def test_bad_limits_name_the_field(limits: MatchLimits, field: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        table("tarneeb", limits)
    assert caught.value.field == field


TRIONFO_PLAYERS = ["Rami", "Sara", "Omar", "Lina", "Nour"]
CHIAMO = {"first": 0, "declarer": 3, "bid": "chiamo", "trump": "coins", "partner": 1, "thirds": 21}


def trionfo(limits: MatchLimits) -> Table:
    variant = find_variant("trionfo")
    assert variant is not None
    return make_table(variant, TRIONFO_PLAYERS, limits=limits)


def test_a_trionfo_session_ends_after_hands_per_match() -> None:
    """clubs.md: trionfo takes hands_per_match; each player's result is their own score."""
    t = trionfo(MatchLimits(hands_per_match=2))
    _, state = replay(t, [CHIAMO])
    assert not state.finished
    _, state = replay(t, [CHIAMO, {"thrown_in": True}])
    assert state.finished and not state.closed
    result = outcome(t, state)
    assert result.points == (-1, 1, -1, 2, -1) and result.games_won == ()
    assert result.winner == 3 and not result.draw
    with pytest.raises(RuleViolation):
        replay(t, [CHIAMO, {"thrown_in": True}, CHIAMO])


def test_a_trionfo_session_level_at_its_limit_has_no_winner() -> None:
    t = trionfo(MatchLimits(hands_per_match=1))
    _, state = replay(t, [{"first": 0, "thrown_in": True}])
    assert state.finished and state.winner is None and state.draw  # all level at 0
    assert outcome(t, state).points == (0, 0, 0, 0, 0)


@pytest.mark.parametrize(("at_time", "hands"), [("finish_hand", 2), ("one_more_hand", 3)])
def test_time_called_ends_a_trionfo_session(at_time: str, hands: int) -> None:
    t = trionfo(MatchLimits(at_time=at_time))
    _, state = replay(t, [CHIAMO], time_called_after=1)
    assert state.time_called and not state.finished
    played, state = replay(t, [CHIAMO] + [{"thrown_in": True}] * (hands - 1), time_called_after=1)
    assert state.finished and len(played) == hands
    assert outcome(t, state).points == (-1, 1, -1, 2, -1)


# -- properties ------------------------------------------------------------------------------
def check_result(t: Table, state: MatchState) -> None:
    """A finished match: a draw is level on games won and in the game in play, and only
    where draws are allowed; a winner is ahead on games won, or level on games and ahead in
    the game in play (a limit). Points sum every game's scores."""
    result = outcome(t, state)
    assert result.finished and result.draw == state.draw
    assert result.points == tuple(
        sum(g.scores[side] for g in state.games if g.scores) for side in (0, 1)
    )
    assert result.games_won == tuple(sum(g.winner == side for g in state.games) for side in (0, 1))
    # the game in play: the last one, unless it was won (then a new one had not started)
    game = state.game.scores if state.game.winner is None else (0, 0)
    assert game is not None
    if state.draw:
        assert t.limits.draws and result.winner is None
        assert result.games_won[0] == result.games_won[1] and game[0] == game[1]
        return
    assert result.winner is not None
    side, other = result.winner, 1 - result.winner
    won, lost = result.games_won[side], result.games_won[other]
    assert won > lost or (won == lost and game[side] > game[other] and state.game.winner is None)


def limit_reached(t: Table, played: int, called: int | None) -> bool:
    caps = [t.limits.hands_per_match]
    if called is not None:
        caps.append(called + (1 if t.limits.at_time == "finish_hand" else 2))
    return any(cap is not None and played >= cap for cap in caps)


def check_unfinished(t: Table, state: MatchState, played: int, called: int | None) -> None:
    """Past a limit and unfinished: only in play on, level on games and in the game."""
    if limit_reached(t, played, called):
        assert not t.limits.draws
        assert state.games_won[0] == state.games_won[1]
        assert state.game.scores is not None and state.game.scores[0] == state.game.scores[1]


LIMITS = st.builds(
    MatchLimits,
    hands_per_match=st.one_of(st.none(), st.integers(1, 8)),
    at_time=st.sampled_from(["finish_hand", "one_more_hand"]),
    draws=st.booleans(),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), slug=st.sampled_from(["tarneeb", "tarneeb_400"]), limits=LIMITS)
def test_random_tarneeb_hands_then_a_limit(
    data: st.DataObject, slug: str, limits: MatchLimits
) -> None:
    t = replace(data.draw(tables(slug)), limits=limits)
    call_at = data.draw(st.integers(0, 8))
    state, payloads, called = start(t), [], None
    for _ in range(16):
        if len(payloads) == call_at:
            state, called = call_time(t, state), call_at
        if state.finished:
            break
        hand = data.draw(valid_payloads(t, state))
        _played, state = play(t, state, hand)
        payloads.append(hand)
    if state.finished:
        check_result(t, state)
    else:
        check_unfinished(t, state, len(payloads), called)
    assert replay(t, payloads, time_called_after=called)[1] == state


@settings(max_examples=80, deadline=None)
@given(
    slug=st.sampled_from(VARIANTS),
    limits=LIMITS,
    script=st.text("ABL", max_size=8),
    call=st.integers(0, 8),
    games_to_win=st.sampled_from([1, 2]),
)
def test_random_scripts_then_time_called(
    slug: str, limits: MatchLimits, script: str, call: int, games_to_win: int
) -> None:
    t = table(slug, limits, games_to_win=games_to_win)
    call = min(call, len(script))
    steps = script[:call] + "T" + script[call:] + "B" * 12  # B ends any play on
    state, payloads, called = start(t), [], None
    for step in steps:
        if state.finished:
            break
        if step == "T":
            state, called = call_time(t, state), len(payloads)
            continue
        if not state.finished:
            check_unfinished(t, state, len(payloads), called)
        hand = payload(slug, step, state)
        state = play(t, state, hand)[1]
        payloads.append(hand)
    assert state.finished  # time was called: the match cannot outlast it
    check_result(t, state)
    assert replay(t, payloads, time_called_after=called)[1] == state
