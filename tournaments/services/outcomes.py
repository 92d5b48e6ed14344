"""What a table's match says about its pairing: the result its hands give, and whether the
table itself may end it (a close)."""

from __future__ import annotations

from typing import Any

from scorekeeper import rules
from scorekeeper.models import Match
from scorekeeper.rules.errors import _
from scorekeeper.selectors import match_outcome

from ..models import Pairing

# A table's close of a tournament match (tournaments.md: only the director ends it early).
DIRECTOR_ENDS = _("Only the director ends this match: ask for a director's result.")


def table_may_close(match: Match) -> bool:
    """Whether the table itself may end its tournament match with a close: only a session
    without a natural end (trionfo) and without a hand limit; any other close is the
    director's (a director's result)."""
    return rules.get_variant(match.variant).session and match.hands_per_match is None


def outcome_of(match: Match, pairing: Pairing) -> dict[str, Any]:
    """A finished match's result for its pairing, read as the table's shape says: the
    winning side named by its first seat's entry (a draw: none), ``points`` and games per
    side. A table ranked by points (trionfo: each player their own side, no games): the
    winner is the one best score (a shared best: a draw); the places follow from the
    points in the standings."""
    shape = pairing.table_shape
    outcome = match_outcome(match)
    points = list(outcome.points)
    if shape.ranked_by == "points":
        winner = shape.best(pairing.entries, points)
        games_won = [0] * len(shape.sides)
    else:
        side = None if outcome.draw else outcome.winner
        winner = shape.named_by(pairing.entries, side) if side is not None else None
        games_won = list(outcome.games_won)
    return {
        "status": Pairing.Status.FINISHED,
        "result": "win" if winner is not None else "draw",
        "winner": winner,
        "points": points,
        "games_won": games_won,
    }
