"""Helpers shared by the Blot family's rules tests: tables, payloads, caught violations."""

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
TWO_PLAYERS = ["Rami", "Sara"]


def table(slug: str, first_dealer: int = 0, **options: Any) -> Table:
    variant = find_variant(slug)
    assert variant is not None, slug
    players = TWO_PLAYERS if variant.players == 2 else PLAYERS
    return make_table(variant, list(players), options, first_dealer=first_dealer)


def position(t: Table, *, scores: Sequence[int] | None = None,
             extra: Mapping[str, Any] | None = None) -> MatchState:
    """The match in its first game with the given totals, as if hands had been played."""
    state = start(t)
    game = state.game
    if scores is not None:
        game = replace(game, scores=tuple(scores), hands=1)
    if extra is not None:
        game = replace(game, extra=dict(extra))
    return replace(state, games=(game,))


def play_at(t: Table, payload: Any, **at: Any) -> tuple[PlayedHand, MatchState]:
    return play(t, position(t, **at), payload)


def score(slug: str, payload: Any, **options: Any) -> PlayedHand:
    """One hand scored at the start of a game."""
    played, _state = play(table(slug, **options), start(table(slug, **options)), payload)
    return played


def violation(slug: str, payload: Any, **options: Any) -> RuleViolation:
    t = table(slug, **options)
    with pytest.raises(RuleViolation) as caught:
        play(t, start(t), payload)
    return caught.value


def combo(seat: int, kind: str, high: str, suit: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"seat": seat, "type": kind, "high": high}
    if suit is not None:
        data["suit"] = suit
    return data


def bazar(declarer: int, bid: int, points: Sequence[int], trump: str = "hearts",
          **more: Any) -> dict[str, Any]:
    return {"declarer": declarer, "bid": bid, "trump": trump, "points": list(points), **more}


def taker(declarer: int, points: Sequence[int], trump: str = "hearts", **more: Any
          ) -> dict[str, Any]:
    """A belote or belote_2p hand: a taker and trump, no bid."""
    return {"declarer": declarer, "trump": trump, "points": list(points), **more}


def coinche(declarer: int, bid: int | str, points: Sequence[int], trump: str = "hearts",
            **more: Any) -> dict[str, Any]:
    return {"declarer": declarer, "bid": bid, "trump": trump, "points": list(points), **more}
