"""Invariants of the four Tarneeb variants, checked with hypothesis.

- every valid hand scores without error (and fits the published hand schema);
- each game's totals are the sums of its hands' deltas (by player where scored alone);
- a thrown-in hand changes no score, and keeps (tarneeb, egyptian) or passes (400, 41) the
  deal;
- replaying the payloads rebuilds the same hands and the same state;
- any payload at all is scored or refused with a `RuleViolation`, never another error, and
  a valid hand broken in a way no rule forgives is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import MatchState, PlayedHand, RuleViolation, Table, play, replay, start

from .tarneeb_strategies import (
    CONTRACT_GAMES,
    SLUGS,
    broken_versions,
    junk_payloads,
    spec_min_bid,
    spec_min_total,
    tables,
    valid_payloads,
)

try:
    import jsonschema
except ImportError:  # pragma: no cover - jsonschema comes with drf-spectacular
    jsonschema = None

FEW = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_valid_hands(
    data: st.DataObject, t: Table, most: int
) -> tuple[list[Any], list[PlayedHand], MatchState]:
    state = start(t)
    payloads: list[Any] = []
    hands: list[PlayedHand] = []
    for _ in range(data.draw(st.integers(0, most), label="hands")):
        if state.finished:
            break
        payload = data.draw(valid_payloads(t, state), label=f"hand {state.number}")
        hand, after = play(t, state, payload)
        check_hand(t, state, hand, after)
        payloads.append(payload)
        hands.append(hand)
        state = after
    return payloads, hands, state


def check_hand(t: Table, before: MatchState, hand: PlayedHand, after: MatchState) -> None:
    variant = t.variant
    game_before = before.game
    assert hand.game == game_before.number
    assert hand.scores_after == _add(game_before.scores, hand.delta)
    if variant.individual:
        assert hand.player_scores_after == _add(game_before.player_scores, hand.player_delta)
        assert hand.delta == _team_sums(t, hand.player_delta)
    if hand.thrown_in:
        assert set(hand.delta or ()) <= {0} and set(hand.player_delta or ()) <= {0}
        assert hand.scores_after == game_before.scores
        keeps = variant.slug in CONTRACT_GAMES
        assert after.next.dealer == (hand.dealer if keeps else (hand.dealer + 1) % 4)
    if hand.ended_game:
        assert after.games[hand.game - 1].winner == hand.game_winner
    else:
        assert after.game.number == hand.game


def check_totals(t: Table, hands: Sequence[PlayedHand], state: MatchState) -> None:
    for game in state.games:
        mine = [hand for hand in hands if hand.game == game.number]
        assert game.scores == _sum(t.variant.sides, [hand.delta for hand in mine])
        assert game.hands == len(mine)
        if t.variant.individual:
            assert game.player_scores == _sum(4, [hand.player_delta for hand in mine])
            assert game.scores == _team_sums(t, game.player_scores)


@pytest.mark.parametrize("slug", SLUGS)
@FEW
@given(data=st.data())
def test_valid_hands_score_and_totals_add_up(slug: str, data: st.DataObject) -> None:
    t = data.draw(tables(slug), label="table")
    payloads, hands, state = play_valid_hands(data, t, most=14)
    check_totals(t, hands, state)
    if jsonschema is not None:
        for payload in payloads:
            jsonschema.validate(payload, t.variant.hand_schema())


@pytest.mark.parametrize("slug", SLUGS)
@FEW
@given(data=st.data())
def test_replay_reproduces_hands_and_state(slug: str, data: st.DataObject) -> None:
    t = data.draw(tables(slug), label="table")
    payloads, hands, state = play_valid_hands(data, t, most=10)
    replayed, again = replay(t, payloads)
    assert [hand.to_dict() for hand in replayed] == [hand.to_dict() for hand in hands]
    assert again.to_dict() == state.to_dict()
    assert MatchState.from_dict(state.to_dict()) == state


@pytest.mark.parametrize("slug", SLUGS)
@FEW
@given(data=st.data())
def test_thrown_in_hand_changes_no_score(slug: str, data: st.DataObject) -> None:
    t = data.draw(tables(slug), label="table")
    _, _, state = play_valid_hands(data, t, most=6)
    assume(not state.finished)
    payload = thrown_in_payload(t, state)
    assume(payload is not None)
    hand, after = play(t, state, payload)
    assert hand.thrown_in and not hand.ended_game
    assert after.game.scores == state.game.scores
    assert after.game.player_scores == state.game.player_scores
    assert after.game.extra == state.game.extra
    keeps = slug in CONTRACT_GAMES
    assert after.next.dealer == (state.next.dealer if keeps else (state.next.dealer + 1) % 4)


def thrown_in_payload(t: Table, state: MatchState) -> dict[str, Any] | None:
    if t.variant.slug in CONTRACT_GAMES:
        return {"thrown_in": True}
    scores = state.game.player_scores
    assert scores is not None
    bids = [spec_min_bid(t.variant.slug, points) for points in scores]
    return {"bids": bids} if sum(bids) < spec_min_total(t, scores) else None


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_payload_is_scored_or_refused(slug: str, data: st.DataObject) -> None:
    t = data.draw(tables(slug), label="table")
    _, _, state = play_valid_hands(data, t, most=4)
    assume(not state.finished)
    valid = data.draw(valid_payloads(t, state), label="valid")
    payload = data.draw(junk_payloads(t, valid), label="payload")
    try:
        play(t, state, payload)
    except RuleViolation as error:
        assert error.field and isinstance(error.field, str)
        assert error.message


@pytest.mark.parametrize("slug", SLUGS)
@FEW
@given(data=st.data())
def test_broken_hands_are_refused(slug: str, data: st.DataObject) -> None:
    t = data.draw(tables(slug), label="table")
    _, _, state = play_valid_hands(data, t, most=4)
    assume(not state.finished)
    valid = data.draw(valid_payloads(t, state), label="valid")
    play(t, state, valid)
    for what, payload in broken_versions(slug, valid):
        with pytest.raises(RuleViolation) as caught:
            play(t, state, payload)
        assert caught.value.field, what


def _add(total: Sequence[int] | None, delta: Sequence[int] | None) -> tuple[int, ...] | None:
    if total is None or delta is None:
        return None if total is None else tuple(total)
    return tuple(a + b for a, b in zip(total, delta, strict=True))


def _sum(size: int, deltas: Sequence[Sequence[int] | None]) -> tuple[int, ...]:
    return tuple(sum(delta[i] for delta in deltas if delta is not None) for i in range(size))


def _team_sums(t: Table, player_values: Sequence[int] | None) -> tuple[int, ...] | None:
    if player_values is None:
        return None
    return tuple(sum(player_values[seat] for seat in team) for team in t.variant.teams or ())
