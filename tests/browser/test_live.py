"""The spectators' page follows the match by itself, in English and Arabic."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services

from .conftest import PHONE

pytestmark = pytest.mark.browser

HAND = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}


@pytest.mark.parametrize(
    ("language", "players"),
    [("en", ["Rami", "Sara", "Omar", "Lina"]), ("ar", ["رامي", "سارة", "عمر", "لينا"])],
)
def test_the_spectators_page_updates_by_itself(browser, site, language, players):
    match = services.match_create(variant="tarneeb", players=players)
    services.hand_record(match_id=match.pk, payload=HAND)
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    answers: list[int] = []
    page.on("response", lambda r: answers.append(r.status) if "/sheet/" in r.url else None)
    page.goto(f"{site}/m/{match.view_id}/")
    expect(page.locator("#hand-1")).to_be_attached()
    # Shown again (the phone taken out of a pocket): it asks at once; nothing changed yet.
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_timeout(300)
    services.hand_record(match_id=match.pk, payload={**HAND, "declarer": 0, "tricks": 9})
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("#hand-2")).to_be_attached()
    expect(page.locator("#totals")).to_contain_text("9")
    assert answers and all(status in (200, 304) for status in answers)
    assert errors == []
    context.close()
