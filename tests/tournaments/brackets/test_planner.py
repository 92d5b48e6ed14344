"""The planner decides from a snapshot alone: the next round, the move to the second stage
(who goes on, in what order) and the end with its champion; and never draws a round that
is not wanted now."""

from __future__ import annotations

from typing import Any

from tournaments.brackets import Entry, Result
from tournaments.brackets.planner import (
    Finish,
    NextRound,
    Snapshot,
    StageState,
    champion,
    plan,
    stage_rows,
)
from tournaments.brackets.standings import DEFAULT_TIEBREAKS


def _snapshot(stages: list[StageState], count: int, results: dict[int, Any]) -> Snapshot:
    return Snapshot(
        stage=max((s.number for s in stages if s.rounds), default=1),
        tiebreaks=DEFAULT_TIEBREAKS,
        stages=tuple(stages),
        entries=tuple(Entry(number=n, seed=n) for n in range(1, count + 1)),
        results=results,
    )


def _won_by_first(decision: NextRound, stage: int) -> list[Result]:
    return [
        Result(
            round=decision.index,
            slot=p.slot,
            entries=p.entries,
            winner=p.entries[0],
            points=(10, 0)[: len(p.entries)],
            stage=stage,
            shape=p.shape,
        )
        for p in decision.draw.pairings
    ]


SWISS = {"rounds": 2, "pairing": "standings"}


def test_the_first_round_then_the_next_then_the_end():
    stage = StageState(number=1, format="swiss", settings=SWISS, seed=7)
    first = plan(_snapshot([stage], 4, {}), draw=True)
    assert isinstance(first, NextRound) and (first.stage, first.index) == (1, 1)
    played = _won_by_first(first, 1)
    stage = StageState(number=1, format="swiss", settings=SWISS, seed=7, rounds=1)
    second = plan(_snapshot([stage], 4, {1: played}), draw=True)
    assert isinstance(second, NextRound) and second.index == 2 and second.change is None
    played += _won_by_first(second, 1)
    stage = StageState(number=1, format="swiss", settings=SWISS, seed=7, rounds=2)
    end = _snapshot([stage], 4, {1: played})
    assert plan(end, draw=True) == Finish() == plan(end, draw=False)
    rows = stage_rows(end, stage)
    assert champion(end, rows) == rows[0].entry and rows[0].wins == 2


def test_a_round_not_wanted_now_is_not_drawn(monkeypatch):
    """auto_advance off: a Swiss with rounds left is not drawn (nor paired) by the advance."""
    from tournaments.brackets import planner

    def refuse(*args: Any) -> None:
        raise AssertionError("drawn")

    monkeypatch.setattr(planner, "_draw", refuse)
    stage = StageState(number=1, format="swiss", settings=SWISS, seed=7, rounds=1)
    assert plan(_snapshot([stage], 4, {}), draw=False) is None


def test_the_stage_change_sends_the_top_entries_on_in_order():
    rr = StageState(number=1, format="round_robin", settings={"cycles": 1, "groups": 1}, seed=3)
    ko = StageState(
        number=2,
        format="single_elimination",
        settings={"third_place": False, "consolation": False},
        seed=5,
        advance=2,
    )
    results: list[Result] = []
    snapshot = _snapshot([rr, ko], 3, {})
    for index in range(1, 4):
        decision = plan(snapshot, draw=True)
        assert isinstance(decision, NextRound) and decision.stage == 1
        results += _won_by_first(decision, 1)
        rr = StageState(**{**rr.__dict__, "rounds": index})
        snapshot = _snapshot([rr, ko], 3, {1: list(results)})
    final = plan(snapshot, draw=True)
    assert isinstance(final, NextRound) and final.stage == 2 and final.index == 1
    change = final.change
    assert change is not None and len(change.entries) == 2
    assert [e.seed for e in change.entries] == [1, 2]
    assert [row.entry for row in change.first_order][:2] == [e.number for e in change.entries]
    assert len(change.first_order) == 3
