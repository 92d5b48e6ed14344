"""The desk's warning and the action it suggests, in Arabic on a phone (390×844, issue 29):
a director's result in round 1 changes the standings round 2 was drawn from; the reloaded
desk opens at the line saying what was done, the warning, and the redraw it offers, which
draws round 2 again. Said once: the next reload shows none of it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.tournaments.conftest import Director, tarneeb

from .conftest import PHONE

pytestmark = pytest.mark.browser


@pytest.fixture
def arabic(browser):
    context = browser.new_context(viewport=PHONE, locale="ar")
    yield context.new_page()
    context.close()


def test_a_warning_and_its_redraw_on_an_arabic_phone(arabic, site):
    page = arabic
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    director = Director()
    t = tarneeb(director, 4)
    director.start(t)
    director.play_round(t, 1)  # the first entries win; round 2 is drawn
    first = director.round(t, 1)["pairings"][0]
    before = {p["match"] for p in director.round(t, 2)["pairings"]}
    loser = first["entries"][1]

    page.goto(f"{site}/d/{t['id']}/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    page.locator("#past-1 > summary").click()
    pairing = page.locator("#pairing-1-1")
    pairing.locator(".director-result > summary").click()
    pairing.locator(f'form[action*="/result/"] label.chip:has(input[value="{loser}"])').click()
    pairing.locator('input[name="points_0"]').fill("0")
    pairing.locator('input[name="points_1"]').fill("300")
    pairing.locator('form[action*="/result/"] button[type=submit]').click()

    notice = page.locator("#notice")
    expect(notice).to_be_in_viewport()  # the desk opens at the warning
    expect(notice.locator("#notice-done")).to_contain_text(
        "حُددت نتيجة المدير: الجولة 1، الطاولة 1."
    )
    expect(notice.locator(".warning")).to_contain_text(
        "سُحبت الجولة 2 من الترتيب الذي غيّرته هذه النتيجة"
    )
    offer = notice.locator("#offer-redraw")
    expect(offer.locator("button")).to_have_text("أعد سحب هذه الجولة")
    # the phone's width holds the whole line and its action
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    offer.locator("input[name=sure]").check()
    offer.locator("button").click()

    expect(page.locator("#notice-done")).to_contain_text("أُعيد سحب الجولة 2")
    expect(page.locator("#notice .warning")).to_have_count(0)
    page.goto("about:blank")  # the desk's poll and the test share one SQLite database
    after = {p["match"] for p in director.round(t, 2)["pairings"]}
    assert before.isdisjoint(after)
    page.goto(f"{site}/d/{t['id']}/")
    expect(page.locator("#notice")).to_have_count(0)  # said once
    assert errors == []
