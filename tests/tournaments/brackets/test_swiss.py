import random
from collections import Counter
from itertools import chain

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as settings_hypothesis
from hypothesis import strategies as st

from tournaments.brackets import FORMATS, DrawInput, Entry, Pairing, Result, RuleViolation
from tournaments.brackets.matching import BYE as BYE_VERTEX
from tournaments.brackets.matching import (
    Blocks,
    Matched,
    Quality,
    Weights,
    band,
    every_pair,
    interleaved,
    matching,
    met_keys,
)
from tournaments.brackets.shapes import BYE
from tournaments.brackets.standings import DEFAULT_TIEBREAKS
from tournaments.brackets.swiss import EVERY_PAIR_UP_TO, Swiss, pair_round

from .play import entries, play, random_winner, result

SWISS: Swiss = FORMATS["swiss"]


def settings(rounds=3, pairing="standings"):
    return SWISS.configure({"rounds": rounds, "pairing": pairing}, "stages.0")


def seats(draw):
    return [p.entries for p in draw.pairings]


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (8, [(1, 5), (2, 6), (3, 7), (4, 8)]),
        (7, [(1, 4), (2, 5), (3, 6), (7,)]),
        (2, [(1, 2)]),
        (3, [(1, 2), (3,)]),
    ],
)
def test_round_one_pairs_top_half_against_bottom_half(n, expected):
    drawn = SWISS.draw(DrawInput(settings(1), entries(n), [], 1, seed=3))
    assert seats(drawn) == expected
    assert [p.table for p in drawn.pairings] == [*range(1, n // 2 + 1)] + [None] * (n % 2)
    assert drawn.name.kind == "round" and drawn.name.number == 1


def test_unseeded_entries_come_after_the_seeded_in_an_order_kept_by_the_seed():
    field = [Entry(1), Entry(2), Entry(3, seed=2), Entry(4), Entry(5, seed=1), Entry(6)]
    first = seats(SWISS.draw(DrawInput(settings(1), field, [], 1, seed=11)))
    assert first[0][0] == 5 and first[1][0] == 3
    assert first == seats(SWISS.draw(DrawInput(settings(1), field, [], 1, seed=11)))
    orders = {
        tuple(seats(SWISS.draw(DrawInput(settings(1), field, [], 1, seed=s)))) for s in range(20)
    }
    assert len(orders) > 1


def test_round_two_pairs_inside_score_groups_and_numbers_tables_by_rank():
    field = entries(8)
    one = SWISS.draw(DrawInput(settings(), field, [], 1, seed=1))
    results = [result(1, p, p.entries[0], (100, 100)) for p in one.pairings]
    two = SWISS.draw(DrawInput(settings(), field, results, 2, seed=1))
    assert seats(two) == [(1, 3), (2, 4), (5, 7), (6, 8)]
    assert [p.table for p in two.pairings] == [1, 2, 3, 4]


def test_a_float_goes_to_the_next_group_and_nobody_meets_twice():
    field = entries(6)
    one = SWISS.draw(DrawInput(settings(), field, [], 1, seed=1))  # 1-4, 2-5, 3-6
    results = [result(1, p, p.entries[0], (100, 100)) for p in one.pairings]
    two = SWISS.draw(DrawInput(settings(), field, results, 2, seed=1))
    # Winners 1, 2, 3 (one too many): 3 floats down to the best of the next group, 4.
    assert seats(two) == [(1, 2), (3, 4), (5, 6)]


def test_the_bye_goes_to_the_lowest_ranked_without_one():
    field = entries(5)
    one = SWISS.draw(DrawInput(settings(), field, [], 1, seed=1))
    assert seats(one) == [(1, 3), (2, 4), (5,)]
    results = [result(1, p, p.entries[0], (100, 100)) for p in one.pairings]
    two = SWISS.draw(DrawInput(settings(), field, results, 2, seed=1))
    assert seats(two)[-1] == (4,)
    assert (5,) not in seats(two)


def test_the_bye_skips_an_entry_whose_bye_would_force_a_rematch():
    # 1-2, 1-3 and 2-3 were played: giving 4 or 5 the bye would leave 1, 2, 3 to meet again.
    field = entries(5)
    past = [
        Result(1, 1, (1, 2), 1, (1, 0)),
        Result(1, 2, (3, 4), 3, (1, 0)),
        Result(1, 3, (5,), 5, (0,), shape=BYE),
        Result(2, 1, (1, 3), 1, (1, 0)),
        Result(2, 2, (2, 5), 2, (1, 0)),
        Result(2, 3, (4,), 4, (0,), shape=BYE),
    ]
    drawn = SWISS.draw(DrawInput(settings(4), field, past, 3, seed=1))
    assert len([p for p in drawn.pairings if p.bye]) == 1
    bye = next(p for p in drawn.pairings if p.bye).entries[0]
    assert bye in (1, 2, 3)
    assert all(
        frozenset(p.entries) not in {frozenset(r.entries) for r in past}
        for p in drawn.pairings
        if not p.bye
    )


def test_inactive_entries_are_never_drawn_and_late_entries_start_at_zero():
    field = [*entries(5)[:4], Entry(5, seed=5, active=False), Entry(6)]
    one = SWISS.draw(DrawInput(settings(), field[:5], [], 1, seed=1))
    assert all(5 not in p.entries for p in one.pairings)
    results = [result(1, p, p.entries[0]) for p in one.pairings]
    two = SWISS.draw(DrawInput(settings(), field, results, 2, seed=1))
    drawn = [e for p in two.pairings for e in p.entries]
    assert sorted(drawn) == [1, 2, 3, 4, 6]


def test_the_stage_ends_after_its_rounds():
    draws, _results = play("swiss", {"rounds": 3}, entries(6))
    assert len(draws) == 3


def test_random_pairing_draws_every_round_from_the_seed_with_no_rematch():
    draws, results = play("swiss", {"rounds": 5, "pairing": "random"}, entries(8), seed=4)
    again, _ = play("swiss", {"rounds": 5, "pairing": "random"}, entries(8), seed=4)
    assert [seats(d) for d in draws] == [seats(d) for d in again]
    assert seats(draws[0]) != [(1, 5), (2, 6), (3, 7), (4, 8)]
    met = Counter(frozenset(r.entries) for r in results if not r.bye)
    assert max(met.values()) == 1


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({}, "stages.0.rounds"),
        ({"rounds": 0}, "stages.0.rounds"),
        ({"rounds": "3"}, "stages.0.rounds"),
        ({"rounds": 3, "pairing": "dutch"}, "stages.0.pairing"),
        ({"rounds": 3, "colour": 1}, "stages.0.colour"),
    ],
)
def test_bad_settings_name_their_field(raw, field):
    with pytest.raises(RuleViolation) as caught:
        SWISS.configure(raw, "stages.0")
    assert caught.value.field == field


def test_rounds_run_from_1_to_entries_minus_1():
    SWISS.check(settings(7), 8, "stages.0")
    with pytest.raises(RuleViolation) as caught:
        SWISS.check(settings(8), 8, "stages.0")
    assert caught.value.field == "stages.0.rounds"
    with pytest.raises(RuleViolation):
        SWISS.check(settings(1), 1, "stages.0")


def test_a_pairing_is_a_bye_when_its_shape_is():
    assert Pairing(1, (4,), shape=BYE).bye and not Pairing(1, (4, 5), 1).bye


def test_a_big_field_is_paired_inside_score_groups_with_no_rematch():
    # Above EVERY_PAIR_UP_TO entries the matching first looks at a band of pairs only.
    draws, results = play("swiss", {"rounds": 4}, entries(301), seed=9)
    assert len(draws) == 4
    met = Counter(frozenset(r.entries) for r in results if not r.bye)
    assert max(met.values()) == 1
    byes = [r.entries[0] for r in results if r.bye]
    assert len(byes) == len(set(byes)) == 4
    last = draws[-1]
    seated = sorted(e for p in last.pairings for e in p.entries)
    assert seated == list(range(1, 302))


def round_one(n, seed=5):
    """Round 1 of ``n`` seeded entries, every third table drawn, the better seed winning
    the others."""
    field = entries(n)
    one = SWISS.draw(DrawInput(settings(9), field, [], 1, seed=seed))
    return field, [
        result(1, p, None if p.slot % 3 == 0 else p.entries[0], (100 + p.slot % 7, 90))
        for p in one.pairings
    ]


@pytest.mark.parametrize("n", [4096, 4095])
def test_round_two_of_4096_entries_has_no_rematch_and_the_fewest_floats(n):
    field, results = round_one(n)
    two = SWISS.draw(DrawInput(settings(9), field, results, 2, seed=5))
    seated = sorted(e for p in two.pairings for e in p.entries)
    assert seated == list(range(1, n + 1))
    met = {frozenset(r.entries) for r in results}
    assert not any(frozenset(p.entries) in met for p in two.pairings if not p.bye)
    points = {e: 0 for e in seated}
    for r in results:
        for e in r.entries:
            points[e] += 2 if r.winner == e else 1 if r.winner is None else 0
    byes = [p.entries[0] for p in two.pairings if p.bye]
    assert len(byes) == n % 2
    if byes:  # the round-1 bye (the lowest seed) has had one: the lowest-ranked other one
        assert byes[0] != n and points[byes[0]] == 0
    # Groups of 2, 1 and 0 points: a float across each boundary with an odd count above.
    sizes = Counter(points[e] for e in seated if e not in byes)
    above, expected = 0, 0
    for score in (2, 1):
        above += sizes[score]
        expected += above % 2
    floats = [p for p in two.pairings if not p.bye and len({points[e] for e in p.entries}) > 1]
    assert len(floats) == expected
    assert all(abs(points[p.entries[0]] - points[p.entries[1]]) == 1 for p in floats)
    # Inside the leaders' group (no two of them met), top half against bottom half.
    order, _points = SWISS.ranked(field, results, field, DEFAULT_TIEBREAKS, 2)
    half = sizes[2] // 2
    leaders = [(order[k], order[k + half]) for k in range(half)]
    assert seats(two)[:half] == leaders


def faults(seated, order, points, met, eligible):
    """The faults of a round's pairings (or seatings), each bye as its pairing declares."""
    byes = [s.entries[0] for s in seated if s.bye]
    matched = Matched(tuple(s.entries for s in seated if not s.bye), byes[0] if byes else None)
    return Quality.of(matched, Weights(order, points, None), met, eligible)


@pytest.mark.parametrize(("n", "seed"), [(EVERY_PAIR_UP_TO + 41, 1), (EVERY_PAIR_UP_TO + 64, 2)])
def test_the_band_pairs_as_well_as_every_pair_round_after_round(n, seed):
    # Random results, draws included: each round drawn from the band (the stage's draw)
    # has the faults that every pair's matching of the same standings has, no more.
    field = entries(n)
    config = settings(8)
    pick = random_winner(random.Random(seed), True)
    results = []
    for index in range(1, 9):
        drawn = SWISS.draw(DrawInput(config, field, results, index, seed))
        if index > 1:
            order, points = SWISS.ranked(field, results, field, DEFAULT_TIEBREAKS, index)
            met = {frozenset(r.entries) for r in results if not r.bye}
            had = Counter(r.entries[0] for r in results if r.bye)
            eligible = [e for e in order if had[e] == min(had[m] for m in order)] if n % 2 else []
            every = pair_round(order, points, met, had, every=True)
            assert faults(drawn.pairings, order, points, met, eligible) == faults(
                every, order, points, met, eligible
            )
        results += [result(index, p, None if p.bye else pick(p)) for p in drawn.pairings]


def test_random_pairing_of_a_big_field_is_kept_by_the_seed_with_no_rematch():
    draws, results = play("swiss", {"rounds": 4, "pairing": "random"}, entries(601), seed=3)
    again, _ = play("swiss", {"rounds": 4, "pairing": "random"}, entries(601), seed=3)
    assert [seats(d) for d in draws] == [seats(d) for d in again]
    met = Counter(frozenset(r.entries) for r in results if not r.bye)
    assert max(met.values()) == 1
    assert seats(draws[0]) != [
        p.entries for p in SWISS.draw(DrawInput(settings(4), entries(601), [], 1, 3)).pairings
    ]


@settings_hypothesis(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(6, 40), st.integers(0, 10**6))
def test_the_band_reaches_every_pairs_faults_even_when_rematches_bind(n, seed):
    # Small fields and many rounds: the band's repairs and widening are needed here.
    rng = random.Random(seed)
    order = list(range(1, n + 1))
    points = dict.fromkeys(order, 0)
    met, had = set(), Counter()
    for _round in range(rng.randint(1, n - 2)):
        ranked = sorted(order, key=lambda e: (-points[e], e))
        fewest = min(had[e] for e in order)
        eligible = [e for e in ranked if had[e] == fewest] if n % 2 else []
        band = pair_round(ranked, points, met, had, every=False)
        every = pair_round(ranked, points, met, had, every=True)
        assert faults(band, ranked, points, met, eligible) == faults(
            every, ranked, points, met, eligible
        )
        for seating in every:
            pair = seating.entries
            if seating.bye:
                had[pair[0]] += 1
                points[pair[0]] += 2
            else:
                met.add(frozenset(pair))
                winner = rng.choice([*pair, None])
                for e in pair:
                    points[e] += 1 if winner is None else 2 * (winner == e)


def _matched(n, eligible=None, *, every=True):
    """The matching of ``n`` entries ranked 1, 2, … (three score groups, nobody met), a bye
    for one of ``eligible`` (default: all of them if ``n`` is odd, else none)."""
    order = list(range(1, n + 1))
    weights = Weights(order, {e: 2 - 3 * (e - 1) // n for e in order}, None)
    eligible = (order if n % 2 else []) if eligible is None else eligible
    played = met_keys(weights, set())
    if every:
        return matching(weights, every_pair(n), played, eligible)
    blocks = Blocks(weights, band(weights, 4, 1), played, eligible, interleaved(weights, eligible))
    return blocks.run(128)


@pytest.mark.parametrize("every", [True, False])
@pytest.mark.parametrize("n", [2, 3, 8, 9, 300, 301])
def test_the_matching_names_its_bye_apart_from_its_pairs(n, every):
    # An odd field: exactly one bye, an entry of the field (over every pair, the lowest
    # ranked); an even field: none. Every pair holds two entries; every entry sits once.
    matched = _matched(n, every=every)
    assert all(len(pair) == 2 for pair in matched.pairs)
    assert (matched.bye is not None) == (n % 2 == 1)
    assert matched.bye is None or matched.bye in range(1, n + 1)
    assert not every or matched.bye == (n if n % 2 else None)
    assert sorted(matched.seated()) == list(range(1, n + 1))


def test_the_matching_gives_the_bye_to_an_eligible_entry_only():
    matched = _matched(9, [2, 5])
    assert matched.bye == 5
    assert 5 not in chain.from_iterable(matched.pairs)


def test_matchings_joined_keep_their_one_bye_and_refuse_a_second():
    joined = Matched.joined([Matched(((1, 2),)), Matched(((3, 4),), bye=5), Matched()])
    assert joined == Matched(((1, 2), (3, 4)), bye=5)
    with pytest.raises(ValueError, match="one bye at most"):
        Matched.joined([Matched(bye=5), Matched(((1, 2),), bye=6)])


def test_an_entry_numbered_like_the_bye_vertex_is_paired_not_given_the_bye():
    # The matching knows its BYE vertex by its place in the graph, not by the number it
    # holds: an entry numbered BYE (-1) is an entry like any other.
    order = [BYE_VERTEX, 1, 2, 3]
    seated = pair_round(order, dict.fromkeys(order, 0), set(), Counter())
    assert not any(s.bye for s in seated)
    assert sorted(e for s in seated for e in s.entries) == sorted(order)
