"""The standings read the results once (``standings.Tally``): the same rows, metric for
metric and rank for rank, as the standings computed before (``standings_oracle``), on
random events of every table shape, with all scores tied or not, for every tiebreak list
(head-to-head at any place); and a tally with a round's byes folded in is the tally of
every result."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from tournaments.brackets import Entry, Result
from tournaments.brackets.shapes import BYE, PLACES, TEAMS, TWO
from tournaments.brackets.standings import (
    DEFAULT_TIEBREAKS,
    TIEBREAKS,
    Row,
    Tally,
    metrics,
    standings,
)

from .standings_oracle import old_metrics, old_standings

METRIC_FIELDS = [f.name for f in fields(Row) if f.name not in {"rank", "entry", "why"}]
METRIC_FIELDS = [n for n in METRIC_FIELDS if n not in {"active", "group", "seed", "placement"}]


def event(rng: random.Random, n: int, rounds: int, shape, tied: bool) -> list[Result]:
    """``rounds`` rounds of random tables of ``shape`` (rematches allowed), a bye for the
    odd ones out; ``tied``: every table scored alike (a winner and a fixed score)."""
    results: list[Result] = []
    for number in range(1, rounds + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        seats = shape.seats
        slot = 0
        while len(order) >= seats:
            table = tuple(order.pop() for _ in range(seats))
            slot += 1
            sides = len(shape.sides)
            if shape.ranked_by == "points":
                points = (
                    tuple(10 * (sides - s) for s in range(sides))
                    if tied
                    else tuple(rng.choice([0, 50, 100]) for _ in range(sides))
                )
                results.append(Result(number, slot, table, None, points, shape=shape))
                continue
            winner = rng.choice([*table[:sides], None, None if not tied else table[0]])
            if tied:
                points = tuple(300 if s == 0 else 0 for s in range(sides))
                if winner is None:
                    points = (150,) * sides
                elif winner != table[0]:
                    points = tuple(reversed(points))
            else:
                points = tuple(rng.randint(0, 300) for _ in range(sides))
            games = tuple(rng.randint(0, 2) for _ in range(sides))
            results.append(Result(number, slot, table, winner, points, games, shape=shape))
        for rest in order:
            slot += 1
            results.append(Result(number, slot, (rest,), rest, (rng.choice([0, 50]),), shape=BYE))
    return results


def tiebreak_lists(rng: random.Random) -> list[tuple[str, ...]]:
    keys = list(TIEBREAKS)
    lists = [DEFAULT_TIEBREAKS, ("head_to_head",), ("match_points", "head_to_head")]
    for _ in range(4):
        rng.shuffle(keys)
        lists.append(tuple(keys[: rng.randint(1, len(keys))]))
    lists.append(tuple(k for k in keys if k != "head_to_head"))
    return lists


def rows_of(rows: list[Row]) -> list[tuple]:
    return [(row.entry, *(getattr(row, name) for name in METRIC_FIELDS)) for row in rows]


def oracle_of(found: list[tuple[int, dict]]) -> list[tuple]:
    return [(entry, *(table[name] for name in METRIC_FIELDS)) for entry, table in found]


CASES = [
    (seed, shape, tied)
    for seed in range(6)
    for shape in (TWO, TEAMS, PLACES)
    for tied in (True, False)
]


@pytest.mark.parametrize(("seed", "shape", "tied"), CASES)
def test_the_one_pass_ranks_as_before(seed, shape, tied):
    rng = random.Random(f"{seed}:{shape.name}:{tied}")
    n = rng.choice([5, 8, 13, 21])
    field = [
        Entry(number, seed=number if rng.random() < 0.7 else None, active=rng.random() < 0.9)
        for number in range(1, n + 1)
    ]
    results = event(rng, n, rng.randint(0, 7), shape, tied)
    for tiebreaks in tiebreak_lists(rng):
        rows = standings(field, results, tiebreaks)
        assert rows_of(rows) == oracle_of(old_standings(field, results, tiebreaks)), tiebreaks
        assert [row.rank for row in rows] == list(range(1, n + 1))
    assert metrics(field, results) == old_metrics(field, results)


def test_every_score_tied_ranks_as_before_and_splits_by_head_to_head():
    """Every win 300 to 0: every entry of a record is level on points until Buchholz, and
    head-to-head separates those still level."""
    rng = random.Random(7)
    field = [Entry(number, seed=number) for number in range(1, 65)]
    results = event(rng, 64, 6, TWO, tied=True)
    for tiebreaks in (DEFAULT_TIEBREAKS, ("match_points", "head_to_head", "buchholz")):
        rows = standings(field, results, tiebreaks)
        assert rows_of(rows) == oracle_of(old_standings(field, results, tiebreaks))
    rows = standings(field, results, ("match_points", "head_to_head"))
    assert any(row.head_to_head > 0 for row in rows)


def test_head_to_head_counts_a_table_once_whoever_of_its_opponents_is_level():
    """At a table of two teams, an entry facing two level opponents scores its match points
    from that table once."""
    field = [Entry(number, seed=number) for number in range(1, 5)]
    results = [Result(1, 1, (1, 2, 3, 4), 1, (100, 50), shape=TEAMS)]
    rows = standings(field, results, ("head_to_head",))
    assert {row.entry: row.head_to_head for row in rows} == {1: 2, 3: 2, 2: 0, 4: 0}


@pytest.mark.parametrize("seed", range(4))
def test_a_round_s_byes_folded_in_are_the_tally_of_every_result(seed):
    rng = random.Random(seed)
    field = [Entry(number, seed=number) for number in range(1, 12)]
    results = event(rng, 11, 4, TWO, tied=bool(seed % 2))
    earlier = [r for r in results if r.round < 4 or not r.bye]
    byes = [r for r in results if r.round == 4 and r.bye]
    before = Tally(field, earlier)
    kept = before.standings(DEFAULT_TIEBREAKS)
    after = before.plus(byes)
    assert after.standings(DEFAULT_TIEBREAKS) == Tally(field, earlier + byes).standings(
        DEFAULT_TIEBREAKS
    )
    assert before.standings(DEFAULT_TIEBREAKS) == kept  # the earlier tally is left as it was
    assert before.plus([]) is before


def test_the_rows_ranked_are_kept_for_the_same_tiebreaks():
    field = [Entry(number, seed=number) for number in range(1, 9)]
    results = event(random.Random(3), 8, 3, TWO, tied=False)
    tally = Tally(field, results)
    first = tally.standings(DEFAULT_TIEBREAKS)
    again = tally.standings(list(DEFAULT_TIEBREAKS))
    assert again == first and all(a is b for a, b in zip(first, again, strict=True))
    other = tally.standings(("points_for",))
    assert [r.entry for r in other] == [
        e for e, _t in old_standings(field, results, ("points_for",))
    ]


def test_a_row_built_from_its_values_is_the_row_of_its_fields():
    (row,) = standings([Entry(1, seed=1)], [], DEFAULT_TIEBREAKS)
    values = {f.name: getattr(row, f.name) for f in fields(Row)}
    assert Row.of(dict(values)) == Row(**values) == row
    with pytest.raises(TypeError):
        Row.of({"rank": 1, "entry": 1})
    with pytest.raises(AttributeError):
        row.rank = 2  # still frozen
