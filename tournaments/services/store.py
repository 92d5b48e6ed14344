"""The store steps the writes share: a drawn round (its row, its tables' matches, its
pairings, their win chances and table keys), the pairings of a round drawn again in part,
the matches a change cancels, the planner's decision, and what follows a result.

A round is drawn once (unique ``(tournament, number)``: a second draw of it is a
``MatchConflict``) and completed once (a conditional ``UPDATE … WHERE status =
'playing'``). The caller holds the tournament's lock.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Model, Q
from django.utils import timezone

from scorekeeper import bulk, prepared
from scorekeeper import services as match_services
from scorekeeper.models import Match
from scorekeeper.rules import MatchConflict, MatchLimits
from scorekeeper.rules.errors import _
from scorekeeper.services import MatchSpec

from .. import convert
from ..brackets import Pairing as Seat
from ..brackets import get_format
from ..brackets.planner import Decision, NextRound
from ..models import (
    CancelledMatch,
    Entry,
    Pairing,
    ResultChange,
    Round,
    Stage,
    TableKey,
    Tournament,
)
from ..selectors.snapshot import EntrySeat, Loaded
from . import enqueue, ratings
from .guards import OPEN, stage_games
from .locks import BUMPING, bump_params, bumped, touch, tournament_read
from .standings import Pending, standings_behind, standings_keep, standings_pending

Status = Tournament.Status


def decision_store(tournament: Tournament, loaded: Loaded, decision: Decision) -> Round | None:
    """Store what the planner decided from ``loaded``: the stage change, the round drawn
    (not when held), the standings and the end, with one ``touch``; a round of byes only
    is queued for its advance at once. The round drawn, if any."""
    return decision_stored(tournament, loaded, decision)[0]


def decision_stored(
    tournament: Tournament, loaded: Loaded, decision: Decision, *, standings_after: bool = False
) -> tuple[Round | None, Pending | None]:
    """``decision_store``; with ``standings_after``, where a round is drawn (the
    tournament not finished), its standings are left to the caller to store after the
    commit (``standings_put``: the round is seen without waiting for 10,000 rows of JSON
    to be written), the state marked behind meanwhile (``standings_behind``)."""
    if decision.change is not None:
        first, second = loaded.stages[0], loaded.stages[1]
        first.standings = [convert.row_data(row) for row in decision.change.first_order]
        first.save(update_fields=["standings"])
        second.entries = [[e.number, e.seed] for e in decision.change.entries]
        second.save(update_fields=["entries"])
        tournament.stage = decision.stage
    drawn = decision.round if not decision.held else None
    round_ = None
    if drawn is not None:
        round_ = round_store(tournament, loaded.stage(drawn.stage), drawn, loaded.entries)
        tournament.stage, tournament.round = drawn.stage, round_.number
    later = standings_after and round_ is not None and not decision.finished
    if later:
        standings_behind(tournament)
    else:
        standings_keep(tournament, decision.standings, loaded)
    if decision.finished:
        tournament.status, tournament.champion = Status.FINISHED, decision.champion
    kept = "standings_rest" if later else "standings"
    touch(tournament, "status", "stage", "round", "champion", kept)
    if round_ is not None and drawn is not None and all(p.bye for p in drawn.draw.pairings):
        advance_queue(round_.pk)  # a round of byes only
    pending = standings_pending(tournament, decision.standings, loaded) if later else None
    return round_, pending


# An advance queued this long ago and not done (its worker killed, its message lost) may
# be queued again by the clock; before that, the clock leaves the round to it.
ADVANCE_PENDING = timedelta(seconds=30)


def advance_queue(
    round_id: Any, *, unless_pending: bool = False, now: datetime | None = None
) -> bool:
    """Queue the round's advance (after the commit) and mark it queued on the round (one
    conditional ``UPDATE``); ``unless_pending`` (the clock): not while another is queued or
    running and younger than ``ADVANCE_PENDING``. True when queued."""
    now = now or timezone.now()
    rounds = Round.objects.filter(pk=round_id)
    if unless_pending:
        rounds = rounds.filter(
            Q(advance_queued=None) | Q(advance_queued__lte=now - ADVANCE_PENDING)
        )
    if not rounds.update(advance_queued=now):
        return False
    # Not sent (the broker unreachable): unmarked, for the next tick to queue it at once.
    enqueue.round_advance(round_id=round_id, unsent=lambda: advance_done(round_id, now))
    return True


def advance_done(round_id: Any, started: datetime) -> None:
    """The advance started at ``started`` is over: the marks of advances queued before it
    are cleared (one queued since stays marked: it still runs)."""
    Round.objects.filter(pk=round_id, advance_queued__lte=started).update(advance_queued=None)


def round_store(
    tournament: Tournament, stage: Stage, drawn: NextRound, entries: Sequence[Entry | EntrySeat]
) -> Round:
    """The round drawn, stored with its clock, its matches and its pairings."""
    starts = timezone.now() + timedelta(minutes=tournament.break_minutes)
    minutes = tournament.round_minutes
    round_ = Round(
        tournament=tournament,
        stage=stage,
        number=drawn.number,
        index=drawn.index,
        name=convert.round_name_data(drawn.draw.name),
        seed=drawn.seed,
        starts_at=starts,
        ends_at=starts + timedelta(minutes=minutes) if minutes else None,
    )
    try:
        with transaction.atomic():
            round_.save(force_insert=True)
    except IntegrityError as error:
        raise MatchConflict(
            _("Round {number} has already been drawn."), number=drawn.number
        ) from error
    pairings_store(tournament, stage, round_, drawn.draw.pairings, entries)
    return round_


def pairings_store(
    tournament: Tournament,
    stage: Stage,
    round_: Round,
    seats: Sequence[Seat],
    entries: Sequence[Entry | EntrySeat],
    *,
    rows: Sequence[Pairing] = (),
) -> None:
    """The one store step of drawn pairings: their matches created (the players seated),
    their rows (a bye finished at once) with the win chances the club's ratings give, and
    their tables' keys. ``rows``: the round's rows of the same slots, re-seated in place
    (a swap); else the rows are new."""
    matches = create_matches(tournament, stage, round_, seats, entries)
    fresh = bulk.built(
        Pairing,
        [
            convert.pairing_values(
                seat,
                tournament_id=tournament.pk,
                round_id=round_.pk,
                match=matches.get(seat.slot),
                bye_points=tournament.bye_points,
            )
            for seat in seats
        ],
    )
    ratings.win_chance_fill(tournament=tournament, pairings=fresh, entries=entries)
    if rows:
        _reseat(rows, {row.slot: row for row in fresh})
    else:
        bulk.insert_many(fresh)
    _table_keys(tournament, {seat.table for seat in seats if seat.table is not None})


def _table_keys(tournament: Tournament, tables: set[int]) -> None:
    """A key for each table that has none yet (a later round seats the same tables: their
    keys are read, not made and sent again)."""
    tables -= set(TableKey.objects.filter(tournament=tournament).values_list("table", flat=True))
    TableKey.objects.bulk_create(
        [TableKey(tournament=tournament, table=table) for table in sorted(tables)],
        ignore_conflicts=True,
    )


RESEATED = ("entries", "match_id", "match_view", "winner", "win_chance")


def _reseat(rows: Sequence[Pairing], fresh: dict[int, Pairing]) -> None:
    for row in rows:
        new = fresh[row.slot]
        for name in RESEATED:
            setattr(row, name, getattr(new, name))
        row.save(update_fields=[name.removesuffix("_id") for name in RESEATED])


def create_matches(
    tournament: Tournament,
    stage: Stage,
    round_: Round,
    seats: Sequence[Seat],
    entries: Sequence[Entry | EntrySeat],
) -> dict[int, Match]:
    """The matches of the seated pairings (byes have none), by slot."""
    limits = MatchLimits(
        hands_per_match=tournament.hands_per_match,
        at_time=tournament.at_time,
        draws=get_format(stage.format).draws_allowed,
    )
    players = {entry.number: entry.players for entry in entries}
    seated = [p for p in seats if not p.bye]
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
    matches = match_services.matches_create(specs=specs)
    return {p.slot: match for p, match in zip(seated, matches, strict=True)}


def _seats(players: dict[int, list[str]], pair: Sequence[int]) -> list[str]:
    """The entries' players around the table, one of each entry in turn: of two teams, the
    first's at seats 0 and 2 and the second's at 1 and 3 (belote_2p: one each, at 0 and 1);
    an individual event's single players (four or five) stay in their seat order."""
    size = len(players[pair[0]])
    if any(len(players[number]) != size for number in pair):
        raise ValueError(f"entries {list(pair)} have different numbers of players: one table")
    return [players[pair[seat % len(pair)]][seat // len(pair)] for seat in range(size * len(pair))]


def cancel(tournament: Tournament, round_number: int, rows: Sequence[Pairing]) -> None:
    """The rows' matches cancelled (their rows already gone or re-seated): closed so that
    they take no more hands, and remembered so that their pages point to the new table."""
    seated = [(row.match_id, row) for row in rows if row.match_id is not None]
    CancelledMatch.objects.bulk_create(
        [
            CancelledMatch(
                match_id=match_id,
                tournament=tournament,
                round_number=round_number,
                entries=list(row.entries),
            )
            for match_id, row in seated
        ],
        ignore_conflicts=True,
    )
    open_ids = Match.objects.filter(
        pk__in=[match_id for match_id, _row in seated], status=Match.Status.IN_PROGRESS
    ).values_list("pk", flat=True)
    for match_id in open_ids:
        match_services.match_close(match_id=match_id)


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
        touch(tournament_read(tournament_id))  # the caller holds the tournament's lock
    return touched == 1


def problem_clear(tournament: Tournament) -> list[str]:
    """The director changed something: the automatic advance may try again. The fields to
    save with the caller's ``touch``."""
    if not tournament.problem and tournament.problem_since is None:
        return []
    tournament.problem, tournament.problem_since = "", None
    return ["problem", "problem_since"]


# Rows a result saves with the rest (their fields), in this order: its match, its pairing.
Saved = Sequence[tuple[Model, Sequence[str]]]


def result_recorded(
    tournament: Tournament, pairing: Pairing, saved: Saved = (), change: ResultChange | None = None
) -> None:
    """After a result changed (the caller holds its pairing, its round and its match, not
    the tournament's row): the rows ``saved`` and its audit ``change`` kept, if given;
    a playing round whose every pairing is finished is queued for its advance
    (which stores the standings); a complete round with a pairing reopened plays again;
    otherwise one refresh of the standings is asked for. The version is bumped last: the
    tournament's state row is held only until the commit. On PostgreSQL the rows, the
    audit, the round's open pairings and the version are one statement (``RECORDED``)."""
    ready = result_ready(tournament, pairing)
    if connection.vendor == "postgresql":
        open_pairings, queued = _recorded(tournament, pairing, saved, change, ready)
    else:
        for row, fields in saved:
            row.save(update_fields=fields)
        if change is not None:
            change.save(force_insert=True)
        round_id = pairing.round_id
        open_pairings = Pairing.objects.filter(round_id=round_id, status__in=OPEN).exists()
        queued = touch(tournament, refresh=not ready or open_pairings)
    result_followed(tournament, pairing, open_pairings, queued)


def result_ready(tournament: Tournament, pairing: Pairing) -> bool:
    """Whether the result's round advances unless a pairing is open (the refresh of the
    standings is left to the advance then)."""
    round_ = pairing.round
    return (
        round_.status == Round.Status.PLAYING
        and tournament.status == Status.RUNNING
        and tournament.round == round_.number
    )


def result_followed(
    tournament: Tournament, pairing: Pairing, open_pairings: bool, queued: bool
) -> None:
    """What follows a result stored (``result_recorded``'s end): the problem cleared, the
    round's advance queued (or the round played again), the refresh the version's bump
    marked queued sent, the club's ratings told."""
    round_ = pairing.round
    if tournament.problem or tournament.problem_since is not None:
        _problem_clear_after(tournament.pk)
    # The round's row is the caller's (locked): written after the version, no wait.
    if round_.status == Round.Status.PLAYING and not open_pairings:
        advance_queue(round_.pk)
    elif round_.status == Round.Status.COMPLETE and open_pairings:
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.PLAYING)
    if queued:
        enqueue.standings_refresh(tournament_id=tournament.pk)
    ratings.result_changed(tournament=tournament, round_=round_)


# Whether another pairing of the round is open: one index lookup on (round, status),
# consistent (every result of the round holds the round's row, so the last one sees all
# the others; the fast path's stores nothing when one committed since its read:
# ``fastpath``), never a scan of the round. The pairing itself is left out: the statement
# sees it as it was, its new status is known.
OTHERS_OPEN = f"""
others AS (SELECT EXISTS (
    SELECT 1 FROM {Pairing._meta.db_table}
    WHERE round_id = %s AND status IN ({", ".join(["%s"] * len(OPEN))}) AND id <> %s
) AS open)"""
# A result on PostgreSQL: its ``WITH`` parts (the rows saved, the audit, ``OTHERS_OPEN``),
# then the version's bump asking for a refresh unless the round advances.
RECORDED = BUMPING.format(
    refresh="%s OR (SELECT open FROM others)", also=", (SELECT open FROM others)", unchanged=""
)


def _recorded(
    tournament: Tournament,
    pairing: Pairing,
    saved: Saved,
    change: ResultChange | None,
    ready: bool,
) -> tuple[bool, bool]:
    """``result_recorded``'s one statement (prepared: its text is one of a few): whether a
    pairing of the round is open, and whether the statement queued a refresh of the
    standings."""
    parts = [updating(n, row, tuple(fields)) for n, (row, fields) in enumerate(saved)]
    if change is not None:
        parts.append(inserting(change))
    parts.append(others_open(pairing))
    now, key = bump_params(tournament)
    sql = "WITH " + ",".join(part for part, _params in parts) + RECORDED
    params = [value for _part, values in parts for value in values]
    row = prepared.first_row(sql, [*params, now, not ready or pairing.status in OPEN, now, key])
    return recorded_row(tournament, pairing, row)


def others_open(pairing: Pairing) -> tuple[str, list[Any]]:
    """``OTHERS_OPEN`` for the pairing's round, as a ``WITH`` part."""
    return OTHERS_OPEN, [pairing.round_id, *OPEN, pairing.pk]


def recorded_row(tournament: Tournament, pairing: Pairing, row: Sequence[Any]) -> tuple[bool, bool]:
    """What a result's statement returned (``RECORDED``'s row): whether a pairing of the
    round is open (the pairing itself, or another), and whether it queued a refresh."""
    return pairing.status in OPEN or bool(row[4]), bumped(tournament, row)


def updating(
    number: int, row: Model, fields: tuple[str, ...], gate: str = ""
) -> tuple[str, list[Any]]:
    """The row's ``fields`` saved, as a ``WITH`` part (the ``UPDATE`` its ``save`` sends);
    ``gate``: a further condition of its ``WHERE``."""
    sql, saved = _update_sql(type(row), fields)
    db = bulk.database()
    values = [f.get_db_prep_save(f.pre_save(row, False), db) for f in saved]
    return f"\nsaved{number} AS ({sql}{gate})", [*values, row.pk]


@cache
def _update_sql(model: type[Model], fields: tuple[str, ...]) -> tuple[str, list[Any]]:
    quote, opts = connection.ops.quote_name, model._meta
    named = {f.name: f for f in opts.concrete_fields}
    saved = [named[name] for name in fields]
    columns = ", ".join(f"{quote(str(f.column))} = %s" for f in saved)
    where = f"{quote(str(opts.pk.column))} = %s"
    return f"UPDATE {quote(opts.db_table)} SET {columns} WHERE {where}", saved


def inserting(change: ResultChange, gate: str = "") -> tuple[str, list[Any]]:
    """The audit row kept, as a ``WITH`` part (the ``INSERT`` its ``save`` sends);
    ``gate``: a condition (``WHERE …``) without which nothing is inserted."""
    db = bulk.database()
    values = [f.get_db_prep_save(f.pre_save(change, True), db) for f in INSERTED]
    return f"\nchange AS ({_insert_sql(gate)})", values


INSERTED = [f for f in ResultChange._meta.local_concrete_fields if not f.primary_key]


@cache
def _insert_sql(gate: str) -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(quote(str(f.column)) for f in INSERTED)
    places = ", ".join(["%s"] * len(INSERTED))
    rows = f"SELECT {places} {gate}" if gate else f"VALUES ({places})"
    return f"INSERT INTO {quote(ResultChange._meta.db_table)} ({columns}) {rows}"


def finished_stamp(pairing: Pairing) -> list[str]:
    """When the pairing's result came in (``finished_at``: the order a club's ratings
    follow, and the age of a job that has not followed it): stamped when it is finished,
    taken off when it is played again. The field to save with the pairing's own save."""
    if pairing.status == Pairing.Status.FINISHED and pairing.finished_at is None:
        pairing.finished_at = timezone.now()
    elif pairing.status == Pairing.Status.IN_PROGRESS and pairing.finished_at is not None:
        pairing.finished_at = None
    else:
        return []
    return ["finished_at"]


def _problem_clear_after(tournament_id: Any) -> None:
    """A result changed something: the automatic advance may try again. Cleared after the
    commit (a result never waits for the tournament's row), before the advance it queued."""
    transaction.on_commit(
        lambda: Tournament.objects.filter(pk=tournament_id).update(problem="", problem_since=None)
    )
