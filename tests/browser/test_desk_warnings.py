# ruff: noqa: RUF001
"""Issue 29's desk on a phone (390×844), in Arabic (right to left) and Armenian, one
evening each: a Swiss of two rounds, then a final.

Round 1: table 1 ends on a failed bid (−7 – 8), table 2 by a forfeit set on the desk.
The desk shows the negative score with a true minus sign, isolated left to right (its
sign on the left of its digits, the first score under the first name: on the right in
Arabic); the forfeit as a forfeit ("did not come"), not as "41 – 0", in the word for a
forfeit, which the drop-out control does not use. Then a director's result on table 1
changes the standings round 2 was drawn from: the reloaded desk opens at the line saying
what was done, the warning and the redraw it offers, which draws round 2 again; said once.
Once the Swiss is over, the public page names the stage in the word for a stage, the desk
its rounds in the word for a round (Armenian once used one word for both)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.tournaments.conftest import Director, entries

from .conftest import PHONE

pytestmark = pytest.mark.browser

WORDS = {
    "ar": {
        "done": "حُددت نتيجة المدير: الجولة 1، الطاولة 1.",
        "warning": "سُحبت الجولة 2 من الترتيب الذي غيّرته هذه النتيجة",
        "redraw": "أعد سحب هذه الجولة",
        "redrawn": "أُعيد سحب الجولة 2",
        "forfeit": "خسارة بالغياب",
        "drop_out": "انسحاب",
        "stage": "المرحلة 1",
        "round": "الجولة 1",
    },
    "hy": {
        "done": "Մրցավարի արդյունքը սահմանված է. 1-րդ տուր, սեղան 1։",
        "warning": "2-րդ տուրը վիճակահանվել է այն աղյուսակից, որը այս արդյունքը փոխել է",
        "redraw": "Վերավիճակահանել այս տուրը",
        "redrawn": "2-րդ տուրը վերավիճակահանված է",
        "forfeit": "Չներկայանալ",
        "drop_out": "Դուրս հանել",
        "stage": "Փուլ 1",
        "round": "Տուր 1",
    },
}
STAGES = [{"format": "swiss", "rounds": 2}, {"format": "single_elimination", "advance": 2}]
# Where each character of a text node stands on the screen, left to right.
X_OF_CHARACTERS = """(element) => {
    const text = element.firstChild, range = document.createRange();
    return [...text.textContent].map((_, i) => {
        range.setStart(text, i); range.setEnd(text, i + 1);
        return range.getBoundingClientRect().x;
    });
}"""


@pytest.fixture(params=sorted(WORDS))
def language(request, browser):
    context = browser.new_context(viewport=PHONE, locale=request.param)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield request.param, page, errors
    context.close()


def _away(page, read):
    page.goto("about:blank")  # the desk's poll and the test share one SQLite database
    return read()


def test_the_desk_says_what_happened_in_the_pages_language(language, site):
    lang, page, errors = language
    words = WORDS[lang]
    director = Director()
    t = director.create(variant="tarneeb", hands_per_match=1, entries=entries(4), stages=STAGES)
    first, second = director.start(t)["rounds"][0]["pairings"]
    # table 1: the first entry's declarer bids 7 and takes 5 tricks: −7 – 8
    director.hand({"id": first["match"]}, {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 5})
    desk = f"{site}/d/{t['id']}/"
    page.goto(desk)
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "ar" else "ltr")

    # table 2: its second entry did not come
    table2 = page.locator("#pairing-1-2")
    table2.locator(".director-result > summary").click()
    forfeit = table2.locator('form[action*="/forfeit/"]')
    forfeit.locator(f'label.chip:has(input[value="{second["entries"][1]}"])').click()
    forfeit.locator("input[name=sure]").check()
    forfeit.locator("button[type=submit]").click()
    expect(page.locator("#round-2")).to_be_visible()  # round 1 complete: round 2 drawn
    page.locator("#past-1 > summary").click()
    shown = page.locator("#pairing-1-2 .pairing-result")
    expect(shown).to_contain_text(words["forfeit"])
    expect(shown).not_to_contain_text("41")
    assert words["drop_out"] not in shown.inner_text()
    drop = page.locator(f"#drop-{first['entries'][0]} > summary")
    expect(drop).to_contain_text(words["drop_out"])
    assert words["forfeit"] not in drop.inner_text()

    # table 1's scores: a true minus, isolated; the first under the first name
    scores = page.locator("#pairing-1-1 .pairing-result bdi")
    expect(scores).to_have_text(["\u22127", "8"])
    assert "-" not in page.locator("#pairing-1-1 .pairing-result").inner_text()
    sign, digit = scores.first.evaluate(X_OF_CHARACTERS)
    assert sign < digit  # "−7", never "7−"
    negative, positive = (s.bounding_box()["x"] for s in scores.all())
    assert (negative > positive) == (lang == "ar")

    # a director's result on table 1 changes the standings round 2 was drawn from
    before = _away(page, lambda: {p["match"] for p in director.round(t, 2)["pairings"]})
    page.goto(desk)
    page.locator("#past-1 > summary").click()
    table1 = page.locator("#pairing-1-1")
    table1.locator(".director-result > summary").click()
    result = table1.locator('form[action*="/result/"]')
    result.locator(f'label.chip:has(input[value="{first["entries"][0]}"])').click()
    result.locator('input[name="points_0"]').fill("10")
    result.locator('input[name="points_1"]').fill("0")
    result.locator("button[type=submit]").click()
    notice = page.locator("#notice")
    expect(notice).to_be_in_viewport()  # the desk opens at the warning
    expect(notice.locator("#notice-done")).to_contain_text(words["done"])
    expect(notice.locator(".warning")).to_contain_text(words["warning"])
    offer = notice.locator("#offer-redraw")
    expect(offer.locator("button")).to_have_text(words["redraw"])
    # the phone's width holds the whole line and its action
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    offer.locator("input[name=sure]").check()
    offer.locator("button").click()
    expect(page.locator("#notice-done")).to_contain_text(words["redrawn"])
    expect(page.locator("#notice .warning")).to_have_count(0)
    after = _away(page, lambda: {p["match"] for p in director.round(t, 2)["pairings"]})
    assert before.isdisjoint(after)
    page.goto(desk)
    expect(page.locator("#notice")).to_have_count(0)  # said once

    # the Swiss is over: a stage is not a round
    _away(page, lambda: director.play_round(t, 2))
    page.goto(f"{site}/p/{t['view_id']}/")
    stage = page.locator("#standings-stage-1")
    expect(stage).to_contain_text(words["stage"])
    assert words["round"].split()[0] not in stage.inner_text()
    page.goto(desk)
    page.locator("#past-1 > summary").click()
    round_1 = page.locator("#round-1")
    expect(round_1).to_contain_text(words["round"])
    assert words["stage"].split()[0] not in round_1.inner_text()
    assert errors == []
