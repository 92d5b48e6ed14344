"""The public pages fit a phone (390×844) in Arabic and Armenian: no sideways swipe, the
standings' rank, name and first key on the first screen, the rest behind "Details"; a
negative figure keeps its minus sign on its left in a right-to-left page; the desk's
entries table shows its "playing" column."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.tournaments.conftest import round_won_by_first
from tournaments import services, validation

from .conftest import PHONE

pytestmark = pytest.mark.browser

NAMES = ["الصقور الذهبية", "Արծիվներ", "Les Grands Amis de la Belote", "Team Four", "النجوم", "Գ"]


def _evening() -> Any:
    tournament = services.tournament_create(
        validation.tournament_spec(
            dict(
                name="Phone evening",
                variant="tarneeb",
                entries=[
                    {"name": name, "players": [f"{name} A", f"{name} B"], "seed": n + 1}
                    for n, name in enumerate(NAMES)
                ],
                tiebreaks=["match_points", "points_diff", "points_for"],
                stages=[
                    {"format": "swiss", "rounds": 2},
                    {"format": "single_elimination", "advance": 4, "games_to_win": 2},
                ],
            )
        )
    )
    services.tournament_start(tournament_id=tournament.pk)
    for number in (1, 2):
        round_won_by_first(tournament, number, [412, 180])
    tournament.refresh_from_db()
    return tournament


def _fits(page: Any) -> None:
    page.evaluate("document.fonts.ready.then(() => true)")  # the text as it will be shown
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], width


MINUS_ON_THE_LEFT = """(el) => {
  const text = el.firstChild;
  const range = document.createRange();
  range.setStart(text, 0); range.setEnd(text, 1);
  const minus = range.getBoundingClientRect();
  range.setStart(text, 1); range.setEnd(text, 2);
  const digit = range.getBoundingClientRect();
  return minus.right <= digit.left + 0.5;
}"""


@pytest.mark.parametrize("language", ["ar", "hy"])
def test_the_public_page_fits_a_phone(browser: Any, site: str, language: str) -> None:
    tournament = _evening()
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site + f"/p/{tournament.view_id}/")
    _fits(page)
    # the stage-1 table: rank, name, match points in view; the rest behind "Details"
    board = page.locator(".standings-earlier .standings-board").first
    board.scroll_into_view_if_needed()
    first = board.locator("tbody tr").first
    cells = first.locator("td:visible")
    assert cells.count() == 3
    for cell in cells.all():
        box = cell.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    more = first.locator(".row-more")
    expect(more.locator(".figures")).to_be_hidden()
    more.locator("summary").click()
    expect(more.locator(".figures")).to_be_visible()
    _fits(page)
    # a loser's points difference, below zero: the minus sign on the left of its digits
    last = board.locator("tbody tr").last
    last.locator(".row-more summary").click()
    negative = last.locator(".row-more dd bdi[dir=ltr]").first
    expect(negative).to_have_text("\u2212464")
    assert negative.evaluate(MINUS_ON_THE_LEFT)
    # an entry's page (its rounds, opponents and scores)
    page.goto(site + f"/p/{tournament.view_id}/entries/3/")
    _fits(page)
    # the desk's entries: the "playing" column (the drop-out chip) on the screen
    desk = context.new_page()
    desk.goto(site + f"/d/{tournament.pk}/")
    desk.locator("#entries > summary").click()
    playing = desk.locator("#entries .desk-table tr").first.locator("th").last
    box = playing.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert errors == []
    context.close()
