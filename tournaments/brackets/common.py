"""Helpers every format shares: reading settings, ordering entries by seed, numbering tables.

The *seed order* of a stage: entries with a ``seed`` first, by seed (then entry number),
then the entries without one in a random order drawn from the stage's random ``seed``, so
the same call always gives the same order.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .base import Entry, Pairing, RoundName


def seed_order(entries: Sequence[Entry], seed: int) -> list[Entry]:
    """The entries by seed, the unseeded after them in an order drawn from ``seed``."""
    seeded = sorted((e for e in entries if e.seed is not None), key=lambda e: (e.seed, e.number))
    unseeded = sorted((e for e in entries if e.seed is None), key=lambda e: e.number)
    random.Random(f"seed-order:{seed}").shuffle(unseeded)
    return seeded + unseeded


def number_pairings(
    seated: Iterable[tuple[tuple[int, ...], str | None, int | None]],
) -> tuple[Pairing, ...]:
    """Pairings from (entries, bracket, group) in slot order: tables 1, 2, … for the
    matches, ``None`` for the byes."""
    pairings, table = [], 0
    for slot, (entries, bracket, group) in enumerate(seated, start=1):
        if len(entries) == 2:
            table += 1
        pairings.append(
            Pairing(
                slot=slot,
                entries=tuple(entries),
                table=table if len(entries) == 2 else None,
                bracket=bracket,
                group=group,
            )
        )
    return tuple(pairings)


def knockout_name(players: int) -> RoundName:
    """The name of a knockout round that ``players`` entries (a power of 2) start."""
    if players <= 2:
        return RoundName("final")
    if players == 4:
        return RoundName("semi_final")
    if players == 8:
        return RoundName("quarter_final")
    return RoundName("round_of", size=players)
