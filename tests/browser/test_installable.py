"""The installable app: a manifest, and a service worker with which a match page opens and
takes hands with no network at all, sending them when the network returns."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Hand

from .conftest import PHONE

pytestmark = pytest.mark.browser

PLAYERS = {"en": ["Rami", "Sara", "Omar", "Lina"], "ar": ["رامي", "سارة", "عمر", "لينا"]}
HAND = [("declarer", 1), ("bid", 7), ("trump", "hearts")]


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_match_page_opens_and_takes_a_hand_with_no_network(browser, site, language):
    match = services.match_create(variant="tarneeb", players=PLAYERS[language])
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site}/m/{match.pk}/")
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "1", timeout=15_000)
    assert page.evaluate("navigator.serviceWorker.controller !== null")

    context.set_offline(True)
    page.reload()  # no network at all: the page comes from the phone
    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator("#totals")).to_be_visible()
    assert page.evaluate("document.styleSheets.length") >= 2  # and its styles
    for name, value in HAND:
        page.locator(f'#hand-form label:has(> input[name="{name}"][value="{value}"])').click()
    page.locator('#hand-form input[name="tricks"]').fill("8")
    page.locator("#preview-hand").click()
    page.locator("#confirm-hand").click()  # "keep it and send it later"
    expect(page.locator("#queue")).to_be_visible()
    assert Hand.objects.filter(match_id=match.pk).count() == 0

    context.set_offline(False)
    expect(page.locator("#hand-1")).to_be_attached(timeout=20_000)
    expect(page.locator("#queue")).to_be_hidden()
    assert list(Hand.objects.filter(match_id=match.pk).values_list("number", flat=True)) == [1]
    assert errors == []
    context.close()


def test_the_manifest_names_the_app_and_its_icons(page, site):
    page.goto(site + "/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.request.get(site + href)
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    data = manifest.json()
    assert data["display"] == "standalone" and data["start_url"] == "/"
    for icon in data["icons"]:
        assert page.request.get(site + icon["src"]).ok, icon
    worker = page.request.get(site + "/sw.js")
    assert worker.ok and "javascript" in worker.headers["content-type"]
