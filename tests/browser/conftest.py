"""Browser tests: Debian's Chromium, headless, at a phone's size, against the live server.

Chromium's headless shell (Debian's ``chromium-headless-shell``, the same engine without the
browser's windows and their processes: Playwright's own choice for headless runs) where it
is installed, as CI installs it: the same pages in about two thirds of the CPU time;
otherwise the whole ``chromium``. They are skipped, with the reason, where neither is
installed (CI installs both with apt). Playwright's sync API runs an event loop in the
test's thread, so Django's guard against database calls from async code is lifted for these
tests only.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

HEADLESS_SHELL = Path("/usr/lib/chromium/chromium-headless-shell")
CHROMIUM = HEADLESS_SHELL if HEADLESS_SHELL.exists() else Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
# Playwright's session-wide event loop stays open until the end of the run, so the database
# calls of the live server's tests (and their flushes) would be refused without this.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(
        reason=f"{CHROMIUM} is missing: apt-get install chromium chromium-headless-shell"
    )
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": ARGS,
        "headless": True,
    }


@pytest.fixture(scope="session", autouse=True)
def _patient_expectations() -> None:
    """An ``expect`` waits up to 10 s (Playwright's default: 5) for what it looks for:
    ``make test`` runs two test processes a core, each with its Chromium and live server,
    and a page's answer may take a few seconds there. A check that holds passes as soon as
    it does; only a failing one waits the longer."""
    expect.set_options(timeout=10_000)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": PHONE, "locale": "en-GB"}


class OneRequestAtATime:
    """The live server's application, answering one request at a time (as one sync worker
    does). pytest-django starts the live server before the test database exists, so its
    request threads do not share the test's connection: each opens its own to the shared
    in-memory SQLite database, where a read that meets another thread's write fails at once
    with "database table is locked" (a 500) instead of waiting, as a file database would.
    Pages polling side by side (phones, a projector, a desk) met that; in turn, they do not.
    """

    def __init__(self, app: Any) -> None:
        self.app = app
        self.lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        with self.lock:
            return self.app(environ, start_response)


@pytest.fixture
def site(live_server: Any, transactional_db: None) -> str:
    server = live_server.thread.httpd
    if not isinstance(server.get_app(), OneRequestAtATime):
        server.set_app(OneRequestAtATime(server.get_app()))
    return live_server.url


@pytest.fixture
def errors(page: Any) -> Iterator[list[str]]:
    """JavaScript errors on the page: a test ends by checking there were none."""
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    yield found


def match_token(url: str) -> str:
    found = re.search(r"/m/([^/]+)/", url)
    assert found, url
    return found.group(1)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """Opens a phone of its own (a new context: its own storage) in a language; answers the
    page and the list of its JavaScript errors. Closed at the end of the test."""
    contexts: list[Any] = []

    def open_phone(language: str = "en") -> tuple[Any, list[str]]:
        context = browser.new_context(viewport=PHONE, locale=language)
        contexts.append(context)
        page = context.new_page()
        found: list[str] = []
        page.on("pageerror", lambda error: found.append(str(error)))
        return page, found

    yield open_phone
    for context in contexts:
        context.close()


POLL_MS = 10_000  # the public pages and the match page's panel poll every 10 s


def after_polls(page: Any, check: Callable[[float], None], polls: int = 8) -> None:
    """``check(timeout)`` (an ``expect``) once the page's own polls brought what it looks
    for, without waiting for them in real time: the page's clock (``page.clock.install()``
    before it opened) is moved on one poll period at a time, so its timers fire, its poll
    asks the server and the answer is shown as it would be 10 s later. Each try waits
    longer for the answer (0.15 s, then 0.3, 0.6, 1.2, 2.4, 4.8, 8: a busy machine; an
    answer on loopback shows well within the first); after ``polls`` periods the check has
    its last, full-length try (and says what it found). (The first tries are short because
    a check that needs several periods waited the whole of each one: 7.5 s idle for four.)"""
    wait = 150
    for _ in range(polls):
        try:
            check(wait)
            return
        except (AssertionError, PlaywrightTimeoutError):  # expect's, or a wait_for's
            page.clock.run_for(POLL_MS)
            wait = min(2 * wait, 8_000)
    check(15_000)
