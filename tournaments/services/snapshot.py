"""The first two steps of every write: lock the tournament's row, and load one snapshot of
it (stages, entries, finished results, rounds drawn per stage) for the planner.

A table's match is always locked before its tournament (the order scorekeeper's services
and hooks use), so the draws, results and clock of one tournament are applied one after the
other.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db.models import Count

from .. import convert
from ..brackets.planner import Snapshot
from ..models import Entry, Pairing, Round, Stage, Tournament


def tournament_locked(tournament_id: Any) -> Tournament:
    """The tournament, its row locked (``SELECT … FOR UPDATE``); without its stored
    standings (10,000 rows of JSON for a championship), which no write reads."""
    return Tournament.objects.select_for_update().defer("standings").get(pk=tournament_id)


def touch(tournament: Tournament, *fields: str) -> None:
    """Save the given fields and bump the version (the pages' ETags follow it); standings
    saved here are those of the new version."""
    tournament.version += 1
    if "standings" in fields:
        tournament.standings_version = tournament.version
        fields = (*{*fields, "standings_version"},)
    tournament.save(update_fields=["version", "updated_at", *fields])


@dataclass
class Loaded:
    """The rows a write works on and the planner's snapshot of them."""

    stages: list[Stage]
    entries: list[Entry]
    snapshot: Snapshot


def snapshot_load(tournament: Tournament) -> Loaded:
    """Four queries, whatever the size: stages, entries, finished results, rounds."""
    stages = list(Stage.objects.filter(tournament=tournament).order_by("number"))
    entries = list(Entry.objects.filter(tournament=tournament).order_by("number"))
    finished = (
        Pairing.objects.filter(tournament=tournament, status=Pairing.Status.FINISHED)
        .order_by("round__number", "slot")
        .values_list(*convert.RESULT_COLUMNS)
    )
    drawn = Counter(
        dict(
            Round.objects.filter(tournament=tournament)
            .values_list("stage_id")
            .annotate(count=Count("id"))
            .values_list("stage_id", "count")
        )
    )
    return Loaded(stages, entries, snapshot_of(tournament, stages, entries, finished, drawn))


def snapshot_of(
    tournament: Tournament,
    stages: list[Stage],
    entries: list[Entry],
    finished: Any,
    drawn: Counter[Any],
) -> Snapshot:
    return Snapshot(
        stage=tournament.stage or 1,
        tiebreaks=tuple(tournament.tiebreaks),
        stages=tuple(convert.stage_of(s, entries, drawn[s.pk]) for s in stages),
        entries=tuple(convert.entry_of(e) for e in entries),
        results=convert.results_by_stage(finished),
    )
