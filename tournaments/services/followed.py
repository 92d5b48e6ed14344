"""A director's result on a followed pairing of an elimination stage: the later pairings it
touches (those of its two entries) are drawn again from the results as they are now, as
long as each can still be redrawn (in the last round drawn, no hand, no result); the
pairings it does not touch keep their matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from scorekeeper import bulk
from scorekeeper.rules import MatchConflict
from scorekeeper.rules.errors import _

from .. import convert
from ..brackets import Draw, planner
from ..models import Pairing, Round, TableKey, Tournament
from .changes import cancel, played
from .rounds import create_matches
from .snapshot import snapshot_load

REFUSED = _(
    "A later pairing that this result changes has a hand or a result recorded: "
    "it can no longer be redrawn."
)


def _redrawable(rows: Sequence[Pairing]) -> bool:
    seated = [row for row in rows if not row.bye]
    return not played(seated) and all(row.status == Pairing.Status.IN_PROGRESS for row in seated)


def later_pairings_redraw(tournament: Tournament, pairing: Pairing) -> None:
    """Redraw the pairings of the last round that the pairing's new result changes (the
    caller holds the tournament's lock and has stored the result); ``409`` when one cannot
    be redrawn."""
    last = Round.objects.select_related("stage").get(tournament=tournament, number=tournament.round)
    later = list(
        Pairing.objects.filter(tournament=tournament, round__number__gt=pairing.round.number)
    )
    touched = [row for row in later if set(row.entries) & set(pairing.entries)]
    if (
        last.stage_id != pairing.round.stage_id
        or any(row.round_id != last.pk for row in touched)
        or not _redrawable(touched)
    ):
        raise MatchConflict(REFUSED)
    loaded = snapshot_load(tournament)
    snapshot = loaded.snapshot
    number = last.stage.number
    earlier = [r for r in snapshot.results.get(number, []) if r.round < last.number]
    snapshot = replace(snapshot, results={**snapshot.results, number: earlier})
    stage = next(s for s in snapshot.stages if s.number == number)
    draw = planner.stage_draw(snapshot, stage, last.index)
    if draw is None:
        raise MatchConflict(REFUSED)
    old = {row.slot: row for row in later if row.round_id == last.pk}
    fresh = [
        seat
        for seat in draw.pairings
        if seat.slot not in old
        or tuple(old[seat.slot].entries) != seat.entries
        or old[seat.slot].bracket != seat.bracket
    ]
    slots = {seat.slot for seat in fresh} | {
        slot for slot in old if slot not in {seat.slot for seat in draw.pairings}
    }
    gone = [old[slot] for slot in slots if slot in old]
    if not _redrawable(gone):
        raise MatchConflict(REFUSED)
    Pairing.objects.filter(pk__in=[row.pk for row in gone]).delete()
    matches = create_matches(
        tournament, last.stage, last, Draw(tuple(fresh), draw.name), loaded.entries
    )
    bulk.insert_many(
        [
            convert.pairing_row(
                seat,
                tournament_id=tournament.pk,
                round_id=last.pk,
                match=matches.get(seat.slot),
                bye_points=tournament.bye_points,
            )
            for seat in fresh
        ]
    )
    tables = {seat.table for seat in fresh if seat.table is not None}
    TableKey.objects.bulk_create(
        [TableKey(tournament=tournament, table=table) for table in tables], ignore_conflicts=True
    )
    cancel(tournament, last.number, gone)
