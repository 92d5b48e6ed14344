"""Helpers shared by the Tarneeb rules tests: tables, positions mid-game, caught violations."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from scorekeeper.rules import (
    MatchState,
    PlayedHand,
    RuleViolation,
    Table,
    find_variant,
    make_table,
    play,
    start,
)

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]  # seats 0..3; team 0 = Rami and Omar


def table(slug: str, games_to_win: int = 1, first_dealer: int = 0, **options: Any) -> Table:
    variant = find_variant(slug)
    assert variant is not None, slug
    return make_table(variant, list(PLAYERS), options, games_to_win=games_to_win,
                      first_dealer=first_dealer)


def position(t: Table, *, scores: Sequence[int] | None = None,
             player_scores: Sequence[int] | None = None,
             extra: Mapping[str, Any] | None = None) -> MatchState:
    """The match in its first game with the given totals, as if hands had been played."""
    state = start(t)
    game = state.game
    if player_scores is not None:
        teams = t.variant.teams or ()
        scores = [sum(player_scores[seat] for seat in team) for team in teams]
        game = replace(game, player_scores=tuple(player_scores))
    if scores is not None:
        game = replace(game, scores=tuple(scores), hands=1)
    if extra is not None:
        game = replace(game, extra=dict(extra))
    return replace(state, games=(game,))


def play_at(t: Table, payload: Any, **at: Any) -> tuple[PlayedHand, MatchState]:
    return play(t, position(t, **at), payload)


def violation(t: Table, payload: Any, **at: Any) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        play(t, position(t, **at), payload)
    return caught.value
