"""The load every write decides on: one snapshot of a tournament (stages, entries, finished
results, rounds drawn per stage) for the planner, with the rows it was read from. A read:
the services lock the tournament's row first, then load it here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import Count

from .. import convert
from ..brackets.planner import Snapshot
from ..models import Entry, Pairing, Round, Stage, Tournament


@dataclass(frozen=True)
class EntrySeat:
    """An entry as a write reads it (its number, seed, activity and players, in seat
    order): values, not a row (10,240 rows cost a quarter of a second to build)."""

    number: int
    seed: int | None
    active: bool
    players: list[str]


ENTRY_SEAT_COLUMNS = ("number", "seed", "active", "players")


@dataclass(frozen=True)
class Loaded:
    """The rows a write works on and the planner's snapshot of them."""

    stages: list[Stage]
    entries: list[EntrySeat]
    snapshot: Snapshot

    def stage(self, number: int) -> Stage:
        return next(s for s in self.stages if s.number == number)


def snapshot_load(tournament: Tournament, *, wanted: bool = False) -> Loaded:
    """Four queries, whatever the size: stages, entries, finished results (as values, their
    JSON decoded at once), rounds.
    ``wanted``: a round drawn now is wanted (``auto_advance``, or the director asks)."""
    stages = list(Stage.objects.filter(tournament=tournament).order_by("number"))
    entries = [
        EntrySeat(*values)
        for values in Entry.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list(*ENTRY_SEAT_COLUMNS)
    ]
    finished = (
        Pairing.objects.filter(tournament=tournament, status=Pairing.Status.FINISHED)
        .order_by("round__number", "slot")
        .annotate(**convert.json_as_text())
        .values_list(*convert.RESULT_TEXT_COLUMNS)
    )
    drawn = Counter(
        dict(
            Round.objects.filter(tournament=tournament)
            .values_list("stage_id")
            .annotate(count=Count("id"))
            .values_list("stage_id", "count")
        )
    )
    snapshot = Snapshot(
        stage=tournament.stage or 1,
        tiebreaks=tuple(tournament.tiebreaks),
        stages=tuple(convert.stage_of(s, entries, drawn[s.pk]) for s in stages),
        entries=tuple(convert.entry_of(e) for e in entries),
        results=convert.results_by_stage_text(finished),
        wanted=wanted,
        round=tournament.round or 0,
        bye_points=tournament.bye_points,
        finished=tournament.status == Tournament.Status.FINISHED,
    )
    return Loaded(stages, entries, snapshot)
