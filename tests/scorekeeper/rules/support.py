"""Helpers shared by the rules tests: a match positioned mid-game, as if hands were played."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from scorekeeper.rules import MatchState, PlayedHand, Table, play, start


def position(
    t: Table,
    *,
    scores: Sequence[int] | None = None,
    player_scores: Sequence[int] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> MatchState:
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
