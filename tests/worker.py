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

A broker outage is real too: a test marked ``worker(own_broker=True)`` starts a Redis of its
own (``PrivateRedis``, on a free port: the shared one is the other tests' broker and cache),
its own ``LiveWorker`` on it and sends its tasks there (``broker_at``), then stops and starts
that Redis; the session's worker is stopped meanwhile.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
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


def _forget_connections() -> None:
    """The test process's Celery app drops its broker connections (closed) and its result
    backend: the next send connects to the broker configured then."""
    from scorekeeper.celery import app

    if app._pool is not None:
        with contextlib.suppress(Exception):  # a broker already gone
            app._pool.force_close_all()
    app._pool = None
    app.amqp._producer_pool = None
    app._local.__dict__.pop("backend", None)


@contextlib.contextmanager
def broker_at(url: str) -> Iterator[None]:
    """The test process sends its tasks to the broker (and result backend) at ``url``, not
    in process; the configuration and connections before it are restored after."""
    from scorekeeper.celery import app

    conf = app.conf
    saved = conf.task_always_eager, conf.broker_url, conf.result_backend
    # Celery reads CELERY_BROKER_URL from the environment before its configuration (CI's
    # PostgreSQL and Redis pass sets it): set aside meanwhile.
    environment = os.environ.pop("CELERY_BROKER_URL", None)
    conf.task_always_eager, conf.broker_url, conf.result_backend = False, url, url
    _forget_connections()
    try:
        yield
    finally:
        conf.task_always_eager, conf.broker_url, conf.result_backend = saved
        if environment is not None:
            os.environ["CELERY_BROKER_URL"] = environment
        _forget_connections()


# Loopback only, nothing saved or appended: stopped, it forgets every message.
IN_MEMORY = ("--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no")


class PrivateRedis:
    """A ``redis-server`` of a test's own on a free port, in memory only, that the test
    stops and starts again (the shared Redis, the other tests' broker and cache, never)."""

    def __init__(self) -> None:
        self.binary = shutil.which("redis-server")
        if self.binary is None:
            skip_or_fail("this test stops a Redis broker of its own: redis-server is missing")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        assert self.binary is not None
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), *IN_MEMORY],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(self.answers, 30, f"redis-server on port {self.port} to answer")

    def answers(self) -> bool:
        import redis

        with (
            contextlib.suppress(redis.RedisError),
            redis.Redis.from_url(self.url, socket_connect_timeout=1) as client,
        ):
            return bool(client.ping())
        return False

    def stop(self) -> None:
        """Terminate it (its messages go with it: nothing is saved) and wait for the end."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


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
def worker_env(django_db_setup: None) -> dict[str, str]:
    """The environment of a worker on the test database and the test broker, once the
    broker, the database and ``CELERY_BROKER_URL`` are seen fit (else skipped or failed)."""
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
    return {
        **os.environ,
        "DATABASE_URL": database_url(connection.settings_dict),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
    }


@pytest.fixture(scope="session")
def live_worker(
    worker_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveWorker]:
    worker = LiveWorker(tmp_path_factory.mktemp("worker"), worker_env)
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
    """Every test marked ``worker`` gets the live worker (or is skipped, saying why); one
    marked ``worker(own_broker=True)`` starts its own on a broker of its own (the same
    skips), and the session's is stopped meanwhile, or two workers and beats would act on
    this database. Every other test runs its tasks in process, even with a broker set, as
    on the embedded default: only the worker tests send messages to the broker."""
    marker = request.node.get_closest_marker("worker")
    if marker and marker.kwargs.get("own_broker"):
        request.getfixturevalue("worker_env")  # the same checks; the test starts its own
        if _running:  # the session's worker (and its beat's tick) on this database: stopped
            _running.pop().stop()
        yield
        return
    if marker:
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
