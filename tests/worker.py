"""A real Celery worker and beat for the tests marked ``worker``.

pytest-django creates its own ``test_<name>`` database, and a live worker cannot see a test's
open transaction: so the session fixture ``live_worker`` starts the worker and beat itself
(through ``.ci/worker.sh``, as CI and the benchmark do) with ``DATABASE_URL`` pointing at
the test database, and stops them before that database is dropped. Worker tests use
``transactional_db`` or ``live_server``, so that what they write is committed and seen.

A test marked ``worker`` is skipped, saying why, unless ``CELERY_BROKER_URL`` names a broker,
the database is PostgreSQL (an SQLite test database lives in the test process's memory) and
the worker answers a ping. With ``REQUIRE_WORKER=1`` (CI's PostgreSQL + Redis pass) each of
those skips is a failure instead, so the worker tests cannot silently stop running.
Every other test runs its tasks in process, broker or not.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / ".ci" / "worker.sh"
APPLICATION_NAME = "scorekeeper-worker"  # how the worker's connections show in pg_stat_activity


def skip_or_fail(reason: str) -> None:
    if os.environ.get("REQUIRE_WORKER") == "1":
        pytest.fail(f"REQUIRE_WORKER=1, but {reason}", pytrace=False)
    pytest.skip(reason)


def database_url(settings_dict: dict[str, Any]) -> str:
    """The URL of the database a connection uses (the test database once it is set up),
    with the worker's application name so a test can find its connections."""
    user = quote(settings_dict.get("USER") or "", safe="")
    password = quote(settings_dict.get("PASSWORD") or "", safe="")
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return (
        f"postgresql://{auth}{host}:{port}/{settings_dict['NAME']}"
        f"?application_name={APPLICATION_NAME}"
    )


class LiveWorker:
    """A worker and beat started by ``.ci/worker.sh`` in a folder of their own."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.folder = folder
        self.env = {
            **env,
            "WORKER_DIR": str(folder),
            "PYTHON": os.environ.get("WORKER_PYTHON", _python()),
        }

    def _script(self, action: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(SCRIPT), action],
            cwd=ROOT,
            env=self.env,
            text=True,
            capture_output=True,
            timeout=120,
            check=False,
        )

    def start(self) -> bool:
        return self._script("start").returncode == 0

    def stop(self) -> None:
        self._script("stop")

    def kill(self) -> None:
        """SIGKILL the worker and its pool processes at once, as a crash would."""
        self._script("kill")

    def ping(self) -> bool:
        return self._script("ping").returncode == 0

    def _signal(self, signum: int) -> None:
        pid = self.folder / "worker.pid"
        if pid.exists():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(int(pid.read_text()), signum)

    def pause(self) -> None:
        """Freeze the worker (SIGSTOP): tasks sent meanwhile wait for it."""
        self._signal(signal.SIGSTOP)

    def resume(self) -> None:
        self._signal(signal.SIGCONT)

    def log(self, name: str = "worker", lines: int = 40) -> str:
        path = self.folder / f"{name}.log"
        text = path.read_text(errors="replace") if path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def logs(self) -> str:
        return f"--- worker.log\n{self.log()}\n--- beat.log\n{self.log('beat', 15)}"


def _python() -> str:
    import sys

    return sys.executable


def clear_broker() -> None:
    """Empty the test broker's queue and the messages a killed worker left unacknowledged
    (kombu's Redis transport keeps them in ``unacked``), so that no task of an earlier run
    reaches this one's database."""
    from scorekeeper.celery import app

    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=2)
        app.control.purge(connection=conn)
        client = getattr(conn.default_channel, "client", None)
        if client is not None:
            client.delete("unacked", "unacked_index", "unacked_mutex")


@pytest.fixture(scope="session")
def live_worker(
    django_db_setup: None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveWorker]:
    from django.conf import settings
    from django.db import connection

    if not settings.CELERY_BROKER_URL:
        skip_or_fail("these tests need a real Celery worker: CELERY_BROKER_URL is not set")
    if connection.vendor != "postgresql":
        skip_or_fail("these tests need PostgreSQL: the worker must share the test database")
    try:
        clear_broker()
    except Exception as error:  # kombu raises its own, redis's or socket errors
        skip_or_fail(f"the broker {settings.CELERY_BROKER_URL} does not answer: {error}")
    env = {
        **os.environ,
        "DATABASE_URL": database_url(connection.settings_dict),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
    }
    worker = LiveWorker(tmp_path_factory.mktemp("worker"), env)
    _start(worker)
    yield worker
    worker.stop()
    clear_broker()


# The session's worker while it runs: stopped after the last test marked worker of this
# process (``stop_after_last``), started again if another comes.
_running: list[LiveWorker] = []


def _start(worker: LiveWorker) -> None:
    if not worker.start():
        reason = f"the Celery worker did not answer a ping\n{worker.logs()}"
        worker.stop()
        skip_or_fail(reason)
    _running.append(worker)


def stop_after_last(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After the last test marked ``worker`` that this process runs, the worker and beat
    stop: beat's tick (every 10 s, on this process's test database) must not meet the
    flush that ends another test (a ``TRUNCATE`` of every table, which PostgreSQL once
    found deadlocked with the tick's read)."""
    if not _running or not item.get_closest_marker("worker"):
        return
    if nextitem is not None and nextitem.get_closest_marker("worker"):
        return
    _running.pop().stop()


@pytest.fixture(autouse=True)
def _worker_marker(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test marked ``worker`` gets the live worker (or is skipped, saying why); every
    other test runs its tasks in process, even with a broker set, as on the embedded
    default: only the worker tests send messages to the broker."""
    if request.node.get_closest_marker("worker"):
        worker = request.getfixturevalue("live_worker")
        if not _running:  # stopped after the last one; another came after all
            _start(worker)
        yield
        return
    from scorekeeper.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = eager


def wait_for(
    condition: Callable[[], Any], timeout: float, what: str, logs: Callable[[], str] = lambda: ""
) -> Any:
    """Poll ``condition`` until it returns something true; fail after ``timeout`` seconds.
    (A bound on a wait, not a timing assertion: the work may take any time under it.)"""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"waited {timeout:.0f} s for {what}\n{logs()}", pytrace=False)
        time.sleep(0.2)
