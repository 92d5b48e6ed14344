import pytest

from tournaments.brackets import Entry, Result
from tournaments.brackets.shapes import BYE
from tournaments.brackets.standings import (
    DEFAULT_TIEBREAKS,
    KEY_WORDS,
    TIEBREAKS,
    Why,
    advancing,
    group_standings,
    standings,
)

from .play import entries


def row_of(rows, number):
    return next(row for row in rows if row.entry == number)


def test_everyone_is_listed_from_the_start_with_zeros():
    rows = standings([*entries(2), Entry(3, active=False)], [], DEFAULT_TIEBREAKS)
    assert [(r.rank, r.entry, r.active, r.played, r.match_points) for r in rows] == [
        (1, 1, True, 0, 0),
        (2, 2, True, 0, 0),
        (3, 3, False, 0, 0),
    ]
    assert rows[0].why == Why(
        "level with {other} on every key, ahead as the lower seed", {"other": 2}
    )
    assert rows[1].why.template == "level with {other} on every key, ahead as the lower seed"
    rows = standings([Entry(5), Entry(2)], [], DEFAULT_TIEBREAKS)
    assert [r.entry for r in rows] == [2, 5]
    assert rows[0].why.template == "level with {other} on every key, ahead as the earlier entry"
    assert rows[-1].why is None


def test_a_bye_is_a_win_with_the_bye_points():
    rows = standings(entries(1), [Result(1, 3, (1,), 1, (50,), shape=BYE)], DEFAULT_TIEBREAKS)
    row = rows[0]
    assert (
        row.played,
        row.wins,
        row.match_points,
        row.points_for,
        row.points_against,
        row.buchholz,
        row.games_won,
    ) == (1, 1, 2, 50, 0, 0, 0)


RESULTS = [  # 1 beats 2, 3 draws 4, 1 beats 3, 2 beats 4, 1 draws 4, 3 beats 2
    Result(1, 1, (1, 2), 1, (300, 100), (2, 0)),
    Result(1, 2, (3, 4), None, (200, 200), (1, 1)),
    Result(2, 1, (1, 3), 1, (250, 150), (2, 1)),
    Result(2, 2, (2, 4), 2, (180, 120), (2, 0)),
    Result(3, 1, (1, 4), None, (90, 90)),
    Result(3, 2, (3, 2), 3, (160, 140), (2, 1)),
]


def test_every_metric():
    rows = standings(entries(4), RESULTS, DEFAULT_TIEBREAKS)
    one, two, three, four = (row_of(rows, n) for n in (1, 2, 3, 4))
    assert (one.played, one.wins, one.draws, one.losses, one.match_points) == (3, 2, 1, 0, 5)
    assert (one.points_for, one.points_against, one.points_diff) == (640, 340, 300)
    assert one.games_won == 4
    # Opponents' match points: 2 has 2, 3 has 3, 4 has 2.
    assert one.buchholz == 7 and one.median_buchholz == 2
    assert one.sonneborn_berger == 2 + 3 + 1  # beat 2 and 3, half of 4's
    assert four.sonneborn_berger == 1.5 + 2.5  # drew with 3 and 1
    assert two.buchholz == 5 + 2 + 3
    assert (two.points_diff, four.points_diff, three.match_points) == (-160, -60, 3)
    assert [r.entry for r in rows] == [1, 3, 4, 2]  # 4 and 2 level on match points
    assert rows[2].why.params == {
        "other": 2,
        "key": "points_diff",
        "value": -60,
        "other_value": -160,
    }


def test_median_buchholz_under_three_terms_is_buchholz():
    rows = standings(entries(4), RESULTS[:2], DEFAULT_TIEBREAKS)
    assert all(r.median_buchholz == r.buchholz for r in rows)


def test_head_to_head_counts_only_inside_a_level_group():
    field = entries(3)
    results = [
        Result(1, 1, (1, 2), 2, (100, 200)),
        Result(2, 1, (2, 3), 3, (100, 200)),
        Result(3, 1, (3, 1), 1, (100, 200)),
    ]  # a circle: every one 2 match points
    rows = standings(field, results, ["match_points", "head_to_head", "points_for"])
    assert [r.head_to_head for r in rows] == [2, 2, 2]
    results = [Result(1, 1, (1, 2), 2, (100, 100)), Result(2, 1, (1, 3), 1, (100, 100))]
    rows = standings(field, results, ["match_points", "head_to_head"])
    assert [(r.entry, r.match_points, r.head_to_head) for r in rows] == [
        (2, 2, 2),
        (1, 2, 0),
        (3, 0, 0),
    ]
    assert rows[0].why.params == {"other": 1, "key": "head_to_head", "value": 2, "other_value": 0}
    rows = standings(field, results, ["points_for"])
    assert all(r.head_to_head == 0 for r in rows)


def test_head_to_head_separates_the_entries_level_before_it():
    field = entries(3)
    results = [
        Result(1, 1, (1, 2), 2, (100, 100)),
        Result(2, 1, (1, 3), 1, (100, 100)),
        Result(3, 1, (2, 3), 3, (100, 100)),
    ]
    rows = standings(field, results, ["match_points", "head_to_head"])
    # Everyone has 2 match points: the circle leaves them level on head-to-head too.
    assert {r.head_to_head for r in rows} == {2}
    results = [*results[:2], Result(3, 1, (3, 2), 2, (100, 100))]
    rows = standings(field, results, ["match_points", "head_to_head"])
    assert [(r.entry, r.match_points, r.head_to_head) for r in rows] == [
        (2, 4, 0),
        (1, 2, 0),
        (3, 0, 0),
    ]


def test_why_names_the_key_and_both_values():
    rows = standings(entries(4), RESULTS, DEFAULT_TIEBREAKS)
    assert rows[0].why == Why(
        "ahead of {other} on {key} ({value} to {other_value})",
        {"other": 3, "key": "match_points", "value": 5, "other_value": 3},
    )
    assert set(TIEBREAKS) == set(KEY_WORDS)


def test_french_concours_rank_by_points_alone():
    rows = standings(entries(4), RESULTS, ["points_for", "match_points"])
    assert [r.entry for r in rows] == [1, 3, 2, 4]
    assert rows[2].why.params["key"] == "points_for"


def test_fewer_losses_rank_first():
    rows = standings(entries(4), RESULTS, ["losses"])
    assert rows[0].entry == 1 and rows[-1].losses == max(r.losses for r in rows)


def test_placements_come_before_the_tiebreaks():
    rows = standings(entries(4), RESULTS, DEFAULT_TIEBREAKS, placements=[[4], [2], [1, 3]])
    assert [r.entry for r in rows] == [4, 2, 1, 3]
    assert rows[0].why.template == "ahead of {other}: went further in the bracket"
    assert rows[2].why.params["key"] == "match_points"


def test_groups_rank_inside_each_group_and_the_firsts_advance_first():
    field = entries(6)
    groups = {1: 1, 4: 1, 5: 1, 2: 2, 3: 2, 6: 2}
    results = [
        Result(1, 1, (1, 4), 4, (100, 50)),
        Result(1, 2, (2, 3), 2, (300, 50)),
        Result(2, 1, (4, 5), 4, (100, 50)),
        Result(2, 2, (3, 6), 3, (100, 50)),
    ]
    rows = group_standings(field, results, DEFAULT_TIEBREAKS, groups)
    assert [(r.group, r.rank, r.entry) for r in rows] == [
        (1, 1, 4),
        (1, 2, 1),
        (1, 3, 5),
        (2, 1, 2),
        (2, 2, 3),
        (2, 3, 6),
    ]
    assert advancing(rows, 4) == [4, 2, 3, 1]
    assert advancing(rows, 3) == [4, 2, 3]
    flat = standings(field, results, DEFAULT_TIEBREAKS)
    assert advancing(flat, 2) == [flat[0].entry, flat[1].entry]


def test_dropped_out_entries_do_not_advance():
    rows = standings([Entry(1, active=False), *entries(3)[1:]], [], DEFAULT_TIEBREAKS)
    assert advancing(rows, 2) == [2, 3]


@pytest.mark.parametrize("key", TIEBREAKS)
def test_every_key_can_rank(key):
    rows = standings(entries(4), RESULTS, [key])
    assert sorted(r.entry for r in rows) == [1, 2, 3, 4]
