"""Reads of the director's desk, beside ``selectors`` (which the API shares): a fixed
number of queries each."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.db.models import Count

from scorekeeper.models import Match

from ..models import Pairing, ResultChange, Tournament
from .rounds import RoundView


def changed_results(tournament: Tournament) -> dict[tuple[int, int], list[dict[str, Any]]]:
    """The audit records that changed a finished result (its winner, draw or points), by
    (round number, slot): a table's correction or undo, or a director's result."""
    found: dict[tuple[int, int], list[dict[str, Any]]] = {}
    records = ResultChange.objects.filter(tournament=tournament, slot__isnull=False).order_by(
        "created_at", "id"
    )
    for record in records:
        if record.round_number is None or record.slot is None:
            continue  # (the query keeps only a pairing's records)
        before, after = record.before or {}, record.after or {}
        keys = ("result", "winner", "points")
        if all(before.get(key) == after.get(key) for key in keys):
            continue
        key = (record.round_number, record.slot)
        found.setdefault(key, []).append(
            {
                "by": record.by,
                "action": record.action,
                "reason": record.reason,
                "before": before,
                "after": after,
                "at": record.created_at,
                # only a result that stood before can have its winner changed
                "winner_changed": before.get("status") == "finished"
                and (
                    before.get("winner") != after.get("winner")
                    or before.get("result") != after.get("result")
                ),
            }
        )
    return found


def history(tournament: Tournament) -> list[dict[str, Any]]:
    """Every change during the event, latest first (who, when, what, before, after): the
    desk's history. A redraw's or an undone start's pairings are gone: the record keeps
    their round and slot."""
    return [
        {
            "by": record.by,
            "action": record.action,
            "round": record.round_number,
            "slot": record.slot,
            "reason": record.reason,
            "before": record.before,
            "after": record.after,
            "at": record.created_at,
        }
        for record in ResultChange.objects.filter(tournament=tournament).order_by(
            "-created_at", "-id"
        )
    ]


def pairing_at(tournament: Tournament, number: int, slot: int) -> Pairing | None:
    """The pairing at ``slot`` of round ``number``, or None: one query."""
    found = Pairing.objects.filter(tournament=tournament, round__number=number, slot=slot)
    return found.first()


def matches_in_play(round_: RoundView) -> dict[UUID, tuple[int, list[int] | None]]:
    """Each match of the round by its key: the hands played and the running score of the
    game in play (``None`` before its first hand). One query."""
    ids = [pairing.match_id for pairing in round_.pairings if pairing.match_id]
    matches = Match.objects.filter(id__in=ids).annotate(hand_count=Count("hands"))
    found = {}
    for match in matches.only("id", "state"):
        games = (match.state or {}).get("games") or []
        found[match.id] = (match.hand_count, games[-1].get("scores") if games else None)
    return found
