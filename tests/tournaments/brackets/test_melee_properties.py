"""Individual events played through the engine with random fields (4 to 200 players),
drop-outs and late entries: the contract's draw rules checked round by round against an
independent oracle (a maximum matching over every pair that does not repeat a partner):
everyone active seated or sitting out once a round, sit-outs never twice before everyone
has once, no avoidable repeated partner over the players − 1 rounds (none at all while
the numbers guarantee new teams), no table of five seated again."""

import random
from collections import Counter

import pytest
import rustworkx as rx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.brackets import FORMATS, DrawInput, Entry, Pairing, Result

MELEE = FORMATS["melee"]
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def finished(round_number: int, pairing: Pairing, rng: random.Random) -> Result:
    """A random result of a pairing (a sit-out scores 70)."""
    seated, shape = pairing.entries, pairing.shape
    if shape.bye:
        return Result(round_number, pairing.slot, seated, seated[0], (70,), shape=shape)
    if not shape.partnered:  # trionfo: each player's own score
        points = tuple(rng.randint(0, 6) for _ in seated)
        return Result(round_number, pairing.slot, seated, None, points, shape=shape)
    a, b = rng.randint(0, 3), rng.randint(0, 3)
    winner = seated[0] if a > b else seated[1] if b > a else None
    return Result(round_number, pairing.slot, seated, winner, (a, b, a, b), shape=shape)


def can_avoid_repeats(players: list[int], partners: set[frozenset[int]]) -> bool:
    """Whether ``players`` can all be put into teams with no partner they had before."""
    graph = rx.PyGraph()
    graph.add_nodes_from(players)
    graph.add_edges_from_no_data(
        [
            (i, j)
            for i in range(len(players))
            for j in range(i + 1, len(players))
            if frozenset((players[i], players[j])) not in partners
        ]
    )
    return 2 * len(rx.max_weight_matching(graph, max_cardinality=True)) == len(players)


def event(n: int, seats: int, draw: str, rounds: int, seed: int, changes: bool):
    """Yield (active players, their sit-outs before, the draw) round by round."""
    config = MELEE.configure({"rounds": rounds, "draw": draw, "seats": seats}, "stages.0")
    rng = random.Random(seed)
    field = [Entry(number) for number in range(1, n + 1)]
    results: list[Result] = []
    for index in range(1, rounds + 1):
        if changes and index > 1:
            field = [Entry(e.number, active=e.active and rng.random() > 0.08) for e in field]
            field += [Entry(len(field) + k) for k in range(1, rng.randint(0, 3) + 1)]
        active = [e.number for e in field if e.active]
        drawn = MELEE.draw(DrawInput(config, field, results, index, seed))
        if len(active) < seats:
            assert drawn is None
            return
        sat_out = Counter(r.entries[0] for r in results if len(r.entries) == 1)
        yield active, sat_out, results, drawn
        results = results + [finished(index, p, rng) for p in drawn.pairings]


@FEW
@given(
    n=st.integers(4, 200),
    seats=st.sampled_from((4, 5)),
    draw=st.sampled_from(("random", "standings")),
    seed=st.integers(0, 2**32),
    changes=st.booleans(),
)
def test_every_active_player_is_seated_or_sits_out_once_and_sit_outs_are_spread(
    n, seats, draw, seed, changes
):
    n = max(n, seats)
    for active, sat_out, _results, drawn in event(n, seats, draw, 5, seed, changes):
        seated = [p for pairing in drawn.pairings for p in pairing.entries]
        assert sorted(seated) == sorted(active)
        tables = [p for p in drawn.pairings if not p.bye]
        assert all(len(p.entries) == seats for p in tables)
        assert [p.table for p in tables] == list(range(1, len(tables) + 1))
        resting = [p.entries[0] for p in drawn.pairings if p.bye]
        assert len(resting) == len(active) % seats
        others = [sat_out[p] for p in active if p not in resting]
        if resting and others:
            # The sit-outs are among those who sat out least: never twice before everyone.
            assert max(sat_out[p] for p in resting) <= min(others)


@FEW
@given(
    n=st.integers(4, 200),
    draw=st.sampled_from(("random", "standings")),
    seed=st.integers(0, 2**32),
    changes=st.booleans(),
)
def test_no_avoidable_repeated_partner(n, draw, seed, changes):
    rounds = min(n - 1, 6)
    for _active, _sat_out, results, drawn in event(n, 4, draw, rounds, seed, changes):
        partners = {frozenset(t) for r in results for t in r.shape.teams(r.entries) or ()}
        teams = [frozenset(t) for p in drawn.pairings if p.teams for t in p.teams]
        repeats = [t for t in teams if t in partners]
        if repeats:
            playing = [x for p in drawn.pairings if p.teams for x in p.entries]
            assert not can_avoid_repeats(playing, partners)


@pytest.mark.parametrize("draw", ["random", "standings"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_eight_players_have_new_partners_for_four_rounds(draw, seed):
    """After up to 3 rounds the pairs not yet partnered make a graph of degree 4 or more on
    8 players (Dirac: a Hamiltonian cycle, so new teams exist): none may repeat."""
    for _active, _sat_out, results, drawn in event(8, 4, draw, 4, seed, False):
        partners = {frozenset(t) for r in results for t in r.shape.teams(r.entries) or ()}
        teams = [frozenset(t) for p in drawn.pairings for t in p.teams or ()]
        assert not partners.intersection(teams)


@FEW
@given(
    n=st.integers(4, 24),
    draw=st.sampled_from(("random", "standings")),
    seed=st.integers(0, 2**32),
    changes=st.booleans(),
)
def test_no_avoidable_repeated_partner_over_players_minus_one_rounds(n, draw, seed, changes):
    """The whole (players − 1) rounds, sit-outs, drop-outs and late entries included: a
    round repeats a partner only when no teams of new partners exist for its players."""
    for _active, _sat_out, results, drawn in event(n, 4, draw, n - 1, seed, changes):
        partners = {frozenset(t) for r in results for t in r.shape.teams(r.entries) or ()}
        teams = [frozenset(t) for p in drawn.pairings if p.teams for t in p.teams]
        if partners.intersection(teams):
            playing = [x for p in drawn.pairings if p.teams for x in p.entries]
            assert not can_avoid_repeats(playing, partners)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    quarter=st.integers(2, 12),
    draw=st.sampled_from(("random", "standings")),
    seed=st.integers(0, 2**32),
)
def test_no_partner_repeats_while_numbers_allow_it(quarter, draw, seed):
    """``n`` players, a multiple of 4, nobody sitting out: after ``k`` rounds the pairs not
    yet partnered make an (n − 1 − k)-regular graph, which has new teams for everyone while
    its degree is n/2 or more (Dirac: a Hamiltonian cycle). So the first n/2 rounds repeat
    no partner at all; each later round of the n − 1 repeats one only when the oracle finds
    no teams of new partners."""
    n = 4 * quarter
    seen: set[frozenset[int]] = set()
    for index, (active, sat_out, _results, drawn) in enumerate(
        event(n, 4, draw, n - 1, seed, False), start=1
    ):
        assert len(active) == n and not sat_out and not [p for p in drawn.pairings if p.bye]
        teams = [frozenset(t) for p in drawn.pairings for t in p.teams or ()]
        assert len(teams) == n // 2
        if index <= n // 2:
            assert not seen.intersection(teams), (n, index)
        elif seen.intersection(teams):
            assert not can_avoid_repeats(active, seen), (n, index)
        seen.update(teams)
    assert index == n - 1


@FEW
@given(
    n=st.integers(5, 60),
    draw=st.sampled_from(("random", "standings")),
    seed=st.integers(0, 2**32),
    changes=st.booleans(),
)
def test_sit_outs_are_spread_over_the_event(n, draw, seed, changes):
    """Over the whole event: nobody sits out a second time while an active player (a late
    entry included) has not sat out once, this round counted; a late entry's missed rounds
    are no sit-outs (it has none until it is drawn to sit out)."""
    seats = 5 if n % 2 else 4
    first = set(range(1, n + 1))
    for active, sat_out, results, drawn in event(n, seats, draw, 8, seed, changes):
        resting = {p.entries[0] for p in drawn.pairings if p.bye}
        if any(sat_out[player] >= 1 for player in resting):
            assert all(sat_out[p] >= 1 or p in resting for p in active)
        late = [p for p in active if p not in first]
        for player in late:
            assert sat_out[player] == sum(1 for r in results if r.entries == (player,))


@FEW
@given(
    n=st.integers(10, 120),
    draw=st.sampled_from(("random", "standings")),
    seed=st.integers(0, 2**32),
    changes=st.booleans(),
)
def test_trionfo_never_seats_the_same_five_again(n, draw, seed, changes):
    """Tables of five with two tables or more: nobody sits with the same four others as at
    an earlier table (another table of the round can always take one of them)."""
    for _active, _sat_out, results, drawn in event(n, 5, draw, 4, seed, changes):
        earlier = {frozenset(r.entries) for r in results if not r.bye}
        tables = [frozenset(p.entries) for p in drawn.pairings if not p.bye]
        if len(tables) >= 2:
            assert not earlier.intersection(tables)
