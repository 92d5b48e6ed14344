"""Rounds: the draw, the advance (complete a round, then draw the next, move on to the next
stage or finish the tournament) and the director's next round.

Every path goes through ``progress``: one snapshot, one decision of the planner, stored. A
round is drawn once (unique ``(tournament, number)``) and completed once (a conditional
``UPDATE … WHERE status = 'playing'``). An advance that fails on the tournament's own data
is marked on the tournament (``problem``) for the director, not retried by every tick.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta
from typing import Any

from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone

from scorekeeper import bulk
from scorekeeper.rules import MatchConflict, MatchLimits
from scorekeeper.rules.errors import _
from scorekeeper.services import MatchSpec, matches_create

from .. import convert
from ..brackets import Draw, Result, get_format
from ..brackets.planner import Finish, NextRound, Snapshot, plan
from ..models import Entry, Pairing, Round, Stage, TableKey, Tournament
from . import enqueue, ratings
from .snapshot import snapshot_load, touch, tournament_locked
from .standings import after_change, champion_of, first_stage_rows, standings_rows

log = logging.getLogger(__name__)
Status = Tournament.Status
# A pairing without its final result: a round completes once none is left.
OPEN = (Pairing.Status.IN_PROGRESS, Pairing.Status.AWAITING, Pairing.Status.DISPUTED)


def progress(tournament: Tournament, *, force: bool) -> Round | None:
    """Draw the next round (``force``: even with auto_advance off), or finish the tournament
    when nothing is left to play; the standings stored once. The caller holds the lock."""
    loaded = snapshot_load(tournament)
    snapshot = loaded.snapshot
    decision = plan(snapshot, draw=force or tournament.auto_advance)
    first_stage = loaded.stages[0].standings if loaded.stages else None
    if decision is not None and decision.change is not None:
        first, second = loaded.stages[0], loaded.stages[1]
        first.standings = first_stage = first_stage_rows(decision.change)
        first.save(update_fields=["standings"])
        second.entries = [[e.number, e.seed] for e in decision.change.entries]
        second.save(update_fields=["entries"])
        snapshot = after_change(snapshot, decision.change)
        tournament.stage = second.number
    round_ = None
    if isinstance(decision, NextRound):
        stage = next(s for s in loaded.stages if s.number == decision.stage)
        round_, byes = _store_draw(tournament, stage, decision, loaded.entries)
        tournament.stage, tournament.round = decision.stage, round_.number
        snapshot = _with_byes(snapshot, decision.stage, byes)
    tournament.standings, leader = standings_rows(snapshot, first_stage)
    if isinstance(decision, Finish):
        tournament.status = Status.FINISHED
        tournament.champion = champion_of(snapshot, leader)
    touch(tournament, "status", "stage", "round", "champion", "standings")
    if (
        round_ is not None
        and not round_.pairings.filter(status=Pairing.Status.IN_PROGRESS).exists()
    ):
        enqueue.round_advance(round_id=round_.pk)  # a round of byes only
    return round_


def _with_byes(snapshot: Snapshot, stage: int, byes: Sequence[Result]) -> Snapshot:
    """The round's byes are its only results yet: added here rather than read back."""
    if not byes:
        return snapshot
    results = dict(snapshot.results)
    results[stage] = [*results.get(stage, ()), *byes]
    return replace(snapshot, results=results)


def _store_draw(
    tournament: Tournament, stage: Stage, decision: NextRound, entries: Sequence[Entry]
) -> tuple[Round, list[Result]]:
    """The round, its matches and its pairings stored; the round and its byes as results."""
    now = timezone.now()
    starts = now + timedelta(minutes=tournament.break_minutes)
    minutes = tournament.round_minutes
    number = (tournament.round or 0) + 1
    round_ = Round(
        tournament=tournament,
        stage=stage,
        number=number,
        index=decision.index,
        name=convert.round_name_data(decision.draw.name),
        seed=decision.seed,
        starts_at=starts,
        ends_at=starts + timedelta(minutes=minutes) if minutes else None,
    )
    try:
        with transaction.atomic():
            round_.save(force_insert=True)
    except IntegrityError as error:
        raise MatchConflict(_("Round {number} has already been drawn."), number=number) from error
    matches = create_matches(tournament, stage, round_, decision.draw, entries)
    rows = [
        convert.pairing_row(
            pairing,
            tournament_id=tournament.pk,
            round_id=round_.pk,
            match=matches.get(pairing.slot),
            bye_points=tournament.bye_points,
        )
        for pairing in decision.draw.pairings
    ]
    ratings.win_chance_fill(tournament=tournament, pairings=rows, entries=entries)
    bulk.insert_many(rows)
    tables = sorted({p.table for p in decision.draw.pairings if p.table is not None})
    TableKey.objects.bulk_create(
        [TableKey(tournament=tournament, table=table) for table in tables], ignore_conflicts=True
    )
    byes = [
        convert.result_of(row, number, stage.number)
        for row in rows
        if row.status == Pairing.Status.FINISHED
    ]
    return round_, byes


def stage_games(tournament: Tournament, stage: Stage) -> int:
    """The games a match of the stage is played to: its own ``games_to_win`` (la bella at
    the final only) or the tournament's."""
    return int(stage.settings.get("games_to_win") or tournament.games_to_win)


def create_matches(
    tournament: Tournament,
    stage: Stage,
    round_: Round,
    draw: Draw,
    entries: Sequence[Entry],
) -> dict[int, Any]:
    """The matches of a draw's seated pairings, by slot."""
    limits = MatchLimits(
        hands_per_match=tournament.hands_per_match,
        at_time=tournament.at_time,
        draws=get_format(stage.format).draws_allowed,
    )
    players = {entry.number: entry.players for entry in entries}
    seated = [p for p in draw.pairings if not p.bye]
    specs = [
        MatchSpec(
            variant=tournament.variant,
            players=_seats(players, p.entries),
            options=tournament.options,
            games_to_win=stage_games(tournament, stage),
            first_dealer=0,
            limits=limits,
            tournament=tournament.view_id,
            round=round_.number,
            table=p.table,
        )
        for p in seated
    ]
    matches = matches_create(specs=specs)
    return {p.slot: match for p, match in zip(seated, matches, strict=True)}


def _seats(players: dict[int, list[str]], pair: Sequence[int]) -> list[str]:
    """The first entry's players at seats 0 and 2, the second's at 1 and 3 (belote_2p: one
    player each, at seats 0 and 1). An individual event's pairing (four or five single
    players) is already in seat order."""
    if len(pair) > 2:
        return [players[number][0] for number in pair]
    first, second = players[pair[0]], players[pair[1]]
    if len(first) != len(second):
        raise ValueError(
            f"entries {pair[0]} and {pair[1]} have {len(first)} and {len(second)} players: "
            "they cannot share a table"
        )
    return [name for seat in zip(first, second, strict=True) for name in seat]


@transaction.atomic
def round_complete(*, round_id: Any) -> bool:
    """Mark the round complete if every pairing has a result: the conditional UPDATE
    touches one row the first time only. True when this call completed it."""
    touched = (
        Round.objects.filter(pk=round_id, status=Round.Status.PLAYING)
        .exclude(pairings__status__in=OPEN)
        .update(status=Round.Status.COMPLETE)
    )
    if touched:
        tournament_id = Round.objects.values_list("tournament_id", flat=True).get(pk=round_id)
        touch(tournament_locked(tournament_id))
    return touched == 1


def round_advance(*, round_id: Any) -> Round | None:
    """Complete the round, then draw the next one (or the next stage's first round, or
    finish the tournament). Safe to run twice or side by side: returns the round drawn, or
    None when there was nothing (more) to do. When the tournament's own data makes it fail,
    the failure is marked on the tournament (``problem``) and None is returned."""
    tried = Round.objects.filter(pk=round_id).values_list("tournament__version", flat=True).first()
    if tried is None:
        return None  # no such round (a redraw or an unstart took it away): nothing to do
    try:
        return _advance(round_id)
    except (DatabaseError, MatchConflict):
        raise
    except Exception as error:  # the draw raised on this tournament's data
        log.exception("round %s: the advance failed", round_id)
        problem_mark(round_id=round_id, error=error, tried=tried)
        return None


@transaction.atomic
def _advance(round_id: Any) -> Round | None:
    round_ = Round.objects.get(pk=round_id)
    tournament = tournament_locked(round_.tournament_id)
    round_complete(round_id=round_id)
    round_.refresh_from_db(fields=["status"])
    if (
        round_.status != Round.Status.COMPLETE
        or tournament.status != Status.RUNNING
        or tournament.round != round_.number
    ):
        return None
    return progress(tournament, force=False)


@transaction.atomic
def problem_mark(*, round_id: Any, error: Exception, tried: int) -> None:
    """Why the tournament cannot go on, for the director (the desk and the API show it);
    the tick leaves the tournament alone until the director changes something. Not when
    the tournament changed since the failed attempt read it (its ``version`` then,
    ``tried``): the director's correction, waiting on the attempt's lock, came first, and
    the next tick tries again on it."""
    tournament_id = Round.objects.values_list("tournament_id", flat=True).get(pk=round_id)
    tournament = tournament_locked(tournament_id)
    if tournament.version != tried:
        return
    tournament.problem = (str(error) or type(error).__name__)[:500]
    tournament.problem_since = timezone.now()
    touch(tournament, "problem", "problem_since")


def problem_clear(tournament: Tournament) -> list[str]:
    """The director changed something: the automatic advance may try again. The fields to
    save with the caller's ``touch``."""
    if not tournament.problem and tournament.problem_since is None:
        return []
    tournament.problem, tournament.problem_since = "", None
    return ["problem", "problem_since"]


@transaction.atomic
def round_draw(*, tournament_id: Any) -> Round:
    """The director draws the next round (``rounds/next/``)."""
    tournament = tournament_locked(tournament_id)
    if tournament.status != Status.RUNNING:
        raise MatchConflict(
            _("The tournament has not started yet.")
            if tournament.status == Status.REGISTRATION
            else _("The tournament is finished.")
        )
    latest = tournament.rounds.get(number=tournament.round)
    if latest.status == Round.Status.PLAYING and not round_complete(round_id=latest.pk):
        raise MatchConflict(_("Round {number} is still being played."), number=latest.number)
    tournament.save(update_fields=problem_clear(tournament) or ["updated_at"])
    try:
        round_ = progress(tournament, force=True)
    except (DatabaseError, MatchConflict):
        raise
    except Exception as error:  # the draw raised on this tournament's data: say why
        log.exception("tournament %s: the draw failed", tournament_id)
        raise MatchConflict(
            _("The next round could not be drawn: {reason}"), reason=str(error)
        ) from error
    if round_ is None:
        raise MatchConflict(_("The tournament is finished."))
    return round_
