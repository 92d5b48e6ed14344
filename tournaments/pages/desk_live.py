"""The desk's first screen: the tables of the round in play as they stand (hands played,
running score, late or not) and the flags that go above everything."""

from __future__ import annotations

from typing import Any

from django.db.models import Count
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from scorekeeper.models import Match

OPEN = ("in_progress", "awaiting_confirmation", "disputed")


def tables_live(pairings: list[dict[str, Any]], round_ends_at: str | None) -> None:
    """Adds ``hands``, ``running`` (the score of the game in play) and ``late`` to each
    pairing of the round in play: one query for the round's matches."""
    ids = [p["match"] for p in pairings if p.get("match")]
    matches = Match.objects.filter(id__in=ids).annotate(hand_count=Count("hands"))
    by_id = {str(m.id): m for m in matches.only("id", "state")}
    now = timezone.now()
    for pairing in pairings:
        match = by_id.get(pairing.get("match") or "")
        games = (match.state or {}).get("games") or [] if match else []
        pairing["hands"] = match.hand_count if match else 0
        pairing["running"] = games[-1].get("scores") if games else None
        ends = parse_datetime(pairing.get("ends_at") or round_ends_at or "")
        pairing["late"] = bool(
            not pairing["bye"] and pairing["status"] == "in_progress" and ends and ends < now
        )


def flags(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What needs the director now: disputes, late tables of the round in play, and a
    correction at a table of a round that later rounds followed."""
    found: list[dict[str, Any]] = []
    latest = rounds[0]["number"] if rounds else 0
    for round_ in rounds:
        for pairing in round_["pairings"]:
            where = {"round": round_["number"], "slot": pairing["slot"], "table": pairing["table"]}
            if pairing["status"] == "disputed":
                found.append({**where, "kind": "disputed", "note": pairing.get("note") or ""})
            if pairing.get("late"):
                found.append({**where, "kind": "late"})
            if round_["number"] < latest and any(
                change["by"] != "director" for change in pairing.get("changes", [])
            ):
                found.append({**where, "kind": "corrected"})
    return found
