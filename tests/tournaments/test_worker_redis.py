"""A real broker outage (issue 28): a Redis of the test's own is stopped for 20 s while a
club's results come in, then started again, empty, on the same port.

The test runs its own worker and beat against that Redis (``tests/worker.py``: marked
``worker(own_broker=True)``, the session's worker stopped meanwhile, skipped without a
broker and PostgreSQL), and its own sends go there too; the shared Redis (the other tests'
broker and cache) is never stopped. While it is down, four director results (the first
evening's last round and the second's first) are saved, their sends fail, and the desks
say the next round and the ratings are stuck. Once it is back, with nothing of what was
sent before in it, beat's tick redoes every lost job: both advances (the first evening
finished, the second's round 2 drawn once), the standings and the club's ratings, which
equal a replay's from scratch.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db.models import QuerySet
from django.test import override_settings

from tests.tournaments.clubnight import club_evening, club_ratings, decide, replayed_ratings
from tests.tournaments.conftest import Director
from tests.tournaments.test_worker import WAIT
from tests.worker import LiveWorker, PrivateRedis, broker_at, wait_for
from tournaments.models import Club, RatedPairing, RatingsDue, Round, Tournament
from tournaments.selectors.problems import club_problem
from tournaments.services import clubs, ratings

pytestmark = pytest.mark.django_db(transaction=True)

OUTAGE = 20  # seconds the broker is down


@pytest.fixture
def broker(
    transactional_db: None, worker_env: dict[str, str], tmp_path: Path
) -> Iterator[tuple[PrivateRedis, LiveWorker]]:
    """The private Redis, a worker and beat on it and the test database, and this process's
    sends to it; all stopped and restored after the test, passed or not."""
    redis = PrivateRedis()
    worker = LiveWorker(tmp_path / "worker", {**worker_env, "CELERY_BROKER_URL": redis.url})
    try:
        redis.start()
        assert worker.start(), worker.logs()
        with broker_at(redis.url):
            yield redis, worker
    finally:
        worker.stop()  # before the test database's flush: beat's tick must not meet it
        redis.stop()


def _evenings(club: Club) -> QuerySet[Tournament]:
    return Tournament.objects.filter(club=club).select_related("state").order_by("created_at")


def _progress(club: Club) -> tuple[Any, ...]:
    """Each evening's round, status and whether its standings are its version's; how many
    of the club's pairings are rated, and how many changes of them are still due."""
    return (
        [(t.round, t.status, t.standings_version == t.version) for t in _evenings(club)],
        RatedPairing.objects.filter(club=club).count(),
        RatingsDue.objects.filter(club=club).count(),
    )


def _stuck(director: Director, club: Club) -> tuple[Any, ...]:
    """What the club's desk and each evening's (the director's API) say is stuck, a job
    late as soon as it is due (the setting at 0: no waiting for it here)."""
    with override_settings(TOURNAMENT_STUCK_SECONDS=0):
        shown = club_problem(club)
        evenings = [director.tournament(str(t.pk))["problem"] for t in _evenings(club)]
    return shown and shown.kind, [problem and problem["kind"] for problem in evenings]


@pytest.mark.worker(own_broker=True)
def test_results_saved_while_the_broker_is_down_are_redone_once_it_is_back(
    broker: tuple[PrivateRedis, LiveWorker], director: Director, caplog: pytest.LogCaptureFixture
) -> None:
    redis, worker = broker
    club = clubs.club_create(name="Club", language="en")
    first = club_evening(club, auto_advance=True)
    decide(first, 1, 0)  # through the broker: round 2 drawn, standings and ratings
    drawn = ([(2, "running", True)], 2, 0)
    wait_for(lambda: _progress(club) == drawn, WAIT, "round 2 through the worker", worker.logs)
    second = club_evening(club, auto_advance=True)

    redis.stop()
    down = time.monotonic()
    wait_for(
        lambda: "Connection to broker lost" in worker.log(lines=500),
        WAIT,
        "the worker to lose its broker",
        worker.logs,
    )
    decide(first, 2, 1)  # the first evening's last round: its end is lost
    decide(second, 1, 0)  # the second's first round: its round 2 is lost
    assert "not sent: the broker is unreachable" in caplog.text
    assert _progress(club) == ([(2, "running", False), (1, "running", False)], 2, 4)
    assert _stuck(director, club) == ("ratings", ["next_round", "next_round"])

    time.sleep(max(0.0, OUTAGE - (time.monotonic() - down)))
    redis.start()  # empty: only beat's tick can redo what was lost
    done = ([(2, "finished", True), (2, "running", True)], 6, 0)
    wait_for(
        lambda: _progress(club) == done,
        WAIT,
        "the tick to redo the lost jobs",
        lambda: f"{_progress(club)}\n{worker.logs()}",
    )
    assert club_ratings(club) == pytest.approx(replayed_ratings(club))
    assert _stuck(director, club) == (None, [None, None])
    assert [r.pairings.count() for r in Round.objects.filter(tournament=second)] == [2, 2]
    assert ratings.club_ratings_update(club_id=club.pk) == 0  # nothing left to rate
