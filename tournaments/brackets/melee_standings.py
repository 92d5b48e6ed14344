"""Standings of an individual event (format ``melee``): the standings' own, which read every
result by its table's shape (``shapes``: a team's points and match points credited to
both partners, a partner no opponent, trionfo's places). Kept under this name for the
callers that ask for an individual event's standings by it."""

from __future__ import annotations

from collections.abc import Sequence

from .base import Entry, Result
from .standings import Row, standings

__all__ = ["melee_standings"]


def melee_standings(
    entries: Sequence[Entry], results: Sequence[Result], tiebreaks: Sequence[str]
) -> list[Row]:
    """Every player's row, in rank order: ``standings.standings``."""
    return standings(entries, results, tiebreaks)
