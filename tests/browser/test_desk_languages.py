# ruff: noqa: RUF001
"""Issue 29's items 2–4 on a phone (390×844), in Arabic (right to left) and Armenian, one
evening each, created and run through the pages as a director would: a Swiss of one round,
then a final of two kept to best of three.

The creation form: the other side's confirmation switched on, best of three for the
knockout only (item 3). The start with nobody checked in asks first (item 2). The desk's
settings: a new name and the hold, saved; the round finished while held is not followed;
the hold released while it is complete draws the next round at once (item 2). A director's
result in the one-game Swiss shows no games fields and the forfeit first; the forfeit is
shown as a forfeit, not "41 – 0"; in the knockout the games fields are there (item 4).
Words are compared with the catalogues' own, no page is wider than the phone and no
script fails."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tournaments.models import Tournament

from .conftest import PHONE

pytestmark = pytest.mark.browser

TEAMS = {
    "ar": [
        ("النجوم", "رامي", "سارة"),
        ("الصقور", "عمر", "لينا"),
        ("الأسود", "هادي", "ريم"),
        ("النسور", "كريم", "نور"),
    ],
    "hy": [
        ("Արծիվներ", "Արամ", "Անի"),
        ("Առյուծներ", "Դավիթ", "Լիլիթ"),
        ("Աստղեր", "Գոռ", "Մարիամ"),
        ("Արջեր", "Սոս", "Նարե"),
    ],
}
NEW_NAME = {"ar": "بطولة الجمعة", "hy": "Ուրբաթի մրցաշար"}


def _words(lang: str) -> dict[str, str]:
    with translation.override(lang):
        words = {
            "nobody": translation.gettext(
                "Nobody is checked in: start with every entry (%(total)s)?"
            )
            % {"total": 4},
            "saved": translation.gettext("Settings saved."),
            "forfeit": translation.gettext("Forfeit: %(name)s did not come"),
        }
    assert words["saved"] != "Settings saved.", "the catalogues are not compiled"
    return words


def _fits(page: Any) -> None:
    page.evaluate("document.fonts.ready.then(() => true)")
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], (page.url, width)


def _tournament(page: Any, token: str) -> Tournament:
    page.goto("about:blank")  # the desk's poll and the test share one SQLite database
    return Tournament.objects.get(pk=token)


@pytest.mark.parametrize("lang", ["ar", "hy"])
def test_settings_start_and_the_result_form_in_the_pages_language(
    lang: str, site: str, phone: Any
) -> None:
    page, errors = phone(lang)
    words = _words(lang)
    teams = TEAMS[lang]

    # the creation form: confirmation on, best of three for the knockout only
    page.goto(site + "/tournaments/new/belote/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    _fits(page)
    page.locator("#name").fill("Belote")
    page.locator('label:has(> input[name="games_to_win"][value="knockout"])').click()
    page.locator('label:has(> input[name="preset"][value="swiss_top"])').click()
    page.locator("#rounds").fill("1")
    page.locator("#advance").fill("2")
    page.locator("label.switch:has(#confirm_results)").click()
    expect(page.locator("#confirm_results")).to_be_checked()
    page.locator("#entries").fill(
        "\n".join(
            f"{n}. {name}: {a}، {b}" if lang == "ar" else f"{n}. {name}: {a}, {b}"
            for n, (name, a, b) in enumerate(teams, 1)
        )
    )
    page.locator("#tournament-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/d/[^/]+/$"))
    token = re.search(r"/d/([^/]+)/", page.url).group(1)
    desk = page.url
    t = _tournament(page, token)
    assert t.confirm_results
    assert [s.settings.get("games_to_win", 1) for s in t.stages.order_by("number")] == [1, 2]

    # the start with nobody checked in asks first
    page.goto(desk)
    _fits(page)
    page.locator("#start-button").click()
    expect(page.locator("#start-confirm-text")).to_have_text(words["nobody"])
    expect(page.locator(".pairing")).to_have_count(0)
    page.locator("#start-confirm").click()
    expect(page.locator(".pairing")).to_have_count(2)

    # the settings: a new name and the hold
    page.locator("#settings > summary").click()
    expect(page.locator("#settings-confirm-results")).to_be_checked()
    page.locator("#settings-name").fill(NEW_NAME[lang])
    page.locator("#settings-hold").check()
    page.locator("#settings button[type=submit]").click()
    expect(page.locator("h1")).to_have_text(NEW_NAME[lang])
    expect(page.locator("body")).to_contain_text(words["saved"])
    _fits(page)
    t = _tournament(page, token)
    assert (t.name, t.auto_advance) == (NEW_NAME[lang], False)

    # table 1 in the one-game Swiss: no games fields, the forfeit first
    page.goto(desk)
    table1 = page.locator("#pairing-1-1")
    table1.locator(".director-result > summary").click()
    result = table1.locator('form[action*="/result/"]')
    forfeit = table1.locator('form[action*="/forfeit/"]')
    expect(result).to_be_visible()
    expect(result.locator('input[name^="games_"]')).to_have_count(0)
    assert forfeit.bounding_box()["y"] < result.bounding_box()["y"]
    _fits(page)
    chips = forfeit.locator("label.chip")
    absent = chips.nth(1).inner_text().strip()
    chips.nth(1).click()
    forfeit.locator("input[name=sure]").check()
    forfeit.locator("button[type=submit]").click()
    shown = page.locator("#pairing-1-1 .pairing-result")
    expect(shown).to_contain_text(words["forfeit"] % {"name": absent})
    expect(shown).not_to_contain_text("41")

    # table 2: a director's result; the round is complete but held
    table2 = page.locator("#pairing-1-2")
    table2.locator(".director-result > summary").click()
    result = table2.locator('form[action*="/result/"]')
    result.locator('input[name="outcome"]').first.check()
    result.locator('input[name="points_0"]').fill("120")
    result.locator('input[name="points_1"]').fill("42")
    result.locator("button[type=submit]").click()
    expect(page.locator("#pairing-1-2 .pairing-result")).to_contain_text("120")
    expect(page.locator("#round-2")).to_have_count(0)

    # the hold released while the round is complete: the final is drawn at once
    page.locator("#settings > summary").click()
    expect(page.locator("#settings-hold")).to_be_checked()
    page.locator("#settings-hold").uncheck()
    page.locator("#settings button[type=submit]").click()
    expect(page.locator("#round-2")).to_be_visible()
    final = page.locator("#pairing-2-1")
    final.locator(".director-result > summary").click()
    games = final.locator('form[action*="/result/"] input[name^="games_"]')
    expect(games).to_have_count(2)
    expect(games.first).to_be_visible()
    _fits(page)
    assert errors == []
