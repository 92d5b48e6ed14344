"""The public pages on a phone and what they say: the standings' rank, name and first key
with the rest behind "Details"; the phone's bracket shows games; a knockout's table shows
the qualifiers' first-stage figures; a result awaiting confirmation names no winner; the
bye row says "bye" once; the champion's banner; no head-to-head column unless it ranks."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, entries, won_by
from tournaments.selectors.public import public_state


def _get(url: str, lang: str = "en") -> str:
    response = Client().get(url, headers={"accept-language": lang, "accept-encoding": ""})
    assert response.status_code == 200, url
    return response.content.decode()


def _live(tournament: dict[str, Any]) -> str:
    return _get(f"/p/{tournament['view_id']}/live/")


def _rows(html: str) -> list[str]:
    return re.findall(r"<tr[^>]*>.*?</tr>", html, flags=re.S)


def _knockout(director: Director, **fields: Any) -> dict[str, Any]:
    tournament = director.create(
        variant="tarneeb",
        entries=entries(6),
        stages=[
            {"format": "swiss", "rounds": 2},
            {"format": "single_elimination", "advance": 4, "games_to_win": 2},
        ],
        **fields,
    )
    director.start(tournament)
    director.play_round(tournament, 1)
    director.play_round(tournament, 2)
    return tournament


def test_the_standings_show_the_first_key_and_fold_the_rest(director: Director) -> None:
    tournament = director.create(variant="tarneeb", entries=entries(4))
    director.start(tournament)
    director.play_round(tournament, 1)
    html = _live(tournament).split('class="standings"')[1]
    head = html.split("<thead>")[1].split("</thead>")[0]
    assert '<th scope="col" class="num">match points</th>' in head  # the first key: shown
    assert '<th scope="col" class="num more">Played</th>' in head  # the rest: folded
    assert '<th scope="col" class="num more">points difference</th>' in head
    row = _rows(html.split("<tbody>")[1])[0]
    assert '<details class="row-more"><summary>Details</summary>' in row
    assert "<dt>points difference</dt><dd>200</dd>" in row
    assert _get(f"/p/{tournament['view_id']}/live/", "hy").count("Մանրամասներ") == 4


def test_the_knockouts_table_shows_the_first_stage_figures(director: Director) -> None:
    tournament = _knockout(director)
    state = public_state(tournament["view_id"])
    assert state["figures_of"] == 1
    first_stage = {row["entry"]: row for row in state["earlier"][0]["rows"]}
    for row in state["standings"]:
        assert row["played"] == 2, row  # not the knockout's zeros
        mine = first_stage[row["entry"]]
        assert (row["match_points"], row["points_for"]) == (
            mine["match_points"],
            mine["points_for"],
        )
    assert "Figures of stage 1" in _live(tournament)
    # an entry's page too: its first-stage match points, said so
    top = state["standings"][0]
    page = _get(f"/p/{tournament['view_id']}/entries/{top['entry']}/")
    assert f"Rank 1 · {top['match_points']} match points" in page
    assert "(Figures of stage 1)" in page
    # the API's standings stay the knockout's own (tournaments.md)
    api = director.get(f"/api/tournaments/{tournament['id']}/standings/").json()
    assert api[0]["played"] == 0


def test_the_phones_bracket_shows_the_games(director: Director) -> None:
    tournament = _knockout(director)
    pairing = director.round(tournament, 3)["pairings"][0]
    winner = pairing["entries"][0]
    director.result(tournament, 3, pairing["slot"], winner=winner, points=[300, 250], games=[2, 1])
    html = _get(f"/p/{tournament['view_id']}/live/bracket/")
    stack = html.split('<div class="bracket-stack">')[1]
    assert '<bdi dir="ltr" class="games">2</bdi>' in stack
    assert '<bdi dir="ltr" class="games">1</bdi>' in stack
    assert '<small class="games-points">(<bdi dir="ltr">300</bdi>)</small>' in stack


def test_a_result_awaiting_confirmation_names_no_winner(director: Director) -> None:
    tournament = director.create(
        variant="tarneeb", entries=entries(4), hands_per_match=1, confirm_results=True
    )
    director.start(tournament)
    first = director.round(tournament, 1)["pairings"][0]
    response = director.post(f"/api/matches/{first['match']}/hands/", won_by(0))
    assert response.status_code == 201
    html = _live(tournament)
    row = next(r for r in _rows(html.split('class="pairings"')[1]) if "awaiting" in r)
    assert "awaiting confirmation" in row
    assert 'class="won"' not in row
    bracket_row = public_state(tournament["view_id"])["current"]["rows"][0]
    assert bracket_row["awaiting"] and not any(side["won"] for side in bracket_row["sides"])


def test_the_bye_row_says_bye_once(director: Director) -> None:
    tournament = director.create(variant="tarneeb", entries=entries(5))
    director.start(tournament)
    html = _live(tournament)
    row = next(r for r in _rows(html.split('class="pairings"')[1]) if "bye" in r)
    assert row.count("bye") == 1, row


def test_the_champion_is_a_banner_on_the_page_and_the_projector(director: Director) -> None:
    tournament = director.create(
        variant="tarneeb", entries=entries(2), stages=[{"format": "single_elimination"}]
    )
    director.start(tournament)
    director.play_round(tournament, 1)
    for url in ("live/", "projector/live/"):
        html = _get(f"/p/{tournament['view_id']}/{url}")
        assert '<p class="champion banner" role="status">' in html
        assert "Champion: Team 1" in html


@pytest.mark.parametrize(
    ("tiebreaks", "shown"),
    [
        (["match_points", "points_diff", "points_for"], False),
        (["match_points", "head_to_head", "points_diff"], True),
    ],
)
def test_head_to_head_is_a_column_only_when_it_ranks(
    director: Director, tiebreaks: list[str], shown: bool
) -> None:
    tournament = director.create(variant="tarneeb", entries=entries(4), tiebreaks=tiebreaks)
    director.start(tournament)
    director.play_round(tournament, 1)
    standings = _live(tournament).split('class="standings"')[1]
    head = standings.split("<thead>")[1].split("</thead>")[0]
    assert ("head-to-head" in head) is shown, head
