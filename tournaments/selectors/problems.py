"""Why a tournament cannot go on by itself, for its director (the API's ``problem``, the top
of the desk), in the request's language, with what to do about it.

Two kinds. The advance failed on the tournament's own data (``Tournament.problem``, marked
by the advance; left alone by the clock until the director changes something). Or a job
that should have followed a result has not come: a *stuck job*, the worker or the broker
unreachable. Read from the rows at every look, since a tick that cannot run cannot mark
anything: the round in play has every result in and its next round (or its completion)
has not followed; the stored standings are behind the results; the club's ratings leave
results of this tournament unrated, or do not follow a change of them yet (a correction, a
removal: ``RatingsDue``). Each only once it has waited longer than
``TOURNAMENT_STUCK_SECONDS`` (a worker takes well under a second), with its age.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Min
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext

from ..brackets.shapes import SHAPES
from ..models import Club, Pairing, RatedPairing, RatingsDue, Tournament
from .rounds import RoundView, iso

BYES = [name for name, shape in SHAPES.items() if shape.bye]


@dataclass(frozen=True)
class Problem:
    """Why the tournament cannot go on by itself, in the request's language, and what the
    director does about it; ``kind``: ``advance_failed``, ``next_round``, ``standings`` or
    ``ratings``."""

    message: str
    what_to_do: str
    since: datetime | None
    kind: str = "advance_failed"

    def data(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "message": self.message,
            "what_to_do": self.what_to_do,
            "since": iso(self.since),
        }

    @property
    def drawable(self) -> bool:
        """Whether the director's "Draw the next round" is what puts it right."""
        return self.kind in ("advance_failed", "next_round")


def stuck_after() -> timedelta:
    """How long a job may be late before the director is told (a setting)."""
    return timedelta(seconds=settings.TOURNAMENT_STUCK_SECONDS)


def problem_of(
    tournament: Tournament, current: RoundView | None = None, now: datetime | None = None
) -> Problem | None:
    """The tournament's problem in words; None when all is well. ``current``: the round in
    play, read already (the stuck jobs are looked for only with it)."""
    if tournament.problem:
        return Problem(
            message=gettext("The next round could not be drawn: {reason}").format(
                reason=tournament.problem
            ),
            what_to_do=gettext(
                "Correct or drop out the entry it names, or correct the result, then draw the "
                "next round yourself. Nothing is retried until you change something."
            ),
            since=tournament.problem_since,
        )
    now = now or timezone.now()
    late = now - stuck_after()
    for found in (
        _next_round(tournament, current, late),
        _standings(tournament, late),
        _ratings(tournament, late),
    ):
        if found is not None:
            kind, since = found
            return _stuck(kind, since, now)
    return None


def _stuck(kind: str, since: datetime, now: datetime) -> Problem:
    age = timesince(since, now, depth=1)
    unreachable = gettext("The worker or the broker is unreachable")
    message = {
        "next_round": gettext("{cause}: the next round has been waiting for {age}."),
        "standings": gettext("{cause}: the standings have been behind the results for {age}."),
        "ratings": gettext("{cause}: the club's ratings have been behind the results for {age}."),
    }[kind].format(cause=unreachable, age=age)
    if kind == "next_round":
        what = gettext(
            "Press “Draw the next round”, or check the worker and the broker: once they "
            "are back, the clock does it by itself."
        )
    else:
        what = gettext(
            "Check the worker and the broker: once they are back, the clock catches up by itself."
        )
    return Problem(message=message, what_to_do=what, since=since, kind=kind)


def _next_round(
    tournament: Tournament, current: RoundView | None, late: datetime
) -> tuple[str, datetime] | None:
    """The round in play has every result in, and it is still not complete (its advance
    never ran), or complete with the next round never drawn by itself: since its last
    result (its draw, when no result is stamped)."""
    if current is None or tournament.status != Tournament.Status.RUNNING:
        return None
    if not current.results_in:
        return None
    if not current.playing and not tournament.auto_advance:
        return None  # complete, and the director draws the next one
    since = _last_result(current.pairings) or current.row.created_at
    return ("next_round", since) if since <= late else None


def _last_result(pairings: Iterable[Pairing]) -> datetime | None:
    stamps = [p.finished_at for p in pairings if p.finished_at is not None]
    return max(stamps) if stamps else None


def _standings(tournament: Tournament, late: datetime) -> tuple[str, datetime] | None:
    """The stored standings are behind the results: a refresh asked for and not come (since
    the last change it was asked for), or one resting past its rest with none asked."""
    if tournament.standings_version >= tournament.version:
        return None
    if tournament.standings_queued:
        since = tournament.state.changed_at  # when the version last moved
    elif tournament.standings_rest is not None:
        since = tournament.standings_rest
    else:
        return None
    return ("standings", since) if since <= late else None


def unrated_since(club_id: Any, tournaments: Iterable[Any] | None = None) -> datetime | None:
    """When the oldest result of the club (of these tournaments) that its ratings do not
    include yet came in: a finished pairing stamped after the last rated one; ``None`` when
    every result is rated. Two indexed reads."""
    rated_up_to = Club.objects.values_list("rated_up_to", flat=True).get(pk=club_id)
    pairings = Pairing.objects.filter(
        status=Pairing.Status.FINISHED, finished_at__isnull=False
    ).exclude(shape__in=BYES)
    if tournaments is None:
        pairings = pairings.filter(tournament__club_id=club_id)
    else:
        pairings = pairings.filter(tournament_id__in=list(tournaments))
    if rated_up_to:
        last = (
            RatedPairing.objects.filter(club_id=club_id, position=rated_up_to - 1)
            .values_list("finished_at", flat=True)
            .first()
        )
        if last is not None:
            pairings = pairings.filter(finished_at__gt=last)
    first: datetime | None = (
        pairings.order_by("finished_at").values_list("finished_at", flat=True).first()
    )
    return first


def ratings_behind(club_id: Any, tournament: Any = None) -> datetime | None:
    """Since when the club's ratings (as far as this tournament's results go, when it is
    given) have not followed the results: the oldest result left unrated, or change still
    due; ``None`` when they follow them."""
    due = RatingsDue.objects.filter(club_id=club_id)
    if tournament is not None:
        due = due.filter(tournament_id=tournament)
    changed = due.aggregate(first=Min("created_at"))["first"]
    unrated = unrated_since(club_id, None if tournament is None else [tournament])
    stamps = [stamp for stamp in (changed, unrated) if stamp is not None]
    return min(stamps) if stamps else None


def club_problem(club: Club, now: datetime | None = None) -> Problem | None:
    """The club's desk: its ratings have not followed its results for longer than
    ``TOURNAMENT_STUCK_SECONDS`` (an update lost); None when all is well."""
    now = now or timezone.now()
    since = ratings_behind(club.pk)
    return (
        _stuck("ratings", since, now)
        if since is not None and since <= now - stuck_after()
        else None
    )


def _ratings(tournament: Tournament, late: datetime) -> tuple[str, datetime] | None:
    if tournament.club_id is None or tournament.status == Tournament.Status.REGISTRATION:
        return None
    since = ratings_behind(tournament.club_id, tournament.pk)
    return ("ratings", since) if since is not None and since <= late else None
