"""Season standings against tables worked out by hand (clubs.md: seasons)."""

from __future__ import annotations

from tournaments.brackets.seasons import Placing, season_standings

NAMES = {1: "Anna", 2: "Bruno", 3: "Carla", 4: "Dario"}
# (player, tournament, rank, match points): Anna and Bruno are one team in tournament 1.
PLACINGS = [
    Placing(1, 1, 1, 6),
    Placing(2, 1, 1, 6),
    Placing(3, 1, 2, 4),
    Placing(4, 1, 3, 2),
    Placing(1, 2, 2, 4),
    Placing(3, 2, 1, 6),
    Placing(4, 2, 4, 0),
    Placing(2, 3, 3, 2),
    Placing(4, 3, 1, 6),
]


def table(rows):
    return [(r.rank, r.name, r.points, r.tournaments, r.wins, r.best) for r in rows]


def whys(rows):
    return [None if r.why is None else (r.why.template, dict(r.why.params)) for r in rows]


AHEAD = "ahead of {other} on {key} ({value} to {other_value})"
BY_NAME = "level with {other} on every key, ahead by name"


def test_placement_scores_the_points_of_each_rank_and_zero_past_the_list():
    rows = season_standings(PLACINGS, NAMES, scoring="placement", points=[10, 6, 3])
    # Anna 10 + 6, Carla 6 + 10, Dario 3 + 0 + 10, Bruno 10 + 3.
    assert table(rows) == [
        (1, "Anna", 16, 2, 1, 1),
        (2, "Carla", 16, 2, 1, 1),
        (3, "Dario", 13, 3, 1, 1),
        (4, "Bruno", 13, 2, 1, 1),
    ]
    assert whys(rows) == [
        (BY_NAME, {"other": 3}),
        (AHEAD, {"other": 4, "key": "points", "value": 16, "other_value": 13}),
        (AHEAD, {"other": 2, "key": "tournaments", "value": 3, "other_value": 2}),
        None,
    ]


def test_best_of_counts_only_the_best_scores_but_every_tournament_played():
    rows = season_standings(PLACINGS, NAMES, scoring="placement", points=[10, 6, 3], best_of=1)
    assert table(rows) == [
        (1, "Dario", 10, 3, 1, 1),
        (2, "Anna", 10, 2, 1, 1),
        (3, "Bruno", 10, 2, 1, 1),
        (4, "Carla", 10, 2, 1, 1),
    ]


def test_match_points_add_up_each_tournament():
    rows = season_standings(PLACINGS, NAMES, scoring="match_points")
    assert table(rows) == [
        (1, "Anna", 10, 2, 1, 1),
        (2, "Carla", 10, 2, 1, 1),
        (3, "Dario", 8, 3, 1, 1),
        (4, "Bruno", 8, 2, 1, 1),
    ]
    best = season_standings(PLACINGS, NAMES, scoring="match_points", best_of=1)
    assert [r.name for r in best] == ["Dario", "Anna", "Bruno", "Carla"]
    assert {r.points for r in best} == {6}


def test_average_placement_ranks_the_lower_average_first():
    rows = season_standings(PLACINGS, NAMES, scoring="average_placement")
    assert table(rows) == [
        (1, "Anna", 1.5, 2, 1, 1),
        (2, "Carla", 1.5, 2, 1, 1),
        (3, "Bruno", 2, 2, 1, 1),
        (4, "Dario", 2.67, 3, 1, 1),
    ]
    assert whys(rows)[1] == (AHEAD, {"other": 2, "key": "points", "value": 1.5, "other_value": 2})
    # Dario's two best ranks (1 and 3) average 2: level with Bruno, ahead on tournaments.
    best = season_standings(PLACINGS, NAMES, scoring="average_placement", best_of=2)
    assert table(best)[2:] == [(3, "Dario", 2, 3, 1, 1), (4, "Bruno", 2, 2, 1, 1)]


def test_wins_then_best_rank_break_ties_before_tournaments():
    placings = [Placing(1, 1, 2), Placing(2, 1, 3), Placing(1, 2, 3), Placing(2, 2, 1)]
    rows = season_standings(placings, NAMES, scoring="placement", points=[5, 5, 5])
    assert [r.name for r in rows] == ["Bruno", "Anna"]
    assert whys(rows)[0] == (AHEAD, {"other": 1, "key": "wins", "value": 1, "other_value": 0})
    placings = [Placing(1, 1, 2), Placing(2, 1, 3)]
    rows = season_standings(placings, NAMES, scoring="placement", points=[5, 5, 5])
    assert whys(rows)[0] == (AHEAD, {"other": 2, "key": "best", "value": 2, "other_value": 3})
