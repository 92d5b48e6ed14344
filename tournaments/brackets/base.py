"""The pairing engine's values: entries, pairings and results as plain frozen data.

Terms: a tournament has one or two *stages*; a stage has a *format* (``swiss``,
``round_robin``, ``single_elimination``, ``double_elimination``, ``melee``) that draws its
*rounds*. A *pairing* seats entries at a table as its *shape* says (``shapes``: two
entries, the first on side 0; four or five players of an individual event), or gives one
entry a *bye* (shape ``BYE``). A *result* is a finished pairing. A draw is reproducible:
every format draws from plain values and a random ``seed`` that the caller stores with
the stage.

A format is one class (a subclass of ``Format``, one module) and one line in the registry
(``registry.register``). Everything a caller needs to know about it is declared on the class
(``label``, ``eliminates``, ``takes_late_entries``, ``draws_allowed``, ``fields``, the
``shape`` of its tables) and every format answers the same questions from one value,
``DrawInput``: ``draw`` (the next round), ``placements`` (how far each entry went,
elimination formats), ``groups`` (each entry's group, dealt here for every format that
has a ``groups`` setting) and ``standings`` (the stage's rows, every table's shape read
by one ranking); and, from its settings and entries alone, ``fixed_rounds`` (how many
rounds the stage takes, where that is known without drawing).

The *seed order* of a stage: entries with a ``seed`` first, by seed (then entry number),
then the entries without one in a random order drawn from the stage's random ``seed``, so
the same call always gives the same order.

Pure Python: no Django, DRF or Celery import (``scorekeeper.rules.errors`` is pure too, and
gives the one kind of error a director can fix, ``RuleViolation``).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from scorekeeper.rules.errors import RuleViolation, _
from scorekeeper.rules.fields import Field, clean_fields

from .shapes import TWO, Number, Shape
from .standings import Row, Tally, group_standings

__all__ = [
    "Draw",
    "DrawInput",
    "Entry",
    "Format",
    "Pairing",
    "Result",
    "RoundName",
    "RuleViolation",
    "StageSpec",
    "seed_order",
    "snake",
]


@dataclass(frozen=True)
class Entry:
    """Who is ranked: a team (or one player in belote_2p), by its number."""

    number: int  # 1, 2, … in the order of entry, never reused
    seed: int | None = None
    active: bool = True


@dataclass(frozen=True)
class Pairing:
    """The entries that meet at a table in a round, in seat order, seated as ``shape``
    says (two entries; four or five players of an individual event), or one entry with a
    bye (shape ``BYE``)."""

    slot: int  # 1, 2, … in the round (bracket order in an elimination stage)
    entries: tuple[int, ...]  # in seat order (the first is side 0); one entry for a bye
    table: int | None = None  # None for a bye
    bracket: str | None = None  # "winners", "losers", "final", "consolation", "third_place"
    group: int | None = None  # round robin with groups: 1, 2, …
    shape: Shape = TWO

    @property
    def bye(self) -> bool:
        return self.shape.bye

    @property
    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        """The sides as teams of entries when a side holds more than one (an individual
        event's table of four: seats 0 and 2, then 1 and 3); ``None`` otherwise."""
        return self.shape.teams(self.entries)


@dataclass(frozen=True)
class Result:
    """A finished pairing, as the standings and the next draws read it."""

    round: int  # the round's number in the tournament
    slot: int
    entries: tuple[int, ...]  # as in the pairing
    winner: int | None  # an entry number (of the winning side); None for a draw; a bye's own
    points: tuple[int, ...]  # per side, in side order (per seat: each side's first is read)
    games_won: tuple[int, ...] = ()  # per side; zeros for byes and director's results
    bracket: str | None = None
    group: int | None = None
    stage: int = 1
    shape: Shape = TWO

    @classmethod
    def of(
        cls,
        *,
        round: int,
        slot: int,
        entries: tuple[int, ...],
        winner: int | None,
        points: tuple[int, ...],
        games_won: tuple[int, ...],
        bracket: str | None,
        group: int | None,
        stage: int,
        shape: Shape,
    ) -> Result:
        """As ``Result(...)`` with every field given, without the frozen ``__init__``'s
        setting of each field one by one (a snapshot of a large event reads 46,080)."""
        result = cls.__new__(cls)
        result.__dict__.update(
            round=round,
            slot=slot,
            entries=entries,
            winner=winner,
            points=points,
            games_won=games_won,
            bracket=bracket,
            group=group,
            stage=stage,
            shape=shape,
        )
        return result

    @property
    def bye(self) -> bool:
        return self.shape.bye

    @property
    def draw(self) -> bool:
        return self.winner is None

    def match_points(self) -> tuple[Number, ...]:
        """Each seat's match points (the shape's), in seat order."""
        return self.shape.match_points(self.entries, self.winner, self.points)

    def ranks(self) -> tuple[int, ...]:
        """Each side's rank (1 first, level sides share it), in side order."""
        return self.shape.ranks(self.entries, self.winner, self.points)


@dataclass(frozen=True)
class RoundName:
    """A round's name, translated above the engine: ``kind`` is ``round`` (with ``number``),
    ``final``, ``semi_final``, ``quarter_final`` or ``round_of`` (with ``size``: 16, 32…)."""

    kind: str
    number: int | None = None
    size: int | None = None


@dataclass(frozen=True)
class Draw:
    """One round of a stage, as drawn."""

    pairings: tuple[Pairing, ...]
    name: RoundName


@dataclass(frozen=True)
class StageSpec:
    """A stage as configured: its format, the format's settings with defaults filled in,
    and (for a second stage) how many entries advance to it."""

    format: str
    settings: Mapping[str, Any] = field(default_factory=dict)
    advance: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": self.format, **self.settings}
        if self.advance is not None:
            data["advance"] = self.advance
        return data


@dataclass(frozen=True)
class DrawInput:
    """Everything a format is given to draw a round of a stage or place its entries.

    ``entries``: the entries the stage started with (active or not); ``results``: the
    stage's results so far, byes included; ``round``: the round to draw (1, 2, … within the
    stage; ``placements`` and ``groups`` ignore it); ``seed``: the stage's random seed;
    ``tiebreaks``: the tournament's order inside a score group (empty: the standings'
    default order); ``tally``: ``entries`` and ``results`` already read (a
    ``standings.Tally`` of exactly them), so that the draw and the standings share one
    reading and one ranking (none: each reads them itself)."""

    settings: Mapping[str, Any]
    entries: Sequence[Entry]
    results: Sequence[Result] = ()
    round: int = 1
    seed: int = 0
    tiebreaks: Sequence[str] = ()
    tally: Tally | None = field(default=None, compare=False, repr=False)

    def read(self) -> Tally:
        """The entries and results read: the given ``tally``, else one read now."""
        return self.tally if self.tally is not None else Tally(self.entries, self.results)


def seed_order(entries: Sequence[Entry], seed: int) -> list[Entry]:
    """The entries by seed, the unseeded after them in an order drawn from ``seed``."""
    seeded = sorted((e for e in entries if e.seed is not None), key=lambda e: (e.seed, e.number))
    unseeded = sorted((e for e in entries if e.seed is None), key=lambda e: e.number)
    random.Random(f"seed-order:{seed}").shuffle(unseeded)
    return seeded + unseeded


def snake(order: Sequence[int], groups: int) -> dict[int, int]:
    """Each entry's group (1, 2, …), dealt from ``order`` (best seed first) in a snake: of 8
    into 2 groups, group 1 gets seeds 1, 4, 5, 8 and group 2 gets 2, 3, 6, 7."""
    dealt = {}
    for index, number in enumerate(order):
        row, column = divmod(index, groups)
        dealt[number] = groups - column if row % 2 else column + 1
    return dealt


class Format(ABC):
    """A way of drawing a stage's rounds. One instance of each, in ``FORMATS``."""

    name: ClassVar[str]
    label: ClassVar[str]  # the format's name people read (marked for translation)
    draws_allowed: ClassVar[bool]  # level matches are draws (else play on while level)
    eliminates: ClassVar[bool] = False  # a knockout: ranked by how far each entry went
    takes_late_entries: ClassVar[bool] = False  # as a first stage, once it has started
    # Entries are single players, seated four (two teams) or five to a table (``melee``).
    individual: ClassVar[bool] = False

    fields: ClassVar[tuple[Field, ...]] = ()  # the stage's settings

    def configure(self, raw: Mapping[str, Any], field_name: str) -> dict[str, Any]:
        """Check a stage's settings (without ``format`` and ``advance``) against ``fields``
        (unknown keys refused) and return them with every default filled in; raise
        ``RuleViolation`` naming ``field_name.<key>``."""
        try:
            return clean_fields(self.fields, raw)
        except RuleViolation as violation:
            raise violation.prefixed(field_name) from None

    def shape(self, settings: Mapping[str, Any]) -> Shape:
        """The shape of the stage's tables (its byes are ``BYE``): two entries, unless the
        format seats otherwise."""
        return TWO

    def check(self, settings: Mapping[str, Any], entries: int, field_name: str) -> None:
        """Refuse, with a ``RuleViolation``, a stage that cannot be played by ``entries``
        (every format needs two; a format adds its own limits)."""
        if entries < 2:
            raise RuleViolation(field_name, _("A stage needs at least 2 entries."))

    @abstractmethod
    def draw(self, given: DrawInput) -> Draw | None:
        """Round ``given.round`` from the entries (active and not) and the stage's results
        so far, or ``None`` once the stage is over."""

    def placements(self, given: DrawInput) -> list[list[int]] | None:
        """Elimination formats: entry numbers grouped by how far they went, best first (the
        champion, the runner-up, then the losers of each round, later rounds first; the
        entries still in, together, first). ``None`` for formats that rank by the tiebreaks
        alone. ``given.seed`` places the unseeded entries in the bracket."""
        return None

    def groups(self, given: DrawInput) -> dict[int, int]:
        """Each entry's group (1, 2, …), dealt by seed in a snake from every entry the stage
        was given (so groups never move), for a stage whose ``groups`` setting is above 1;
        empty for a stage played as one group."""
        count = int(given.settings.get("groups", 1))
        if count <= 1:
            return {}
        return snake([e.number for e in seed_order(given.entries, given.seed)], count)

    def fixed_rounds(self, settings: Mapping[str, Any], entries: Sequence[Entry]) -> int | None:
        """How many rounds the stage takes with these settings and entries (active or not),
        when that is known without drawing: the stage is over once that many are drawn (0:
        it cannot be played at all). ``None`` when only a draw can tell (a knockout, whose
        rounds depend on its results)."""
        return None

    def standings(self, given: DrawInput) -> list[Row]:
        """The stage's rows in rank order, over ``given.results`` by ``given.tiebreaks``:
        group by group for a stage played in groups, else placements first (elimination
        formats), then the tiebreaks."""
        entries, results = list(given.entries), list(given.results)
        tiebreaks = list(given.tiebreaks)
        groups = self.groups(given)
        if groups:
            return group_standings(entries, results, tiebreaks, groups)
        return given.read().standings(tiebreaks, self.placements(given))
