"""The Swiss system: every round pairs entries with the same match points, never twice.

Terms: a *score group* is the entries with the same match points; a *float* is an entry
paired outside its score group; a *rematch* is a pairing of two entries that met before in
the stage. Round 1 (``pairing: standings``) pairs by seed, the top half against the bottom
half (of 8: 1–5, 2–6, 3–7, 4–8); with an odd number the lowest seed has the bye. Later
rounds order the entries by match points, then by the standings (the tournament's
tiebreaks), and choose the pairing by a maximum-weight perfect matching whose weights are
lexicographic tiers, each worth more than all the tiers below it together:

1. no rematch (a rematch is only chosen when no pairing of the round avoids it);
2. the bye: the lowest-ranked entry without a bye whose removal leaves a pairing with no
   rematch (nobody may have a second bye while an active entry has none: a hard rule);
3. the fewest floats (a pairing across ``d`` score groups counts ``d²``, so a float goes to
   the next group), then the smallest differences of match points;
4. inside a score group the top half meets the bottom half; a float meets the nearest.

On a big field (over ``FULL_GRAPH_UP_TO`` entries) the matching first looks only at the
pairs inside a score group and the near pairs across to the next one, and falls back to
every pair when that leaves a rematch or an entry unpaired (the 1,024-entry bench).

``pairing: random`` replaces tiers 3 and 4 by random weights drawn from the stage's seed.
The better-ranked entry of a pairing sits first (team 0); tables are numbered by the rank of
the better-ranked entry, so the leader plays at table 1; the bye comes last. Inactive
(dropped-out) entries are never drawn; an entry with no results (a late entry) is simply an
entry with 0 points. Fewer than 2 active entries: the stage is over.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import rustworkx as rx

from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import SANE_LIMIT, Choice, Int

from .base import Draw, DrawInput, Entry, Format, Result, RoundName, RuleViolation
from .common import number_pairings, seed_order
from .registry import register
from .standings import DEFAULT_TIEBREAKS, standings

FULL_GRAPH_UP_TO = 256  # entries; above, the matching first tries a window of groups
FLOAT_REACH = 32  # places, in that window, between two entries of different groups
BYE = -1  # the matching's extra vertex: who is matched with it has the bye


def first_round(order: Sequence[int]) -> list[tuple[int, ...]]:
    """Top half against bottom half; the last (lowest seed) has the bye if odd."""
    order = list(order)
    pairs: list[tuple[int, ...]] = []
    if len(order) % 2:
        pairs.append((order.pop(),))
    half = len(order) // 2
    return [(order[i], order[i + half]) for i in range(half)] + pairs


def _met(results: Sequence[Result]) -> tuple[set[frozenset[int]], Counter[int]]:
    met: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    for result in results:
        if len(result.entries) == 1:
            byes[result.entries[0]] += 1
        else:
            met.add(frozenset(result.entries))
    return met, byes


class Weights:
    """The tiers of the matching's weights, sized for the field (module docstring)."""

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
        sizes = Counter(points[number] for number in order)
        self.half = np.array([sizes[points[number]] // 2 for number in order], dtype=np.int64)
        seen: Counter[int] = Counter()
        place = []  # each entry's place inside its score group
        for number in order:
            place.append(seen[points[number]])
            seen[points[number]] += 1
        self.place = np.array(place, dtype=np.int64)
        spread = groups[0] - groups[-1] + 1 if groups else 1
        self.diff_tier = n * n  # above every pairing's order penalties together
        self.float_tier = self.diff_tier * spread * n
        self.bye_tier = self.float_tier * len(groups) ** 2 * n
        self.rematch_tier = self.bye_tier * (n + 1)

    def bye(self, a: int) -> int:
        return self.rematch_tier + self.bye_tier * (self.rank[a] + 1)

    def pairs(self, i: np.ndarray, j: np.ndarray, rematch: np.ndarray) -> list[int]:
        """The weights of the pairs of places ``i`` < ``j`` in the order."""
        below = (self.bye_tier - 1 - self.penalty(i, j)).tolist()
        return [
            w if bad else w + self.rematch_tier
            for w, bad in zip(below, rematch.tolist(), strict=True)
        ]

    def penalty(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        if self.random_seed is not None:
            rng = np.random.default_rng(self.random_seed)
            return rng.integers(0, self.float_tier, size=len(i), dtype=np.int64)
        same = self.points[i] == self.points[j]
        inside = np.abs(np.abs(self.place[i] - self.place[j]) - self.half[i])
        # A float across d score groups costs d² floats: floats go to the next group.
        steps = self.group[j] - self.group[i]
        across = (
            self.float_tier * steps * steps
            + self.diff_tier * np.abs(self.points[i] - self.points[j])
            + (j - i)
        )
        return np.where(same, inside, across)


def pair_round(
    order: Sequence[int],
    points: Mapping[int, int],
    met: set[frozenset[int]],
    byes: Counter[int],
    random_seed: int | None = None,
) -> list[tuple[int, ...]]:
    """Pairings (better-ranked first) of ``order`` (best first), plus a bye if odd."""
    weights = Weights(order, points, random_seed)
    eligible: list[int] = []
    if len(order) % 2:
        fewest = min(byes[number] for number in order)
        eligible = [number for number in order if byes[number] == fewest]
    matching = _match(order, met, weights, eligible)
    if eligible and _rematches(matching, met):
        # No entry's bye allows a pairing without rematch: the lowest-ranked eligible one.
        matching = _match(order, met, weights, eligible[-1:])
    return _sorted(matching, weights.rank)


def _match(
    order: Sequence[int], met: set[frozenset[int]], weights: Weights, eligible: Sequence[int]
) -> list[tuple[int, ...]]:
    """The best perfect matching; on a big field first over the pairs inside a score group
    and the near pairs across to the next group (far quicker), then over every pair if that
    leaves a rematch or an entry unpaired."""
    window = 1 if len(order) > FULL_GRAPH_UP_TO else None
    pairs = _matching(order, met, weights, eligible, window)
    if window is not None and (_rematches(pairs, met) or sum(map(len, pairs)) < len(order)):
        pairs = _matching(order, met, weights, eligible, None)
    return pairs


def _matching(
    order: Sequence[int],
    met: set[frozenset[int]],
    weights: Weights,
    eligible: Sequence[int],
    window: int | None,
) -> list[tuple[int, ...]]:
    n = len(order)
    i, j = np.triu_indices(n, 1)
    if window is not None:
        # The order is by score group: every pair inside a group, and across to the group
        # ``window`` below only between entries at most FLOAT_REACH places apart.
        group = weights.group
        end = np.searchsorted(group, np.minimum(group + window, group[-1]), side="right")
        keep = (group[i] == group[j]) | ((j < end[i]) & (j - i <= FLOAT_REACH))
        i, j = i[keep], j[keep]
    place = weights.rank
    met_keys = np.array(
        sorted(
            min(place[a], place[b]) * n + max(place[a], place[b])
            for a, b in map(tuple, met)
            if a in place and b in place
        ),
        dtype=np.int64,
    )
    rematch = np.isin(i * n + j, met_keys)
    graph = rx.PyGraph()
    graph.add_nodes_from([*order, BYE] if eligible else list(order))
    edges = list(zip(i.tolist(), j.tolist(), weights.pairs(i, j, rematch), strict=True))
    edges += [(place[a], n, weights.bye(a)) for a in eligible]
    graph.add_edges_from(edges)
    found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    pairs: list[tuple[int, ...]] = []
    for x, y in found:
        a, b = graph[x], graph[y]
        pairs.append((b,) if a == BYE else (a,) if b == BYE else (a, b))
    return pairs


def _rematches(pairs: Sequence[tuple[int, ...]], met: set[frozenset[int]]) -> bool:
    return any(len(pair) == 2 and frozenset(pair) in met for pair in pairs)


def _sorted(pairs: Sequence[tuple[int, ...]], rank: Mapping[int, int]) -> list[tuple[int, ...]]:
    seated = [tuple(sorted(pair, key=rank.__getitem__)) for pair in pairs]
    return sorted(seated, key=lambda pair: (len(pair) == 1, rank[pair[0]]))


@register
class Swiss(Format):
    name = "swiss"
    draws_allowed = True
    takes_late_entries = True  # a late entry is drawn from the next round on
    fields = (
        Int("rounds", min=1, max=SANE_LIMIT),
        Choice("pairing", required=False, default="standings", choices=("standings", "random")),
    )

    def check(self, settings: Mapping[str, Any], entries: int, field_name: str) -> None:
        super().check(settings, entries, field_name)
        if settings["rounds"] > entries - 1:
            raise RuleViolation(
                f"{field_name}.rounds",
                _("{entries} entries can play at most {most} Swiss rounds."),
                entries=entries,
                most=entries - 1,
            )

    def draw(self, given: DrawInput) -> Draw | None:
        """``given.tiebreaks`` orders the entries inside each score group."""
        settings, entries, results = given.settings, given.entries, given.results
        round_index, seed = given.round, given.seed
        tiebreaks = given.tiebreaks or DEFAULT_TIEBREAKS
        active = [e for e in entries if e.active]
        if round_index > settings["rounds"] or len(active) < 2:
            return None
        by_seed = seed_order(active, seed)
        met, byes = _met(results)
        random_seed = (
            random.Random(f"swiss:{seed}:{round_index}").getrandbits(64)
            if settings["pairing"] == "random"
            else None
        )
        if round_index == 1 and random_seed is None:
            pairs = first_round([e.number for e in by_seed])
        else:
            order, points = self.ranked(entries, results, by_seed, tiebreaks, round_index)
            pairs = pair_round(order, points, met, byes, random_seed)
        return Draw(
            number_pairings((pair, None, None) for pair in pairs),
            RoundName("round", number=round_index),
        )

    @staticmethod
    def ranked(
        entries: Sequence[Entry],
        results: Sequence[Result],
        by_seed: Sequence[Entry],
        tiebreaks: Sequence[str],
        round_index: int,
    ) -> tuple[list[int], dict[int, int]]:
        """The active entries by match points, then standings; and their match points."""
        if round_index == 1 or not results:
            return [e.number for e in by_seed], {e.number: 0 for e in by_seed}
        rows = standings(entries, results, tiebreaks)
        active = {e.number for e in by_seed}
        rows = [row for row in rows if row.entry in active]
        place = {row.entry: index for index, row in enumerate(rows)}
        order = sorted(active, key=lambda n: (-rows[place[n]].match_points, place[n]))
        return order, {row.entry: row.match_points for row in rows}
