"""The pairing engine's values: entries, pairings and results as plain frozen data.

Terms: a tournament has one or two *stages*; a stage has a *format* (``swiss``,
``round_robin``, ``single_elimination``, ``double_elimination``) that draws its *rounds*.
A *pairing* seats two entries at a table (the first is team 0), or gives one entry a *bye*.
A *result* is a finished pairing. A draw is reproducible: every format draws from plain
values and a random ``seed`` that the caller stores with the stage.

Pure Python: no Django, DRF or Celery import (``scorekeeper.rules.errors`` is pure too, and
gives the one kind of error a director can fix, ``RuleViolation``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from scorekeeper.rules.errors import RuleViolation, _
from scorekeeper.rules.fields import Field, clean_fields

__all__ = [
    "Draw",
    "Entry",
    "Format",
    "Pairing",
    "Result",
    "RoundName",
    "RuleViolation",
    "StageSpec",
]


@dataclass(frozen=True)
class Entry:
    """Who is ranked: a team (or one player in belote_2p), by its number."""

    number: int  # 1, 2, … in the order of entry, never reused
    seed: int | None = None
    active: bool = True


@dataclass(frozen=True)
class Pairing:
    """Two entries that meet in a round, or one entry with a bye."""

    slot: int  # 1, 2, … in the round (bracket order in an elimination stage)
    entries: tuple[int, ...]  # in seat order (the first is team 0); one entry for a bye
    table: int | None = None  # None for a bye
    bracket: str | None = None  # "winners", "losers", "final", "consolation", "third_place"
    group: int | None = None  # round robin with groups: 1, 2, …

    @property
    def bye(self) -> bool:
        return len(self.entries) == 1


@dataclass(frozen=True)
class Result:
    """A finished pairing, as the standings and the next draws read it."""

    round: int  # the round's number in the tournament
    slot: int
    entries: tuple[int, ...]  # as in the pairing
    winner: int | None  # an entry number; None for a draw; the entry itself for a bye
    points: tuple[int, ...]  # per entry, in ``entries`` order
    games_won: tuple[int, ...] = ()  # per entry; zeros for byes and director's results
    bracket: str | None = None
    group: int | None = None
    stage: int = 1

    @property
    def bye(self) -> bool:
        return len(self.entries) == 1

    @property
    def draw(self) -> bool:
        return self.winner is None


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


class Format(ABC):
    """A way of drawing a stage's rounds. One instance of each, in ``FORMATS``."""

    name: ClassVar[str]
    draws_allowed: ClassVar[bool]  # level matches are draws (else play on while level)

    fields: ClassVar[tuple[Field, ...]] = ()  # the stage's settings

    def configure(self, raw: Mapping[str, Any], field_name: str) -> dict[str, Any]:
        """Check a stage's settings (without ``format`` and ``advance``) against ``fields``
        (unknown keys refused) and return them with every default filled in; raise
        ``RuleViolation`` naming ``field_name.<key>``."""
        try:
            return clean_fields(self.fields, raw)
        except RuleViolation as violation:
            raise violation.prefixed(field_name) from None

    def check(self, settings: Mapping[str, Any], entries: int, field_name: str) -> None:
        """Refuse, with a ``RuleViolation``, a stage that cannot be played by ``entries``
        (every format needs two; a format adds its own limits)."""
        if entries < 2:
            raise RuleViolation(field_name, _("A stage needs at least 2 entries."))

    @abstractmethod
    def draw(
        self,
        settings: Mapping[str, Any],
        entries: Sequence[Entry],
        results: Sequence[Result],
        round_index: int,
        seed: int,
    ) -> Draw | None:
        """Round ``round_index`` (1, 2, … within the stage) from the entries (active and
        not) and the stage's results so far, or ``None`` once the stage is over."""

    def placements(
        self,
        settings: Mapping[str, Any],
        entries: Sequence[Entry],
        results: Sequence[Result],
        seed: int = 0,
    ) -> list[list[int]] | None:
        """Elimination formats: entry numbers grouped by how far they went, best first (the
        champion, the runner-up, then the losers of each round, later rounds first; the
        entries still in, together, first). ``None`` for formats that rank by the tiebreaks
        alone. ``seed``: the stage's random seed, as given to ``draw`` (it places the
        unseeded entries in the bracket)."""
        return None
