"""Whole stages played through the engine with random fields and random results."""

import itertools
import random
from collections import Counter
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.brackets import FORMATS, DrawInput, Entry, Result
from tournaments.brackets.standings import DEFAULT_TIEBREAKS, FEWER_IS_BETTER, standings

from .play import FIRST_ROUND, play, random_winner, result

FEW = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def fields(draw, low=2, high=64):
    n = draw(st.integers(low, high))
    seeded = draw(st.integers(0, n))
    return [Entry(number, seed=number if number <= seeded else None) for number in range(1, n + 1)]


def pairable(people: frozenset[int], met: frozenset[frozenset[int]]) -> bool:
    """Whether ``people`` can all be paired with no rematch (brute force)."""

    @cache
    def go(left: frozenset[int]) -> bool:
        if not left:
            return True
        first = min(left)
        return any(
            go(left - {first, other})
            for other in left - {first}
            if frozenset((first, other)) not in met
        )

    return go(people)


def swiss_rounds(field, rounds, seed, drop):
    swiss = FORMATS["swiss"]
    config = swiss.configure({"rounds": rounds}, "stages.0")
    rng = random.Random(seed)
    pick = random_winner(rng, draws=True)
    results: list[Result] = []
    for index in range(1, rounds + 1):
        if drop and index > 1:
            field = [Entry(e.number, e.seed, active=rng.random() > 0.15) for e in field]
        drawn = swiss.draw(DrawInput(config, field, results, index, seed))
        active = [e for e in field if e.active]
        if len(active) < 2:
            assert drawn is None
            return
        yield field, results, drawn, index
        results = results + [result(index, p, None if p.bye else pick(p)) for p in drawn.pairings]


@FEW
@given(fields(2, 40), st.integers(0, 10**6), st.booleans())
def test_swiss_seats_every_active_entry_once_and_never_a_second_bye_first(field, seed, drop):
    rounds = min(len(field) - 1, 5)
    for now, results, drawn, _index in swiss_rounds(field, rounds, seed, drop):
        active = sorted(e.number for e in now if e.active)
        seated = sorted(e for p in drawn.pairings for e in p.entries)
        assert seated == active
        byes = [p.entries[0] for p in drawn.pairings if p.bye]
        assert len(byes) == len(active) % 2
        had = Counter(r.entries[0] for r in results if r.bye)
        for bye in byes:
            assert had[bye] == min(had[n] for n in active)
        tables = [p.table for p in drawn.pairings if not p.bye]
        assert tables == list(range(1, len(tables) + 1))


@FEW
@given(fields(2, 11), st.integers(0, 10**6))
def test_swiss_avoids_every_avoidable_rematch_and_places_the_bye_by_the_rule(field, seed):
    swiss = FORMATS["swiss"]
    for now, results, drawn, index in swiss_rounds(field, len(field) - 1, seed, False):
        if index == 1:
            continue
        met = frozenset(frozenset(r.entries) for r in results if not r.bye)
        everyone = frozenset(e.number for e in now if e.active)
        rematch = any(frozenset(p.entries) in met for p in drawn.pairings if not p.bye)
        byes = [p.entries[0] for p in drawn.pairings if p.bye]
        if len(everyone) % 2 == 0:
            assert rematch == (not pairable(everyone, met))
            continue
        had = Counter(r.entries[0] for r in results if r.bye)
        order, _points = swiss.ranked(
            now, results, [e for e in now if e.active], DEFAULT_TIEBREAKS, index
        )
        eligible = [n for n in order if had[n] == min(had[m] for m in everyone)]
        good = [n for n in eligible if pairable(everyone - {n}, met)]
        if good:
            assert not rematch and byes == [good[-1]]
        else:
            assert rematch and byes == [eligible[-1]]


@FEW
@given(fields(2, 16), st.integers(1, 8), st.integers(1, 2), st.integers(0, 10**6))
def test_round_robin_meets_every_pair_of_a_group_once_per_cycle(field, groups, cycles, seed):
    groups = max(1, min(groups, len(field) // 2))
    config = {"groups": groups, "cycles": cycles}
    draws, results = play("round_robin", config, field, seed=seed)
    robin = FORMATS["round_robin"]
    dealt = robin.groups(DrawInput(robin.configure(config, "x"), field, seed=seed))
    dealt = dealt or {e.number: 1 for e in field}  # one group: none dealt
    met = Counter(frozenset(r.entries) for r in results if len(r.entries) == 2)
    for a in field:
        for b in field:
            if a.number < b.number:
                same = dealt[a.number] == dealt[b.number]
                assert met[frozenset((a.number, b.number))] == (cycles if same else 0)
    for drawn in draws:
        seated = [e for p in drawn.pairings for e in p.entries]
        assert len(seated) == len(set(seated))
    sizes = Counter(dealt.values())
    assert max(sizes.values()) - min(sizes.values()) <= 1 and min(sizes.values()) >= 2


@FEW
@given(st.integers(2, 64), st.integers(0, 10**6), st.booleans(), st.booleans())
def test_single_elimination_keeps_seeds_1_and_2_apart_until_the_final(n, seed, third, cons):
    field = [Entry(number, seed=number) for number in range(1, n + 1)]
    config = {"third_place": third, "consolation": cons}
    draws, results = play("single_elimination", config, field, seed=seed)
    main = [d for d in draws if any(p.bracket is None for p in d.pairings)]
    final = FIRST_ROUND + draws.index(main[-1]) + 1
    assert next(p.entries for p in main[-1].pairings if p.bracket is None)
    for r in results:
        if set(r.entries) == {1, 2} and r.bracket is None:
            assert r.round == final
    assert sum(len(r.entries) == 2 and r.bracket is None for r in results) == n - 1
    for drawn in draws:
        seated = [e for p in drawn.pairings for e in p.entries]
        assert len(seated) == len(set(seated))
    form = FORMATS["single_elimination"]
    placed = form.placements(DrawInput(form.configure(config, "x"), field, results))
    assert sorted(e for group in placed for e in group) == list(range(1, n + 1))
    champion = next(r.winner for r in results if r.round == final and r.bracket is None)
    assert placed[0] == [champion]
    _, straight = play("single_elimination", config, field, winner=lambda p: min(p.entries))
    assert any(set(r.entries) == {1, 2} for r in straight) == (n >= 2)


@FEW
@given(st.integers(2, 40), st.integers(0, 10**6), st.booleans())
def test_double_elimination_ends_after_2n_minus_2_or_2n_minus_1_matches(n, seed, reset):
    field = [Entry(number, seed=number) for number in range(1, n + 1)]
    draws, results = play("double_elimination", {"grand_final_reset": reset}, field, seed=seed)
    matches = [r for r in results if len(r.entries) == 2]
    finals = [r for r in matches if r.bracket == "final"]
    assert len(matches) == 2 * n - 2 + (len(finals) == 2)
    assert len(finals) == 2 or reset is False or finals[0].winner == winners_champion(results)
    losses = Counter(next(e for e in r.entries if e != r.winner) for r in matches)
    champion = matches[-1].winner
    assert losses[champion] <= 1
    # Without a reset, the winners' champion beaten in the grand final is out on one loss.
    runner_up = next(e for e in matches[-1].entries if e != champion)
    assert all(
        losses[e.number] == 2
        for e in field
        if e.number != champion and (reset or e.number != runner_up)
    )
    assert losses[runner_up] in ((2,) if reset else (1, 2))
    for drawn in draws:
        seated = [e for p in drawn.pairings for e in p.entries]
        assert len(seated) == len(set(seated))
        winners = [p for p in drawn.pairings if p.bracket == "winners"]
        if any(set(p.entries) == {1, 2} for p in winners):
            assert len(winners) == 1  # the winners' final
    form = FORMATS["double_elimination"]
    placed = form.placements(
        DrawInput(form.configure({"grand_final_reset": reset}, "x"), field, results)
    )
    assert placed[0] == [champion]
    assert sorted(e for group in placed for e in group) == list(range(1, n + 1))


def winners_champion(results):
    last = [r for r in results if r.bracket == "winners"][-1]
    return last.winner


@FEW
@given(
    fields(2, 24),
    st.integers(0, 10**6),
    st.permutations(
        [
            "match_points",
            "points_diff",
            "points_for",
            "buchholz",
            "head_to_head",
            "sonneborn_berger",
            "losses",
            "games_won",
        ]
    ),
    st.integers(1, 6),
)
def test_standings_are_a_total_order_following_the_tiebreaks(field, seed, keys, count):
    tiebreaks = keys[:count]
    _, results = play("swiss", {"rounds": min(4, len(field) - 1)}, field, seed=seed)
    rows = standings(field, results, tiebreaks)
    assert [r.rank for r in rows] == list(range(1, len(field) + 1))
    assert sorted(r.entry for r in rows) == [e.number for e in field]
    for upper, lower in itertools.pairwise(rows):

        def values(row):
            return [
                -getattr(row, k) if k in FEWER_IS_BETTER else getattr(row, k) for k in tiebreaks
            ]

        assert values(upper) >= values(lower)
        differing = [k for k in tiebreaks if getattr(upper, k) != getattr(lower, k)]
        if differing:
            assert upper.why.params["key"] == differing[0]
        else:
            assert upper.why.template.startswith("level with")
    assert rows[-1].why is None
