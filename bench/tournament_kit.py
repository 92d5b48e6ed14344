"""The tournaments' benchmark's kit (``bench/tournaments.py``): its settings from the
environment, Django set up in this process (tasks in process), tournaments created and
played through the services, and gunicorn and a real Celery worker run around a
measurement."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

from bench.record_hand import DEFAULT_DB, ROOT, free_port, start_server

DATABASE = os.environ.get("DATABASE_URL") or DEFAULT_DB
BROKER = os.environ.get("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/0"
REQUESTS = int(os.environ.get("BENCH_REQUESTS", "200"))
RESULTS = int(os.environ.get("BENCH_RESULTS", "200"))
CLIENTS = int(os.environ.get("BENCH_CLIENTS", "2"))
ANSWERS_SCALE = float(os.environ.get("BENCH_ANSWERS_SCALE", "1"))
RNG = random.Random(20261122)


def setup_django() -> None:
    """This process sets tournaments up through the services, tasks in process."""
    os.environ.update({"DATABASE_URL": DATABASE, "DJANGO_SETTINGS_MODULE": "bench.settings"})
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()


def server_env(**extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        "DATABASE_URL": DATABASE,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        **extra,
    }
    env.pop("CELERY_BROKER_URL", None)
    env.update(extra)
    return env


def entries(count: int) -> list[dict[str, Any]]:
    return [{"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(1, count + 1)]


def create(count: int, stages: list[dict[str, Any]], **fields: Any) -> Any:
    from tournaments import validation
    from tournaments.services import tournament_create

    fields.setdefault("variant", "belote")
    return tournament_create(
        validation.tournament_spec(
            dict(
                name=f"Bench {count}",
                stages=stages,
                entries=entries(count),
                break_minutes=0,
                **fields,
            )
        )
    )


def play(tournament_id: Any, number: int, *, leave: int = 0) -> list[Any]:
    """Director's results for every pairing of round ``number`` but the last ``leave``;
    answers the pairings left."""
    from tournaments.models import Pairing
    from tournaments.services import pairing_result_set

    pairings = list(
        Pairing.objects.filter(
            tournament_id=tournament_id, round__number=number, match__isnull=False
        ).order_by("slot")
    )
    for pairing in pairings[: len(pairings) - leave]:
        first, second = pairing.entries
        points = sorted([RNG.randrange(80, 400), RNG.randrange(0, 80)], reverse=True)
        winner = RNG.choice([first, second])
        pairing_result_set(
            tournament_id=tournament_id,
            round_number=number,
            slot=pairing.slot,
            winner=winner,
            points=points if winner == first else points[::-1],
        )
    return pairings[len(pairings) - leave :]


def round_pairings(tournament_id: Any, number: int) -> list[Any]:
    from tournaments.models import Pairing

    return list(
        Pairing.objects.filter(
            tournament_id=tournament_id, round__number=number, match__isnull=False
        ).order_by("slot")
    )


def with_server(env: dict[str, str], body: Callable[[str], Any], workers: int = 1) -> Any:
    port = free_port()
    server = start_server(env, port, workers)
    try:
        return body(f"http://127.0.0.1:{port}")
    finally:
        server.terminate()
        server.wait(timeout=10)


def with_worker(body: Callable[[], Any]) -> Any:
    with tempfile.TemporaryDirectory(prefix="bench-worker-") as folder:
        env = server_env(CELERY_BROKER_URL=BROKER, WORKER_DIR=folder, PYTHON=sys.executable)
        script = str(ROOT / ".ci" / "worker.sh")
        subprocess.run([script, "start"], cwd=ROOT, env=env, check=True)
        try:
            return body()
        finally:
            subprocess.run([script, "stop"], cwd=ROOT, env=env, check=False)
