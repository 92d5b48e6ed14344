"""An individual event (format ``melee``) in a real Chromium at phone size (390×844): the
desk shows each table's two teams and who sits out, the director's result is entered from
the desk (the winning team's button, the two teams' points), and the projector shows the
round; in Persian, each score stands under its team (the first on the right)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.tournaments.conftest import Director

pytestmark = pytest.mark.browser

NAMES = ["Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco", "Gina", "Hugo", "Irene"]
PERSIAN = ["سارا", "بهرام", "مریم", "رضا", "نازنین", "کاوه", "لیلا", "امید", "زهره"]


def read_first_rtl(a: dict, b: dict) -> bool:
    """Whether box ``a`` is read before box ``b`` right to left: on the same line and to
    its right, or on a line above it (a line-up of long names may wrap on a phone; which
    names sit at table 1 depends on the draw)."""
    if abs(a["y"] - b["y"]) < min(a["height"], b["height"]) / 2:
        return a["x"] > b["x"]
    return a["y"] < b["y"]


def _melee(names: list[str]) -> tuple[Director, dict, dict]:
    director = Director()
    t = director.create(
        variant="belote",
        round_minutes=40,
        entries=[{"name": name} for name in names],
        stages=[{"format": "melee", "rounds": 3}],
    )
    director.start(t)
    return director, t, director.round(t, 1)


def test_a_melee_round_on_the_desk_and_the_projector(page, site, errors):
    director, t, round_ = _melee(NAMES)
    named = dict(enumerate(NAMES, start=1))
    tables = [p for p in round_["pairings"] if p.get("teams")]
    (resting,) = round_["sit_out"]
    page.goto(f"{site}/d/{t['id']}/")
    expect(page.locator("#round-1 ~ .sit-out")).to_have_text(f"Sitting out: {named[resting]}")
    for pairing in tables:
        (a, c), (b, d) = pairing["teams"]
        head = page.locator(f"#pairing-1-{pairing['slot']} .pairing-names")
        expect(head).to_have_text(f"{named[a]} & {named[c]} vs {named[b]} & {named[d]}")
    # the sit-out has no table of its own on the desk
    expect(page.locator("#round-1 ~ ol .pairing")).to_have_count(2)

    # The director's result of table 1: the second team wins, 40 – 122.
    first = tables[0]
    (a, c), (b, d) = first["teams"]
    table = page.locator(f"#pairing-1-{first['slot']}")
    table.locator(".director-result summary").click()
    result_form = table.locator('form[action*="/result/"]')
    result_form.locator("label.chip", has_text=f"{named[b]} & {named[d]}").click()
    table.locator('input[name="points_0"]').fill("40")
    table.locator('input[name="points_1"]').fill("122")
    table.locator('form[action*="/result/"] button[type=submit]').click()
    table = page.locator(f"#pairing-1-{first['slot']}")
    expect(table.locator(".pairing-result")).to_contain_text("40 – 122")
    expect(table.locator(".pairing-result")).to_contain_text("director's result")
    assert table.bounding_box()["width"] <= 390  # nothing wider than the phone

    page.goto("about:blank")  # the desk's poll and the test share one SQLite database
    after = director.round(t, 1)["pairings"]
    decided = next(p for p in after if p["slot"] == first["slot"])
    assert decided["status"] == "finished" and decided["winner"] in (b, d)
    assert decided["points"] == [40, 122] and decided["decided_by"] == "director"

    # The projector: the same teams and the sit-out, at 1920×1080.
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{site}/p/{t['view_id']}/projector/")
    pairings = page.locator('.slide[data-slide="pairings"]')
    expect(pairings.locator(".lineup-teams").first).to_be_attached()
    expect(pairings.locator(".sit-out")).to_have_text(f"Sitting out: {named[resting]}")
    expect(pairings).to_contain_text(f"{named[a]} & {named[c]} vs {named[b]} & {named[d]}")
    assert errors == []


def test_persian_scores_stand_in_the_order_of_the_teams(phone, site):
    director, t, round_ = _melee(PERSIAN)
    first = next(p for p in round_["pairings"] if p.get("teams"))
    director.result(t, 1, first["slot"], winner=first["teams"][1][0], points=[0, 162])
    page, errors = phone("fa")
    page.context.add_cookies([{"name": "django_language", "value": "fa", "url": site}])
    for url, names_of, scores_of in (
        (
            f"{site}/d/{t['id']}/",
            f"#pairing-1-{first['slot']} .lineup-teams",
            f"#pairing-1-{first['slot']} .pairing-result bdi",
        ),
        (f"{site}/p/{t['view_id']}/", ".pairings .lineup-teams", ".pairings td.score bdi"),
    ):
        page.goto(url)
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        teams = page.locator(names_of).first.locator("bdi")
        scores = page.locator(scores_of)
        expect(scores.first).to_have_text("0")
        # right to left: the first team (its first player) and its score on the right
        first_team = teams.nth(0).bounding_box()
        second_team = teams.nth(2).bounding_box()
        zero, hundred = scores.nth(0).bounding_box(), scores.nth(1).bounding_box()
        assert read_first_rtl(first_team, second_team), (url, first_team, second_team)
        assert read_first_rtl(zero, hundred), (url, zero, hundred)
    assert errors == []
