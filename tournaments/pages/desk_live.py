"""The desk's first screen: the tables of the round in play as they stand (hands played,
running score, late or not) and the flags that go above everything."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from ..selectors import desk as desk_selectors
from ..selectors.rounds import RoundView, disputed, in_progress
from ..selectors.view import TournamentView


def tables_live(round_: RoundView, rows: list[dict[str, Any]]) -> None:
    """Adds ``hands``, ``running`` (the score of the game in play) and ``late`` to each
    pairing's row of the round in play (``rows``, in the order of its pairings): one query
    for the round's matches."""
    matches = desk_selectors.matches_in_play(round_)
    now = timezone.now()
    for pairing, row in zip(round_.pairings, rows, strict=True):
        row["hands"], row["running"] = (
            matches.get(pairing.match_id, (0, None)) if pairing.match_id else (0, None)
        )
        ends = pairing.ends_at or round_.row.ends_at
        row["late"] = bool(not pairing.bye and in_progress(pairing) and ends and ends < now)


def flags(view: TournamentView, rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What needs the director now: disputes, late tables of the round in play, and a
    correction at a table of a round that later rounds followed (``rounds``: the desk's
    rows of the view's rounds, latest first)."""
    found: list[dict[str, Any]] = []
    latest = rounds[0]["number"] if rounds else 0
    for round_, shown in zip(reversed(view.rounds), rounds, strict=True):
        for pairing, row in zip(round_.pairings, shown["pairings"], strict=True):
            where = {"round": round_.number, "slot": pairing.slot, "table": pairing.table}
            if disputed(pairing):
                found.append({**where, "kind": "disputed", "note": pairing.note or ""})
            if row.get("late"):
                found.append({**where, "kind": "late"})
            if round_.number < latest and any(
                change["by"] != "director" for change in row.get("changes", [])
            ):
                found.append({**where, "kind": "corrected"})
    return found
