"""The spectators' page follows the match by itself, in English and Arabic."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services

from .conftest import PHONE

pytestmark = pytest.mark.browser

HAND = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}


# As under the site's Content-Security-Policy: htmx evaluates nothing (no trigger filters).
NO_EVAL = "document.addEventListener('DOMContentLoaded', () => { htmx.config.allowEval = false; });"
HIDE = (
    "Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'})"
)
SHOW = (
    "Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'visible'})"
)


@pytest.mark.parametrize(
    ("language", "players"),
    [("en", ["Rami", "Sara", "Omar", "Lina"]), ("ar", ["رامي", "سارة", "عمر", "لينا"])],
)
def test_the_spectators_page_updates_by_itself(browser, site, language, players):
    match = services.match_create(variant="tarneeb", players=players)
    services.hand_record(match_id=match.pk, payload=HAND)
    context = browser.new_context(viewport=PHONE, locale=language)
    context.add_init_script(NO_EVAL)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    answers: list[int] = []
    page.on("response", lambda r: answers.append(r.status) if "/sheet/" in r.url else None)
    page.goto(f"{site}/m/{match.view_id}/")
    expect(page.locator("#hand-1")).to_be_attached()
    # Hidden (in a pocket): a poll that falls due asks nothing.
    page.evaluate(HIDE)
    page.evaluate("htmx.trigger(document.getElementById('live-poll'), 'shown')")
    page.wait_for_timeout(300)
    assert answers == []
    # Shown again: it asks at once, and shows the hand another phone entered meanwhile.
    services.hand_record(match_id=match.pk, payload={**HAND, "declarer": 0, "tricks": 9})
    page.evaluate(SHOW)
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("#hand-2")).to_be_attached()
    expect(page.locator("#totals")).to_contain_text("9")
    assert answers and all(status in (200, 304) for status in answers)
    assert errors == []
    context.close()
