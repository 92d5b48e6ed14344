"""How an individual event's round seats its players (format ``melee``; pure).

Four-player variants, in two maximum-weight matchings (rustworkx): players into teams of
two, then teams into tables. Each matching's weights are tiers, each worth more than all
the tiers below it together: (1) no repeated partner (for teams: as few players as possible
facing an opponent they have met); (2) ``random``: random weights from the seed;
``standings``: the fewest and closest cross-group pairs (a pair across ``d`` match-point
groups counts ``d²``, then the difference of match points), then the nearest places.
``standings`` tables (teams into tables) put the score groups first: a tier above (1)
counts, for every player and every opponent at the table, the groups between them
squared (``apart``), so the groups stay apart whenever the teams allow it, and only then
as few players as possible meet an opponent again (clubs.md: partners, then groups, then
opponents).

Up to ``EVERY_PAIR_UP_TO`` nodes a matching looks at every pair; above, at a band: each
node with the ``width`` nearest in the order (ranked for ``standings``, shuffled from the
seed for ``random``), widened (doubled) while the matching leaves a node unmatched or
repeats a partner (an opponent, for teams) that a wider band might avoid, up to every
pair.

Trionfo: tables of five by a greedy (from the order, each seat given to the first of the
next ``WINDOW`` players who has met the fewest of those already seated) and a local
improvement (swaps of two players between tables while a swap lowers the number of
table-mates who met before).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence, Set

import rustworkx as rx

__all__ = ["EVERY_PAIR_UP_TO", "five_tables", "pair_up"]

EVERY_PAIR_UP_TO = 96  # nodes; above, a band of pairs first (``BAND_WIDTH`` each side)
BAND_WIDTH = 4
WINDOW = 12  # trionfo's greedy: candidates looked at for each seat
PASSES = 8  # trionfo's local improvement: passes over the tables at most

Node = tuple[int, ...]  # a player (1) or a team (2)
Repeats = Callable[[Node, Node], int]  # faults of the top tier a pair would bring
# How far apart two nodes' score groups are (0: the same), and the most it can be.
Apart = tuple[Callable[[Node, Node], int], int]
MOST_REPEATS = 4  # a pair's repeats: at most each of a table's four players


def pair_up(
    order: Sequence[Node],
    points: Mapping[Node, int | float],
    repeats: Repeats,
    random_seed: int | None,
    apart: Apart | None = None,
) -> list[tuple[Node, Node]]:
    """A perfect matching of ``order`` (best first; an even number of nodes), each pair
    with the better-placed node first, the pairs by their better-placed node; ``apart``
    (``standings`` only): a tier above ``repeats``, the score groups kept apart first."""
    if apart is not None and random_seed is None:
        return _matched(order, _groups_first(order, points, repeats, apart), repeats)
    n = len(order)
    groups = sorted({points[node] for node in order}, reverse=True)
    group = {p: i for i, p in enumerate(groups)}
    spread = int(groups[0] - groups[-1]) + 1 if groups else 1
    diff_tier = n * n
    float_tier = diff_tier * spread * n
    repeat_tier = float_tier * (len(groups) ** 2 + 1) * n
    if random_seed is not None:
        float_tier = diff_tier  # random weights below it, every pair's together below:
        repeat_tier = diff_tier * n
    rng = random.Random(random_seed)
    position = list(range(n))
    if random_seed is not None:
        rng.shuffle(position)  # the band's order: neighbours in it are candidates

    def penalty(i: int, j: int) -> int:
        if random_seed is not None:
            return int(rng.random() * float_tier)
        a, b = points[order[i]], points[order[j]]
        steps = group[a] - group[b]
        return int(float_tier * steps * steps + diff_tier * abs(a - b) + abs(i - j))

    top = repeat_tier * 8

    def weight(i: int, j: int) -> int:
        return top - repeat_tier * repeats(order[i], order[j]) - penalty(i, j)

    return _matched(order, weight, repeats, position)


def _groups_first(
    order: Sequence[Node], points: Mapping[Node, int | float], repeats: Repeats, apart: Apart
) -> Callable[[int, int], int]:
    """The weight of a pair by tiers: the groups apart, then the repeats, then the
    difference of points, then the places (each tier above the whole matching's lower
    tiers together)."""
    n = len(order)
    values = [points[node] for node in order]
    spread = int(max(values) - min(values)) + 1 if values else 1
    diff_tier = n * n
    repeat_tier = diff_tier * spread * n
    apart_tier = repeat_tier * (MOST_REPEATS + 1) * n
    distance, most = apart
    top = apart_tier * (most + 1)

    def weight(i: int, j: int) -> int:
        a, b = order[i], order[j]
        return (
            top
            - apart_tier * distance(a, b)
            - repeat_tier * repeats(a, b)
            - diff_tier * int(abs(points[a] - points[b]))
            - abs(i - j)
        )

    return weight


def _matched(
    order: Sequence[Node],
    weight: Callable[[int, int], int],
    repeats: Repeats,
    position: Sequence[int] | None = None,
) -> list[tuple[Node, Node]]:
    """The maximum-weight perfect matching of ``order``: over every pair up to
    ``EVERY_PAIR_UP_TO`` nodes, else a band of the nearest in ``position`` (the order by
    default), widened while a wider band might do better."""
    n = len(order)
    position = list(range(n)) if position is None else position
    width = n if n <= EVERY_PAIR_UP_TO else BAND_WIDTH
    weights: dict[tuple[int, int], int] = {}
    while True:
        by_position = sorted(range(n), key=position.__getitem__)
        edges: list[tuple[int, int, int]] = []
        for offset in range(1, min(width, n - 1) + 1):
            for k in range(n - offset):
                i, j = sorted((by_position[k], by_position[k + offset]))
                if (i, j) not in weights:
                    weights[(i, j)] = weight(i, j)
                edges.append((i, j, weights[(i, j)]))
        graph = rx.PyGraph()
        graph.add_nodes_from(range(n))
        graph.add_edges_from(edges)
        found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
        pairs = [tuple(sorted(pair)) for pair in found]
        faults = sum(repeats(order[i], order[j]) for i, j in pairs)
        if width >= n - 1 or (2 * len(pairs) == n and not faults):
            break
        width *= 2
    return [(order[i], order[j]) for i, j in sorted(pairs)]


def five_tables(order: Sequence[int], met: Mapping[int, Set[int]], near: bool) -> list[list[int]]:
    """Tables of five from ``order`` (a multiple of five players) with as few table-mates
    who met before as the greedy and the swaps find; ``near``: swaps look at the nearest
    tables first (``standings``), else at every table in order."""
    left = list(order)
    tables: list[list[int]] = []
    while left:
        table: list[int] = []
        for _seat in range(5):
            window = left[:WINDOW]
            best = min(range(len(window)), key=lambda k: _clashes(window[k], table, met))
            table.append(left.pop(best))
        tables.append(table)
    _improve(tables, met, near)
    return tables


def _clashes(player: int, others: Sequence[int], met: Mapping[int, Set[int]]) -> int:
    mine = met.get(player, frozenset())
    return sum(1 for other in others if other in mine)


def _improve(tables: list[list[int]], met: Mapping[int, Set[int]], near: bool) -> None:
    """Swap two players of different tables while a swap lowers the clashes."""
    count = len(tables)
    for _pass in range(PASSES):
        better = False
        for t, table in enumerate(tables):
            for seat, player in enumerate(table):
                rest = table[:seat] + table[seat + 1 :]
                now = _clashes(player, rest, met)
                if not now:
                    continue
                others = sorted(range(count), key=lambda u: abs(u - t)) if near else range(count)
                for u in others:
                    if u == t:
                        continue
                    done = False
                    for other_seat, other in enumerate(tables[u]):
                        there = tables[u][:other_seat] + tables[u][other_seat + 1 :]
                        before = now + _clashes(other, there, met)
                        after = _clashes(player, there, met) + _clashes(other, rest, met)
                        if after < before:
                            table[seat], tables[u][other_seat] = other, player
                            better = done = True
                            break
                    if done:
                        break
        if not better:
            return
