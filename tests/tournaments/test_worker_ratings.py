"""A re-rating killed with its worker, redone by beat's tick (issue 28 item 4), on a real
Celery worker and beat (``tests/worker.py``: marked ``worker``, skipped without a broker and
PostgreSQL).

A result already rated is corrected while the worker is frozen (SIGSTOP, between two of its
tasks); the test then
holds a SHARE lock on the rated pairings' table and lets the worker go: the rating update
replays the club, moves its ratings' version and clears the change due, then waits for the
lock to delete the rated pairings it replaces. There the worker is killed (SIGKILL): nothing
of that transaction survives, and the change is still due. Its message would stay
unacknowledged in Redis (``acks_late``) until the visibility timeout: the test empties the
broker, so that only the tick can redo it. The desks say the ratings are behind; once the
worker and beat are back, the tick redoes the update and the club's ratings are a replay's
from scratch.
"""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.utils import timezone

from tests.tournaments.clubnight import club_evening, club_ratings, decide, replayed_ratings
from tests.tournaments.test_worker import WAIT, kill_while_it_waits, worker_backends
from tests.worker import LiveWorker, clear_broker, wait_for
from tournaments.models import Club, RatedPairing, RatingsDue
from tournaments.selectors.problems import club_problem, problem_of
from tournaments.services import clubs, ratings

pytestmark = pytest.mark.django_db(transaction=True)


def _rated(club: Club, count: int) -> bool:
    return (
        RatedPairing.objects.filter(club=club).count() == count
        and not RatingsDue.objects.filter(club=club).exists()
    )


def _pause_between_tasks(worker: LiveWorker, monitor: Any) -> None:
    """Freeze the worker (SIGSTOP) with none of its transactions open: one frozen in the
    middle of a task (beat's tick, a refresh of the standings) would hold rows the
    correction waits for."""
    deadline = time.monotonic() + WAIT
    while True:
        worker.pause()
        if not worker_backends(monitor, "state <> 'idle'"):
            return
        worker.resume()
        if time.monotonic() > deadline:
            pytest.fail(f"the worker was never idle\n{worker.logs()}", pytrace=False)
        time.sleep(0.2)


@pytest.mark.worker
def test_a_re_rating_killed_with_its_worker_is_redone_by_the_tick(
    live_worker: LiveWorker,
) -> None:
    from scorekeeper.celery import app

    assert not app.conf.task_always_eager, "the tasks must go through the broker"
    club = clubs.club_create(name="Club", language="it")
    evening = club_evening(club)
    decide(evening, 1, 0)  # rated by the worker
    wait_for(lambda: _rated(club, 2), WAIT, "round 1 to be rated", live_worker.logs)
    assert club_ratings(club) == pytest.approx(replayed_ratings(club))

    kill_while_it_waits(
        live_worker,
        "tournaments_ratedpairing",
        lambda: decide(evening, 1, 1),  # a correction: its update queued; the worker frozen
        "the worker's re-rating to wait for the rated pairings' table",
        freeze=_pause_between_tasks,
    )
    clear_broker()  # the messages queued meanwhile go too: only the tick can redo it
    # The killed update left nothing: the ratings are the first result's, the change due.
    assert RatingsDue.objects.filter(club=club, tournament=evening).count() == 2
    assert club_ratings(club) != pytest.approx(replayed_ratings(club))
    late = timezone.now() + timedelta(seconds=settings.TOURNAMENT_STUCK_SECONDS + 1)
    shown = club_problem(club, now=late)
    assert shown is not None and shown.kind == "ratings"
    evening.refresh_from_db()
    found = problem_of(evening, now=late)
    assert found is not None and found.kind in ("standings", "ratings")  # both were lost

    assert live_worker.start(), live_worker.logs()  # worker and beat: the tick redoes it
    wait_for(lambda: _rated(club, 2), WAIT, "the tick to redo the re-rating", live_worker.logs)
    assert club_ratings(club) == pytest.approx(replayed_ratings(club))
    assert club_problem(club, now=late) is None
    evening.refresh_from_db()
    assert problem_of(evening, now=late) is None  # the tick refreshed the standings too
    version = Club.objects.values_list("ratings_version", flat=True).get(pk=club.pk)
    assert ratings.club_ratings_update(club_id=club.pk) == 0  # nothing left: safe twice
    assert Club.objects.values_list("ratings_version", flat=True).get(pk=club.pk) == version
