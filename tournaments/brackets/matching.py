"""The Swiss round's matching: the weights' tiers, the candidate pairs, and how good a
pairing is.

Terms as in ``swiss``: the entries are in ``order`` (best first, score group by score
group); a *place* is an index in that order. The matching is a maximum-weight matching of
the largest size (rustworkx), over the candidate pairs and one extra vertex, ``BYE``, for
an odd field. ``every_pair`` gives it every pair; ``band`` a few pairs per entry, those
that a good pairing uses: inside a score group, the entries about half the group apart
(the top half meets the bottom half), and across, the last entries of a group with the
first of the next groups. ``Blocks`` matches a band a few entries at a time, in an order
where its pairs are near (``interleaved``), and matches again the entries around a fault.
``Quality`` tells whether a band's pairing is as good as every pair's would be (no
rematch, the rule's bye, the fewest and closest floats); the caller repairs or widens the
band when it is not. Every matching answers a ``Matched``: its pairs, two entries each,
and its bye, named apart (the entry matched with ``BYE``, or none).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from itertools import chain, pairwise

import numpy as np
import rustworkx as rx

BYE = -1  # the extra vertex's value; the vertex is known by its index, never by this value

Pairs = tuple[np.ndarray, np.ndarray]  # places i < j of the candidate pairs


@dataclass(frozen=True, slots=True)
class Matched:
    """A matching's answer: its ``pairs`` (entry numbers, two each) and ``bye``, the entry
    it matched with the ``BYE`` vertex (``None``: nobody has the bye). The bye is this
    field, never read from a pair's size."""

    pairs: tuple[tuple[int, int], ...] = ()
    bye: int | None = None

    def seated(self) -> list[int]:
        """Every entry it seats: both of each pair, and the bye's."""
        seated = list(chain.from_iterable(self.pairs))
        return seated if self.bye is None else [*seated, self.bye]

    @staticmethod
    def joined(parts: Iterable[Matched]) -> Matched:
        """The matchings of disjoint entries as one (at most one of them has a bye)."""
        pairs: list[tuple[int, int]] = []
        byes: list[int] = []
        for part in parts:
            pairs += part.pairs
            byes += [] if part.bye is None else [part.bye]
        if len(byes) > 1:
            raise ValueError(f"one bye at most, not {byes}")
        return Matched(tuple(pairs), byes[0] if byes else None)


class Weights:
    """The tiers of the matching's weights, sized for the field (``swiss``'s docstring)."""

    def __init__(
        self, order: Sequence[int], points: Mapping[int, int], random_seed: int | None
    ) -> None:
        self.order, self.random_seed = list(order), random_seed
        self.rank = {number: index for index, number in enumerate(order)}
        n = len(order) + 1
        groups = sorted({points[number] for number in order}, reverse=True)
        index = {p: i for i, p in enumerate(groups)}
        self.points = np.array([points[number] for number in order], dtype=np.int64)
        self.group = np.array([index[points[number]] for number in order], dtype=np.int64)
        self.sizes = np.bincount(self.group, minlength=len(groups))
        self.starts = np.concatenate(([0], np.cumsum(self.sizes)[:-1]))
        self.half = self.sizes[self.group] // 2
        self.place = np.arange(len(order)) - self.starts[self.group]  # inside its group
        spread = groups[0] - groups[-1] + 1 if groups else 1
        self.diff_tier = n * n  # above every pairing's order penalties together
        self.float_tier = self.diff_tier * spread * n
        self.bye_tier = self.float_tier * len(groups) ** 2 * n
        self.rematch_tier = self.bye_tier * (n + 1)

    def bye(self, a: int) -> int:
        return self.rematch_tier + self.bye_tier * (self.rank[a] + 1)

    def pairs(self, i: np.ndarray, j: np.ndarray, rematch: np.ndarray) -> list[int]:
        """The weights of the pairs of places ``i`` < ``j`` in the order."""
        top = self.bye_tier - 1
        return [
            top - penalty + (0 if bad else self.rematch_tier)
            for penalty, bad in zip(self.penalty(i, j).tolist(), rematch.tolist(), strict=True)
        ]

    def penalty(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        if self.random_seed is not None:
            rng = np.random.default_rng(self.random_seed)
            return rng.integers(0, self.float_tier, size=len(i), dtype=np.int64)
        same = self.group[i] == self.group[j]
        inside = np.abs(np.abs(self.place[i] - self.place[j]) - self.half[i])
        # A float across d score groups costs d² floats: floats go to the next group.
        steps = self.group[j] - self.group[i]
        across = (
            self.float_tier * steps * steps
            + self.diff_tier * np.abs(self.points[i] - self.points[j])
            + (j - i)
        )
        return np.where(same, inside, across)


def every_pair(n: int) -> Pairs:
    i, j = np.triu_indices(n, 1)
    return i.astype(np.int64), j.astype(np.int64)


def band(weights: Weights, width: int, reach: int) -> Pairs:
    """Inside each score group, each entry with those between ``half − width`` and
    ``half + width`` places below it (``half``: half the group); across, the last ``width``
    entries of each group with the first ``width`` of each of the ``reach`` groups below."""
    n = len(weights.order)
    places = np.arange(n, dtype=np.int64)
    ends = (weights.starts + weights.sizes)[weights.group]
    firsts: list[np.ndarray] = []
    seconds: list[np.ndarray] = []
    for offset in range(-width, width + 1):
        partner = places + weights.half + offset
        keep = (partner > places) & (partner < ends)
        firsts.append(places[keep])
        seconds.append(partner[keep])
    count = len(weights.sizes)
    for group in range(count):
        end = int(weights.starts[group] + weights.sizes[group])
        last = np.arange(max(int(weights.starts[group]), end - width), end, dtype=np.int64)
        for below in range(group + 1, min(group + reach, count - 1) + 1):
            start = int(weights.starts[below])
            first = np.arange(start, min(start + width, start + int(weights.sizes[below])))
            a, b = np.meshgrid(last, first.astype(np.int64), indexing="ij")
            firsts.append(a.ravel())
            seconds.append(b.ravel())
    return np.concatenate(firsts), np.concatenate(seconds)


def interleaved(weights: Weights, eligible: Sequence[int]) -> np.ndarray:
    """Each place's position in an order where the band's pairs are near one another, score
    group by score group: first the entry that meets the float from the group above (when
    an odd number of entries is above it), then the group's top half and bottom half dealt
    alternately (place 0, place half, place 1, place half + 1, …), its odd one out (the
    float down) last; the lowest eligible entry, the bye's, at the very end."""
    bye = weights.rank[eligible[-1]] if eligible else -1
    sequence: list[np.ndarray] = []
    above = 0
    for start, size in zip(weights.starts.tolist(), weights.sizes.tolist(), strict=True):
        places = np.arange(start, start + size, dtype=np.int64)
        places = places[places != bye]
        first, rest = places[: above % 2], places[above % 2 :]
        half = len(rest) // 2
        dealt = np.empty(2 * half, dtype=np.int64)
        dealt[0::2], dealt[1::2] = rest[:half], rest[half : 2 * half]
        sequence += [first, dealt, rest[2 * half :]]
        above += len(places)
    if bye >= 0:
        sequence.append(np.array([bye], dtype=np.int64))
    position = np.empty(len(weights.order), dtype=np.int64)
    position[np.concatenate(sequence)] = np.arange(len(weights.order))
    return position


def shuffled(n: int, seed: int) -> np.ndarray:
    """``pairing: random`` on a big field: each place's position in an order shuffled from
    ``seed`` (``shuffled_band`` pairs the neighbours in it)."""
    return np.random.default_rng(seed).permutation(n).astype(np.int64)


def shuffled_band(position: np.ndarray, width: int) -> Pairs:
    """Each place with the ``width`` places nearest to it on either side in ``position``."""
    by_position = np.argsort(position)
    firsts, seconds = [], []
    for offset in range(1, min(width, len(position) - 1) + 1):
        a, b = by_position[:-offset], by_position[offset:]
        firsts.append(np.minimum(a, b))
        seconds.append(np.maximum(a, b))
    return np.concatenate(firsts), np.concatenate(seconds)


def met_keys(weights: Weights, met: Set[frozenset[int]]) -> np.ndarray:
    """The pairs already played, as ``i * n + j`` of their places (sorted)."""
    n = len(weights.order)
    ends = np.fromiter(chain.from_iterable(met), dtype=np.int64, count=2 * len(met))
    order = np.array(weights.order, dtype=np.int64)
    if not len(ends) or not n or min(ends.min(), order.min()) < 0:  # numbers below 0: rare
        place = weights.rank
        keys = [
            min(place[a], place[b]) * n + max(place[a], place[b])
            for a, b in map(tuple, met)
            if a in place and b in place
        ]
        return np.array(sorted(keys), dtype=np.int64)
    # Each entry number's place (-1: not in the order), looked up for every pair at once.
    place_of = np.full(int(max(ends.max(), order.max())) + 1, -1, dtype=np.int64)
    place_of[order] = np.arange(n, dtype=np.int64)
    a, b = place_of[ends[0::2]], place_of[ends[1::2]]
    keep = (a >= 0) & (b >= 0)
    a, b = a[keep], b[keep]
    return np.sort(np.minimum(a, b) * n + np.maximum(a, b))


def matching(
    weights: Weights, candidates: Pairs, played: np.ndarray, eligible: Sequence[int]
) -> Matched:
    """The heaviest pairing of the largest size over ``candidates`` (places), with a bye
    for one of ``eligible`` (entry numbers) if any."""
    order, n = weights.order, len(weights.order)
    i, j = candidates
    rematch = np.isin(i * n + j, played)
    graph = rx.PyGraph()
    graph.add_nodes_from(order)
    edges = list(zip(i.tolist(), j.tolist(), weights.pairs(i, j, rematch), strict=True))
    if eligible:
        graph.add_node(BYE)  # vertex n
        edges += [(weights.rank[a], n, weights.bye(a)) for a in eligible]
    graph.add_edges_from(edges)
    return _found(graph, n if eligible else None)


def _found(graph: rx.PyGraph, bye_vertex: int | None) -> Matched:
    """The heaviest matching of ``graph`` of the largest size: the entry matched with
    ``bye_vertex`` (the ``BYE`` vertex's index; ``None``: there is none) has the bye."""
    found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for x, y in found:
        if bye_vertex in (x, y):
            bye = graph[y if x == bye_vertex else x]
        else:
            pairs.append((graph[x], graph[y]))
    return Matched(tuple(pairs), bye)


class Blocks:
    """The band's matching done a few entries at a time. ``position`` orders the places so
    that the candidate pairs are short (``interleaved``, ``shuffled``). Far quicker than one
    matching of the whole band (a matching costs the cube of its entries), and as good
    wherever the pairs the band needs stay near in that order."""

    def __init__(
        self,
        weights: Weights,
        candidates: Pairs,
        played: np.ndarray,
        eligible: Sequence[int],
        position: np.ndarray,
    ) -> None:
        self.weights, self.eligible, self.position = weights, eligible, position
        n = len(weights.order)
        self.i, self.j = candidates
        rematch = np.isin(self.i * n + self.j, played)
        # A tier between the rematch and the bye: ``seat`` for each end of a pair among
        # the entries a step must pair (``run``); the rematch tier above it.
        self.seat = weights.rematch_tier
        self.rematch_free = self.seat * (2 * n + 3)
        self.weight = [
            w - (0 if bad else weights.rematch_tier - self.rematch_free)
            for w, bad in zip(weights.pairs(self.i, self.j, rematch), rematch.tolist(), strict=True)
        ]
        self.allowed = {weights.rank[a] for a in eligible}
        self.local = np.full(n, -1, dtype=np.int64)

    def step(self, mine: list[int], ahead: list[int], edges: np.ndarray, bye: bool) -> Matched:
        """The matching of the places ``mine`` and ``ahead`` over the candidate pairs
        ``edges`` (indexes) among them, pairing those of ``mine`` first, with the bye for
        an eligible one of ``mine`` if ``bye``."""
        order, local = self.weights.order, self.local
        current = mine + ahead
        local[current] = np.arange(len(current))
        xs, ys = local[self.i[edges]], local[self.j[edges]]
        inside = (xs >= 0) & (ys >= 0)
        edges, xs, ys = edges[inside], xs[inside], ys[inside]
        ends_mine = (xs < len(mine)).astype(np.int64) + (ys < len(mine))
        bonus = (0, self.seat, 2 * self.seat)
        listed = [
            (x, y, self.weight[k] + bonus[m])
            for x, y, k, m in zip(
                xs.tolist(), ys.tolist(), edges.tolist(), ends_mine.tolist(), strict=True
            )
        ]
        graph = rx.PyGraph()
        graph.add_nodes_from([order[p] for p in current])
        if bye:
            graph.add_node(BYE)
            extra = self.rematch_free - self.weights.rematch_tier + self.seat
            listed += [
                (x, len(current), self.weights.bye(order[p]) + extra)
                for x, p in enumerate(mine)
                if p in self.allowed
            ]
        graph.add_edges_from(listed)
        local[current] = -1
        return _found(graph, len(current) if bye else None)

    def run(self, size: int) -> Matched:
        """Block by block of ``size`` positions: each step matches the entries left unpaired
        before it, its block and the next block (a look ahead), and keeps the pairs that do
        not reach into the next block, and its bye (one of its own entries); the bye joins
        at the block of the lowest eligible entry. An entry that no step pairs is left out."""
        order, n = self.weights.order, len(self.weights.order)
        block = self.position // size
        reaches = np.maximum(block[self.i], block[self.j])
        by_block = np.argsort(reaches, kind="stable")
        ends = np.searchsorted(reaches[by_block], np.arange(1, block.max() + 2))
        members_of = np.split(np.argsort(self.position, kind="stable"), np.arange(size, n, size))
        members_of.append(np.array([], dtype=np.int64))
        bye_block = int(block[self.weights.rank[self.eligible[-1]]]) if self.eligible else -1
        carry: list[int] = []
        bye_waits = False
        parts: list[Matched] = []
        for index in range(len(members_of) - 1):
            mine = carry + members_of[index].tolist()
            ahead = members_of[index + 1].tolist()
            bye_waits = bye_waits or index == bye_block
            edges = by_block[: ends[min(index + 1, len(ends) - 1)]]
            later = {order[p] for p in ahead}
            found = self.step(mine, ahead, edges, bye_waits)
            kept = Matched(
                tuple(pair for pair in found.pairs if not later.intersection(pair)), found.bye
            )
            parts.append(kept)
            seated = set(kept.seated())
            bye_waits = bye_waits and kept.bye is None
            carry = [p for p in mine if order[p] not in seated]
        return Matched.joined(parts)

    def repair(self, matched: Matched, trouble: Set[int], reach: int) -> Matched:
        """``matched`` with the entries within ``reach`` positions of the places ``trouble``
        (and their opponents, or the bye) matched again, together."""
        rank = self.weights.rank
        near = np.zeros(len(self.position) + reach + 1, dtype=bool)
        for place in trouble:
            at = int(self.position[place])
            near[max(0, at - reach) : at + reach + 1] = True
        region = set(np.nonzero(near[self.position])[0].tolist())
        pairs: list[tuple[int, int]] = []
        for pair in matched.pairs:
            places = [rank[e] for e in pair]
            if region.intersection(places):
                region.update(places)
            else:
                pairs.append(pair)
        bye = matched.bye if matched.bye is not None and rank[matched.bye] not in region else None
        kept = Matched(tuple(pairs), bye)
        seated = {rank[e] for e in kept.seated()}
        region |= set(range(len(self.position))) - seated  # the unpaired too
        every = np.arange(len(self.i))
        again = self.step(sorted(region), [], every, bool(self.eligible) and bye is None)
        return Matched.joined((kept, again))


@dataclass(frozen=True, order=True)
class Quality:
    """A pairing's faults, worst first, compared as a tuple (smaller is better)."""

    unpaired: int = 0
    rematches: int = 0
    bye_above_lowest: int = 0  # eligible entries ranked below the one with the bye
    floats: int = 0  # sum of d² over the pairings across d score groups
    float_points: int = 0  # sum of the match points between the two of each float

    @property
    def before_floats(self) -> tuple[int, int, int]:
        """The faults above the floats: unpaired, rematches, the bye's place."""
        return (self.unpaired, self.rematches, self.bye_above_lowest)

    @classmethod
    def of(
        cls,
        matched: Matched,
        weights: Weights,
        met: Set[frozenset[int]],
        eligible: Sequence[int],
    ) -> Quality:
        floats = float_points = 0
        for pair in matched.pairs:
            a, b = (weights.rank[e] for e in pair)
            steps = int(weights.group[a] - weights.group[b])
            floats += steps * steps
            float_points += abs(int(weights.points[a] - weights.points[b]))
        bye = matched.bye
        return cls(
            unpaired=len(weights.order) - len(matched.seated()),
            rematches=sum(frozenset(pair) in met for pair in matched.pairs),
            bye_above_lowest=0 if bye is None else len(eligible) - 1 - list(eligible).index(bye),
            floats=floats,
            float_points=float_points,
        )

    @classmethod
    def best(cls, weights: Weights, eligible: Sequence[int]) -> Quality:
        """No fault but the floats that the score groups' sizes force: one float across
        each boundary between groups with an odd number of entries above it (the lowest
        eligible entry having the bye)."""
        counts = Counter(weights.group.tolist())
        if eligible:
            counts[int(weights.group[weights.rank[eligible[-1]]])] -= 1
        groups = sorted(counts)
        floats = float_points = above = 0
        for upper, lower in pairwise(groups):
            above += counts[upper]
            if above % 2:
                floats += 1
                upper_points = int(weights.points[weights.starts[upper]])
                float_points += upper_points - int(weights.points[weights.starts[lower]])
        return cls(floats=floats, float_points=float_points)
