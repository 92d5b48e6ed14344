from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from tests.worker import (  # noqa: F401 (fixtures)
    _worker_marker,
    live_worker,
    stop_after_last,
    worker_env,
)


def pytest_sessionstart(session: pytest.Session) -> None:
    from django.conf import settings

    # The admin's login tests check who gets in, not the hash's cost: a cheap hasher (the
    # default's million rounds cost about a second a login on this machine). The site's own
    # setting is untouched (processes the tests start read it as configured).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    _cache_of_its_own(settings)
    _commits_not_waited_to_disk(settings)
    _flushed_by_delete()


def _commits_not_waited_to_disk(settings: Any) -> None:
    """PostgreSQL: the tests' connections commit without waiting for the write-ahead log to
    reach the disk (``synchronous_commit`` off, for their sessions only). A commit is seen
    by every other connection at once all the same: only a crash of the database server
    could lose the last commits of a test database, which the next run creates again. The
    tests that commit (the live server's, the transactional ones and their flushes) each
    waited a few milliseconds per commit on the disk's flush; the database server's own
    setting, and every process the tests start (the real worker, gunicorn), are untouched."""
    for database in settings.DATABASES.values():
        if database["ENGINE"] == "django.db.backends.postgresql":
            options = database.setdefault("OPTIONS", {})
            options["options"] = f"{options.get('options', '')} -c synchronous_commit=off".strip()


# What a flush between transactional tests keeps: the content types and permissions, which it
# would otherwise empty and the post_migrate signal write again, the same, after every test.
FLUSH_KEEPS = frozenset({"django_content_type", "auth_permission"})


def _flushed_by_delete() -> None:
    """The tests on a transactional database (the live server's, the API's with their
    commits) are each followed by a flush of every table, over 600 tests a pass. Django's
    empties the content types and permissions too, and the post_migrate signal it sends
    then writes them again, the same rows: about 0.03 s a test. The flush keeps them (the
    signal, still sent, finds them all there). On PostgreSQL Django's flush is one
    ``TRUNCATE`` of every table, which makes each a new file: about 0.15 s a test on this
    machine. The same rows go with a ``DELETE`` per table (the foreign keys checked at the
    commit, as every one is deferrable), as SQLite's flush does: about 0.03 s. A flush that
    resets the sequences or cascades (none of the tests asks for one) is Django's own."""
    from django.db.backends.postgresql.base import DatabaseWrapper as PostgreSQLWrapper
    from django.db.backends.sqlite3.base import DatabaseWrapper as SQLiteWrapper

    PostgreSQL, SQLite = PostgreSQLWrapper.ops_class, SQLiteWrapper.ops_class
    truncate, delete = PostgreSQL.sql_flush, SQLite.sql_flush

    def sql_flush(
        self: Any,
        style: Any,
        tables: Sequence[str],
        *,
        reset_sequences: bool = False,
        allow_cascade: bool = False,
    ) -> list[str]:
        own = truncate if isinstance(self, PostgreSQL) else delete
        if reset_sequences or allow_cascade or not tables:
            return own(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        emptied = [table for table in tables if table not in FLUSH_KEEPS]
        if own is delete:
            return delete(self, style, emptied)
        return ["SET CONSTRAINTS ALL DEFERRED;"] + [
            f"DELETE FROM {self.quote_name(table)};" for table in emptied
        ]

    PostgreSQL.sql_flush = sql_flush  # type: ignore[method-assign]
    SQLite.sql_flush = sql_flush  # type: ignore[method-assign]


def _cache_of_its_own(settings: Any) -> None:
    """Under pytest-xdist (``make test``) each process has its own test database; its cache
    is its own too. A Redis cache (the PostgreSQL + Redis pass) is one for every process:
    keys of their own keep one process's throttle counts and public parts (keyed by ids
    that each database hands out again) from another's."""
    import os

    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    for cache in settings.CACHES.values():
        if cache["BACKEND"].endswith("RedisCache"):
            cache["KEY_PREFIX"] = f"{cache.get('KEY_PREFIX', '')}-{worker}"


def _files_with_worker_tests() -> set[str]:
    """The test files (rootdir-relative) that hold tests marked ``worker``."""
    from pathlib import Path

    tests = Path(__file__).resolve().parent
    return {
        path.relative_to(tests.parent).as_posix()
        for path in tests.rglob("test_*.py")
        if "mark.worker" in path.read_text(encoding="utf-8")
    }


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``make test`` (``-n auto``): two test processes a core. A process spends much of its
    time waiting, not computing: on a browser (Chromium renders in processes of its own),
    on the live server's answers, the real worker's tasks, the pages' polls and
    PostgreSQL; two a core keep the cores busy (on this 2-core machine a pass took half
    as long again with one a core)."""
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return 2 * (cores or 1)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under pytest-xdist (``make test``) the files with tests marked ``worker`` run in one
    process, one after the other: they share one real Celery worker on one broker queue
    (tests/worker.py), and a second worker, on another process's test database, would take
    their tasks. Every other test goes to whichever process is free. (xdist's own
    ``xdist_group`` does not reach the scheduler under pytest 9: it renames a node id
    pytest no longer reads.)"""
    from xdist.scheduler import LoadScopeScheduling

    together = _files_with_worker_tests()

    class WorkerTestsTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "worker tests" if nodeid.split("::", 1)[0] in together else nodeid

    return WorkerTestsTogether(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    together = _files_with_worker_tests()
    for item in items:
        if item.get_closest_marker("worker") and item.nodeid.split("::", 1)[0] not in together:
            raise pytest.UsageError(
                f"{item.nodeid} is marked worker in a way tests/conftest.py does not see: "
                "write `pytest.mark.worker` in its file"
            )


@pytest.fixture(scope="session", autouse=True)
def _catalogues_read() -> None:
    """Every language's compiled catalogue is read at the start of the session: the release
    test (tests/test_release.py) compiles them again in place, the same bytes, while another
    process of ``make test`` runs, and a catalogue first read at that moment could be cut."""
    from django.conf import settings
    from django.utils import translation

    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Home")


PLAYERS = ["Rami", "Sara", "Omar", "Lina"]


class Api:
    """A thin client for the JSON API that the tests read like a club script."""

    def __init__(self) -> None:
        from rest_framework.test import APIClient  # needs settings: rules tests run without

        self.client = APIClient()

    def get(self, url: str) -> Any:
        return self.client.get(url)

    def post(self, url: str, data: Any = None, **headers: str) -> Any:
        return self.client.post(url, data, format="json", headers=headers or None)

    def put(self, url: str, data: Any) -> Any:
        return self.client.put(url, data, format="json")

    def delete(self, url: str) -> Any:
        return self.client.delete(url)

    def raw(self, method: str, url: str, body: bytes | str, content_type: str) -> Any:
        return getattr(self.client, method)(url, body, content_type=content_type)

    def new_match(
        self, variant: str = "tarneeb", players: list[str] | None = None, **fields: Any
    ) -> dict[str, Any]:
        response = self.post(
            "/api/matches/", {"variant": variant, "players": players or PLAYERS, **fields}
        )
        assert response.status_code == 201, response.json()
        return response.json()

    def hand(self, match: dict[str, Any], payload: dict[str, Any], expect: int = 201) -> Any:
        response = self.post(f"/api/matches/{match['id']}/hands/", payload)
        assert response.status_code == expect, response.json()
        return response.json()

    def match(self, match: dict[str, Any]) -> dict[str, Any]:
        return self.get(f"/api/matches/{match['id']}/").json()


@pytest.fixture
def api(db: None) -> Api:
    return Api()


def pytest_configure(config: pytest.Config) -> None:
    # No test is throttled by accident: the limits' own tests set a low rate (and reset the
    # cache) with the settings fixture.
    from django.conf import settings

    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "create": None}


@pytest.fixture(autouse=True)
def _no_code_guessed_yet() -> None:
    """The wrong table codes typed from an address are limited at the site's own rate, on
    in every test (as gunicorn runs): each test starts with none counted."""
    from scorekeeper.throttling import guesses_forget

    with contextlib.suppress(Exception):  # a cache a test stopped: nothing to forget there
        guesses_forget("127.0.0.1")


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    """Each test starts in the site's default language: a request or a test that activated
    another one (a page answered in French) leaves it active in its thread otherwise."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    """The real worker and beat stop once this process's last worker test is torn down."""
    try:
        return (yield)
    finally:
        stop_after_last(item, nextitem)
