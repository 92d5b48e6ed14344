"""Browser tests: Debian's Chromium, headless, at a phone's size, against the live server.

They are skipped, with the reason, where /usr/bin/chromium is missing (CI installs it with
apt). Playwright's sync API runs an event loop in the test's thread, so Django's guard
against database calls from async code is lifted for these tests only.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
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
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing: apt-get install chromium")
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


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": PHONE, "locale": "en-GB"}


@pytest.fixture
def site(live_server: Any, transactional_db: None) -> str:
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
