"""Recording a hand costs the same number of SQL queries however long the match is."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper import services

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
HAND = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 7}
DOWN = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 6}


def _queries_to_record(client, match_id) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/api/matches/{match_id}/hands/", HAND, format="json")
    assert response.status_code == 201
    return len(queries)


@pytest.mark.django_db
def test_recording_a_hand_runs_a_constant_number_of_queries():
    from rest_framework.test import APIClient

    client = APIClient()
    short = services.match_create(variant="tarneeb", players=PLAYERS, options={"target": 10_000})
    long = services.match_create(variant="tarneeb", players=PLAYERS, options={"target": 10_000})
    for index in range(60):
        services.hand_record(match_id=long.pk, payload=HAND if index % 2 else DOWN)
    first = _queries_to_record(client, short.pk)
    late = _queries_to_record(client, long.pk)
    assert first == late
    # The lock on the match, then the hand's insert and the match's update: one statement
    # on PostgreSQL, two through the ORM elsewhere; plus the savepoint pair the test's own
    # transaction adds around the service's atomic block.
    assert late == (4 if connection.vendor == "postgresql" else 5)
