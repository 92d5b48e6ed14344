from collections import Counter

import pytest

from tournaments.brackets import FORMATS, DrawInput, Entry, RuleViolation
from tournaments.brackets.base import snake
from tournaments.brackets.round_robin import berger

from .play import entries, play

ROUND_ROBIN = FORMATS["round_robin"]


def test_groups_are_dealt_by_seed_in_a_snake():
    dealt = snake(list(range(1, 9)), 2)
    assert [n for n in dealt if dealt[n] == 1] == [1, 4, 5, 8]
    assert [n for n in dealt if dealt[n] == 2] == [2, 3, 6, 7]
    dealt = snake(list(range(1, 10)), 3)
    assert [n for n in dealt if dealt[n] == 1] == [1, 6, 7]
    settings = ROUND_ROBIN.configure({"groups": 2}, "stages.0")
    assert ROUND_ROBIN.groups(DrawInput(settings, entries(8), seed=1)) == dealt_of_eight()


def dealt_of_eight():
    return {1: 1, 4: 1, 5: 1, 8: 1, 2: 2, 3: 2, 6: 2, 7: 2}


@pytest.mark.parametrize(("n", "rounds"), [(2, 1), (3, 3), (4, 3), (7, 7), (8, 7)])
def test_berger_rounds_meet_every_pair_once(n, rounds):
    table = berger(list(range(1, n + 1)))
    assert len(table) == rounds
    met = Counter(frozenset(p) for row in table for p in row if None not in p)
    assert set(met.values()) == {1} and len(met) == n * (n - 1) // 2
    for row in table:
        seen = [e for p in row for e in p if e is not None]
        assert len(seen) == len(set(seen))


def test_an_odd_group_has_one_bye_a_round_and_groups_play_side_by_side():
    draws, _ = play("round_robin", {"groups": 2}, entries(9))
    assert len(draws) == 5  # a group of 5 plays 5 rounds, the group of 4 plays 3
    first = draws[0].pairings
    assert [p.group for p in first] == [1, 1, 1, 2, 2]
    assert [p.table for p in first] == [1, 2, None, 3, 4]
    assert all(p.group == 1 for p in draws[4].pairings)


def test_a_second_cycle_swaps_the_seats():
    draws, results = play("round_robin", {"cycles": 2}, entries(4))
    assert len(draws) == 6
    seats = Counter(r.entries for r in results)
    assert set(seats.values()) == {1} and len(seats) == 12


def test_a_dropped_out_entry_gives_its_opponent_a_bye():
    field = [*entries(4)[:3], Entry(4, seed=4, active=False)]
    settings = ROUND_ROBIN.configure({}, "stages.0")
    drawn = ROUND_ROBIN.draw(DrawInput(settings, field, [], 1, seed=1))
    assert sorted(len(p.entries) for p in drawn.pairings) == [1, 2]
    assert all(4 not in p.entries for p in drawn.pairings)


def test_groups_must_leave_two_entries_in_each():
    settings = ROUND_ROBIN.configure({"groups": 3}, "stages.0")
    ROUND_ROBIN.check(settings, 6, "stages.0")
    with pytest.raises(RuleViolation) as caught:
        ROUND_ROBIN.check(settings, 5, "stages.0")
    assert caught.value.field == "stages.0.groups"
    with pytest.raises(RuleViolation) as caught:
        ROUND_ROBIN.configure({"groups": 0}, "stages.1")
    assert caught.value.field == "stages.1.groups"
