"""A format written for the tests only, registered as any format is, and taken out again."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from scorekeeper.rules.fields import Int
from tournaments.brackets import FORMATS, Draw, DrawInput, Format, RoundName, get_format, register
from tournaments.brackets.common import Seating, number_pairings, seed_order


class Ladder(Format):
    """A format written for this test only: each round, neighbours in seed order meet
    (1–2, 3–4, …), for ``rounds`` rounds; everything else comes from the base class."""

    name = "test_ladder"
    draws_allowed = True
    fields = (
        Int("rounds", required=False, default=2, min=1, max=9),
        Int("groups", required=False, default=1, min=1, max=4),
    )

    def draw(self, given: DrawInput) -> Draw | None:
        if given.round > given.settings["rounds"]:
            return None
        order = [e.number for e in seed_order(given.entries, given.seed) if e.active]
        # Neighbours meet; the last of an odd field, with no neighbour after it, has the bye.
        lone = order[len(order) - len(order) % 2 :]
        seated = [Seating((a, b)) for a, b in zip(order[0::2], order[1::2], strict=False)]
        seated += [Seating((entry,), bye=True) for entry in lone]
        return Draw(number_pairings(seated), RoundName("round", number=given.round))


@contextmanager
def registered(cls: type[Format]) -> Iterator[Format]:
    """``cls`` registered (the one registry line a new format needs) for a ``with`` block."""
    register(cls)
    try:
        yield get_format(cls.name)
    finally:
        FORMATS.pop(cls.name)
