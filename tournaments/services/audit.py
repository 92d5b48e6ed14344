"""The desk's history: every change a director (or a table) makes during the event is kept
as a ``ResultChange`` (who, when, what, before and after), so nothing is ever lost."""

from __future__ import annotations

from typing import Any

from ..models import Pairing, ResultChange, Tournament


def audit(tournament: Tournament, action: str, **change: Any) -> None:
    """Keep one change: of a pairing (its round and slot with it), or of a round, or of the
    whole tournament (``audit_row``'s fields)."""
    audit_row(tournament, action, **change).save(force_insert=True)


def audit_row(
    tournament: Tournament,
    action: str,
    *,
    pairing: Pairing | None = None,
    round_number: int | None = None,
    before: Any = None,
    after: Any = None,
    by: str = "director",
    reason: str = "",
) -> ResultChange:
    """The change ``audit`` keeps, not stored yet (a result stores it with its pairing)."""
    return ResultChange(
        tournament=tournament,
        pairing=pairing,
        round_number=round_number if pairing is None else pairing.round.number,
        slot=None if pairing is None else pairing.slot,
        by=by,
        action=action,
        before=before,
        after=after,
        reason=reason,
    )


def seat_data(row: Pairing) -> dict[str, Any]:
    """A pairing's seats as the audit keeps them (before and after a redraw or a swap)."""
    return {
        "slot": row.slot,
        "table": row.table,
        "entries": list(row.entries),
        "match": str(row.match_id) if row.match_id else None,
    }
