"""A club's season in a real Chromium at phone size: the club made on its page, a first
evening made from the club's desk (its game and season, then the creation page) and played
with director's results, the next evening made from the
last in one tap on the club's desk and played; a player's page with its rating chart (one
point per rated pairing); two spellings of one person merged from the desk."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FIRST = [["Anna", "Bruno"], ["Carla", "Dario"], ["Elsa", "Fabio"], ["Gina", "Hugo"]]
# The second evening: Hugo's name typed another way.
SECOND = [["Anna", "Bruno"], ["Carla", "Dario"], ["Elsa", "Fabio"], ["Gina", "Ugo"]]


class Api:
    """The JSON API through the live server (its one-request-at-a-time lock), not beside it:
    the desk's page polls while the director's results arrive."""

    def __init__(self, page: Any, site: str) -> None:
        self.request, self.site = page.request, site

    def get(self, url: str) -> Any:
        response = self.request.get(self.site + url)
        assert response.ok, response.text()
        return response.json()

    def post(self, url: str, body: Any = None, expect: int = 200) -> Any:
        response = self.request.post(self.site + url, data=body if body is not None else {})
        assert response.status == expect, response.text()
        return response.json()


def _play(api: Api, token: str) -> None:
    """Round 1 of the evening, every table decided by the director: the first entry wins."""
    api.post(f"/api/tournaments/{token}/start/")
    pairings = api.get(f"/api/tournaments/{token}/rounds/1/")["pairings"]
    assert len(pairings) == 2
    for pairing in pairings:
        url = f"/api/tournaments/{token}/rounds/1/pairings/{pairing['slot']}/result/"
        api.post(url, {"winner": pairing["entries"][0], "points": [10, 3]})


def _players(api: Api, club: str) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in api.get(f"/api/clubs/{club}/players/")}


def test_a_clubs_season_a_players_chart_and_a_merge(page, site, errors):
    api = Api(page, site)
    page.goto(site + "/clubs/new/")
    page.locator("#id_name").fill("Club de Lyon")
    page.locator("#id_language").select_option("fr")
    page.locator("button", has_text="Create the club").click()
    page.wait_for_url(re.compile(r"/club/[^/]+/$"))
    club = re.search(r"/club/([^/]+)/$", page.url).group(1)
    view_id = api.get(f"/api/clubs/{club}/")["view_id"]

    page.locator("#season-name").fill("Automne")
    page.locator("#season-scoring").select_option("match_points")
    page.locator("form", has=page.locator("#season-name")).locator("button").click()
    expect(page.locator("#seasons-title + ul li")).to_have_count(1)

    # The club's first evening, from its desk: the game and the season, then the site's
    # creation page, the club's.
    page.locator("#new-variant").select_option("tarneeb")
    expect(page.locator("#new-season")).to_have_value("1")
    page.locator("button", has_text="New tournament").click()
    page.wait_for_url(re.compile(rf"/club/{club}/new/tarneeb/\?season=1$"))
    expect(page.locator(".club-of")).to_contain_text("Club de Lyon")
    page.locator("#name").fill("Vendredi")
    page.locator("input[name=hands_per_match]").fill("1")
    page.locator("label.chip", has=page.locator("input[value=swiss]")).click()
    page.locator("input[name=rounds]").fill("1")
    page.locator("#entries").fill("\n".join(f"T{i}: {a}, {b}" for i, (a, b) in enumerate(FIRST, 1)))
    page.locator("button", has_text="Create the tournament").click()
    page.wait_for_url(re.compile(r"/d/[^/]+/$"))
    first = {"id": re.search(r"/d/([^/]+)/$", page.url).group(1)}
    assert api.get(f"/api/tournaments/{first['id']}/")["season"] == 1
    page.goto(f"{site}/club/{club}/")
    expect(page.locator(".club-tournaments li")).to_have_count(1)
    _play(api, first["id"])

    page.reload()
    page.locator("button", has_text="Next evening, as the last one").click()
    page.wait_for_url(re.compile(r"/d/[^/]+/$"))
    second = re.search(r"/d/([^/]+)/$", page.url).group(1)
    assert second != first["id"]
    # The desk's entries offer the club's eight players as the director types.
    expect(page.locator("#club-players option")).to_have_count(8)
    expect(page.locator("label[for=club-player-pick]")).to_have_text("Find a club player")
    entries = [{"name": f"T{i}", "players": p} for i, p in enumerate(SECOND, 1)]
    api.post(f"/api/tournaments/{second}/entries/", entries, expect=201)
    _play(api, second)
    assert api.get(f"/api/tournaments/{second}/")["season"] == 1

    players = _players(api, view_id)
    assert players["Anna"]["rated_pairings"] == 2 and players["Anna"]["tournaments"] == 2
    page.goto(f"{site}/p/c/{view_id}/players/{players['Anna']['number']}/")
    expect(page.locator("h1")).to_have_text("Anna")
    chart = page.locator("svg.club-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("circle")).to_have_count(2)
    expect(page.locator("#evenings-title + table tbody tr")).to_have_count(2)

    # Ugo is Hugo: merged from the desk, his page holds both evenings and both pairings.
    page.goto(f"{site}/club/{club}/")
    page.locator("#merge-number").fill(str(players["Ugo"]["number"]))
    page.locator("#merge-into").fill(str(players["Hugo"]["number"]))
    page.locator("button", has_text="Merge the two").click()
    page.wait_for_url(re.compile(rf"/club/{club}/$"))
    names = page.locator(".club-table tbody td:nth-child(2)")
    expect(names.filter(has_text=re.compile("^Ugo$"))).to_have_count(0)
    expect(names.filter(has_text=re.compile("^Hugo$"))).to_have_count(1)
    hugo = _players(api, view_id)["Hugo"]
    assert hugo["rated_pairings"] == 2 and hugo["tournaments"] == 2
    page.goto(f"{site}/p/c/{view_id}/players/{hugo['number']}/")
    expect(page.locator("h1")).to_have_text("Hugo")
    expect(page.locator("svg.club-chart circle")).to_have_count(2)
    expect(page.locator("#evenings-title + table tbody tr")).to_have_count(2)
    assert errors == []
