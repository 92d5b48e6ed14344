"""The pages satisfy their Content-Security-Policy (script-src 'self'): no violation anywhere."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.models import Match

from .conftest import match_token
from .table import PLAYERS, Table

pytestmark = pytest.mark.browser

MADE_8 = [
    ("pick", "declarer", 1),
    ("pick", "bid", 7),
    ("pick", "trump", "hearts"),
    ("fill", "tricks", 8),
]
WATCH = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
  e => window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));"""


def test_the_main_pages_load_under_the_policy_without_a_violation(page, site, errors):
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.add_init_script(WATCH)
    seen: list[str] = []

    def visit(url: str) -> None:
        response = page.goto(url)
        assert (
            response is not None
            and "script-src 'self'" in response.headers["content-security-policy"]
        )
        seen.extend(page.evaluate("window.__csp"))

    table = Table(page, site)
    for path in ("/", "/new/", "/new/tarneeb/", "/api/docs/", "/admin/login/"):
        visit(site + path)
    url = table.start("tarneeb", PLAYERS)
    seen.extend(page.evaluate("window.__csp"))
    table.enter(MADE_8)  # the preview and the sheet's htmx swap run under the policy
    expect(page.locator("#hand-1")).to_be_attached()
    seen.extend(page.evaluate("window.__csp"))
    token = match_token(url)
    view_id = Match.objects.get(pk=token).view_id
    for path in (f"/m/{token}/hands/1/correct/", f"/m/{view_id}/", f"/api/matches/{token}/"):
        visit(site + path)
    assert seen == []
    assert not [text for text in console if "Content Security Policy" in text]
    assert errors == []
