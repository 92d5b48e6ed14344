"""Helpers every format shares: numbering the seatings a format draws (each declaring
whether it is a bye) as tables, naming knockout rounds, and the seed order (declared in
``base``, where the ``Format`` deals groups from it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .base import Pairing, RoundName, seed_order
from .shapes import BYE, TWO, Shape

__all__ = ["Seating", "knockout_name", "number_pairings", "seed_order"]


class Seating(NamedTuple):
    """A pairing as a format draws it, before ``number_pairings`` numbers it: its
    ``entries`` in seat order, its ``bracket`` and ``group``, and whether it is a ``bye``
    (one entry, no table). The format declares the bye from what it knows (the dummy of a
    round robin's odd group, a knockout's missing opponent, a Swiss matching's odd one
    out); it is never read from the number of entries."""

    entries: tuple[int, ...]
    bracket: str | None = None
    group: int | None = None
    bye: bool = False


def number_pairings(seated: Iterable[Seating], shape: Shape = TWO) -> tuple[Pairing, ...]:
    """Pairings from the format's seatings in slot order: a bye (``BYE``, no table) where
    the seating says so, every other a table of ``shape`` (the format's), numbered 1, 2, ….
    A seating whose entries do not fill the shape it declares is refused (``ValueError``)."""
    pairings, table = [], 0
    for slot, seating in enumerate(seated, start=1):
        declared = BYE if seating.bye else shape
        if len(seating.entries) != declared.seats:
            raise ValueError(
                f"{len(seating.entries)} entries do not seat a {declared.name} "
                f"({declared.seats} seats)"
            )
        if not declared.bye:
            table += 1
        pairings.append(
            Pairing(
                slot=slot,
                entries=tuple(seating.entries),
                table=None if declared.bye else table,
                bracket=seating.bracket,
                group=seating.group,
                shape=declared,
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
