"""The scoreboard, dark mode and the screen kept awake, in English and Arabic."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services

from .conftest import PHONE
from .test_live import NO_EVAL

pytestmark = pytest.mark.browser

PLAYERS = {"en": ["Rami", "Sara", "Omar", "Lina"], "ar": ["رامي", "سارة", "عمر", "لينا"]}
# A stand-in for the Wake Lock API that counts what the page asks for and lets the test
# release the lock as the browser does when the page is hidden.
WAKE_LOCK = """
window.wakeRequests = 0;
Object.defineProperty(navigator, "wakeLock", {value: {request: async (kind) => {
  window.wakeRequests += 1;
  const sentinel = new EventTarget();
  sentinel.released = false;
  sentinel.release = async () => {
    sentinel.released = true;
    sentinel.dispatchEvent(new Event("release"));
  };
  window.wakeSentinel = sentinel;
  return sentinel;
}}});
"""


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_board_reads_across_the_table_and_follows_the_match(browser, site, language):
    match = services.match_create(variant="tarneeb", players=PLAYERS[language])
    services.hand_record(
        match_id=match.pk, payload={"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}
    )
    context = browser.new_context(viewport=PHONE, locale=language)
    context.add_init_script(NO_EVAL)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site}/m/{match.pk}/")
    page.locator("#board-link").click()
    page.wait_for_url("**/board/")
    scores = page.locator("[data-board-total]")
    expect(scores).to_have_text(["0", "8"])
    size = float(scores.first.evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))
    assert size >= 64  # readable from across a card table
    box = scores.nth(1).bounding_box()
    assert box and box["y"] + box["height"] <= PHONE["height"]  # both totals on one screen
    expect(page.locator("#board-lead")).to_contain_text(PLAYERS[language][1])
    # Another phone enters a hand: the board shows it when it is looked at again.
    services.hand_record(
        match_id=match.pk, payload={"declarer": 0, "bid": 7, "trump": "spades", "tricks": 9}
    )
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(scores).to_have_text(["9", "8"])
    expect(page.locator("#board-lead")).to_contain_text(PLAYERS[language][0])
    assert errors == []
    context.close()


def test_the_screen_is_kept_awake_and_asked_again_when_shown(browser, site):
    match = services.match_create(variant="tarneeb", players=PLAYERS["en"])
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(WAKE_LOCK)
    page = context.new_page()
    page.goto(f"{site}/m/{match.pk}/")
    page.wait_for_function("window.wakeRequests === 1")
    expect(page.locator("html")).to_have_attribute("data-awake", "1")
    # Hidden, the browser lets the lock go; shown again, the page asks again.
    page.evaluate("window.wakeSentinel.release()")
    expect(page.locator("html")).not_to_have_attribute("data-awake", "1")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("window.wakeRequests === 2")
    expect(page.locator("html")).to_have_attribute("data-awake", "1")
    context.close()


def test_without_a_wake_lock_nothing_breaks(browser, site):
    match = services.match_create(variant="tarneeb", players=PLAYERS["en"])
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(
        "Object.defineProperty(navigator, 'wakeLock', {value: undefined});"
        "delete Navigator.prototype.wakeLock;"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site}/m/{match.pk}/board/")
    expect(page.locator("[data-board-total]")).to_have_count(2)
    assert errors == []
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_follows_the_phones_colour_scheme(browser, site, scheme):
    match = services.match_create(variant="tarneeb", players=PLAYERS["en"])
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{site}/m/{match.pk}/")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    channels = [int(v) for v in background[background.index("(") + 1 : -1].split(",")[:3]]
    assert (sum(channels) / 3 < 60) == (scheme == "dark"), background
    context.close()
