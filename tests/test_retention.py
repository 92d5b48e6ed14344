"""Retention: old idempotency records and long-abandoned empty matches go; hands never do."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from scorekeeper import services
from scorekeeper.models import Hand, HandChange, IdempotentRequest, Match
from scorekeeper.retention import retention_purge
from scorekeeper.tasks import purge

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
MADE = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}
ROOT = Path(__file__).resolve().parent.parent


def match(days_old: float, hands: int = 0) -> Match:
    created = services.match_create(variant="tarneeb", players=PLAYERS)
    for _ in range(hands):
        services.hand_record(match_id=created.id, payload=MADE)
    Match.objects.filter(pk=created.pk).update(created_at=timezone.now() - timedelta(days=days_old))
    return created


def record(hours_old: float) -> IdempotentRequest:
    found = IdempotentRequest.objects.create(
        key=str(uuid.uuid4()), path="/api/matches/", body_hash="0" * 64, status=201, response={}
    )
    IdempotentRequest.objects.filter(pk=found.pk).update(
        created_at=timezone.now() - timedelta(hours=hours_old)
    )
    return found


def seed() -> dict[str, object]:
    return {
        "empty_old": match(8),
        "empty_new": match(6),
        "played_old": match(30, hands=1),
        "undone_old": _undone(match(30, hands=1)),
        "record_old": record(49),
        "record_new": record(47),
    }


def _undone(found: Match) -> Match:
    services.hand_undo(match_id=found.id, number=1)
    return found


def check(rows: dict[str, object]) -> None:
    assert not Match.objects.filter(pk=rows["empty_old"].pk).exists()
    assert (
        Match.objects.filter(
            pk__in=[rows[name].pk for name in ("empty_new", "played_old", "undone_old")]
        ).count()
        == 3
    )
    assert Hand.objects.filter(match=rows["played_old"]).count() == 1
    assert HandChange.objects.filter(match=rows["undone_old"]).count() == 1
    assert list(IdempotentRequest.objects.values_list("pk", flat=True)) == [rows["record_new"].pk]


def test_the_purge_deletes_only_what_has_expired(db) -> None:
    rows = seed()
    assert retention_purge().to_dict() == {"idempotency_records": 1, "matches": 1}
    check(rows)


def test_the_purge_is_safe_twice(db) -> None:
    rows = seed()
    retention_purge()
    assert retention_purge().to_dict() == {"idempotency_records": 0, "matches": 0}
    check(rows)


def test_the_task_runs_the_purge_in_process(db) -> None:
    rows = seed()
    assert purge.apply().get() == {"idempotency_records": 1, "matches": 1}
    check(rows)


def test_beat_runs_the_purge_daily() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["scorekeeper-retention"]
    assert entry["task"] == purge.name
    schedule = entry["schedule"]  # a crontab: once a day, at one hour and minute
    assert len(schedule.hour) == len(schedule.minute) == 1
    assert len(schedule.day_of_week) == 7 and len(schedule.day_of_month) == 31


def _database_url() -> str:
    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgresql://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.mark.worker
@pytest.mark.skipif(not os.environ.get("CELERY_BROKER_URL"), reason="needs CELERY_BROKER_URL")
def test_a_real_worker_runs_the_purge(transactional_db) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("the worker shares the test database only on PostgreSQL")
    rows = seed()
    queue = f"retention-test-{uuid.uuid4().hex[:8]}"
    env = {**os.environ, "DATABASE_URL": _database_url()}
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "scorekeeper",
            "worker",
            "--pool=solo",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "-Q",
            queue,
            "-n",
            f"{queue}@%h",
            "--loglevel=WARNING",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        result = purge.apply_async(queue=queue).get(timeout=90)
    finally:
        worker.terminate()
        worker.wait(timeout=30)
    assert result == {"idempotency_records": 1, "matches": 1}
    check(rows)
