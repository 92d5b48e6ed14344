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
