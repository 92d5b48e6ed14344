"""The cyclic garbage collector is paused while an advance decides and stores a round (it
walked a large event's results again and again, freeing nothing), and found as it was
after."""

from __future__ import annotations

import gc

import pytest

from tests.tournaments.conftest import tarneeb
from tournaments.brackets import planner
from tournaments.services import rounds
from tournaments.services.collector import collector_paused


def test_the_work_runs_paused_and_the_collector_runs_again_after():
    seen = []

    @collector_paused
    def work(value: int) -> int:
        seen.append(gc.isenabled())
        return value * 2

    assert gc.isenabled()
    assert work(21) == 42
    assert seen == [False] and gc.isenabled()


def test_a_failure_restarts_it_and_a_paused_call_inside_another_leaves_it_paused():
    @collector_paused
    def fails() -> None:
        raise ValueError("no")

    with pytest.raises(ValueError):
        fails()
    assert gc.isenabled()

    @collector_paused
    def outer() -> bool:
        inner()
        return gc.isenabled()

    inner = collector_paused(lambda: None)
    assert outer() is False and gc.isenabled()


def test_the_advance_plans_and_stores_with_the_collector_paused(director, monkeypatch):
    seen = []

    def plan(snapshot: planner.Snapshot) -> planner.Decision:
        seen.append(gc.isenabled())
        return planner.plan(snapshot)

    monkeypatch.setattr(rounds, "plan", plan)
    doc = tarneeb(director, 4)
    director.start(doc)
    director.play_round(doc, 1)  # the last result queues the advance (in process here)
    assert director.tournament(doc["id"])["round"] == 2
    assert seen == [False] and gc.isenabled()
