"""Helpers shared by the Blot family's rules tests: tables, payloads, caught violations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from scorekeeper.rules import (
    PlayedHand,
    RuleViolation,
    Table,
    find_variant,
    make_table,
    play,
    start,
)

from .support import play_at, position  # noqa: F401  (re-exported for the tests)

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]  # seats 0..3; team 0 = Rami and Omar
TWO_PLAYERS = ["Rami", "Sara"]


def table(slug: str, first_dealer: int = 0, **options: Any) -> Table:
    variant = find_variant(slug)
    assert variant is not None, slug
    players = TWO_PLAYERS if variant.players == 2 else PLAYERS
    return make_table(variant, list(players), options, first_dealer=first_dealer)


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


def bazar(
    declarer: int, bid: int, points: Sequence[int], trump: str = "hearts", **more: Any
) -> dict[str, Any]:
    return {"declarer": declarer, "bid": bid, "trump": trump, "points": list(points), **more}


def taker(
    declarer: int, points: Sequence[int], trump: str = "hearts", **more: Any
) -> dict[str, Any]:
    """A belote or belote_2p hand: a taker and trump, no bid."""
    return {"declarer": declarer, "trump": trump, "points": list(points), **more}


def coinche(
    declarer: int, bid: int | str, points: Sequence[int], trump: str = "hearts", **more: Any
) -> dict[str, Any]:
    return {"declarer": declarer, "bid": bid, "trump": trump, "points": list(points), **more}
