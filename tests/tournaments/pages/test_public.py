"""The public pages of a tournament: the players' page, the cheap poll (304 while nothing
changed), the bracket SVG, a player's history and the match page's tournament panel."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.conftest import Director, entries, played_swiss, tarneeb, won_by
from tournaments.pages import public_parts

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_version_cache(settings: Any) -> None:
    """Every poll reads the version, so a change shows at once (in production within 1 s)."""
    settings.TOURNAMENT_POLL_CACHE_SECONDS = 0


def _swiss(director: Director, count: int = 8, **fields: Any) -> dict[str, Any]:
    tournament = director.create(variant="tarneeb", entries=entries(count), **fields)
    director.start(tournament)
    return director.tournament(tournament["id"])


def _html(url: str, **headers: str) -> tuple[int, str]:
    response = Client().get(url, **headers)
    return response.status_code, response.content.decode()


def _with_bracket(view_id: str) -> tuple[int, str]:
    """The page and its brackets (fetched by the page once shown)."""
    status, page = _html(f"/p/{view_id}/")
    return status, page + _html(f"/p/{view_id}/live/bracket/")[1]


def test_the_public_page_lists_every_name_with_its_table(director: Director, monkeypatch) -> None:
    monkeypatch.setattr(public_parts, "FIND_ROWS", 100)
    tournament = _swiss(director)
    status, page = _html(f"/p/{tournament['view_id']}/")
    assert status == 200
    # Find your table: the names that hold what is typed ("a": every one of them here).
    html = _html(f"/p/{tournament['view_id']}/live/tables/?q=a")[1]
    pairings = director.round(tournament, 1)["pairings"]
    table_of = {n: p["table"] for p in pairings for n in p["entries"]}
    for n in range(1, 9):
        for name in (f"Team {n}", f"P{n}a", f"P{n}b"):
            assert f'data-name="{name}' in html
        # The team's row and its table, in the "find your table" list.
        row = html.split(f'data-name="Team {n}"', 1)[1].split("</li>", 1)[0]
        assert f"table {table_of[n]}" in row
    names = [chunk.split('"', 1)[0] for chunk in html.split('data-name="')[1:]]
    assert names == sorted(names, key=str.casefold)
    assert 'src="/static/js/tournament/public.js"' in page
    assert "<script>" not in page and " style=" not in page


def test_standings_show_why_and_the_tiebreak_columns(director: Director) -> None:
    tournament = _swiss(director)
    director.play_round(tournament, 1)
    status, html = _html(f"/p/{tournament['view_id']}/live/")
    assert status == 200
    standings = director.tournament(tournament["id"])["standings"]
    assert standings[0]["why"]
    assert standings[0]["why"] in html.replace("&#x27;", "'")
    for word in ("Buchholz", "points difference", "head-to-head"):
        assert word in html


def test_the_poll_answers_304_until_a_result_changes_it(director: Director) -> None:
    tournament = _swiss(director)
    url = f"/p/{tournament['view_id']}/live/"
    first = Client().get(url)
    assert first.status_code == 200
    # A copy the browser may keep (no-store would mean no If-None-Match, so no 304).
    assert first["Cache-Control"] == "no-cache"
    etag = first["ETag"]
    again = Client().get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b"" and "no-store" not in again.get("Cache-Control", "")
    pairing = director.round(tournament, 1)["pairings"][0]
    director.result(tournament, 1, pairing["slot"], winner=pairing["entries"][0], points=[321, 123])
    after = Client().get(url, HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200
    assert after["ETag"] != etag
    # each score isolated (<bdi dir="ltr">), in the order of the names
    assert "321 – 123" in re.sub(r"</?bdi[^>]*>", "", after.content.decode())
    # Another language is another copy.
    french = Client().get(url, HTTP_IF_NONE_MATCH=after["ETag"], HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 200


def test_with_the_version_cache_a_poll_runs_no_query(director: Director, settings: Any) -> None:
    settings.TOURNAMENT_POLL_CACHE_SECONDS = 60
    tournament = _swiss(director)
    url = f"/p/{tournament['view_id']}/live/"
    etag = Client().get(url)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert len(queries) == 0


def test_an_unknown_link_is_a_404() -> None:
    for url in (
        "/p/nothing/",
        "/p/nothing/live/",
        "/p/nothing/projector/",
        "/p/nothing/entries/1/",
        "/p/x/match/y/panel/",
    ):
        assert Client().get(url).status_code == 404


def _knockout(director: Director, count: int, stage: dict[str, Any]) -> dict[str, Any]:
    tournament = director.create(variant="tarneeb", entries=entries(count), stages=[stage])
    director.start(tournament)
    for _ in range(1, 20):
        state = director.tournament(tournament["id"])
        if state["status"] == "finished":
            return state
        director.play_round(tournament, state["round"])
    raise AssertionError("the knockout did not finish")


def test_a_single_elimination_bracket_is_svg_with_the_champion(director: Director) -> None:
    state = _knockout(director, 8, {"format": "single_elimination"})
    status, html = _with_bracket(state["view_id"])
    assert status == 200
    assert html.count('<svg class="bracket"') == 1
    for word in ("Quarter-final", "Semi-final", "Final"):
        assert f">{word}</text>" in html
    champion = next(e["name"] for e in state["entries"] if e["number"] == state["champion"])
    assert f"Champion: {champion}" in html


def test_double_elimination_draws_both_brackets_and_the_grand_final(director: Director) -> None:
    state = _knockout(director, 4, {"format": "double_elimination"})
    html = _with_bracket(state["view_id"])[1]
    assert html.count('<svg class="bracket"') == 3
    for title in ("Winners&#x27; bracket", "Losers&#x27; bracket", "Grand final"):
        assert title in html


def test_the_consolation_is_drawn_beside_the_main_bracket(director: Director) -> None:
    state = _knockout(director, 8, {"format": "single_elimination", "consolation": True})
    html = _with_bracket(state["view_id"])[1]
    assert html.count('<svg class="bracket"') == 2
    assert "bracket-consolation" in html and "Consolation" in html


def test_a_player_history_lists_every_round(director: Director) -> None:
    tournament = _swiss(director)
    director.play_round(tournament, 1)
    director.play_round(tournament, 2)
    status, html = _html(f"/p/{tournament['view_id']}/entries/1/")
    assert status == 200
    assert "Round 1" in html and "Round 2" in html
    rounds = [director.round(tournament, n)["pairings"] for n in (1, 2)]
    for pairings in rounds:
        mine = next(p for p in pairings if 1 in p["entries"])
        other = next(n for n in mine["entries"] if n != 1)
        assert f"Team {other}</a>" in html
        assert f"/p/{tournament['view_id']}/entries/{other}/" in html
    # The standings link to it.
    assert f"/p/{tournament['view_id']}/entries/1/" in _html(f"/p/{tournament['view_id']}/")[1]
    assert Client().get(f"/p/{tournament['view_id']}/entries/99/").status_code == 404


def test_the_match_page_shows_go_to_table_once_the_next_round_is_drawn(director: Director) -> None:
    tournament = tarneeb(director, 4)
    director.start(tournament)
    pairing = director.round(tournament, 1)["pairings"][0]
    page = f"/m/{pairing['match_view']}/"
    html = _html(page)[1]
    assert "Round 1" in html and f"table {pairing['table']}" in html
    assert 'class="t-panel"' in html
    # The table finishes its match with its one hand; the other table still plays.
    director.hand({"id": pairing["match"]}, won_by(0))
    assert "go to table" not in _html(page)[1]
    other = director.round(tournament, 1)["pairings"][1]
    director.hand({"id": other["match"]}, won_by(1))
    html = _html(page)[1]
    following = {
        n: p["table"] for p in director.round(tournament, 2)["pairings"] for n in p["entries"]
    }
    for number in pairing["entries"]:
        assert f"Team {number}: go to table {following[number]}" in html
    panel = _html(f"/p/{tournament['view_id']}/match/{pairing['match_view']}/panel/")
    assert panel[0] == 200 and "go to table" in panel[1] and "<aside" not in panel[1]


def test_the_panel_says_who_has_no_match_in_the_next_round(director: Director) -> None:
    """A Swiss round then the final of the top 2: once the final is drawn, every table's
    panel says where its winner goes and that its loser has no match (no table is left
    saying the next round is still to be drawn)."""
    tournament = tarneeb(
        director,
        4,
        stages=[
            {"format": "swiss", "rounds": 1},
            {"format": "single_elimination", "advance": 2},
        ],
    )
    director.start(tournament)
    pairings = director.round(tournament, 1)["pairings"]
    first = f"/m/{pairings[0]['match_view']}/"
    director.hand({"id": pairings[0]["match"]}, won_by(0))
    assert "Match over: the next round is drawn" in _html(first)[1]  # the other still plays
    director.hand({"id": pairings[1]["match"]}, won_by(0))
    final = director.round(tournament, 2)["pairings"][0]
    for pairing in pairings:
        winner, loser = pairing["entries"]
        html = _html(f"/m/{pairing['match_view']}/")[1]
        assert f"Team {winner}: go to table {final['table']}" in html
        assert f"Team {loser}: no match in the next round" in html
        assert "Match over" not in html


def test_the_match_page_says_time_when_time_is_called(director: Director) -> None:
    tournament = tarneeb(director, 4, round_minutes=30)
    director.start(tournament)
    pairing = director.round(tournament, 1)["pairings"][0]
    html = _html(f"/m/{pairing['match_view']}/")[1]
    assert "data-ends-at=" in html and "Time!</strong>" not in html
    response = director.post(
        f"/api/tournaments/{tournament['id']}/rounds/1/clock/", {"action": "call_time"}
    )
    assert response.status_code == 200, response.json()
    html = _html(f"/m/{pairing['match_view']}/")[1]
    assert "Time!</strong>" in html
    assert "Finish the hand in play: the match ends after it." in html


def test_a_friendly_match_has_no_tournament_panel(director: Director) -> None:
    match = director.new_match()
    assert "t-panel" not in _html(f"/m/{match['view_id']}/")[1]


def test_the_projector_has_every_section_and_no_controls(director: Director) -> None:
    tournament = _swiss(director)
    director.play_round(tournament, 1)
    status, html = _html(f"/p/{tournament['view_id']}/projector/")
    assert status == 200
    assert 'data-slide="pairings"' in html and 'data-slide="standings"' in html
    assert "<form" not in html and "<button" not in html and "<input" not in html
    poll = Client().get(f"/p/{tournament['view_id']}/projector/live/")
    assert poll.status_code == 200
    assert (
        Client()
        .get(f"/p/{tournament['view_id']}/projector/live/", HTTP_IF_NONE_MATCH=poll["ETag"])
        .status_code
        == 304
    )


def _count(url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(url)
    assert response.status_code == 200
    return len(queries)


@pytest.mark.parametrize("path", ["", "live/", "projector/", "entries/1/"])
def test_query_counts_do_not_grow_with_entries_or_rounds(path: str) -> None:
    small, large = played_swiss(8, 1).view_id, played_swiss(40, 3).view_id
    assert _count(f"/p/{small}/{path}") == _count(f"/p/{large}/{path}")
