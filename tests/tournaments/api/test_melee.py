"""Individual events (format ``melee``) through the API: entries of one player, partners
drawn every round, sit-outs, the director's results and the standings per player."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from tests.tournaments.conftest import Director

TRIONFO_PLACES = (4, 3, 2, 1, 0)


def players(count: int) -> list[dict[str, Any]]:
    return [{"name": f"Player {n}"} for n in range(1, count + 1)]


def rows(director: Director, t: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {row["entry"]: row for row in director.tournament(t["id"])["standings"]}


def test_a_belote_melee_with_a_sit_out_is_played_through_the_api(director):
    t = director.create(
        variant="belote",
        entries=players(9),
        stages=[{"format": "melee", "rounds": 3}],
    )
    assert t["stages"][0]["seats"] == 4
    director.start(t)
    match_points: dict[int, int] = defaultdict(int)
    points: dict[int, int] = defaultdict(int)
    partners: dict[int, set[int]] = defaultdict(set)
    sat_out: list[int] = []
    for number in (1, 2, 3):
        round_ = director.round(t, number)
        tables = [p for p in round_["pairings"] if len(p["entries"]) == 4]
        assert len(tables) == 2 and len(round_["sit_out"]) == 1
        seated = {n for p in tables for n in p["entries"]} | set(round_["sit_out"])
        assert seated == set(range(1, 10))
        sat_out += round_["sit_out"]
        for index, pairing in enumerate(tables):
            a, b, c, d = pairing["entries"]
            assert pairing["teams"] == [[a, c], [b, d]]
            # The second table's team 1 wins, named by its second player (seat 3).
            winner, scores = (a, [100, 62]) if index == 0 else (d, [40, 122])
            director.result(t, number, pairing["slot"], winner=winner, points=scores)
            won = 0 if index == 0 else 1
            for team, score in zip(pairing["teams"], scores, strict=True):
                for player in team:
                    points[player] += score
                    match_points[player] += 2 if pairing["teams"][won] == team else 0
            partners[a].add(c), partners[c].add(a), partners[b].add(d), partners[d].add(b)
        for player in round_["sit_out"]:
            match_points[player] += 2  # a bye: a win, bye_points (0) points
    assert len(set(sat_out)) == 3  # never twice before everyone has sat out once
    standing = rows(director, t)
    for player in range(1, 10):
        row = standing[player]
        assert row["match_points"] == match_points[player], player
        assert row["points_for"] == points[player], player
        assert row["partners"] == len(partners[player]) == 3 - sat_out.count(player), player


def test_the_teams_are_refused_a_winner_from_elsewhere(director):
    t = director.create(
        variant="coinche", entries=players(4), stages=[{"format": "melee", "rounds": 1}]
    )
    pairing = director.start(t)["rounds"][0]["pairings"][0]
    assert director.round(t, 1)["sit_out"] == []
    director.result(t, 1, pairing["slot"], expect=400, winner=99, points=[1, 2])
    director.result(t, 1, pairing["slot"], expect=400, winner=1, points=[1, 2, 3])
    a, b, c, d = pairing["entries"]
    director.result(t, 1, pairing["slot"], draw=True, points=[81, 81])
    standing = rows(director, t)
    assert [standing[n]["match_points"] for n in (a, b, c, d)] == [1, 1, 1, 1]


def test_a_trionfo_event_gives_places_by_score(director):
    t = director.create(
        variant="trionfo", entries=players(6), stages=[{"format": "melee", "rounds": 2}]
    )
    assert t["stages"][0]["seats"] == 5
    director.start(t)
    match_points: dict[int, float] = defaultdict(float)
    points: dict[int, int] = defaultdict(int)
    for number in (1, 2):
        round_ = director.round(t, number)
        (table,) = [p for p in round_["pairings"] if len(p["entries"]) == 5]
        assert "teams" not in table and len(round_["sit_out"]) == 1
        # Seats 1 and 2 share the second place: (3 + 2) / 2 each.
        scores = [50, 30, 30, 10, 5]
        director.result(t, number, table["slot"], expect=400, points=[1, 2])
        director.result(t, number, table["slot"], points=scores)
        for player, score, mp in zip(table["entries"], scores, (4, 2.5, 2.5, 1, 0), strict=True):
            match_points[player] += mp
            points[player] += score
        match_points[round_["sit_out"][0]] += 2
    standing = rows(director, t)
    for player in range(1, 7):
        assert standing[player]["match_points"] == match_points[player], player
        assert standing[player]["points_for"] == points[player], player


def test_trionfo_stays_refused_outside_an_individual_event(director):
    body = director.create(
        expect=400,
        variant="trionfo",
        entries=players(6),
        stages=[{"format": "swiss", "rounds": 2}],
    )
    assert "variant" in body


def test_a_melee_is_refused_in_belote_for_two_and_as_a_second_stage(director):
    two = director.create(
        expect=400, variant="belote_2p", stages=[{"format": "melee", "rounds": 2}]
    )
    assert "stages.0.format" in two
    second = director.create(
        expect=400,
        stages=[{"format": "swiss", "rounds": 2}, {"format": "melee", "rounds": 2, "advance": 4}],
    )
    assert "stages.1.format" in second
