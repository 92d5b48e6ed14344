"""Sharing a match from the phone: the share sheet where there is one, a copy button else."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services

from .conftest import PHONE

pytestmark = pytest.mark.browser

PLAYERS = {"en": ["Rami", "Sara", "Omar", "Lina"], "ar": ["رامي", "سارة", "عمر", "لينا"]}
STUB_SHARE = "navigator.share = async (data) => { window.shared = data; };"


@pytest.mark.parametrize("language", ["en", "ar"])
def test_without_a_share_sheet_the_button_copies_and_says_so(browser, site, language):
    match = services.match_create(variant="tarneeb", players=PLAYERS[language])
    context = browser.new_context(viewport=PHONE, locale=language)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site)
    page = context.new_page()
    page.goto(f"{site}/m/{match.pk}/")
    button = page.locator("#share-view")
    copy_label = button.get_attribute("data-copy-label")
    expect(button).to_have_text(copy_label)
    button.click()
    expect(page.locator("#share-view-status")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == f"{site}/m/{match.view_id}/"
    # The QR codes of both links, for a spectator and for a second phone at the table.
    page.locator("#share-page-link").click()
    codes = page.locator("svg.qr")
    expect(codes).to_have_count(2)
    assert f"{site}/m/{match.view_id}/" in codes.nth(0).locator("title").text_content()
    assert f"{site}/m/{match.pk}/" in codes.nth(1).locator("title").text_content()
    box = codes.nth(0).bounding_box()
    assert box and box["width"] >= 200  # big enough for another phone's camera
    context.close()


@pytest.mark.parametrize("language", ["en", "ar"])
def test_with_a_share_sheet_the_button_opens_it(browser, site, language):
    match = services.match_create(variant="tarneeb", players=PLAYERS[language])
    context = browser.new_context(viewport=PHONE, locale=language)
    context.add_init_script(STUB_SHARE)
    page = context.new_page()
    page.goto(f"{site}/m/{match.view_id}/")
    button = page.locator("#share-view")
    expect(button).not_to_have_text(button.get_attribute("data-copy-label"))
    button.click()
    page.wait_for_function("window.shared !== undefined")
    assert page.evaluate("window.shared.url") == f"{site}/m/{match.view_id}/"
    context.close()
