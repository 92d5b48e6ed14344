"""A result costs the same in any event: it stores what it changes and never recomputes the
tournament's standings (a refresh does, after the commit)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.tournaments.conftest import entries
from tournaments import services
from tournaments.brackets import standings as engine_standings
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def _started(count: int) -> Tournament:
    tournament = services.tournament_create(
        name="Flat",
        variant="tarneeb",
        entries=entries(count),
        stages=[{"format": "swiss", "rounds": 3}],
    )
    return services.tournament_start(tournament_id=tournament.pk)


def _result(tournament: Tournament, slot: int) -> None:
    pairing = Round.objects.get(tournament=tournament, number=1).pairings.get(slot=slot)
    services.pairing_result_set(
        tournament_id=tournament.pk,
        round_number=1,
        slot=slot,
        winner=pairing.entries[0],
        points=[100, 50],
    )


def test_a_result_runs_the_same_queries_at_8_or_40_entries_and_ranks_no_one(monkeypatch):
    def refuse(*args: Any) -> None:
        raise AssertionError("the standings were computed inside the result")

    counts = []
    for count in (8, 40):
        tournament = _started(count)
        with transaction.atomic():  # the refresh, after the commit, is left out
            with monkeypatch.context() as patched, CaptureQueriesContext(connection) as q:
                patched.setattr(engine_standings, "metrics", refuse)
                _result(tournament, 1)
            counts.append(len(q))
    assert counts[0] == counts[1]


def test_the_refresh_after_the_commit_stores_the_standings_of_the_new_version():
    tournament = _started(8)
    _result(tournament, 2)
    tournament.refresh_from_db()
    assert tournament.standings_version == tournament.version
    assert not tournament.standings_queued
    assert sum(row["wins"] for row in tournament.standings) == 1
    assert tournament.standings == services.standings_rebuild(tournament_id=tournament.pk)
