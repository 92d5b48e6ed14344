"""A saved result is a success: with the broker down, the last result of a round answers at
once, the failure is logged, and beat's tick draws the round once the broker is back."""

from __future__ import annotations

import time
from contextlib import AbstractContextManager

from django.conf import settings

from tests.tournaments.conftest import tarneeb
from tests.worker import broker_at
from tournaments import services, tasks
from tournaments.models import TournamentState
from tournaments.services import enqueue

CLOSED = "redis://127.0.0.1:1/0"  # nothing listens on port 1: refused at once


def broker_down() -> AbstractContextManager[None]:
    """The site configured with a broker (and its result backend) that cannot be reached."""
    return broker_at(CLOSED)


def test_the_last_result_with_the_broker_down_answers_at_once(director, caplog):
    t = tarneeb(director, 6)
    director.start(t)
    pairings = director.round(t, 1)["pairings"]
    with broker_down():
        for pairing in pairings:
            start = time.perf_counter()
            director.result(t, 1, pairing["slot"], winner=pairing["entries"][0], points=[3, 1])
            assert time.perf_counter() - start < 3.0
    assert "not sent: the broker is unreachable" in caplog.text
    doc = director.tournament(t["id"])
    assert doc["round"] == 1 and director.round(t, 1)["status"] == "playing"
    # The broker is back: the next tick picks the round up (and the standings left behind).
    TournamentState.objects.filter(pk=t["id"]).update(changed_at="2000-01-01T00:00Z")
    services.clock_tick()
    doc = director.tournament(t["id"])
    assert doc["round"] == 2 and director.round(t, 1)["status"] == "complete"
    assert sum(row["wins"] for row in doc["standings"]) == 3


def test_a_task_not_sent_is_logged_by_its_name_without_its_arguments(caplog):
    """Issue 28: a task's arguments are the tournament's and the club's director keys; the
    log of a send that failed names the task and nothing secret."""
    key = "Xk3vQ9dLw2RtY7pZmN4bHc8s"  # a director's key, as the arguments carry it
    with broker_down():
        assert enqueue.send(enqueue.STANDINGS_REFRESH, key) is False
        assert enqueue.send(enqueue.RATING_UPDATE, key, None) is False
    assert "task tournaments.standings_refresh not sent" in caplog.text
    assert "task tournaments.rating_update not sent" in caplog.text
    assert key not in caplog.text and key[:6] not in caplog.text


def test_the_tasks_are_registered_under_the_names_they_are_sent_by():
    assert tasks.round_advance.name == enqueue.ROUND_ADVANCE
    assert tasks.standings_refresh.name == enqueue.STANDINGS_REFRESH
    assert tasks.rating_update.name == enqueue.RATING_UPDATE
    assert tasks.clock_tick.name == enqueue.CLOCK_TICK
    assert {e["task"] for e in settings.CELERY_BEAT_SCHEDULE.values()} >= {enqueue.CLOCK_TICK}
