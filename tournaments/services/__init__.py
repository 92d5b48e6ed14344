"""Writes: where the tournament's rows meet the pairing engine. Each service is one
transaction and locks the tournament's row first (``SELECT … FOR UPDATE``), so the draws,
results and clock of one tournament are applied one after the other; a table's match is
always locked before its tournament (the order scorekeeper's services and hooks use).

Every change bumps ``Tournament.version`` and leaves the stored standings up to date.
The next round is drawn by a background task queued after the commit (``tasks``); a round
is drawn once (unique ``(tournament, number)``) and completed once (a conditional
``UPDATE … WHERE status = 'playing'``).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from scorekeeper import fastpath
from scorekeeper import services as match_services
from scorekeeper.models import Match
from scorekeeper.rules import RuleViolation
from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import is_int
from scorekeeper.services import MatchConflict

from .. import ranking, selectors, validation
from ..brackets import Draw, find_format
from ..brackets import standings as bracket_standings
from ..models import Entry, Pairing, Round, Stage, TableKey, Tournament
from ..ranking import results_by_stage
from ..results import (
    ELIMINATION,
    round_settled,
    stage_games,
    standings_store,
)
from ..results import match_event as match_event  # re-exported: the hook's listener

Status = Tournament.Status
# A pairing without its final result: a round completes once none is left.
OPEN = (Pairing.Status.IN_PROGRESS, Pairing.Status.AWAITING, Pairing.Status.DISPUTED)


def _locked(tournament_id: Any) -> Tournament:
    """The tournament, its row locked; without its stored standings (10,000 rows of JSON for
    a championship), which every change recomputes rather than reads."""
    return Tournament.objects.select_for_update().defer("standings").get(pk=tournament_id)


def _touch(tournament: Tournament, *fields: str) -> None:
    tournament.version += 1
    tournament.save(update_fields=["version", "updated_at", *fields])


@transaction.atomic
def tournament_create(
    *,
    name: Any,
    variant: Any,
    stages: Any,
    options: Any = None,
    games_to_win: Any = None,
    hands_per_match: Any = None,
    round_minutes: Any = None,
    break_minutes: Any = None,
    tiebreaks: Any = None,
    bye_points: Any = None,
    auto_advance: Any = None,
    confirm_results: Any = None,
    at_time: Any = None,
    entries: Any = None,
) -> Tournament:
    given = {key: value for key, value in locals().items() if value is not None}
    spec = validation.tournament_input(given)
    tournament = Tournament.objects.create(
        name=spec.name,
        variant=spec.variant,
        options=spec.options,
        games_to_win=spec.games_to_win,
        hands_per_match=spec.hands_per_match,
        round_minutes=spec.round_minutes,
        break_minutes=spec.break_minutes,
        tiebreaks=list(spec.tiebreaks),
        bye_points=spec.bye_points,
        auto_advance=spec.auto_advance,
        confirm_results=spec.confirm_results,
        at_time=spec.at_time,
        next_entry=len(spec.entries) + 1,
    )
    Stage.objects.bulk_create(
        [
            Stage(
                tournament=tournament,
                number=number,
                format=stage.format,
                settings=dict(stage.settings),
                advance=stage.advance,
                seed=secrets.randbits(62),
            )
            for number, stage in enumerate(spec.stages, 1)
        ]
    )
    Entry.objects.bulk_create(
        [
            Entry(
                tournament=tournament,
                number=number,
                name=entry.name,
                players=list(entry.players),
                seed=entry.seed,
            )
            for number, entry in enumerate(spec.entries, 1)
        ]
    )
    standings_store(tournament)
    tournament.save(update_fields=["standings"])
    return tournament


@transaction.atomic
def entry_add(*, tournament_id: Any, name: Any, players: Any, seed: Any = None) -> Entry:
    tournament = _locked(tournament_id)
    variant = validation._variant(tournament.variant)
    spec = validation.entry_input({"name": name, "players": players, "seed": seed}, variant)
    if not selectors.late_entries_open(tournament):
        raise MatchConflict(_("Entries are closed: the tournament has started."))
    taken = list(tournament.entries.values_list("name", "seed"))
    validation.check_unique([spec], taken, "")
    entry = Entry.objects.create(
        tournament=tournament,
        number=tournament.next_entry,
        name=spec.name,
        players=list(spec.players),
        seed=spec.seed,
    )
    tournament.next_entry += 1
    standings_store(tournament)
    _touch(tournament, "next_entry", "standings")
    return entry


@transaction.atomic
def entries_add(*, tournament_id: Any, entries: Any) -> list[Entry]:
    """Several entries at once (the desk's pasted list), when ``entry_add`` would take one:
    all or none. A refusal names the entry by its place in the list (``entries.2.name``)."""
    tournament = _locked(tournament_id)
    specs = validation.entries_input(entries, validation._variant(tournament.variant))
    if not specs:
        raise RuleViolation("entries", _("Write at least one entry."))
    if not selectors.late_entries_open(tournament):
        raise MatchConflict(_("Entries are closed: the tournament has started."))
    taken = list(tournament.entries.values_list("name", "seed"))
    if len(taken) + len(specs) > validation.MAX_ENTRIES:
        raise RuleViolation(
            "entries",
            _("A tournament has at most {count} entries."),
            count=validation.MAX_ENTRIES,
        )
    validation.check_unique(specs, taken, "entries.")
    first = tournament.next_entry
    added = Entry.objects.bulk_create(
        [
            Entry(
                tournament=tournament,
                number=number,
                name=spec.name,
                players=list(spec.players),
                seed=spec.seed,
            )
            for number, spec in enumerate(specs, first)
        ]
    )
    tournament.next_entry = first + len(specs)
    standings_store(tournament)
    _touch(tournament, "next_entry", "standings")
    return added


@transaction.atomic
def entry_update(
    *,
    tournament_id: Any,
    number: int,
    active: Any = None,
    name: Any = None,
    players: Any = None,
    seed: Any = None,
) -> Entry:
    """Drop an entry out (``active`` false: never drawn again, its results stay) or bring it
    back; rename it; change its players or (before the start) its seed."""
    tournament = _locked(tournament_id)
    entry = tournament.entries.get(number=number)
    variant = validation._variant(tournament.variant)
    if active is not None and not isinstance(active, bool):
        raise RuleViolation("active", _("Must be true or false."))
    others = list(tournament.entries.exclude(pk=entry.pk).values_list("name", "seed"))
    new = validation.entry_input(
        {
            "name": entry.name if name is None else name,
            "players": entry.players if players is None else players,
            "seed": entry.seed if seed is None else seed,
        },
        variant,
    )
    validation.check_unique([new], others, "")
    if new.seed != entry.seed and tournament.status != Status.REGISTRATION:
        raise MatchConflict(_("Seeds are fixed once the tournament has started."))
    entry.name, entry.players, entry.seed = new.name, list(new.players), new.seed
    if active is not None:
        entry.active = active
    entry.save(update_fields=["name", "players", "seed", "active"])
    standings_store(tournament)
    _touch(tournament, "standings")
    return entry


@transaction.atomic
def entry_remove(*, tournament_id: Any, number: int) -> None:
    tournament = _locked(tournament_id)
    entry = tournament.entries.get(number=number)
    if tournament.status != Status.REGISTRATION:
        raise MatchConflict(_("Entries can be removed only before the start; drop it out instead."))
    entry.delete()
    standings_store(tournament)
    _touch(tournament, "standings")


@transaction.atomic
def tournament_start(*, tournament_id: Any) -> Tournament:
    tournament = _locked(tournament_id)
    if tournament.status != Status.REGISTRATION:
        raise MatchConflict(_("The tournament has already started."))
    stages = list(tournament.stages.all())
    _check_playable(stages, _checked_in_only(tournament))
    tournament.status = Status.RUNNING
    tournament.stage = 1
    _draw_next(tournament, force=True)
    return tournament


def _checked_in_only(tournament: Tournament) -> int:
    """Once the director has checked anyone in, the start drops out the active entries that
    are not checked in (nobody checked in: everyone plays). The number of entries that play;
    a refused start rolls the drop-outs back with the rest of the transaction."""
    active = tournament.entries.filter(active=True)
    if active.filter(checked_in=True).exists():
        active.filter(checked_in=False).update(active=False)
    return active.count()


def _check_playable(stages: Sequence[Stage], active: int) -> None:
    if active < 2:
        raise RuleViolation("entries", _("A tournament needs at least 2 active entries."))
    count = active
    for index, stage in enumerate(stages):
        fmt = find_format(stage.format)
        assert fmt is not None
        if stage.advance is not None:
            if stage.advance > count:
                raise RuleViolation(
                    f"stages.{index}.advance",
                    _("Only {count} entries play the first stage: advance cannot be larger."),
                    count=count,
                )
            count = stage.advance
        fmt.check(stage.settings, count, f"stages.{index}")


def _plan(
    tournament: Tournament,
    stages: Sequence[Stage],
    entries: Sequence[Entry],
    results: dict[int, list[Any]],
) -> tuple[Stage, int, Draw] | None:
    """What comes next: the stage, the round's index in it and its draw, or None when the
    tournament is over. Moving to the second stage stores the first's final standings and
    who advanced (a pure function of the results, so storing it twice is harmless)."""
    stage = next(s for s in stages if s.number == (tournament.stage or 1))
    index = Round.objects.filter(stage=stage).count() + 1
    draw = ranking.next_draw(tournament, stage, entries, results.get(stage.number, []), index)
    if draw is not None:
        return stage, index, draw
    if stage.number == 1 and len(stages) == 2:
        second = stages[1]
        rows = ranking.stage_standings(tournament, stage, entries, results.get(1, []))
        stage.standings = ranking.first_stage_order(tournament, rows)
        stage.save(update_fields=["standings"])
        order = bracket_standings.advancing(rows, second.advance, list(tournament.tiebreaks))
        second.entries = [[number, rank] for rank, number in enumerate(order, 1)]
        second.save(update_fields=["entries"])
        draw = ranking.next_draw(tournament, second, entries, [], 1)
        if draw is not None:
            return second, 1, draw
    return None


def _draw_next(tournament: Tournament, *, force: bool) -> Round | None:
    """Draw the next round (``force``: even with auto_advance off), or finish the
    tournament when nothing is left to play. The caller holds the tournament's lock."""
    stages = list(tournament.stages.all())
    entries = list(tournament.entries.all())
    results = results_by_stage(tournament)
    plan = _plan(tournament, stages, entries, results)
    if plan is None:
        _finish(tournament, stages, entries, results)
        return None
    if not (force or tournament.auto_advance):
        return None
    stage, index, draw = plan
    round_, rows = _store_draw(tournament, stage, index, draw, entries)
    tournament.stage, tournament.round = stage.number, round_.number
    # The round's byes are its only results yet: added here rather than read back.
    results.setdefault(stage.number, []).extend(
        ranking.result_of(row, round_.number, stage.number)
        for row in rows
        if row.status == Pairing.Status.FINISHED
    )
    standings_store(tournament, stages=stages, entries=entries, results=results)
    _touch(tournament, "status", "stage", "round", "standings")
    round_settled(round_)
    return round_


def _finish(
    tournament: Tournament,
    stages: Sequence[Stage],
    entries: Sequence[Entry],
    results: dict[int, list[Any]],
) -> None:
    rows = standings_store(tournament, stages=stages, entries=entries, results=results)
    tournament.status = Status.FINISHED
    tournament.champion = ranking.champion(tournament, stages, entries, results, rows)
    _touch(tournament, "status", "champion", "standings")


def _store_draw(
    tournament: Tournament, stage: Stage, index: int, draw: Draw, entries: Sequence[Entry]
) -> tuple[Round, list[Pairing]]:
    """The round, its matches and its pairings stored; the round and the pairing rows."""
    now = timezone.now()
    starts = now + timedelta(minutes=tournament.break_minutes)
    ends = (
        starts + timedelta(minutes=tournament.round_minutes) if tournament.round_minutes else None
    )
    number = (tournament.round or 0) + 1
    round_ = Round(
        tournament=tournament,
        stage=stage,
        number=number,
        index=index,
        name={"kind": draw.name.kind, "number": draw.name.number, "size": draw.name.size},
        seed=ranking.round_seed(stage, index),
        starts_at=starts,
        ends_at=ends,
    )
    try:
        with transaction.atomic():
            round_.save(force_insert=True)
    except IntegrityError as error:
        raise MatchConflict(_("Round {number} has already been drawn."), number=number) from error
    matches = _create_matches(tournament, stage, round_, draw, entries)
    rows = [_pairing_row(tournament, round_, pairing, matches) for pairing in draw.pairings]
    fastpath.insert_many(rows)
    tables = sorted({p.table for p in draw.pairings if p.table is not None})
    TableKey.objects.bulk_create(
        [TableKey(tournament=tournament, table=table) for table in tables], ignore_conflicts=True
    )
    return round_, rows


def _create_matches(
    tournament: Tournament, stage: Stage, round_: Round, draw: Draw, entries: Sequence[Entry]
) -> dict[int, Match]:
    from scorekeeper.rules import MatchLimits
    from scorekeeper.services import MatchSpec, matches_create

    fmt = find_format(stage.format)
    assert fmt is not None
    limits = MatchLimits(
        hands_per_match=tournament.hands_per_match,
        at_time=tournament.at_time,
        draws=fmt.draws_allowed,
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
    player each, at seats 0 and 1)."""
    first, second = players[pair[0]], players[pair[1]]
    return [name for seat in zip(first, second, strict=True) for name in seat]


def _pairing_row(
    tournament: Tournament, round_: Round, pairing: Any, matches: dict[int, Match]
) -> Pairing:
    # Ids rather than instances: the relation descriptors cost seconds over 8,192 rows.
    row = Pairing(
        tournament_id=tournament.pk,
        round_id=round_.pk,
        slot=pairing.slot,
        table=pairing.table,
        entries=list(pairing.entries),
        bracket=pairing.bracket,
        group=pairing.group,
    )
    if pairing.bye:
        row.table = None
        row.status, row.result, row.winner = Pairing.Status.FINISHED, "win", pairing.entries[0]
        row.points, row.games_won = [tournament.bye_points], [0]
        row.source = Pairing.Source.BYE
    else:
        match = matches[pairing.slot]
        row.match_id, row.match_view = match.pk, match.view_id
    return row


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
        tournament = _locked(Round.objects.values_list("tournament_id", flat=True).get(pk=round_id))
        _touch(tournament)
    return touched == 1


@transaction.atomic
def round_advance(*, round_id: Any) -> Round | None:
    """Complete the round, then draw the next one (or the next stage's first round, or
    finish the tournament). Safe to run twice or side by side: returns the round drawn, or
    None when there was nothing (more) to do."""
    round_ = Round.objects.get(pk=round_id)
    tournament = _locked(round_.tournament_id)
    round_complete(round_id=round_id)
    round_.refresh_from_db(fields=["status"])
    if (
        round_.status != Round.Status.COMPLETE
        or tournament.status != Status.RUNNING
        or tournament.round != round_.number
    ):
        return None
    return _draw_next(tournament, force=False)


@transaction.atomic
def round_draw(*, tournament_id: Any) -> Round:
    """The director draws the next round (``rounds/next/``)."""
    tournament = _locked(tournament_id)
    if tournament.status != Status.RUNNING:
        raise MatchConflict(
            _("The tournament has not started yet.")
            if tournament.status == Status.REGISTRATION
            else _("The tournament is finished.")
        )
    latest = tournament.rounds.get(number=tournament.round)
    if latest.status == Round.Status.PLAYING and not round_complete(round_id=latest.pk):
        raise MatchConflict(_("Round {number} is still being played."), number=latest.number)
    round_ = _draw_next(tournament, force=True)
    if round_ is None:
        raise MatchConflict(_("The tournament is finished."))
    return round_


def _results_changed(tournament: Tournament, round_: Round) -> None:
    if tournament.status == Status.FINISHED:
        stages = list(tournament.stages.all())
        entries = list(tournament.entries.all())
        results = results_by_stage(tournament)
        rows = standings_store(tournament, stages=stages, entries=entries, results=results)
        tournament.champion = ranking.champion(tournament, stages, entries, results, rows)
    else:
        standings_store(tournament)
    _touch(tournament, "standings", "champion")
    round_settled(round_)


CLOCK_ACTIONS = ("call_time", "extend")


@transaction.atomic
def round_clock(
    *, tournament_id: Any, round_number: int, action: Any, minutes: Any = None, slot: Any = None
) -> Round:
    """Call time now, or give more time: to the whole round or to one table (``slot``)."""
    if action not in CLOCK_ACTIONS:
        raise RuleViolation(
            "action", _("Must be one of: {choices}."), choices=", ".join(CLOCK_ACTIONS)
        )
    if action == "extend" and (not is_int(minutes) or not 1 <= minutes <= 600):
        raise RuleViolation(
            "minutes", _("Must be a whole number from {min} to {max}."), min=1, max=600
        )
    if slot is not None and not is_int(slot):
        raise RuleViolation(
            "slot", _("Must be a whole number from {min} to {max}."), min=1, max=10**6
        )
    round_ = Round.objects.get(tournament_id=tournament_id, number=round_number)
    pairing = round_.pairings.get(slot=slot) if slot is not None else None
    if round_.status != Round.Status.PLAYING:
        raise MatchConflict(_("Round {number} is complete."), number=round_.number)
    now = timezone.now()
    if action == "call_time":
        _call_matches(round_, pairing, now)  # the matches' locks first, as the hook takes them
    tournament = _locked(tournament_id)
    round_.refresh_from_db()
    if action == "call_time":
        _mark_called(round_, pairing, now)
    else:
        _extend(round_, pairing, minutes, now)
    _touch(tournament)
    return round_


def _due(round_: Round, now: datetime | None = None) -> Any:
    """The round's tables still playing and not yet called (those given more time than
    ``now`` left out, when it is given)."""
    due = round_.pairings.filter(
        status=Pairing.Status.IN_PROGRESS, time_called=False, match__isnull=False
    )
    return due.exclude(ends_at__gt=now) if now is not None else due


def _call_matches(round_: Round, pairing: Pairing | None, now: datetime) -> None:
    if pairing is not None:
        if pairing.match_id is not None:
            match_services.match_call_time(match_id=pairing.match_id)
        return
    match_services.matches_call_time(
        match_ids=list(_due(round_).values_list("match_id", flat=True))
    )


def _mark_called(round_: Round, pairing: Pairing | None, now: datetime) -> None:
    if pairing is not None:
        Pairing.objects.filter(pk=pairing.pk).update(time_called=True, ends_at=now)
        return
    _due(round_).update(time_called=True)
    round_.time_called = True
    if round_.ends_at is None or round_.ends_at > now:
        round_.ends_at = now
    round_.save(update_fields=["time_called", "ends_at"])


def _extend(round_: Round, pairing: Pairing | None, minutes: int, now: datetime) -> None:
    more = timedelta(minutes=minutes)
    if pairing is not None:
        pairing.refresh_from_db()
        if pairing.time_called or pairing.status == Pairing.Status.FINISHED:
            raise MatchConflict(_("Time has already been called."))
        pairing.ends_at = max(pairing.ends_at or round_.ends_at or now, now) + more
        pairing.save(update_fields=["ends_at"])
        return
    if round_.time_called:
        raise MatchConflict(_("Time has already been called."))
    round_.ends_at = max(round_.ends_at or now, now) + more
    round_.save(update_fields=["ends_at"])


def clock_tick(*, now: datetime | None = None) -> int:
    """The beat's task: call time where the clock says so and redo whatever is overdue.
    Each round is handled in its own transaction. Answers how many things it did."""
    from ..tasks import round_advance as advance_task

    now = now or timezone.now()
    done = 0
    for round_id in Round.objects.filter(
        status=Round.Status.PLAYING, time_called=False, ends_at__lte=now
    ).values_list("pk", flat=True):
        done += _tick_round(round_id, now)
    for pairing_id in Pairing.objects.filter(
        status=Pairing.Status.IN_PROGRESS, time_called=False, ends_at__lte=now
    ).values_list("pk", flat=True):
        done += _tick_table(pairing_id)
    for round_id in _overdue_rounds():
        advance_task.delay(round_id)
        done += 1
    return done


@transaction.atomic
def _tick_round(round_id: Any, now: datetime) -> int:
    """Locks in the hook's order: the matches, then the tournament, then the round (a
    conditional UPDATE: a second tick does nothing)."""
    round_ = Round.objects.get(pk=round_id)
    if round_.time_called or round_.status != Round.Status.PLAYING:
        return 0
    due = _due(round_, now)
    match_services.matches_call_time(match_ids=list(due.values_list("match_id", flat=True)))
    tournament = _locked(round_.tournament_id)
    if not Round.objects.filter(pk=round_id, time_called=False).update(time_called=True):
        return 0
    due.update(time_called=True)
    _touch(tournament)
    return 1


@transaction.atomic
def _tick_table(pairing_id: Any) -> int:
    pairing = Pairing.objects.get(pk=pairing_id)
    if pairing.time_called or pairing.match_id is None:
        return 0
    match_services.match_call_time(match_id=pairing.match_id)
    return Pairing.objects.filter(pk=pairing_id, time_called=False).update(time_called=True)


def _overdue_rounds() -> list[Any]:
    """Rounds whose every result is in but still playing, and the latest complete round of
    a running tournament with auto_advance whose next round was never drawn."""
    stuck = list(
        Round.objects.filter(status=Round.Status.PLAYING)
        .exclude(pairings__status__in=OPEN)
        .values_list("pk", flat=True)
    )
    waiting = Round.objects.filter(
        status=Round.Status.COMPLETE,
        tournament__status=Status.RUNNING,
        tournament__auto_advance=True,
        number=F("tournament__round"),
    )
    return stuck + list(waiting.values_list("pk", flat=True))


@transaction.atomic
def standings_rebuild(*, tournament_id: Any) -> list[dict[str, Any]]:
    """Rebuild the stored standings from the results (they are a cache)."""
    tournament = _locked(tournament_id)
    rows = standings_store(tournament)
    _touch(tournament, "standings")
    return rows


__all__ = [
    "ELIMINATION",
    "clock_tick",
    "entries_add",
    "entry_add",
    "entry_remove",
    "entry_update",
    "match_event",
    "pairing_result_set",
    "round_advance",
    "round_clock",
    "round_complete",
    "round_draw",
    "standings_rebuild",
    "tournament_create",
    "tournament_start",
]

# The director's result lives beside the other changes during the event; re-exported here.
from .director import pairing_result_remove, pairing_result_set  # noqa: E402

__all__ += ["pairing_result_remove"]
