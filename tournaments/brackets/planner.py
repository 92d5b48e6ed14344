"""What a tournament does next, decided from one snapshot of it, in one answer: draw the next
round of the stage in play, move on to the second stage (who goes on, in what order) and
draw its first round, or finish with a champion; with the standings as they are then.

Pure: the services lock the tournament, load a ``Snapshot`` once, call ``plan`` once and
store the ``Decision``. The snapshot says whether a round drawn now is wanted (``wanted``:
``auto_advance``, or the director's "next round"); when it is not, the decision says that a
round is due (``held``) and nothing is drawn to store, except what a format can only tell by
drawing (a knockout, which has no fixed number of rounds: then the round that is due comes
with the decision, as the director's draw would make it from the same results). Every call
to a format goes through this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .base import Draw, DrawInput, Entry, Format, Result
from .registry import get_format
from .standings import Row, Tally, advancing

__all__ = [
    "Decision",
    "NextRound",
    "Ranking",
    "Snapshot",
    "StageChange",
    "StageState",
    "plan",
    "ranking",
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
    # A first stage's entries in the order it ended with, kept when the second stage was
    # drawn: those that went on, in the order they went on, then the others.
    final: tuple[int, ...] | None = None

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
    wanted: bool = False  # a round drawn now is wanted (else: due, held for the director)
    round: int = 0  # the number of the last round drawn in the tournament
    bye_points: int = 0  # a bye's points for its entry
    finished: bool = False  # the tournament has ended (its champion is asked for)
    # Each stage's entries and results read once (``tally``), kept with the very entries
    # and results read (``dataclasses.replace`` starts with none; ``replaced`` keeps them).
    _read: dict[int, tuple[object, object, Tally]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def stage_in_play(self) -> StageState:
        return next(s for s in self.stages if s.number == self.stage)

    def tally(self, stage: StageState) -> Tally:
        """The stage's entries and results read once: the draw and the standings of this
        snapshot share it (and the rows it ranks)."""
        entries = stage_entries(self, stage)
        results = self.results.get(stage.number, ())
        kept = self._read.get(stage.number)
        if kept is not None and kept[0] is entries and kept[1] is results:
            return kept[2]
        read = Tally(entries, results)
        self._read[stage.number] = (entries, results, read)
        return read

    def replaced(self, **changes: Any) -> Snapshot:
        """``dataclasses.replace`` keeping what was read (each stage's tally stays kept with
        the very entries and results it read, so a change of them reads them again)."""
        new = replace(self, **changes)
        new._read.update(self._read)
        return new

    def with_results(self, stage: StageState, more: Sequence[Result]) -> Snapshot:
        """This snapshot with ``more`` results of ``stage`` (a round's byes), its tally
        folded on from this one's rather than read again."""
        read = self.tally(stage)
        results = dict(self.results)
        results[stage.number] = [*results.get(stage.number, ()), *more]
        after = self.replaced(results=results)
        after._read[stage.number] = (
            stage_entries(after, stage),
            results[stage.number],
            read.plus(more),
        )
        return after


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
    number: int = 1  # the round's number in the tournament
    change: StageChange | None = None


@dataclass(frozen=True)
class Ranking:
    """The tournament's standings: the stage in play's ``rows``; then, in a second stage,
    the first stage's entries that did not go on (``tail``), ranked after them in the order
    the first stage ended with, each with the row it ended with (kept then); and, once the
    tournament is finished, its champion."""

    rows: tuple[Row, ...]
    tail: tuple[int, ...] = ()
    champion: int | None = None


@dataclass(frozen=True)
class Decision:
    """Everything the advance stores, decided at once.

    ``round``: the next round, drawn (stored unless ``held``), with the stage change that
    comes with it (``change``) and its byes as results (``byes``, finished at once).
    ``held``: a round is due but not wanted now; ``round`` is then the round that is due
    where only a draw could tell it (a knockout), else ``None``. ``finished``: nothing is
    left to play (``champion``). ``stage``: the stage in play after the decision.
    ``standings``: the ranking once the decision is stored (the byes counted): the very
    rows the draw ranked its entries by, from the one reading of the results (with a round's
    byes, that reading with the byes folded in)."""

    stage: int
    standings: Ranking
    round: NextRound | None = None
    change: StageChange | None = None
    byes: tuple[Result, ...] = ()
    held: bool = False
    finished: bool = False

    @property
    def champion(self) -> int | None:
        return self.standings.champion


def _format(stage: StageState) -> Format:
    return get_format(stage.format)


def _input(snapshot: Snapshot, stage: StageState, index: int = 1) -> DrawInput:
    """What the stage's format is given: its entries and results (read once, ``tally``)."""
    return DrawInput(
        settings=stage.settings,
        entries=list(stage_entries(snapshot, stage)),
        results=list(snapshot.results.get(stage.number, ())),
        round=index,
        seed=stage.seed_of(index),
        tiebreaks=tuple(snapshot.tiebreaks),  # the order inside a score group
        tally=snapshot.tally(stage),
    )


def stage_entries(snapshot: Snapshot, stage: StageState) -> tuple[Entry, ...]:
    """Every entry in the first stage; in the second, those that advanced."""
    if stage.number == 1 or stage.entries is None:
        return snapshot.entries
    return stage.entries


def stage_draw(snapshot: Snapshot, stage: StageState, index: int) -> Draw | None:
    """Round ``index`` of the stage drawn from the snapshot's results (also a redraw of the
    later pairings a director's result touches)."""
    return _format(stage).draw(_input(snapshot, stage, index))


def stage_rows(snapshot: Snapshot, stage: StageState) -> list[Row]:
    """The stage's standings, as its format ranks them."""
    return _format(stage).standings(_input(snapshot, stage))


def ranking(snapshot: Snapshot) -> Ranking:
    """The standings of the snapshot, and its champion when it is ``finished``."""
    rows = stage_rows(snapshot, snapshot.stage_in_play())
    leader = rows[0].entry if rows else None
    champion = _champion(snapshot, leader) if snapshot.finished else None
    return Ranking(tuple(rows), _tail(snapshot, rows), champion)


def _tail(snapshot: Snapshot, rows: Sequence[Row]) -> tuple[int, ...]:
    """In a second stage: the first stage's entries that did not go on, in the order the
    first stage ended with."""
    first = snapshot.stages[0] if snapshot.stages else None
    if snapshot.stage == 1 or first is None or not first.final:
        return ()
    went_on = {row.entry for row in rows}
    return tuple(number for number in first.final if number not in went_on)


def _champion(snapshot: Snapshot, leader: int | None) -> int | None:
    """The winner: the last stage's first placement, else the leader of the standings."""
    last = snapshot.stages[-1]
    places = _format(last).placements(_input(snapshot, last))
    if places and places[0]:
        return places[0][0]
    return leader


def _over(stage: StageState, entries: Sequence[Entry]) -> bool | None:
    """Whether the stage has no round left, known from its format's fixed number of rounds
    without drawing; ``None`` when only a draw can tell."""
    fixed = _format(stage).fixed_rounds(stage.settings, entries)
    return None if fixed is None else stage.rounds >= fixed


def _change(snapshot: Snapshot, first: StageState, second: StageState) -> StageChange:
    rows = stage_rows(snapshot, first)
    tiebreaks = list(snapshot.tiebreaks)
    order = advancing(rows, len(rows), tiebreaks)
    by_entry = {row.entry: row for row in rows}
    going = set(order)
    first_order = tuple(by_entry[n] for n in order) + tuple(
        row for row in rows if row.entry not in going
    )
    chosen = advancing(rows, second.advance or len(rows), tiebreaks)
    active = {e.number: e.active for e in snapshot.entries}
    return StageChange(
        first_order=first_order,
        entries=tuple(
            Entry(number=n, seed=rank, active=active.get(n, True))
            for rank, n in enumerate(chosen, 1)
        ),
    )


def _changed(snapshot: Snapshot, change: StageChange) -> Snapshot:
    """The snapshot once the second stage is in play with the entries that went on."""
    first, second, *rest = snapshot.stages
    return snapshot.replaced(
        stage=second.number,
        stages=(
            replace(first, final=tuple(row.entry for row in change.first_order)),
            replace(second, entries=change.entries),
            *rest,
        ),
    )


def plan(snapshot: Snapshot) -> Decision:
    """The next round (drawn only when ``snapshot.wanted``, or where only a draw can tell
    whether one is due), the stage change, or the end; and the standings after it."""
    stage = snapshot.stage_in_play()
    if not snapshot.wanted and _over(stage, stage_entries(snapshot, stage)) is False:
        return _held(snapshot)
    index = stage.rounds + 1
    found = stage_draw(snapshot, stage, index)
    if found is not None:
        due = NextRound(stage.number, index, stage.seed_of(index), found, snapshot.round + 1)
        return _drawn(snapshot, due) if snapshot.wanted else _held(snapshot, due)
    later = [s for s in snapshot.stages if s.number == stage.number + 1]
    if not later:
        return _finish(snapshot)
    change = _change(snapshot, stage, later[0])
    after = _changed(snapshot, change)
    second = after.stage_in_play()
    if not snapshot.wanted and _over(second, change.entries) is False:
        return _held(snapshot)  # the change comes with the second stage's first round
    first = stage_draw(after, second, 1)
    if first is None:
        return _finish(after, change)
    due = NextRound(second.number, 1, second.seed, first, snapshot.round + 1, change)
    return _drawn(after, due) if snapshot.wanted else _held(snapshot, due)


def _held(snapshot: Snapshot, due: NextRound | None = None) -> Decision:
    """A round is due, not wanted now: the standings as they are."""
    return Decision(snapshot.stage, ranking(snapshot), round=due, held=True)


def _finish(snapshot: Snapshot, change: StageChange | None = None) -> Decision:
    done = ranking(snapshot.replaced(finished=True))
    return Decision(snapshot.stage, done, change=change, finished=True)


def _drawn(snapshot: Snapshot, drawn: NextRound) -> Decision:
    """The round drawn, with its byes (finished at once) counted in the standings."""
    byes = tuple(
        Result(
            round=drawn.number,
            slot=p.slot,
            entries=p.entries,
            winner=p.entries[0],
            points=(snapshot.bye_points,),
            games_won=(0,),
            bracket=p.bracket,
            group=p.group,
            stage=drawn.stage,
            shape=p.shape,
        )
        for p in drawn.draw.pairings
        if p.bye
    )
    stage = next(s for s in snapshot.stages if s.number == drawn.stage)
    after = snapshot.with_results(stage, byes)
    return Decision(drawn.stage, ranking(after), round=drawn, change=drawn.change, byes=byes)
