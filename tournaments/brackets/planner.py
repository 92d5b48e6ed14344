"""What a tournament does next, decided from one snapshot of it: draw the next round of the
stage in play, move on to the second stage (who goes on, in what order) and draw its first
round, or finish with a champion; and the standings of the stage in play.

Pure: the services lock the tournament, load a ``Snapshot`` once, call one function here
and store what it decides. Every call to a format goes through this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .base import Draw, DrawInput, Entry, Format, Result
from .melee_standings import melee_standings
from .registry import get_format
from .standings import Row, advancing, group_standings, standings

__all__ = [
    "Finish",
    "NextRound",
    "Snapshot",
    "StageChange",
    "StageState",
    "champion",
    "plan",
    "stage_draw",
    "stage_rows",
]


@dataclass(frozen=True)
class StageState:
    number: int
    format: str
    settings: Mapping[str, Any]
    seed: int  # the random seed of every draw of the stage
    advance: int | None = None
    entries: tuple[Entry, ...] | None = None  # a second stage's, once the first is over
    rounds: int = 0  # rounds drawn so far
    # A round redrawn after the first: {index: the seed it was drawn again with}.
    reseeds: Mapping[int, int] = field(default_factory=dict)

    def seed_of(self, index: int) -> int:
        """The seed the stage's round ``index`` is drawn with."""
        return self.reseeds.get(index, self.seed)


@dataclass(frozen=True)
class Snapshot:
    stage: int  # the number of the stage in play
    tiebreaks: tuple[str, ...]
    stages: tuple[StageState, ...]
    entries: tuple[Entry, ...]  # every entry, active or not
    results: Mapping[int, Sequence[Result]]  # finished pairings by stage number

    def stage_in_play(self) -> StageState:
        return next(s for s in self.stages if s.number == self.stage)


@dataclass(frozen=True)
class StageChange:
    """The first stage is over: its rows in the order they go on (the others after them),
    and the second stage's entries seeded by the rank they advanced with."""

    first_order: tuple[Row, ...]
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class NextRound:
    stage: int
    index: int  # the round's number within its stage
    seed: int
    draw: Draw
    change: StageChange | None = None


@dataclass(frozen=True)
class Finish:
    change: StageChange | None = None


def _format(stage: StageState) -> Format:
    return get_format(stage.format)


def _input(
    snapshot: Snapshot,
    stage: StageState,
    entries: Sequence[Entry],
    results: Sequence[Result] = (),
    index: int = 1,
) -> DrawInput:
    return DrawInput(
        settings=stage.settings,
        entries=list(entries),
        results=list(results),
        round=index,
        seed=stage.seed_of(index),
        tiebreaks=tuple(snapshot.tiebreaks),  # the order inside a score group
    )


def stage_entries(snapshot: Snapshot, stage: StageState) -> tuple[Entry, ...]:
    """Every entry in the first stage; in the second, those that advanced."""
    if stage.number == 1 or stage.entries is None:
        return snapshot.entries
    return stage.entries


def _draw(snapshot: Snapshot, stage: StageState, entries: Sequence[Entry], index: int) -> Any:
    results = snapshot.results.get(stage.number, ())
    return _format(stage).draw(_input(snapshot, stage, entries, results, index))


def _placements(
    snapshot: Snapshot, stage: StageState, entries: Sequence[Entry], results: Sequence[Result]
) -> list[list[int]] | None:
    return _format(stage).placements(_input(snapshot, stage, entries, results))


def stage_draw(snapshot: Snapshot, stage: StageState, index: int) -> Draw | None:
    """Round ``index`` of the stage drawn from the snapshot's results (a redraw of the
    later pairings a director's result touches)."""
    found: Draw | None = _draw(snapshot, stage, stage_entries(snapshot, stage), index)
    return found


def stage_rows(snapshot: Snapshot, stage: StageState) -> list[Row]:
    """The stage's standings: by group, by placements, or by the tiebreaks."""
    entries = list(stage_entries(snapshot, stage))
    results = list(snapshot.results.get(stage.number, ()))
    tiebreaks = list(snapshot.tiebreaks)
    groups = _format(stage).groups(_input(snapshot, stage, entries))
    if groups:
        return group_standings(entries, results, tiebreaks, groups)
    if _format(stage).individual:
        return melee_standings(entries, results, tiebreaks)
    return standings(entries, results, tiebreaks, _placements(snapshot, stage, entries, results))


def _over_without_drawing(snapshot: Snapshot, stage: StageState) -> bool | None:
    """Whether the stage is over, when its settings fix its number of rounds (a Swiss):
    known without drawing. None when only a draw can tell."""
    rounds = stage.settings.get("rounds")
    if stage.format != "swiss" or not isinstance(rounds, int):
        return None
    active = sum(1 for e in stage_entries(snapshot, stage) if e.active)
    return stage.rounds >= rounds or active < 2


def _change(snapshot: Snapshot, first: StageState, second: StageState) -> StageChange:
    rows = stage_rows(snapshot, first)
    order = advancing(rows, len(rows), list(snapshot.tiebreaks))
    by_entry = {row.entry: row for row in rows}
    going = set(order)
    first_order = tuple(by_entry[n] for n in order) + tuple(
        row for row in rows if row.entry not in going
    )
    chosen = advancing(rows, second.advance or len(rows), list(snapshot.tiebreaks))
    return StageChange(
        first_order=first_order,
        entries=tuple(Entry(number=n, seed=rank) for rank, n in enumerate(chosen, 1)),
    )


def plan(snapshot: Snapshot, *, draw: bool) -> NextRound | Finish | None:
    """The next round (``draw``: wanted now), the end of the tournament, or None when a round
    is due but not wanted now (the director draws it). The end comes either way."""
    stage = snapshot.stage_in_play()
    if not draw and _over_without_drawing(snapshot, stage) is False:
        return None
    index = stage.rounds + 1
    found = _draw(snapshot, stage, stage_entries(snapshot, stage), index)
    if found is not None:
        return NextRound(stage.number, index, stage.seed_of(index), found) if draw else None
    later = [s for s in snapshot.stages if s.number == stage.number + 1]
    if not later:
        return Finish()
    second = later[0]
    change = _change(snapshot, stage, second)
    active = {e.number: e.active for e in snapshot.entries}
    entries = tuple(
        Entry(number=e.number, seed=e.seed, active=active.get(e.number, True))
        for e in change.entries
    )
    first = _draw(snapshot, second, entries, 1)
    if first is None:
        return Finish(change)
    return NextRound(second.number, 1, second.seed, first, change) if draw else None


def champion(snapshot: Snapshot, rows: Sequence[Row]) -> int | None:
    """The winner: the last stage's first placement, else the first row of the standings."""
    last = snapshot.stages[-1]
    entries = stage_entries(snapshot, last)
    places = _placements(snapshot, last, entries, snapshot.results.get(last.number, ()))
    if places and places[0]:
        return places[0][0]
    return rows[0].entry if rows else None
