"""An Armenian club's individual events in a real Chromium at phone size, run from the pages
only: the club (its language the page's), a season by match points, a first mêlée evening
from the club's desk and the creation page, the second from the last one with "same players
as last time", then a trionfo evening (a hand limit; one name typed another way, "արամ" for
the club's Արամ), every table decided by the director's result on the desk. Then the club's
page (ratings not zero, the season's table), the second evening's win chances, and Արամ's
page: the rating chart, partners (never opponents), wins counted as wins.

The API is only read, to know what the draw made."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = ["Անի", "Արամ", "Գոռ", "Դավիթ", "Էլեն", "Լիլիթ", "Մարի", "Նարեկ"]
TRIONFO = ["Անի", "արամ", "Գոռ", "Դավիթ", "Էլեն"]  # Արամ typed another way
TRIONFO_POINTS = [50, 40, 30, 20, 10]
ARAM = "Արամ"


def _read(page: Any, site: str, url: str) -> Any:
    response = page.request.get(site + url)
    assert response.ok, response.text()
    return response.json()


def _token(page: Any, pattern: str) -> str:
    page.wait_for_url(re.compile(pattern))
    found = re.search(pattern, page.url)
    assert found, page.url
    return found.group(1)


def _create(page: Any, name: str, entries: list[str], hands: str = "") -> str:
    """The creation page (the club's): an individual event of one round; its desk's key."""
    page.locator("#name").fill(name)
    melee = page.locator("label.chip", has=page.locator("input[value=melee]"))
    if melee.count():
        melee.click()
    page.locator("input[name=rounds]").fill("1")
    if hands:
        page.locator("input[name=hands_per_match]").fill(hands)
    page.locator("#entries").fill("\n".join(entries))
    page.locator("button.primary.wide[type=submit]").click()
    return _token(page, r"/d/([^/]+)/$")


def _start(page: Any) -> None:
    """The desk's start (nobody checked in: it asks first), then round 1's tables shown."""
    page.locator("#start-button").click()
    expect(page.locator("#start-confirm")).to_be_visible()
    page.locator("#start-confirm").click()
    expect(page.locator("details.director-result").first).to_be_attached()


def _play(page: Any, site: str, token: str) -> None:
    """Start from the desk, then each table's director's result: in a mêlée the first team
    wins 100–62; at a trionfo table the five scores in seat order."""
    page.goto(f"{site}/d/{token}/")
    _start(page)
    ids = [found.get_attribute("id") for found in page.locator("details.director-result").all()]
    assert ids
    for found in ids:
        box = page.locator(f"#{found}")
        box.locator("summary").click()
        result = box.locator("form.setup").last  # "Set the result", below the forfeit
        points = result.locator("input[type=number][name^=points_]")
        if points.count() == 5:
            for seat, value in enumerate(TRIONFO_POINTS):
                points.nth(seat).fill(str(value))
        else:
            result.locator("label.chip").first.click()
            points.nth(0).fill("100")
            points.nth(1).fill("62")
        with page.expect_navigation():  # the desk again, once the result is stored
            result.locator("button.primary[type=submit]").click()
    assert _read(page, site, f"/api/tournaments/{token}/")["status"] == "finished"


def test_an_armenian_clubs_melee_and_trionfo_evenings_from_the_pages(phone, site):
    page, errors = phone("hy")
    page.goto(site + "/clubs/new/")
    expect(page.locator("#id_language")).to_have_value("hy")  # the page's language
    page.locator("#id_name").fill("Երևանի ակումբ")
    page.locator("form:has(#id_name) button[type=submit]").click()
    club = _token(page, r"/club/([^/]+)/$")
    expect(page.locator(".club-key")).to_be_visible()
    view_id = _read(page, site, f"/api/clubs/{club}/")["view_id"]

    page.locator("#season-name").fill("Աշուն")
    page.locator("#season-scoring").select_option("match_points")
    page.locator("form:has(#season-name) button[type=submit]").click()
    expect(page.locator("#seasons-title + ul li")).to_have_count(1)

    # The first mêlée: the game and the season on the club's desk, then the creation page.
    page.locator("#new-variant").select_option("belote")
    page.locator("form.club-new button[type=submit]").click()
    first = _create(page, "Ուրբաթ", NAMES)
    _play(page, site, first)

    # The second: the last one's settings and players in one tap, named by its date.
    page.goto(f"{site}/club/{club}/")
    page.locator("form.club-next button[name=same_players]").click()
    second = _token(page, r"/d/([^/]+)/$")
    assert second != first
    entered = _read(page, site, f"/api/tournaments/{second}/")
    assert [e["name"] for e in entered["entries"]] == NAMES
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", entered["name"])
    _start(page)
    # Everyone was rated by then: each table shows its chance to win, on the public page.
    page.goto(f"{site}/p/{entered['view_id']}/")
    expect(page.locator(".win-chance")).to_have_count(2)
    expect(page.locator(".win-chance").first).to_contain_text("%")
    page.goto(f"{site}/d/{second}/")
    ids = [f.get_attribute("id") for f in page.locator("details.director-result").all()]
    for found in ids:
        box = page.locator(f"#{found}")
        box.locator("summary").click()
        result = box.locator("form.setup").last
        result.locator("label.chip").first.click()
        points = result.locator("input[type=number][name^=points_]")
        points.nth(0).fill("100")
        points.nth(1).fill("62")
        with page.expect_navigation():
            result.locator("button.primary[type=submit]").click()

    # The trionfo evening: trionfo in the desk's games, a hand limit, "արամ" typed.
    page.goto(f"{site}/club/{club}/")
    page.locator("#new-variant").select_option("trionfo")
    page.locator("form.club-new button[type=submit]").click()
    trionfo = _create(page, "Տրիոնֆո", TRIONFO, hands="6")
    _play(page, site, trionfo)

    # The club's page: eight players (արամ is Արամ), every rating moved from zero.
    page.goto(f"{site}/p/c/{view_id}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    rows = page.locator("#players-title + table tbody tr")
    expect(rows).to_have_count(8)
    for rating in rows.locator("td:nth-child(2)").all_inner_texts():
        assert float(rating.strip()) != 0.0, rating
    players = {p["name"]: p for p in _read(page, site, f"/api/clubs/{view_id}/players/")}
    aram = _read(page, site, f"/api/clubs/{view_id}/players/{players[ARAM]['number']}/")
    assert [len(e["pairings"]) for e in aram["history"]] == [1, 1, 1]

    # What the draws made, seen from Արամ's side: partners are the team's, results as set.
    for evening, token in zip(aram["history"][:2], (first, second), strict=True):
        pairing = next(
            p
            for p in _read(page, site, f"/api/tournaments/{token}/rounds/1/")["pairings"]
            if evening["entry"] in p["entries"]
        )
        mine = next(team for team in pairing["teams"] if evening["entry"] in team)
        theirs = next(team for team in pairing["teams"] if team is not mine)
        names = {
            e["number"]: e["name"]
            for e in _read(page, site, f"/api/tournaments/{token}/")["entries"]
        }
        seen = evening["pairings"][0]
        assert seen["partners"] == [names[n] for n in mine if n != evening["entry"]]
        assert sorted(seen["opponent_players"]) == sorted(names[n] for n in theirs)
        assert seen["result"] == ("win" if mine == pairing["teams"][0] else "loss")
    assert aram["history"][2]["partners"] == []

    # The season's table: eight rows by match points, Արամ's the sum of his.
    season = page.locator("#season-title ~ table tbody tr:not(.why-row)")
    expect(season).to_have_count(8)
    points = [float(p) for p in season.locator("td:nth-child(3)").all_inner_texts()]
    assert points == sorted(points, reverse=True) and points[0] > 0
    mine = season.filter(has=page.get_by_role("link", name=ARAM, exact=True))
    expect(mine.locator("td:nth-child(3)")).to_have_text(
        str(sum(p["match_points"] for e in aram["history"] for p in e["pairings"]))
    )

    # Արամ's page, reached from the club's page: the chart, the evenings, head-to-head.
    page.get_by_role("link", name=ARAM, exact=True).first.click()
    page.wait_for_url(re.compile(rf"/p/c/{view_id}/players/\d+/$"))
    expect(page.locator("h1")).to_have_text(ARAM)
    expect(page.locator("svg.club-chart circle")).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    evenings = page.locator("#evenings-title + table tbody tr")
    expect(evenings).to_have_count(3)
    for row, evening in zip(evenings.all(), aram["history"], strict=True):
        expect(row.locator("td:nth-child(3)")).to_have_text(", ".join(evening["partners"]))
    expected: dict[str, Counter[str]] = {}
    for evening in aram["history"]:
        for pairing in evening["pairings"]:
            for name in pairing["opponent_players"]:
                expected.setdefault(name, Counter())[pairing["result"]] += 1
    versus = page.locator("#versus-title + table tbody tr")
    expect(versus).to_have_count(len(expected))
    for row in versus.all():
        name, won, draw, lost = row.locator("td").all_inner_texts()
        assert ARAM not in name
        counts = expected[name.strip()]
        assert [int(won), int(draw), int(lost)] == [counts["win"], counts["draw"], counts["loss"]]
    assert errors == []
