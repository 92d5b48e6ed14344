"""The public page once a second stage starts: the stage in play first, then the first
stage's final standings under their own heading, each group under its own."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, tarneeb

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_version_cache(settings: Any) -> None:
    settings.TOURNAMENT_POLL_CACHE_SECONDS = 0


def _groups_then_knockout(director: Director) -> dict[str, Any]:
    t = tarneeb(
        director,
        8,
        stages=[
            {"format": "round_robin", "groups": 2},
            {"format": "single_elimination", "advance": 2},
        ],
    )
    director.start(t)
    return t


def _live(t: dict[str, Any]) -> str:
    response = Client().get(f"/p/{t['view_id']}/live/")
    assert response.status_code == 200
    return response.content.decode()


def test_each_group_has_its_own_heading_and_table(director: Director) -> None:
    t = _groups_then_knockout(director)
    html = _live(t)
    assert html.count("<h3") == 2
    first, second = html.split("Group 1", 1)[1].split("Group 2", 1)
    assert first.count("<table") == 1 and second.count("<table") == 1
    for n in range(1, 9):
        assert html.count(f">Team {n}</a>") == 1
    assert "final standings" not in html


def test_the_first_stage_stays_visible_in_the_knockout(director: Director) -> None:
    t = _groups_then_knockout(director)
    while director.tournament(t["id"])["stage"] == 1:
        director.play_round(t, director.tournament(t["id"])["round"])
    html = _live(t)
    assert "Stage 1: final standings" in html
    stage_in_play, earlier = html.split("Stage 1: final standings", 1)
    assert "Group 1" not in stage_in_play and "Group 2" in earlier
    played = [
        row.split('<td class="num more">')[1].split("<", 1)[0]
        for row in earlier.split("<tr")[1:]
        if "<td" in row
    ]
    assert len(played) == 8 and set(played) == {"3"}
    projector = Client().get(f"/p/{t['view_id']}/projector/live/")
    assert projector.status_code == 200
    assert "Stage 1: final standings" in projector.content.decode()


def test_a_best_of_three_shows_the_games_with_the_points_beside(director: Director) -> None:
    t = tarneeb(
        director,
        4,
        stages=[
            {"format": "swiss", "rounds": 1},
            {"format": "single_elimination", "advance": 4, "games_to_win": 2},
        ],
    )
    director.start(t)
    director.result(t, 1, 1, winner=1, points=[41, 0])
    director.result(t, 1, 2, winner=2, points=[41, 0])
    semi = director.round(t, 2)["pairings"][0]
    director.result(t, 2, 1, winner=semi["entries"][0], points=[80, 60], games=[2, 1])
    html = re.sub(r"</?bdi[^>]*>", "", _live(t))  # each score isolated, names' order
    pairings = html.split('id="pairings-title"', 1)[1].split("</table>", 1)[0]
    assert '<span class="games">2 – 1</span> <small class="games-points">(80 – 60)</small>' in (
        pairings
    )
    assert "80 – 60</td>" not in pairings
    bracket = Client().get(f"/p/{t['view_id']}/live/bracket/").content.decode()
    assert '<tspan class="games">2</tspan> <tspan class="games-points"' in bracket
    desk = re.sub(r"</?bdi[^>]*>", "", Client().get(f"/d/{t['id']}/").content.decode())
    assert '<span class="games">2 – 1</span> <small class="games-points">(80 – 60)</small>' in desk
    assert "41 – 0" in desk and '<span class="games">1 – 0</span>' not in desk
