"""The advance computes the standings once: the planner reads the results once, the draw
and the standings stored share that reading (and, without a bye, that ranking), and what is
stored is the planner's decision, as a fresh computation gives it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.conftest import played_swiss
from tournaments import services
from tournaments.brackets import planner
from tournaments.brackets import standings as module
from tournaments.models import Pairing, Tournament
from tournaments.selectors.snapshot import snapshot_load
from tournaments.services.standings import stored_rows

pytestmark = pytest.mark.django_db(transaction=True)


def _counting(monkeypatch: Any) -> dict[str, int]:
    counted = {"read": 0, "ranked": 0}
    read, ranked = module.Tally._add, module._ranked

    def add(self: Any, results: Any) -> None:
        counted["read"] += len(results)
        read(self, results)

    def rank(*args: Any) -> Any:
        counted["ranked"] += 1
        return ranked(*args)

    monkeypatch.setattr(module.Tally, "_add", add)
    monkeypatch.setattr(module, "_ranked", rank)
    return counted


@pytest.mark.parametrize(("count", "ranked"), [(8, 1), (7, 2)])
def test_the_next_round_reads_the_results_once_and_stores_the_decision_s_standings(
    monkeypatch: Any, count: int, ranked: int
) -> None:
    """Round 3 of a Swiss: 8 entries rank once; 7 once before the bye and once with it."""
    tournament = played_swiss(count, 2)
    finished = Pairing.objects.filter(tournament=tournament, status="finished").count()
    counted = _counting(monkeypatch)
    services.round_draw(tournament_id=tournament.pk)
    byes = count % 2
    assert counted == {"read": finished + byes, "ranked": ranked}
    monkeypatch.undo()
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert tournament.round == 3 and tournament.standings_version == tournament.version
    loaded = snapshot_load(tournament)
    assert tournament.standings == stored_rows(planner.ranking(loaded.snapshot), None)


def test_the_snapshot_reads_the_results_raw_in_one_query(monkeypatch: Any) -> None:
    """Four queries whatever the size (stages, entries, finished results, rounds), and no
    pairing built as a model instance: the results come as plain values."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    tournament = played_swiss(6, 2)

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a pairing read as a model instance")

    monkeypatch.setattr(Pairing, "from_db", classmethod(refuse))
    with CaptureQueriesContext(connection) as queries:
        loaded = snapshot_load(tournament)
    assert len(queries) == 4
    monkeypatch.undo()
    expected = {
        (p.round.number, p.slot, tuple(p.entries), p.winner, tuple(p.points))
        for p in Pairing.objects.filter(tournament=tournament).select_related("round")
    }
    assert {
        (r.round, r.slot, r.entries, r.winner, r.points) for r in loaded.snapshot.results[1]
    } == (expected)


def _round_two_due(monkeypatch: Any) -> tuple[Tournament, Any]:
    """Round 1 of an automatic Swiss of 8 finished in the database, its advance not run;
    the tournament and the round."""
    from tournaments.models import Round

    tournament = played_swiss(8, 0)
    Tournament.objects.filter(pk=tournament.pk).update(auto_advance=True)
    round_ = Round.objects.get(tournament=tournament, number=1)
    for pairing in round_.pairings.all():
        Pairing.objects.filter(pk=pairing.pk).update(
            status="finished", result="win", winner=pairing.entries[0], points=[100, 50]
        )
    return tournament, round_


def test_the_advance_commits_its_round_then_stores_the_standings_it_drew_by(
    monkeypatch: Any,
) -> None:
    """The round drawn is committed before its standings are stored (10,000 rows of JSON
    do not delay it): once the task is over they are those of the round's version, as a
    fresh computation gives them."""
    from tournaments.services import rounds

    tournament, round_ = _round_two_due(monkeypatch)
    seen: list[tuple[int, int, int]] = []
    put = rounds.standings_put

    def spy(pending: Any) -> bool:
        state = Tournament.objects.get(pk=tournament.pk)
        seen.append((state.round, state.standings_version, state.version))
        return put(pending)

    monkeypatch.setattr(rounds, "standings_put", spy)
    assert services.round_advance(round_id=round_.pk).number == 2
    ((drawn, standings_version, version),) = seen
    assert drawn == 2 and standings_version < version  # the round seen before its standings
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert tournament.standings_version == tournament.version
    assert tournament.standings_rest is None and not tournament.standings_queued
    loaded = snapshot_load(tournament)
    assert tournament.standings == stored_rows(planner.ranking(loaded.snapshot), None)
    assert sum(row["wins"] for row in tournament.standings) == 4


def test_standings_lost_between_the_round_and_them_are_refreshed_by_the_tick(
    monkeypatch: Any,
) -> None:
    """The process dies after the round's commit, before its standings: they are marked
    behind and due, and the clock's next tick refreshes them."""
    from datetime import timedelta

    from django.utils import timezone

    from tournaments.services import rounds

    tournament, round_ = _round_two_due(monkeypatch)
    monkeypatch.setattr(rounds, "standings_put", lambda pending: False)  # died between
    assert services.round_advance(round_id=round_.pk).number == 2
    monkeypatch.undo()
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert tournament.round == 2 and tournament.standings_version < tournament.version
    assert tournament.standings_rest is not None and not tournament.standings_queued
    services.clock_tick(now=timezone.now() + timedelta(seconds=30))
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert tournament.standings_version == tournament.version
    loaded = snapshot_load(tournament)
    assert tournament.standings == stored_rows(planner.ranking(loaded.snapshot), None)
    assert sum(row["wins"] for row in tournament.standings) == 4
