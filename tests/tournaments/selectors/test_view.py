"""One ``TournamentView`` per request: each attribute read when first asked for and at most
once, at a fixed number of queries whatever the size of the event."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.conftest import played_swiss
from tournaments.models import Tournament
from tournaments.selectors.view import TournamentView, tournament_view

pytestmark = pytest.mark.django_db(transaction=True)


def _read(view: TournamentView) -> None:
    """Every attribute a page or the API reads."""
    assert view.running and not view.registration and not view.finished
    assert view.entries and view.stages and view.rounds and view.names and view.standings
    assert view.current is view.rounds[-1]
    assert view.table_keys and view.problem is None and view.club == {}
    assert not view.individual and view.seats is None and not view.best_of(1)
    assert view.champion_name is None and view.checked_in == set()
    assert view.data["rounds"] and view.club_players == []
    view.can_draw  # noqa: B018 (read for its queries)


def test_every_attribute_is_read_once_at_a_fixed_cost() -> None:
    counts = []
    for played in (played_swiss(8, 1), played_swiss(40, 3)):
        # As a request loads it: its state (version, stored standings) joined.
        tournament = Tournament.objects.get(pk=played.pk)
        view = tournament_view(tournament, director=True)
        with CaptureQueriesContext(connection) as first:
            _read(view)
        with CaptureQueriesContext(connection) as again:
            _read(view)
        counts.append(len(first))
        assert len(again) == 0  # each attribute at most once
    # entries, stages, rounds, pairings, table keys
    assert counts == [5, 5]


def test_the_round_in_play_alone_reads_only_that_round() -> None:
    """The cards read the round in play without every round before it."""
    tournament = played_swiss(40, 3)
    view = tournament_view(tournament, director=True)
    with CaptureQueriesContext(connection) as queries:
        current = view.current
    assert current is not None and current.number == 3 and len(current.pairings) == 20
    assert len(queries) == 3  # stages, the round, its pairings


def test_a_public_view_shows_no_key() -> None:
    view = tournament_view(played_swiss(8, 1), director=False)
    assert view.table_keys == [] and view.problem is None
    assert "id" not in view.data and "tables" not in view.data
    assert all("match" not in p for r in view.data["rounds"] for p in r["pairings"])


@pytest.mark.parametrize("path", ["", "rounds/", "cards/"])
def test_the_desk_costs_the_same_for_8_or_40_entries_and_1_or_3_rounds(path: str) -> None:
    counts = set()
    for tournament in (played_swiss(8, 1), played_swiss(40, 3)):
        Client().get(f"/d/{tournament.pk}/{path}")  # the table keys made once
        with CaptureQueriesContext(connection) as queries:
            assert Client().get(f"/d/{tournament.pk}/{path}").status_code == 200
        counts.add(len(queries))
    assert len(counts) == 1, counts
