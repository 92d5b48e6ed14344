"""The stored standings (``TournamentState.standings``): a copy kept by version.

A result never recomputes them: it asks for a refresh (``standings_refresh``, a task after
the commit, at most one queued per tournament), which computes them from one snapshot
outside the tournament's lock and stores them for the version it read; the results that
came in meanwhile are covered by one more refresh, for the latest version. A refresh that
took long (a large event) then rests a few times as long (``standings_rest``): the worker
spends at most a fixed share of its time on one event's standings, whatever its size, and
the results of a burst never wait behind them. Until the next refresh, reads show the
stored standings, of ``standings_version`` (older than ``version``). The advance, a stage
change and the end store them once, from the snapshot they decided on; the automatic
advance stores them right after the commit of the round it drew (``standings_put``), which
is seen sooner, the state marked behind meanwhile for the clock should they be lost.
Without a broker the refresh runs right after the commit and never rests, so the stored
standings are always current there.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .. import convert
from ..brackets import planner
from ..models import Tournament, TournamentState
from ..selectors.snapshot import Loaded, snapshot_load
from . import enqueue
from .collector import collector_paused
from .locks import touch, tournament_locked


def stored_rows(
    ranked: planner.Ranking, first_stage: Sequence[dict[str, Any]] | None
) -> list[dict[str, Any]]:
    """The planner's ranking as stored rows: the stage in play's, then its ``tail``, each
    with the row the first stage ended with (``first_stage``: ``Stage.standings``, kept
    when it ended) ranked after them, without its group. Copied, not rebuilt: a tail is as
    long as the event (10,000 rows)."""
    stored = [convert.row_data(row) for row in ranked.rows]
    if ranked.tail:
        kept = {row["entry"]: row for row in first_stage or ()}
        start = len(stored)
        stored += [
            {**{k: v for k, v in kept[number].items() if k != "group"}, "rank": start + i}
            for i, number in enumerate(ranked.tail, 1)
        ]
    return stored


def standings_keep(tournament: Tournament, ranked: planner.Ranking, loaded: Loaded) -> None:
    """The ranking kept on the tournament (saved with the caller's ``touch``)."""
    tournament.standings = stored_rows(ranked, _first_stage(loaded))


def _first_stage(loaded: Loaded) -> list[dict[str, Any]] | None:
    return loaded.stages[0].standings if loaded.stages else None


# A refresh that took at least RESTLESS seconds rests REST times as long before the next:
# the worker then spends at most 1 / (1 + REST) of its time on one event's standings.
RESTLESS = 0.05
REST = 3.0


@collector_paused
def standings_refresh(*, tournament_id: Any) -> bool:
    """The task: the standings for the tournament's current version, computed without its
    lock and stored by compare-and-set on the version: with a new version if no write came
    in meanwhile, else as the standings of the version read, and asked for again (at once,
    or after its rest when it took long). True when it stored anything."""
    TournamentState.objects.filter(pk=tournament_id, standings_queued=True).update(
        standings_queued=False
    )
    tournament = Tournament.objects.defer("state__standings").get(pk=tournament_id)
    read = tournament.version
    if tournament.standings_version == read:
        return False
    started = time.monotonic()
    loaded = snapshot_load(tournament)
    ranked = planner.ranking(loaded.snapshot)
    rows = stored_rows(ranked, _first_stage(loaded))
    finished = tournament.status == Tournament.Status.FINISHED
    champion = ranked.champion if finished else tournament.champion
    took = time.monotonic() - started
    rest = None
    if took >= RESTLESS and not enqueue.in_process():
        rest = timezone.now() + timedelta(seconds=took * REST)
    stored = _stored(tournament_id, read, rows, rest)
    # The champion (a finished tournament's, which no result changes any more) on the
    # tournament's row.
    if stored and champion != tournament.champion:
        Tournament.objects.filter(pk=tournament_id).update(champion=champion)
    return stored > 0


def _stored(tournament_id: Any, read: int, rows: list[dict[str, Any]], rest: Any) -> int:
    """``rows``, computed for the version ``read``, stored by compare-and-set: with a new
    version if no write came in meanwhile (answers 2), else as the standings of the
    version read (1; 0 when newer ones are stored) and asked for again unless they rest
    (``rest``). Single statements: the row is locked while the database writes, not while
    Python serialises 10,000 rows."""
    newer = TournamentState.objects.filter(pk=tournament_id, standings_version__lt=read)
    if newer.filter(version=read).update(
        standings=rows,
        standings_version=read + 1,
        standings_rest=rest,
        version=read + 1,
        changed_at=timezone.now(),
    ):
        return 2
    stored = newer.update(standings=rows, standings_version=read, standings_rest=rest)
    again = TournamentState.objects.filter(pk=tournament_id, standings_queued=False)
    if rest is None and again.update(standings_queued=True):
        enqueue.standings_refresh(tournament_id=tournament_id)
    return stored


@dataclass(frozen=True)
class Pending:
    """The standings an advance decided on, stored after the commit of its round
    (``standings_put``): the ranking, the first stage's kept rows it is stored with, and
    the version the advance stored the round with."""

    tournament_id: Any
    version: int
    ranked: planner.Ranking
    first_stage: list[dict[str, Any]] | None


def standings_behind(tournament: Tournament) -> None:
    """Instead of ``standings_keep``, where the standings are stored after the commit
    (``standings_put``): the state marked behind and due now (``standings_rest``, saved
    with the caller's ``touch``). Should the process die before they are stored, the
    clock's next tick refreshes them (``rested_standings``); a result meanwhile asks for
    its own refresh."""
    tournament.state.standings_rest = timezone.now()


def standings_pending(tournament: Tournament, ranked: planner.Ranking, loaded: Loaded) -> Pending:
    """The standings left to ``standings_put``, for the version the caller's ``touch``
    has just stored."""
    return Pending(tournament.pk, tournament.version, ranked, _first_stage(loaded))


def standings_put(pending: Pending) -> bool:
    """An advance's standings stored after its commit, outside any lock, by one statement
    (``_stored``): for the version it stored, or, a result since, as of that version (that
    result asked for a refresh); the rest cleared. Safe to run twice. True when stored
    with a new version."""
    rows = stored_rows(pending.ranked, pending.first_stage)
    return _stored(pending.tournament_id, pending.version, rows, None) == 2


@transaction.atomic
def rested_standings(now: Any) -> list[Any]:
    """The clock's part: tournaments whose standings are behind, with no refresh queued and
    the last one's rest over (no result came after it to ask): all marked queued here by
    one statement, once, for the caller to send. A tournament whose row a write holds is
    left to that write (it queues its own refresh) or to the next tick."""
    found = list(
        TournamentState.objects.select_for_update(skip_locked=True)
        .filter(standings_queued=False, standings_rest__lte=now)
        .exclude(standings_version=F("version"))
        .values_list("pk", flat=True)
    )
    if found:
        TournamentState.objects.filter(pk__in=found).update(standings_queued=True)
    return found


def standings_store(tournament: Tournament) -> None:
    """Compute the standings from a snapshot of the rows now (the caller holds the lock and
    saves them with ``touch``)."""
    loaded = snapshot_load(tournament)
    standings_keep(tournament, planner.ranking(loaded.snapshot), loaded)


@transaction.atomic
def standings_rebuild(*, tournament_id: Any) -> list[dict[str, Any]]:
    """Rebuild the stored standings from the results now (they are a copy)."""
    tournament = tournament_locked(tournament_id)
    standings_store(tournament)
    touch(tournament, "standings")
    return tournament.standings
