"""The planner decides from a snapshot alone, in one answer: the next round, the move to the
second stage (who goes on, in what order), the end with its champion, the standings after
it; and never draws a round that is not wanted now where its format knows its rounds."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tournaments.brackets import Entry, Result
from tournaments.brackets.planner import (
    Decision,
    NextRound,
    Snapshot,
    StageState,
    plan,
    ranking,
    stage_rows,
)
from tournaments.brackets.standings import DEFAULT_TIEBREAKS


def _snapshot(
    stages: list[StageState], count: int, results: dict[int, Any], wanted: bool = True
) -> Snapshot:
    return Snapshot(
        stage=max((s.number for s in stages if s.rounds), default=1),
        tiebreaks=DEFAULT_TIEBREAKS,
        stages=tuple(stages),
        entries=tuple(Entry(number=n, seed=n) for n in range(1, count + 1)),
        results=results,
        wanted=wanted,
        round=sum(s.rounds for s in stages),
    )


def _drawn(decision: Decision) -> NextRound:
    assert decision.round is not None and not decision.held and not decision.finished
    return decision.round


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
    first = _drawn(plan(_snapshot([stage], 4, {})))
    assert (first.stage, first.index, first.number) == (1, 1, 1)
    played = _won_by_first(first, 1)
    stage = StageState(number=1, format="swiss", settings=SWISS, seed=7, rounds=1)
    decision = plan(_snapshot([stage], 4, {1: played}))
    second = _drawn(decision)
    assert second.index == 2 and second.number == 2 and second.change is None
    assert decision.change is None and decision.byes == ()
    played += _won_by_first(second, 1)
    stage = StageState(number=1, format="swiss", settings=SWISS, seed=7, rounds=2)
    end = _snapshot([stage], 4, {1: played})
    finished = plan(end)
    assert finished == plan(_snapshot([stage], 4, {1: played}, wanted=False))
    assert finished.finished and finished.round is None and not finished.held
    rows = stage_rows(end, stage)
    assert finished.champion == rows[0].entry and rows[0].wins == 2
    assert list(finished.standings.rows) == rows and finished.standings.tail == ()


def test_a_round_not_wanted_now_is_not_drawn(monkeypatch):
    """auto_advance off: a Swiss with rounds left is not drawn (nor paired) by the advance,
    and the answer says a round is due."""
    from tournaments.brackets import planner

    def refuse(*args: Any) -> None:
        raise AssertionError("drawn")

    monkeypatch.setattr(planner, "stage_draw", refuse)
    stage = StageState(number=1, format="swiss", settings=SWISS, seed=7, rounds=1)
    decision = plan(_snapshot([stage], 4, {}, wanted=False))
    assert decision.held and decision.round is None and not decision.finished
    assert [row.entry for row in decision.standings.rows] == [1, 2, 3, 4]


def test_a_knockout_tells_its_end_only_by_drawing_and_answers_the_round_it_drew():
    """A knockout has no fixed number of rounds: not wanted, its due round is drawn to know
    the stage goes on, and comes with the answer (the director's draw is the same)."""
    ko = StageState(
        number=1,
        format="single_elimination",
        settings={"third_place": False, "consolation": False},
        seed=5,
    )
    decision = plan(_snapshot([ko], 4, {}, wanted=False))
    assert decision.held and decision.round is not None and decision.byes == ()
    assert decision.round == _drawn(plan(_snapshot([ko], 4, {})))


def test_the_byes_of_the_round_drawn_count_in_its_standings():
    stage = StageState(number=1, format="swiss", settings=SWISS, seed=7)
    snapshot = Snapshot(
        stage=1,
        tiebreaks=DEFAULT_TIEBREAKS,
        stages=(stage,),
        entries=tuple(Entry(number=n, seed=n) for n in range(1, 6)),
        results={},
        wanted=True,
        bye_points=13,
    )
    decision = plan(snapshot)
    drawn = _drawn(decision)
    (bye,) = [p for p in drawn.draw.pairings if p.bye]
    assert [(r.entries, r.winner, r.points, r.round) for r in decision.byes] == [
        (bye.entries, bye.entries[0], (13,), 1)
    ]
    top = decision.standings.rows[0]
    assert (top.entry, top.wins, top.points_for) == (bye.entries[0], 1, 13)


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
        decision = _drawn(plan(snapshot))
        assert decision.stage == 1
        results += _won_by_first(decision, 1)
        rr = StageState(**{**rr.__dict__, "rounds": index})
        snapshot = _snapshot([rr, ko], 3, {1: list(results)})
    held = plan(replace(snapshot, wanted=False))
    assert held.held and held.change is None and held.stage == 1  # nothing changes yet
    decision = plan(snapshot)
    final = _drawn(decision)
    assert final.stage == 2 and final.index == 1 and decision.stage == 2
    change = final.change
    assert change is not None and change == decision.change and len(change.entries) == 2
    assert [e.seed for e in change.entries] == [1, 2]
    assert [row.entry for row in change.first_order][:2] == [e.number for e in change.entries]
    assert len(change.first_order) == 3
    # The standings: the two that went on, then the one that did not.
    (out,) = [row for row in change.first_order if row.entry not in going(change)]
    assert [row.entry for row in decision.standings.rows] == [e.number for e in change.entries]
    assert decision.standings.tail == (out.entry,)


def going(change: Any) -> set[int]:
    return {e.number for e in change.entries}


def test_the_ranking_of_a_second_stage_keeps_the_first_stage_as_it_ended():
    first = StageState(number=1, format="swiss", settings=SWISS, seed=7, rounds=2)
    first = StageState(**{**first.__dict__, "final": (4, 3, 1, 2)})  # as kept at the change
    ko = StageState(
        number=2,
        format="single_elimination",
        settings={"third_place": False, "consolation": False},
        seed=5,
        advance=2,
        entries=(Entry(4, seed=1), Entry(3, seed=2)),
        rounds=1,
    )
    snapshot = Snapshot(
        stage=2,
        tiebreaks=DEFAULT_TIEBREAKS,
        stages=(first, ko),
        entries=tuple(Entry(n, seed=n) for n in range(1, 5)),
        results={},
    )
    ranked = ranking(snapshot)
    assert [row.entry for row in ranked.rows] == [4, 3] and ranked.tail == (1, 2)
    assert ranked.champion is None
    assert ranking(replace(snapshot, finished=True)).champion == 4


def _counting(monkeypatch) -> dict[str, int]:
    """Count the results the standings read and the rankings they compute."""
    from tournaments.brackets import standings as module

    counted = {"read": 0, "ranked": 0}
    read, ranked = module.Tally._add, module._ranked

    def add(self, results):
        counted["read"] += len(results)
        return read(self, results)

    def rank(*args):
        counted["ranked"] += 1
        return ranked(*args)

    monkeypatch.setattr(module.Tally, "_add", add)
    monkeypatch.setattr(module, "_ranked", rank)
    return counted


def _played_swiss(count: int, rounds: int) -> tuple[StageState, list[Result]]:
    """A Swiss of ``count`` entries after ``rounds`` rounds, every table won by its first."""
    settings = {"rounds": 5, "pairing": "standings"}
    results: list[Result] = []
    for index in range(rounds):
        stage = StageState(number=1, format="swiss", settings=settings, seed=3, rounds=index)
        results += _won_by_first(_drawn(plan(_snapshot([stage], count, {1: list(results)}))), 1)
    return StageState(number=1, format="swiss", settings=settings, seed=3, rounds=rounds), results


def test_the_draw_and_the_standings_share_one_reading_and_one_ranking(monkeypatch):
    """Round 3 of a Swiss of 8 (no bye): the results are read once and ranked once; the
    draw is the one the format makes alone, the standings the ones ranked from scratch."""
    stage, results = _played_swiss(8, 2)
    alone = _drawn(plan(_snapshot([stage], 8, {1: list(results)})))
    counted = _counting(monkeypatch)
    decision = plan(_snapshot([stage], 8, {1: list(results)}))
    assert counted == {"read": len(results), "ranked": 1}
    assert _drawn(decision) == alone
    fresh = stage_rows(_snapshot([stage], 8, {1: list(results)}), stage)
    assert list(decision.standings.rows) == fresh


def test_a_round_with_a_bye_folds_the_bye_into_the_results_read_once(monkeypatch):
    """Round 3 of a Swiss of 7: the results are read once, the bye folded in; the draw ranks
    the results before the bye, the standings count it."""
    stage, results = _played_swiss(7, 2)
    alone = _drawn(plan(_snapshot([stage], 7, {1: list(results)})))
    counted = _counting(monkeypatch)
    decision = plan(_snapshot([stage], 7, {1: list(results)}))
    drawn = _drawn(decision)
    assert len(decision.byes) == 1
    assert counted == {"read": len(results) + 1, "ranked": 2}
    assert drawn == alone
    after = _snapshot([stage], 7, {1: [*results, *decision.byes]})
    assert list(decision.standings.rows) == stage_rows(after, stage)


def test_a_snapshot_replaced_reads_its_own_results():
    """The results read are kept with the very results read: a snapshot replaced with other
    results ranks those."""
    stage, results = _played_swiss(8, 2)
    snapshot = _snapshot([stage], 8, {1: list(results)})
    before = ranking(snapshot)
    fewer = replace(snapshot, results={1: results[:4]})
    assert ranking(fewer) != before
    assert ranking(fewer).rows == ranking(_snapshot([stage], 8, {1: results[:4]})).rows
    assert ranking(snapshot) == before


def test_the_end_reads_the_results_once(monkeypatch):
    """The last round played: the end and its standings read the results once."""
    stage, results = _played_swiss(8, 2)
    last = StageState(**{**stage.__dict__, "settings": {**stage.settings, "rounds": 2}})
    counted = _counting(monkeypatch)
    decision = plan(_snapshot([last], 8, {1: list(results)}))
    assert decision.finished and counted == {"read": len(results), "ranked": 1}
    assert decision.champion == decision.standings.rows[0].entry
