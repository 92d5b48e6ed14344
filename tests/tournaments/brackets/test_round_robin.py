import itertools
from collections import Counter

import pytest

from tournaments.brackets import FORMATS, DrawInput, Entry, RuleViolation
from tournaments.brackets.base import snake
from tournaments.brackets.round_robin import berger

from .play import entries, play

ROUND_ROBIN = FORMATS["round_robin"]

# The FIDE Berger tables as printed (FIDE Handbook C.05, Annex 1), round by round; an odd
# number of players plays the next even table with its highest number as the bye.
PRINTED = {
    4: """1-4 2-3 / 4-3 1-2 / 2-4 3-1""",
    6: """1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1""",
    8: """1-8 2-7 3-6 4-5 / 8-5 6-4 7-3 1-2 / 2-8 3-1 4-7 5-6 / 8-6 7-5 1-4 2-3 /
          3-8 4-2 5-1 6-7 / 8-7 1-6 2-5 3-4 / 4-8 5-3 6-2 7-1""",
    10: """1-10 2-9 3-8 4-7 5-6 / 10-6 7-5 8-4 9-3 1-2 / 2-10 3-1 4-9 5-8 6-7 /
           10-7 8-6 9-5 1-4 2-3 / 3-10 4-2 5-1 6-9 7-8 / 10-8 9-7 1-6 2-5 3-4 /
           4-10 5-3 6-2 7-1 8-9 / 10-9 1-8 2-7 3-6 4-5 / 5-10 6-4 7-3 8-2 9-1""",
    12: """1-12 2-11 3-10 4-9 5-8 6-7 / 12-7 8-6 9-5 10-4 11-3 1-2 /
           2-12 3-1 4-11 5-10 6-9 7-8 / 12-8 9-7 10-6 11-5 1-4 2-3 /
           3-12 4-2 5-1 6-11 7-10 8-9 / 12-9 10-8 11-7 1-6 2-5 3-4 /
           4-12 5-3 6-2 7-1 8-11 9-10 / 12-10 11-9 1-8 2-7 3-6 4-5 /
           5-12 6-4 7-3 8-2 9-1 10-11 / 12-11 1-10 2-9 3-8 4-7 5-6 /
           6-12 7-5 8-4 9-3 10-2 11-1""",
}


def printed(n):
    """The printed table for ``n`` players: rounds of (first, second) pairs."""
    return [
        [tuple(int(x) for x in pair.split("-")) for pair in row.split()]
        for row in PRINTED[n].split("/")
    ]


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


@pytest.mark.parametrize("n", sorted(PRINTED))
def test_berger_is_the_printed_fide_table(n):
    assert berger(list(range(1, n + 1))) == printed(n)
    # The numbers stand for the members in the order given (seed order).
    names = [10 * k for k in range(1, n + 1)]
    assert berger(names) == [[(10 * a, 10 * b) for a, b in row] for row in printed(n)]


@pytest.mark.parametrize("n", [3, 5, 7, 9, 11])
def test_an_odd_berger_table_is_the_next_even_one_with_its_highest_number_the_bye(n):
    dummy = [[(a, None if b == n + 1 else b) for a, b in row] for row in printed(n + 1)]
    dummy = [[(None, b) if a == n + 1 else (a, b) for a, b in row] for row in dummy]
    assert berger(list(range(1, n + 1))) == dummy


@pytest.mark.parametrize("n", range(3, 25))
def test_berger_keeps_the_highest_number_at_board_one_changing_seats(n):
    even = n + n % 2
    table = berger(list(range(1, even + 1)))
    assert table[0] == [(k, even + 1 - k) for k in range(1, even // 2 + 1)]
    for index, row in enumerate(table):
        assert row[0][index % 2 - 1] == even  # second in odd rounds (1, 3, …), first in even
    step = even // 2
    for row, after in itertools.pairwise(table):
        # Every other number moves n/2 places on (mod n − 1) at the same board and seat.
        moved = [tuple((k - 1 + step) % (even - 1) + 1 for k in pair) for pair in row[1:]]
        assert after[1:] == moved


def test_the_rounds_follow_the_printed_table_in_seed_order_with_byes_last():
    # Seeds 1–5 and two unseeded entries (numbered 6 and 7 after them, in an order drawn
    # once from the stage's seed): 7 players play the table of 8, number 8 the bye.
    field = [Entry(11, seed=5), Entry(12, seed=1), Entry(13), Entry(14, seed=2)]
    field += [Entry(15, seed=4), Entry(16), Entry(17, seed=3)]
    settings = ROUND_ROBIN.configure({}, "stages.0")
    drawn = [ROUND_ROBIN.draw(DrawInput(settings, field, [], k, seed=5)) for k in range(1, 8)]
    assert ROUND_ROBIN.draw(DrawInput(settings, field, [], 8, seed=5)) is None
    assert drawn[0].pairings[-1].entries == (12,)  # 1-8: number 1 (seed 1) has the bye
    numbers = dict(enumerate([12, 14, 17, 15, 11], start=1))
    orders = []
    for six, seven in ((13, 16), (16, 13)):
        names = {**numbers, 6: six, 7: seven}
        orders.append(
            [
                [tuple(names[k] for k in pair) for pair in row if 8 not in pair]
                + [tuple(names[k] for k in pair if k != 8) for pair in row if 8 in pair]
                for row in printed(8)
            ]
        )
    assert [[p.entries for p in d.pairings] for d in drawn] in orders
    assert [p.table for p in drawn[1].pairings] == [1, 2, 3, None]


def test_a_second_cycle_plays_the_table_again_with_the_seats_swapped():
    settings = ROUND_ROBIN.configure({"cycles": 2}, "stages.0")
    field = entries(6)
    drawn = [ROUND_ROBIN.draw(DrawInput(settings, field, [], k, seed=1)) for k in range(1, 11)]
    table = printed(6)
    assert [[p.entries for p in d.pairings] for d in drawn[:5]] == table
    assert [[p.entries for p in d.pairings] for d in drawn[5:]] == [
        [pair[::-1] for pair in row] for row in table
    ]


def test_each_group_plays_the_printed_table_of_its_seeds():
    settings = ROUND_ROBIN.configure({"groups": 2}, "stages.0")
    field = entries(8)  # group 1: seeds 1, 4, 5, 8; group 2: 2, 3, 6, 7
    drawn = [ROUND_ROBIN.draw(DrawInput(settings, field, [], k, seed=1)) for k in range(1, 4)]
    for group, members in ((1, [1, 4, 5, 8]), (2, [2, 3, 6, 7])):
        names = dict(enumerate(members, start=1))
        expected = [[(names[a], names[b]) for a, b in row] for row in printed(4)]
        assert [[p.entries for p in d.pairings if p.group == group] for d in drawn] == expected


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
