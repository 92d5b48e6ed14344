"""The confirmation step of a tournament's match, when the tournament asks the other side
to agree (``confirm_results``): what the match page's panel shows of it."""

from __future__ import annotations

import uuid
from typing import Any

from scorekeeper.models import Match

from ..models import Pairing, ResultChange
from . import lineups
from .rounds import awaiting, disputed, finished


def confirmation(match_view: str, key: str | None) -> dict[str, Any] | None:
    """The confirmation step of this match's pairing; ``key`` (the table's key, only on the
    page opened with it) lets the page post the answer. ``None`` when nothing is asked."""
    row = (
        Pairing.objects.filter(match_view=match_view, tournament__confirm_results=True)
        .select_related("tournament")
        .first()
    )
    if row is None or row.bye:
        return None
    confirmed, settled = _answered(row) if finished(row) else (False, False)
    if not (awaiting(row) or disputed(row) or confirmed or settled):
        return None
    rows = row.tournament.entries.filter(number__in=row.entries)
    names = dict(rows.values_list("number", "name"))
    sides = lineups.sides({"entries": row.entries, "shape": row.shape}, names)
    return {
        "status": row.status,
        "confirmed": confirmed,
        "settled": settled,
        "note": row.note,
        # each side with its points, as the table's shape reads them (a table of four: its teams)
        "sides": [
            {"name": side["name"], "points": points}
            for side, points in zip(sides, row.table_shape.side_values(row.points), strict=True)
        ],
        "key": key if awaiting(row) else None,
    }


def _answered(row: Pairing) -> tuple[bool, bool]:
    """A finished result's (confirmed, settled): the table answers once; a result that was
    disputed was settled by the director (the desk's word is audited by the same service)."""
    answers = set(
        ResultChange.objects.filter(pairing=row, action__in=("confirmed", "disputed")).values_list(
            "action", flat=True
        )
    )
    settled = "disputed" in answers
    return not settled and "confirmed" in answers, settled


def awaits_confirmation(match_key: uuid.UUID) -> bool:
    """Whether the match's result waits for the other side's answer (asked once: a
    disputed result is the director's to settle)."""
    return Pairing.objects.filter(match_id=match_key, status=Pairing.Status.AWAITING).exists()


def match_known(match_key: uuid.UUID) -> bool:
    return Match.objects.filter(pk=match_key).exists()
