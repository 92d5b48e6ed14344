"""Accessibility at phone size: names on every control, 44 px targets, contrast, no overflow."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper import services

from .conftest import PHONE
from .table import Table

pytestmark = pytest.mark.browser

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]

AUDIT = (Path(__file__).with_name("audit.js")).read_text()


def _matches():
    found = {}
    found["tarneeb"] = services.match_create(variant="tarneeb", players=PLAYERS)
    services.hand_record(
        match_id=found["tarneeb"].pk,
        payload={"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8},
    )
    for slug in ("tarneeb_400", "maraffa", "bazar_blot", "belote_2p"):
        players = PLAYERS[:2] if slug == "belote_2p" else PLAYERS
        found[slug] = services.match_create(variant=slug, players=players)
    found["trionfo"] = services.match_create(variant="trionfo", players=[*PLAYERS, "Marco"])
    return found


@pytest.mark.parametrize("language", ["en", "ar"])
def test_every_page_is_accessible_at_phone_size(browser, site, language):
    found = _matches()
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    tarneeb = found["tarneeb"]
    urls = [
        "/",
        "/new/",
        "/new/tarneeb_400/",
        "/new/maraffa/",
        "/new/coinche/",
        f"/m/{tarneeb.view_id}/",
        f"/m/{tarneeb.pk}/hands/1/correct/",
        *(f"/m/{match.pk}/" for match in found.values()),
    ]
    problems = {}
    for url in urls:
        page.goto(site + url)
        if page.locator("[data-add-declaration]").count():
            page.locator("[data-add-declaration]").click()
        if page.locator("details.helper").count():
            page.locator("details.helper summary").click()
        found_here = page.evaluate(AUDIT)
        assert isinstance(found_here, list), found_here  # the audit ran
        if found_here:
            problems[url] = found_here
    context.close()
    assert problems == {}


def test_names_are_remembered_on_this_phone(page, site):
    page.goto(site + "/new/tarneeb/")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player-{seat}", name)
    page.locator("#setup button[type=submit]").click()
    page.wait_for_url("**/m/*/")
    page.goto(site + "/new/belote/")
    assert [page.input_value(f"#player-{seat}") for seat in range(4)] == PLAYERS
    assert page.locator('[data-seat-name="2"]').inner_text() == "Omar"
    page.goto(site + "/")
    assert page.locator("#recent-list li").count() == 1
    assert "Rami · Sara · Omar · Lina" in page.locator("#recent-list").inner_text()


def test_recent_matches_are_named_in_todays_language(page, site):
    Table(page, site).start("maraffa", PLAYERS)
    # The match was started in English; the phone then switches to Arabic.
    page.goto(site + "/")
    assert page.locator("#recent-list strong").inner_text() == "Maraffa"
    page.locator('button[value="ar"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    arabic = page.locator('[data-game-name="maraffa"]').inner_text()
    assert arabic != "Maraffa"
    assert page.locator("#recent-list strong").inner_text() == arabic
