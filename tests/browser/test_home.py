"""The home page's recent matches (date, score, winner) and demo matches, English and Arabic."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from scorekeeper import services

from .conftest import PHONE

pytestmark = pytest.mark.browser

PLAYERS = {"en": ["Rami", "Sara", "Omar", "Lina"], "ar": ["رامي", "سارة", "عمر", "لينا"]}
WON = {"en": "won", "ar": "فاز"}


@pytest.mark.parametrize("language", ["en", "ar"])
def test_recent_matches_show_the_date_the_score_and_the_winner(browser, site, language):
    players = PLAYERS[language]
    match = services.match_create(variant="tarneeb", players=players, options={"target": 31})
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    page.goto(f"{site}/m/{match.pk}/")
    services.hand_record(
        match_id=match.pk, payload={"declarer": 1, "bid": 13, "trump": "hearts", "tricks": 13}
    )
    page.reload()  # the match page records itself on the phone, finished
    page.goto(site + "/")
    item = page.locator("#recent-list li").first
    expect(item.locator(".recent-players bdi")).to_have_text(players)
    expect(item.locator(".recent-score bdi")).to_have_text(
        [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    )
    assert item.locator(".recent-score .score-inline").all_inner_texts()[0] == "0"
    winner = item.locator(".recent-winner")
    expect(winner).to_contain_text(WON[language])
    expect(winner.locator("bdi")).to_have_text(f"{players[1]} & {players[3]}")
    date = item.locator("time.recent-date")
    assert date.get_attribute("datetime").startswith(str(match.created_at.year))
    assert str(match.created_at.year) in date.inner_text() or language == "ar"
    context.close()


def test_the_home_page_leads_to_the_demo_matches(page, site):
    call_command("load_demo", stdout=io.StringIO())
    page.goto(site + "/")
    demo = page.locator("#demo .card-link")
    expect(demo).to_have_count(2)
    demo.first.click()
    page.wait_for_url("**/m/*/")
    expect(page.locator("#score-sheet")).to_be_visible()


DEMO_EVENING = {
    "ar": ("بطولة تجريبية", "الصفحة العامة", "مكتب المدير"),
    "hy": ("Ցուցադրական մրցաշար", "Հանրային էջ", "Մրցավարի վահանակ"),
}


@pytest.mark.parametrize("language", ["ar", "hy"])
def test_the_home_page_leads_to_the_demo_tournament(browser, site, language):
    """The demo club evening that `make run` loads is on the home page, in the phone's
    language, and its links open its public page and its desk (issue 29 item 9)."""
    title, public, desk = DEMO_EVENING[language]
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site + "/")
    expect(page.get_by_role("heading", name=title)).to_have_count(0)  # none loaded yet
    call_command("load_demo_tournament", base_url=site, stdout=io.StringIO())
    page.reload()
    section = page.locator("section", has=page.get_by_role("heading", name=title))
    expect(section).to_be_visible()
    section.get_by_role("link", name=public).click()
    page.wait_for_url("**/p/demo-*/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if language == "ar" else "ltr")
    page.go_back()
    section.get_by_role("link", name=desk).click()
    page.wait_for_url("**/d/*/")
    context.close()
    assert errors == []
