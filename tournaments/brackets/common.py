"""Helpers every format shares: numbering tables, naming knockout rounds, and the seed
order (declared in ``base``, where the ``Format`` deals groups from it).
"""

from __future__ import annotations

from collections.abc import Iterable

from .base import Pairing, RoundName, seed_order
from .shapes import BYE, TWO, Shape

__all__ = ["knockout_name", "number_pairings", "seed_order"]


def number_pairings(
    seated: Iterable[tuple[tuple[int, ...], str | None, int | None]],
    shape: Shape = TWO,
) -> tuple[Pairing, ...]:
    """Pairings from (entries, bracket, group) in slot order: the tables (``shape``, the
    format's, seats their entries) numbered 1, 2, …; a lone entry a bye (no table)."""
    pairings, table = [], 0
    for slot, (entries, bracket, group) in enumerate(seated, start=1):
        seating = shape if len(entries) == shape.seats else BYE
        if len(entries) != seating.seats:
            raise ValueError(f"{len(entries)} entries make neither a {shape.name} nor a bye")
        if not seating.bye:
            table += 1
        pairings.append(
            Pairing(
                slot=slot,
                entries=tuple(entries),
                table=None if seating.bye else table,
                bracket=bracket,
                group=group,
                shape=seating,
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
