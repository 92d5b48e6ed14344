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

Up to ``EVERY_PAIR_UP_TO`` entries the matching looks at every pair. A bigger field would
have millions (21 s and 0.9 GB for round 2 of 4,096 entries), so it looks at a *band* of
candidates (``matching.band``): inside a score group, each entry with those about half the
group below it (the top-half-against-bottom-half shape), and across, the last entries of
a group with the first of the next; and it matches them a block of ``BLOCK`` entries at a
time, in an order where those pairs are near (``matching.Blocks``). The result is checked
against the best that tiers 1–3 allow (no entry unpaired, no rematch, the bye to the
lowest eligible entry, one float to the next group across each boundary with an odd number
of entries above it: ``Quality.best``); where it falls short, the entries around the fault
are matched again together, and failing that the whole band is matched at once, widened
(twice as wide, reaching twice as many groups) until its pairing reaches that best, or,
short only in its floats, does no better than the narrower band's, or the band holds every
pair. ``pairing: random`` uses a band of random neighbours drawn from the seed instead.

``pairing: random`` replaces tiers 3 and 4 by random weights drawn from the stage's seed.
The better-ranked entry of a pairing sits first (team 0); tables are numbered by the rank of
the better-ranked entry, so the leader plays at table 1; the bye comes last. Inactive
(dropped-out) entries are never drawn; an entry with no results (a late entry) is simply an
entry with 0 points. Fewer than 2 active entries: the stage is over.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import SANE_LIMIT, Choice, Int

from .base import Draw, DrawInput, Entry, Format, Result, RoundName, RuleViolation
from .common import Seating, number_pairings, seed_order
from .matching import (
    Blocks,
    Matched,
    Pairs,
    Quality,
    Weights,
    band,
    every_pair,
    interleaved,
    matching,
    met_keys,
    shuffled,
    shuffled_band,
)
from .registry import register
from .standings import DEFAULT_TIEBREAKS, Tally, standings

EVERY_PAIR_UP_TO = 256  # entries; above, the matching looks at a band of pairs first
BAND_WIDTH = 4  # the first band: places around the ideal partner (``matching.band``)
BLOCK = 128  # entries matched at once in the band's first try


def first_round(order: Sequence[int]) -> list[Seating]:
    """Top half against bottom half; the last (lowest seed) has the bye (flagged) if odd."""
    order = list(order)
    byes: list[Seating] = []
    if len(order) % 2:
        byes.append(Seating((order.pop(),), bye=True))
    half = len(order) // 2
    return [Seating((order[i], order[i + half])) for i in range(half)] + byes


def _met(results: Sequence[Result]) -> tuple[set[frozenset[int]], Counter[int]]:
    met: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    for result in results:
        if result.bye:
            byes[result.entries[0]] += 1
        else:
            met.add(frozenset(result.entries))
    return met, byes


def pair_round(
    order: Sequence[int],
    points: Mapping[int, int],
    met: set[frozenset[int]],
    byes: Counter[int],
    random_seed: int | None = None,
    *,
    every: bool | None = None,
) -> list[Seating]:
    """The round's seatings: pairs (better-ranked first) of ``order`` (best first), plus
    the bye, flagged, if odd.
    ``every``: match over every pair (default: up to ``EVERY_PAIR_UP_TO`` entries)."""
    weights = Weights(order, points, random_seed)
    eligible: list[int] = []
    if len(order) % 2:
        fewest = min(byes[number] for number in order)
        eligible = [number for number in order if byes[number] == fewest]
    every = len(order) <= EVERY_PAIR_UP_TO if every is None else every
    matched = _match(weights, met, eligible, every)
    if eligible and _rematches(matched, met):
        # No entry's bye allows a pairing without rematch: the lowest-ranked eligible one.
        matched = _match(weights, met, eligible[-1:], every)
    return _sorted(matched, weights.rank)


def _match(
    weights: Weights, met: set[frozenset[int]], eligible: Sequence[int], every: bool
) -> Matched:
    """The best pairing: over every pair, or over a band (the module's docstring)."""
    played = met_keys(weights, met)
    n = len(weights.order)
    if every:
        return matching(weights, every_pair(n), played, eligible)
    random = weights.random_seed is not None
    best = Quality() if random else Quality.best(weights, eligible)

    def quality(matched: Matched) -> Quality:
        found = Quality.of(matched, weights, met, eligible)
        return Quality(found.unpaired, found.rematches, found.bye_above_lowest) if random else found

    position = shuffled(n, weights.random_seed or 0) if random else interleaved(weights, eligible)

    def candidates(width: int, reach: int) -> Pairs:
        return shuffled_band(position, width) if random else band(weights, width, reach)

    blocks = Blocks(weights, candidates(BAND_WIDTH, 1), played, eligible, position)
    matched = blocks.run(BLOCK)
    for reach in (BLOCK, 4 * BLOCK):
        found = quality(matched)
        if found <= best:
            return matched
        trouble = _trouble(matched, weights, met, eligible, found, best)
        matched = blocks.repair(matched, trouble, reach)
    if quality(matched) <= best:
        return matched
    return _widened(weights, played, eligible, best, quality, candidates)


def _widened(
    weights: Weights,
    played: np.ndarray,
    eligible: Sequence[int],
    best: Quality,
    quality: Callable[[Matched], Quality],
    candidates: Callable[[int, int], Pairs],
) -> Matched:
    """The whole band matched at once, widened (twice as wide, reaching twice as many
    groups) until its pairing reaches ``best``, or, short only in its floats, does no
    better than the narrower band's, or the band holds every pair."""
    n, random = len(weights.order), weights.random_seed is not None
    width, reach = BAND_WIDTH, 1
    kept: tuple[Quality, Matched] | None = None
    while True:
        matched = matching(weights, candidates(width, reach), played, eligible)
        found = quality(matched)
        whole = width >= n and (random or reach >= len(weights.sizes) - 1)
        if found <= best or whole:
            return matched
        if kept is not None and found.before_floats == best.before_floats and found >= kept[0]:
            return kept[1]  # floats out of reach: the wider band did no better
        if kept is None or found < kept[0]:
            kept = (found, matched)
        width, reach = width * 2, reach * 2


def _trouble(
    matched: Matched,
    weights: Weights,
    met: set[frozenset[int]],
    eligible: Sequence[int],
    found: Quality,
    best: Quality,
) -> set[int]:
    """The places where a band's pairing falls short: the entries it leaves unpaired, the
    rematches, the bye's if not the lowest eligible entry's (and that one's), the floats'
    if too many or too far."""
    rank, group = weights.rank, weights.group
    trouble = set(range(len(weights.order))) - {rank[e] for e in matched.seated()}
    if found.bye_above_lowest or found.unpaired:
        trouble |= {rank[matched.bye]} if matched.bye is not None else set()
        trouble |= {rank[eligible[-1]]} if eligible else set()
    floats = (found.floats, found.float_points) > (best.floats, best.float_points)
    for pair in matched.pairs:
        if frozenset(pair) in met or (floats and group[rank[pair[0]]] != group[rank[pair[1]]]):
            trouble |= {rank[e] for e in pair}
    return trouble


def _rematches(matched: Matched, met: set[frozenset[int]]) -> bool:
    return any(frozenset(pair) in met for pair in matched.pairs)


def _sorted(matched: Matched, rank: Mapping[int, int]) -> list[Seating]:
    """The matching's pairs as the round's seatings, each better-ranked first, in the order
    of that entry's rank; then its bye (``Matched.bye``), flagged."""
    seated = sorted(
        (tuple(sorted(pair, key=rank.__getitem__)) for pair in matched.pairs),
        key=lambda pair: rank[pair[0]],
    )
    byes = [] if matched.bye is None else [Seating((matched.bye,), bye=True)]
    return [Seating(pair) for pair in seated] + byes


@register
class Swiss(Format):
    name = "swiss"
    label = _("Swiss")
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

    def fixed_rounds(self, settings: Mapping[str, Any], entries: Sequence[Entry]) -> int:
        """Its ``rounds``; none once fewer than 2 entries are active."""
        return settings["rounds"] if sum(1 for e in entries if e.active) >= 2 else 0

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
            seated = first_round([e.number for e in by_seed])
        else:
            order, points = self.ranked(
                entries, results, by_seed, tiebreaks, round_index, given.tally
            )
            seated = pair_round(order, points, met, byes, random_seed)
        return Draw(number_pairings(seated), RoundName("round", number=round_index))

    @staticmethod
    def ranked(
        entries: Sequence[Entry],
        results: Sequence[Result],
        by_seed: Sequence[Entry],
        tiebreaks: Sequence[str],
        round_index: int,
        tally: Tally | None = None,
    ) -> tuple[list[int], dict[int, int]]:
        """The active entries by match points, then standings; and their match points.
        ``tally``: the entries and results already read (its ranking is kept there)."""
        if round_index == 1 or not results:
            return [e.number for e in by_seed], {e.number: 0 for e in by_seed}
        rows = standings(entries, results, tiebreaks, tally=tally)
        active = {e.number for e in by_seed}
        rows = [row for row in rows if row.entry in active]
        place = {row.entry: index for index, row in enumerate(rows)}
        order = sorted(active, key=lambda n: (-rows[place[n]].match_points, place[n]))
        return order, {row.entry: row.match_points for row in rows}
