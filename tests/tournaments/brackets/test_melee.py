import random
from dataclasses import replace

import pytest

from tournaments.brackets import FORMATS, DrawInput, Entry, Result, RuleViolation
from tournaments.brackets.melee import sit_outs
from tournaments.brackets.melee_standings import melee_standings
from tournaments.brackets.planner import Snapshot, StageState, stage_rows
from tournaments.brackets.shapes import BYE, PLACES, TEAMS
from tournaments.brackets.standings import DEFAULT_TIEBREAKS

MELEE = FORMATS["melee"]


def config(rounds=3, draw="random", seats=4):
    return MELEE.configure({"rounds": rounds, "draw": draw, "seats": seats}, "stages.0")


def seeded(n):
    return [Entry(number, seed=number) for number in range(1, n + 1)]


def test_settings_default_to_a_random_draw_at_four_seats_and_refuse_unknown_keys():
    assert MELEE.configure({"rounds": 5}, "stages.0") == {"rounds": 5, "draw": "random", "seats": 4}
    with pytest.raises(RuleViolation):
        MELEE.configure({"rounds": 5, "pairing": "random"}, "stages.0")
    with pytest.raises(RuleViolation):
        MELEE.check(config(seats=5), 4, "stages.0")
    MELEE.check(config(seats=4), 4, "stages.0")


def test_round_one_seats_teams_at_tables_and_the_lowest_seeds_sit_out():
    drawn = MELEE.draw(DrawInput(config(draw="standings"), seeded(10), [], 1, seed=5))
    tables = [p for p in drawn.pairings if p.table]
    assert [len(p.entries) for p in drawn.pairings] == [4, 4, 1, 1]
    assert [p.entries for p in drawn.pairings[2:]] == [(10,), (9,)]
    assert [p.table for p in drawn.pairings] == [1, 2, None, None]
    assert [p.slot for p in drawn.pairings] == [1, 2, 3, 4]
    first = tables[0]
    a, b, c, d = first.entries
    assert first.teams == ((a, c), (b, d))
    assert first.entries[0] == 1  # the best-ranked player's team is team 0, on seat 0


def test_the_draw_is_reproducible_from_the_seed():
    def drawn(seed):
        return MELEE.draw(DrawInput(config(), seeded(40), [], 1, seed=seed)).pairings

    assert drawn(3) == drawn(3)
    assert drawn(3) != drawn(4)


def test_standings_draw_puts_the_winners_together():
    first = MELEE.draw(DrawInput(config(draw="standings"), seeded(8), [], 1, seed=1))
    results = [
        Result(1, p.slot, p.entries, p.entries[0], (100, 62, 100, 62), shape=p.shape)
        for p in first.pairings
    ]
    winners = {x for p in first.pairings for x in p.teams[0]}
    second = MELEE.draw(DrawInput(config(draw="standings"), seeded(8), results, 2, seed=1))
    assert set(second.pairings[0].entries) == winners
    old = {frozenset(t) for p in first.pairings for t in p.teams}
    assert not old.intersection(frozenset(t) for p in second.pairings for t in p.teams)


def test_sit_outs_go_to_the_lowest_ranked_of_those_who_sat_out_least():
    order = [1, 2, 3, 4, 5, 6]
    assert sit_outs(order, {}, 2) == [6, 5]
    assert sit_outs(order, {6: 1, 5: 1}, 2) == [4, 3]
    assert sit_outs(order, {n: 1 for n in order if n != 2}, 1) == [2]
    assert sit_outs(order, {}, 0) == []


def test_the_stage_ends_after_its_rounds_or_below_a_table():
    assert MELEE.draw(DrawInput(config(rounds=1), seeded(8), [], 2)) is None
    few = [Entry(1), Entry(2), Entry(3), Entry(4, active=False), Entry(5)]
    assert MELEE.draw(DrawInput(config(seats=5), few, [], 1)) is None


def test_trionfo_seats_five_and_changes_table_mates():
    drawn = MELEE.draw(DrawInput(config(seats=5), seeded(11), [], 1, seed=2))
    assert [len(p.entries) for p in drawn.pairings] == [5, 5, 1]
    assert drawn.pairings[0].teams is None
    results = [
        Result(1, p.slot, p.entries, None, (5, 4, 3, 2, 1)[: len(p.entries)], shape=p.shape)
        for p in drawn.pairings
    ]
    second = MELEE.draw(DrawInput(config(seats=5), seeded(11), results, 2, seed=2))
    assert second.pairings[-1].entries != drawn.pairings[-1].entries  # not twice in a row
    for table in (p for p in second.pairings if p.table):
        before = [set(p.entries) for p in drawn.pairings if p.table]
        assert all(len(set(table.entries) & b) <= 3 for b in before)


# A small mêlée by hand: 5 players, 2 rounds.
# Round 1: teams (1, 3) beat (2, 4) 100 to 62; 5 sits out (70).
# Round 2: teams (1, 2) beat (5, 4) 112 to 50; 3 sits out (70).
MELEE_RESULTS = [
    Result(1, 1, (1, 2, 3, 4), 3, (100, 62, 100, 62), shape=TEAMS),
    Result(1, 2, (5,), 5, (70,), shape=BYE),
    Result(2, 1, (5, 1, 4, 2), 2, (50, 112, 50, 112), shape=TEAMS),
    Result(2, 2, (3,), 3, (70,), shape=BYE),
]


def test_melee_standings_by_hand():
    rows = melee_standings([Entry(n) for n in range(1, 6)], MELEE_RESULTS, DEFAULT_TIEBREAKS)
    got = {
        row.entry: (
            row.rank,
            row.played,
            row.wins,
            row.losses,
            row.match_points,
            row.points_for,
            row.points_against,
            row.points_diff,
            row.buchholz,
            row.sonneborn_berger,
            row.partners,
        )
        for row in rows
    }
    assert got == {
        3: (1, 2, 2, 0, 4, 170, 62, 108, 2, 2, 1),
        1: (2, 2, 2, 0, 4, 212, 112, 100, 4, 4, 2),
        2: (3, 2, 1, 1, 2, 174, 150, 24, 10, 2, 2),
        5: (4, 2, 1, 1, 2, 120, 112, 8, 6, 0, 1),
        4: (5, 2, 0, 2, 0, 112, 212, -100, 14, 0, 2),
    }
    why = rows[0].why.params
    assert why == {"other": 1, "key": "points_diff", "value": 108, "other_value": 100}


def test_head_to_head_counts_opponents_only():
    """1 and 3 are level but were partners: no head-to-head; 2 beat 5 across the table."""
    rows = melee_standings(
        [Entry(n) for n in range(1, 6)], MELEE_RESULTS, ("match_points", "head_to_head")
    )
    assert {row.entry: row.head_to_head for row in rows} == {1: 0, 3: 0, 2: 2, 5: 0, 4: 0}
    assert [row.entry for row in rows] == [1, 3, 2, 5, 4]


def test_trionfo_places_share_the_average():
    def place_points(points):
        return list(PLACES.match_points((1, 2, 3, 4, 5), None, points))

    assert place_points([30, 20, 20, 10, 5]) == [4, 2.5, 2.5, 1, 0]
    assert place_points([7, 7, 7, 7, 7]) == [2, 2, 2, 2, 2]
    assert place_points([0, 9, 3, 9, 1]) == [0, 3.5, 2, 3.5, 1]


def test_trionfo_standings_by_hand():
    results = [
        Result(1, 1, (1, 2, 3, 4, 5), None, (30, 20, 20, 10, 5), shape=PLACES),
        Result(1, 2, (6,), 6, (15,), shape=BYE),
    ]
    rows = melee_standings([Entry(n) for n in range(1, 7)], results, DEFAULT_TIEBREAKS)
    got = {
        row.entry: (
            row.rank,
            row.match_points,
            row.wins,
            row.draws,
            row.losses,
            row.points_for,
            row.points_against,
            row.buchholz,
            row.partners,
        )
        for row in rows
    }
    assert got == {
        1: (1, 4, 1, 0, 0, 30, 55, 6, 0),
        2: (2, 2.5, 1, 0, 0, 20, 65, 7.5, 0),  # level with 3 on every key: the earlier entry
        3: (3, 2.5, 1, 0, 0, 20, 65, 7.5, 0),
        6: (4, 2, 1, 0, 0, 15, 0, 0, 0),  # the sit-out: the middle place and its points
        4: (5, 1, 0, 0, 1, 10, 75, 9, 0),
        5: (6, 0, 0, 0, 1, 5, 80, 10, 0),
    }


def test_points_in_teams_order_are_credited_to_both_partners():
    by_team = [replace(r, points=r.points[:2]) if r.shape.partnered else r for r in MELEE_RESULTS]
    field = [Entry(n) for n in range(1, 6)]
    assert melee_standings(field, by_team, DEFAULT_TIEBREAKS) == melee_standings(
        field, MELEE_RESULTS, DEFAULT_TIEBREAKS
    )


def test_the_planner_ranks_an_individual_event_per_player():
    stage = StageState(number=1, format="melee", settings=config(rounds=2), seed=1, rounds=2)
    field = tuple(Entry(n) for n in range(1, 6))
    snapshot = Snapshot(1, DEFAULT_TIEBREAKS, (stage,), field, {1: MELEE_RESULTS})
    rows = stage_rows(snapshot, stage)
    assert [(row.entry, row.partners) for row in rows] == [(3, 1), (1, 2), (2, 2), (5, 1), (4, 2)]


def _teams_without_repeats(players, partnered):
    """Some split of ``players`` into teams of two with no partner of before (or None)."""
    if not players:
        return []
    first, rest = players[0], players[1:]
    for other in rest:
        if frozenset((first, other)) in partnered:
            continue
        found = _teams_without_repeats([p for p in rest if p != other], partnered)
        if found is not None:
            return [(first, other), *found]
    return None


def test_the_standings_draw_keeps_score_groups_apart():
    """16 players, 3 rounds decided: 2 players on 6 match points, 6 on 4, 6 on 2, 2 on 0.
    A round-4 draw exists where every table holds players of two neighbouring groups (6
    and 4, or 2 and 0) and nobody partners a partner of before: the draw keeps the groups
    so apart (the issue's round 4 seated the 6-point and the 0-point groups together)."""
    config_ = config(rounds=4, draw="standings")
    field = seeded(16)
    rng = random.Random(171)
    results = []
    for number in (1, 2, 3):
        drawn = MELEE.draw(DrawInput(config_, field, results, number, seed=171))
        for p in drawn.pairings:
            winner = p.entries[rng.randint(0, 1)]
            results.append(Result(number, p.slot, p.entries, winner, (100, 62), shape=p.shape))
    points = {n: 0 for n in range(1, 17)}
    for result in results:
        for number, earned in zip(result.entries, result.match_points(), strict=True):
            points[number] += earned
    assert sorted(points.values()) == [0, 0, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 6, 6]
    partnered = {frozenset(team) for r in results for team in r.shape.teams(r.entries) or ()}
    top = [n for n in points if points[n] >= 4]
    bottom = [n for n in points if points[n] <= 2]
    assert _teams_without_repeats(top, partnered) and _teams_without_repeats(bottom, partnered)
    fourth = MELEE.draw(DrawInput(config_, field, results, 4, seed=171))
    for table in fourth.pairings:
        scores = [points[n] for n in table.entries]
        assert max(scores) - min(scores) <= 2, (table.entries, scores)
        assert not {frozenset(team) for team in table.teams} & partnered
