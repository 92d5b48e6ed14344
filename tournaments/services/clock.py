"""The clock: the director calls time or gives more time (to a round or one table), and
beat's tick (every 10 s) calls time where the clock says so and redoes whatever is overdue
(lost with a killed worker or an unreachable broker): a round whose every result is in and
whose advance never came, standings behind their version, a club's results left unrated
or changed (a correction, a removal) with no update of its ratings after the change.

The tick handles each round and each tournament in its own transaction and catches what
fails there, so one bad tournament never delays the others; a tournament marked with a
``problem`` is left alone until the director changes something.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F, Min, Q, QuerySet
from django.utils import timezone

from scorekeeper import services as match_services
from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import is_int

from ..models import Pairing, RatingsDue, Round, Tournament, TournamentState
from ..selectors.problems import unrated_since
from . import enqueue
from .guards import OPEN
from .locks import touch, tournament_locked
from .standings import rested_standings
from .store import ADVANCE_PENDING, advance_queue

log = logging.getLogger(__name__)
CLOCK_ACTIONS = ("call_time", "extend")
TICK = timedelta(seconds=10)  # CELERY_BEAT_SCHEDULE's period


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
        _call_matches(round_, pairing)  # the matches' locks first, as the hook takes them
    tournament = tournament_locked(tournament_id)
    round_.refresh_from_db()
    if action == "call_time":
        _mark_called(round_, pairing, now)
    else:
        _extend(round_, pairing, minutes, now)
    touch(tournament)
    return round_


def _due(round_: Round, now: datetime | None = None) -> QuerySet[Pairing]:
    """The round's tables still playing and not yet called (those given more time than
    ``now`` left out, when it is given)."""
    due = round_.pairings.filter(
        status=Pairing.Status.IN_PROGRESS, time_called=False, match__isnull=False
    )
    return due.exclude(ends_at__gt=now) if now is not None else due


def _call_matches(round_: Round, pairing: Pairing | None) -> None:
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
    """Beat's task: call time where the clock says so and redo whatever is overdue, each
    round on its own. Answers how many things it did."""
    now = now or timezone.now()
    done = 0
    for round_id in Round.objects.filter(
        status=Round.Status.PLAYING, time_called=False, ends_at__lte=now
    ).values_list("pk", flat=True):
        done += _isolated(_tick_round, round_id, now)
    for pairing_id in Pairing.objects.filter(
        status=Pairing.Status.IN_PROGRESS, time_called=False, ends_at__lte=now
    ).values_list("pk", flat=True):
        done += _isolated(_tick_table, pairing_id)
    for round_id in _overdue_rounds(now):
        done += _isolated(_advance_again, round_id, now)
    for tournament_id in _stale_standings(now) + rested_standings(now):
        done += _isolated(_refresh_again, tournament_id)
    for club_id, since in _clubs_to_rate(now).items():
        done += _isolated(_rate_again, club_id, since)
    return done


def _isolated(step: Any, *args: Any) -> int:
    try:
        return int(step(*args))
    except Exception:
        log.exception("the clock's %s%r failed", step.__name__, args)
        return 0


def _advance_again(round_id: Any, now: datetime) -> int:
    """Queued again, unless an advance of the round is queued or running (not expired)."""
    return int(advance_queue(round_id, unless_pending=True, now=now))


def _refresh_again(tournament_id: Any) -> int:
    enqueue.standings_refresh(tournament_id=tournament_id)
    return 1


def _rate_again(club_id: Any, since: datetime) -> int:
    enqueue.rating_update(club_id=club_id, since=since)
    return 1


# A club's tournaments the clock looks at for results left unrated: those running or
# changed within this long (a broker down for longer is a matter for the operator, who
# re-rates the club: ``club_ratings_update`` without ``since``).
RATINGS_LOOKBACK = timedelta(days=7)


def _clubs_to_rate(now: datetime) -> dict[Any, datetime]:
    """Each club whose rating update was lost, with where its replay starts: the earliest
    of its results left unrated and of its changes still due a tick after they were stored
    (``RatingsDue``: one indexed read; a correction of results already rated shows only
    there). The update clears the changes it covers: a second tick finds nothing."""
    clubs = dict(_unrated_clubs(now))
    due = (
        RatingsDue.objects.filter(created_at__lte=now - TICK)
        .order_by()
        .values("club_id")
        .annotate(first=Min("since"))
        .values_list("club_id", "first")
    )
    for club_id, since in due:
        clubs[club_id] = min(since, clubs.get(club_id, since))
    return clubs


def _unrated_clubs(now: datetime) -> list[tuple[Any, datetime]]:
    """Clubs whose ratings leave out a result that came in a tick ago or more (its update
    lost with a killed worker or an unreachable broker), with the oldest such result's
    stamp: the update replays from there, in the order the results came in."""
    recent = Tournament.objects.filter(club__isnull=False).filter(
        Q(status=Tournament.Status.RUNNING) | Q(updated_at__gte=now - RATINGS_LOOKBACK)
    )
    by_club: dict[Any, list[Any]] = {}
    for tournament_id, club_id in recent.values_list("pk", "club_id"):
        by_club.setdefault(club_id, []).append(tournament_id)
    found = []
    for club_id, tournaments in by_club.items():
        since = unrated_since(club_id, tournaments)
        if since is not None and since <= now - TICK:
            found.append((club_id, since))
    return found


def _stale_standings(now: datetime) -> list[Any]:
    """Tournaments whose refresh was asked for a tick ago and has not come (its message
    lost with the broker)."""
    return list(
        TournamentState.objects.filter(standings_queued=True, changed_at__lte=now - TICK)
        .exclude(standings_version=F("version"))
        .values_list("pk", flat=True)
    )


@transaction.atomic
def _tick_round(round_id: Any, now: datetime) -> int:
    """Locks in the hook's order: the matches, then the tournament, then the round (a
    conditional UPDATE: a second tick does nothing)."""
    round_ = Round.objects.get(pk=round_id)
    if round_.time_called or round_.status != Round.Status.PLAYING:
        return 0
    due = _due(round_, now)
    match_services.matches_call_time(match_ids=list(due.values_list("match_id", flat=True)))
    tournament = tournament_locked(round_.tournament_id)
    if not Round.objects.filter(pk=round_id, time_called=False).update(time_called=True):
        return 0
    due.update(time_called=True)
    touch(tournament)
    return 1


@transaction.atomic
def _tick_table(pairing_id: Any) -> int:
    pairing = Pairing.objects.get(pk=pairing_id)
    if pairing.time_called or pairing.match_id is None:
        return 0
    match_services.match_call_time(match_id=pairing.match_id)
    return Pairing.objects.filter(pk=pairing_id, time_called=False).update(time_called=True)


def _overdue_rounds(now: datetime) -> list[Any]:
    """Rounds whose every result is in but still playing, and the latest complete round of
    a running tournament with auto_advance whose next round was never drawn; those of a
    tournament marked with a problem left out (the director acts first), and those whose
    advance is queued or running (``ADVANCE_PENDING``)."""
    pending = Q(advance_queued__gt=now - ADVANCE_PENDING)
    stuck = list(
        Round.objects.filter(status=Round.Status.PLAYING, tournament__problem="")
        .exclude(pending)
        .exclude(pairings__status__in=OPEN)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    waiting = Round.objects.filter(
        status=Round.Status.COMPLETE,
        tournament__status=Tournament.Status.RUNNING,
        tournament__auto_advance=True,
        tournament__problem="",
        number=F("tournament__round"),
    ).exclude(pending)
    return stuck + list(waiting.order_by("pk").values_list("pk", flat=True))
