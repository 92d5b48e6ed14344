"""Every tournament read runs the same number of SQL queries for 8 entries or 40, after one
round or three: one query per kind of row, never one per row."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.tournaments.conftest import entries, played_swiss
from tournaments import services, validation

pytestmark = pytest.mark.django_db(transaction=True)


def _played(count: int, rounds: int) -> dict:
    tournament = played_swiss(count, rounds)
    return {"id": str(tournament.pk), "view_id": tournament.view_id, "round": rounds}


def _count(url: str) -> int:
    client = APIClient()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def _urls(t: dict) -> dict[str, list[str]]:
    return {
        "tournament": [f"/api/tournaments/{t['id']}/", f"/api/tournaments/{t['view_id']}/"],
        "standings": [f"/api/tournaments/{t['view_id']}/standings/"],
        "round": [f"/api/tournaments/{t['id']}/rounds/{t['round']}/"],
        "rounds": [f"/api/tournaments/{t['view_id']}/rounds/"],
    }


# The pinned counts: tournament (+ stages, entries, rounds, pairings; + table keys for the
# director), the standings (+ entries), a round (+ its pairings).
PINNED = {"tournament": 6, "standings": 2, "round": 3, "rounds": 3}


def test_reads_cost_the_same_for_8_or_40_entries_and_1_or_3_rounds():
    sizes = [_played(8, 1), _played(40, 1), _played(8, 3), _played(40, 3)]
    for name, pinned in PINNED.items():
        counts = {
            (index, url.rsplit("/", 2)[0][-6:]): _count(url)
            for index, t in enumerate(sizes)
            for url in _urls(t)[name]
        }
        assert len(set(counts.values())) <= 2, (name, counts)  # id and view_id may differ
        assert max(counts.values()) <= pinned, (name, counts)
        for url_index in range(len(_urls(sizes[0])[name])):
            per_size = {_count(_urls(t)[name][url_index]) for t in sizes}
            assert len(per_size) == 1, (name, url_index, per_size)


def test_the_table_page_costs_the_same_in_every_round(django_assert_max_num_queries):
    small, large = _played(8, 1), _played(40, 3)
    client = APIClient()
    for t in (small, large):
        detail = client.get(f"/api/tournaments/{t['id']}/").json()
        key = detail["tables"][0]["key"]
        with django_assert_max_num_queries(2):
            assert client.get(f"/api/tables/{key}/").status_code == 200


@pytest.mark.django_db
def test_the_standings_stored_at_a_draw_are_those_the_results_give():
    """The draw adds its byes to the standings from memory, not by reading them back: the
    stored rows must be those a full recomputation from the database gives."""
    from tournaments.models import Tournament

    created = services.tournament_create(
        validation.tournament_spec(
            dict(
                name="Byes",
                variant="belote",
                stages=[{"format": "single_elimination", "third_place": True}],
                entries=entries(11),
            )
        )
    )
    services.tournament_start(tournament_id=created.pk)
    tournament = Tournament.objects.get(pk=created.pk)
    stored = tournament.standings
    assert [row["wins"] for row in stored].count(1) == 5  # the 5 byes of 11 entries in 16
    assert stored == services.standings_rebuild(tournament_id=tournament.pk)
