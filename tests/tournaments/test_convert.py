"""Rows ↔ the engine's values: a drawn bye is a finished win worth the bye points, a match
keeps its table's match, and finished pairings read back as the engine's results."""

from __future__ import annotations

import json
from types import SimpleNamespace

from tournaments import convert
from tournaments.brackets import Pairing as Drawn
from tournaments.brackets import Result
from tournaments.brackets.shapes import BYE, TEAMS
from tournaments.brackets.standings import Row, Why


def test_a_bye_and_a_match_as_rows():
    bye = convert.pairing_row(
        Drawn(slot=1, entries=(7,), shape=BYE),
        tournament_id=1,
        round_id=2,
        match=None,
        bye_points=3,
    )
    assert (bye.status, bye.result, bye.winner, bye.points, bye.source, bye.table) == (
        "finished",
        "win",
        7,
        [3],
        "bye",
        None,
    )
    match = SimpleNamespace(pk="m", view_id="v")
    seated = convert.pairing_row(
        Drawn(slot=2, entries=(1, 2), table=1),
        tournament_id=1,
        round_id=2,
        match=match,
        bye_points=3,
    )
    assert (seated.status, seated.match_id, seated.match_view, seated.table) == (
        "in_progress",
        "m",
        "v",
        1,
    )
    assert bye.shape == "bye" and seated.shape == "two"
    assert convert.result_of(bye, 4, 1) == Result(
        round=4, slot=1, entries=(7,), winner=7, points=(3,), games_won=(0,), stage=1, shape=BYE
    )


def test_finished_pairings_by_stage_and_a_row_as_stored():
    rows = [
        (1, 1, 1, [1, 2], 1, [10, 0], None, None, None, "two"),
        (2, 3, 1, [3, 4], None, None, [1, 1], "winners", None, "two"),
        (2, 3, 2, [5, 6, 7, 8], 6, [162, 0], None, None, None, "teams"),
    ]
    found = convert.results_by_stage(rows)
    assert found[2][1].shape == TEAMS and found[2][1].match_points() == (0, 2, 0, 2)
    assert found[1][0].points == (10, 0) and found[1][0].games_won == (0, 0)
    assert found[2][0].points == (0, 0) and found[2][0].bracket == "winners"
    stored = convert.row_data(Row(rank=1, entry=5, why=Why("ahead of {other}", {"other": 6})))
    assert stored["why"] == {"template": "ahead of {other}", "params": {"other": 6}}
    assert "group" not in stored and stored["rank"] == 1


def test_finished_pairings_read_as_text_are_decoded_at_once():
    rows = [
        (1, 1, 1, "[1, 2]", 1, "[10, 0]", None, None, None, "two"),
        (2, 3, 2, "[5,6,7,8]", 6, "[162, 0]", "[1, 0]", "winners", 2, "teams"),
        (2, 3, 3, "[9]", 9, None, None, None, None, "bye"),
    ]
    as_text = convert.results_by_stage_text(rows)

    def loads(text):
        return None if text is None else json.loads(text)

    decoded = [
        (*row[:3], loads(row[3]), row[4], loads(row[5]), loads(row[6]), *row[7:]) for row in rows
    ]
    assert as_text == convert.results_by_stage(decoded)
    assert as_text[2][0].games_won == (1, 0) and as_text[2][1].points == (0,)
    assert convert.results_by_stage_text([]) == {}
