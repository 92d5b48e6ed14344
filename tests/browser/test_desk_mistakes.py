"""An evening whose mistakes are put right from the desk, in a real Chromium at phone size
(390×844, issue 19): the start undone to add a late team, a swap, a forfeit, a dispute
raised at the table and settled by the director, and a wrong result on the round's last
table (hold, a director's result, the next round drawn, then redrawn); what the players see
on the table page and the public page. The hands themselves are entered through the API
(the table page's hand entry has its own browser tests)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.tournaments.conftest import Director, entries, won_by

pytestmark = pytest.mark.browser


def _round(page, director: Director, t: dict, number: int) -> list[dict]:
    page.goto("about:blank")  # the desk's poll and the test share one SQLite database
    return director.round(t, number)["pairings"]


def _hand(page, director: Director, match: str) -> None:
    page.goto("about:blank")
    director.hand({"id": match}, won_by(0))


def test_mistakes_put_right_from_the_desk(page, site, errors):
    director = Director()
    t = director.create(
        variant="tarneeb",
        hands_per_match=1,
        entries=entries(5),
        stages=[{"format": "swiss", "rounds": 3}],
        confirm_results=True,
        round_minutes=30,
    )
    director.start(t)
    desk = f"{site}/d/{t['id']}/"

    # Undo the start to add a late team, then start again: three tables, no bye.
    page.goto(desk)
    expect(page.locator(".desk-countdown .clock")).to_have_text(re.compile(r"^\d+:\d\d$"))
    page.locator("#unstart summary").click()
    page.locator("#unstart input[name=sure]").check()
    page.locator("#unstart button[type=submit]").click()
    expect(page.locator(".lead .status")).to_have_text("Registration")
    page.locator("#add-entries-list").fill("6. Team 6: P6a, P6b")
    page.locator("#add-entries button[type=submit]").click()
    expect(page.locator("#entry-6")).to_be_visible()
    page.locator("#start-button").click()
    page.locator("#start-confirm").click()  # nobody is checked in: the start asks first
    expect(page.locator("#round-1 ~ ol .pairing")).to_have_count(3)
    # the round in play comes before the entries, which are folded away
    top = page.locator("#round-1").bounding_box()
    assert top is not None and top["y"] < 600
    expect(page.locator("#entries")).not_to_have_attribute("open", "")

    # A swap: the first entries of tables 1 and 2 change places.
    before = _round(page, director, t, 1)
    page.goto(desk)
    a, b = before[0]["entries"][0], before[1]["entries"][0]
    page.locator("#swap-1 summary").click()
    page.locator("#swap-first-1").select_option(str(a))
    page.locator("#swap-second-1").select_option(str(b))
    page.locator("#swap-1 button[type=submit]").click()
    after = _round(page, director, t, 1)
    assert after[0]["entries"][0] == b and after[1]["entries"][0] == a
    # the old match of table 1 tells its players where they play now
    page.goto(f"{site}/m/{before[0]['match']}/")
    expect(page.locator(".t-panel")).to_contain_text("This match was cancelled")
    expect(page.locator(".t-next")).to_contain_text("go to table 2")

    # A forfeit at table 3: its second entry did not come.
    page.goto(desk)
    table3 = page.locator("#pairing-1-3")
    table3.locator(".director-result summary").click()
    forfeit = table3.locator('form[action*="/forfeit/"]')  # first, above the result form
    forfeit.locator("label.chip", has_text=f"Team {after[2]['entries'][1]}").click()
    table3.locator('form[action*="/forfeit/"] input[name=sure]').check()
    table3.locator("button", has_text="Record the forfeit").click()
    expect(page.locator("#pairing-1-3 .pairing-result")).to_contain_text(
        f"Forfeit: Team {after[2]['entries'][1]} did not come"
    )

    # A dispute at table 1: the other side disagrees on the same phone.
    _hand(page, director, after[0]["match"])
    page.goto(f"{site}/m/{after[0]['match']}/")
    expect(page.locator("#t-confirm-form")).to_contain_text("do you agree")
    expect(page.locator(".t-final")).to_contain_text("Final score")
    page.locator("#t-disagree").click()
    page.locator("#t-note").fill("We took 8 tricks, not 7")
    page.locator("#t-dispute").click()
    expect(page.locator("#t-confirm")).to_contain_text("Disputed: the director will decide.")
    page.goto(desk)
    expect(page.locator("#flags")).to_contain_text("Round 1, table 1: the result is disputed")
    page.locator("#pairing-1-1 button", has_text="Confirm the result").click()
    expect(page.locator("#flags")).to_have_count(0)
    page.goto(f"{site}/m/{after[0]['match']}/")
    expect(page.locator("#t-confirm-form")).to_have_count(0)
    expect(page.locator("#t-confirm")).to_contain_text("Settled by the director")

    # Hold, then the last table ends with the wrong winner and the other side agrees.
    page.goto(desk)
    page.locator("button", has_text="Hold: draw the next round myself").click()
    expect(
        page.locator("button", has_text="Draw the next rounds by themselves again")
    ).to_be_visible()
    _hand(page, director, after[1]["match"])
    page.goto(f"{site}/m/{after[1]['match']}/")
    page.locator("#t-agree").click()
    expect(page.locator("#t-confirm")).to_contain_text("Confirmed")
    # the director puts it right: the second side won 10 to 3
    page.goto(desk)
    table2 = page.locator("#pairing-1-2")
    table2.locator(".director-result summary").click()
    table2.locator('input[name="outcome"]').nth(1).check(force=True)
    table2.locator('input[name="points_0"]').fill("3")
    table2.locator('input[name="points_1"]').fill("10")
    table2.locator('input[name="reason"]').fill("Wrong team entered")
    table2.locator("button", has_text="Set the result").click()
    expect(page.locator("#pairing-1-2 .pairing-result")).to_contain_text("3 – 10")
    page.locator("button", has_text="Draw the next round").click()
    expect(page.locator("#round-2")).to_be_visible()
    drawn = _round(page, director, t, 2)
    page.goto(desk)
    page.locator("#redraw-2 summary").click()
    page.locator("#redraw-2 input[name=sure]").check()
    page.locator("#redraw-2 button[type=submit]").click()
    redrawn = _round(page, director, t, 2)
    assert {p["match"] for p in drawn}.isdisjoint(p["match"] for p in redrawn)
    page.goto(f"{site}/m/{drawn[0]['match']}/")
    expect(page.locator(".t-panel")).to_contain_text("This match was cancelled")

    # The public page shows round 2 in play and the corrected result of round 1.
    page.goto(f"{site}/p/{t['view_id']}/")
    expect(page.locator("body")).to_contain_text("Round 2")
    assert errors == []
