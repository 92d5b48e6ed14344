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
    """A finished match's result for its pairing. A trionfo table (five entries, no sides):
    ``points`` are each player's own final score in seat order (the places, hence the match
    points, follow in the standings), ``winner`` the seat of the one best score (a shared
    best: a draw), no games."""
    outcome = match_outcome(match)
    side = outcome.winner
    winner = pairing.entries[side] if side is not None and not outcome.draw else None
    games_won = list(outcome.games_won)
    if len(pairing.entries) == 5:
        best = max(outcome.points)
        top = [seat for seat, score in enumerate(outcome.points) if score == best]
        winner = pairing.entries[top[0]] if len(top) == 1 else None
        games_won = [0] * 5
    return {
        "status": Pairing.Status.FINISHED,
        "result": "win" if winner is not None else "draw",
        "winner": winner,
        "points": list(outcome.points),
        "games_won": games_won,
    }
