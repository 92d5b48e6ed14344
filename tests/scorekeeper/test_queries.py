"""Recording a hand costs the same number of SQL queries however long the match is, and
an ``Idempotency-Key`` (phones send one with every hand) costs it no query of its own."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper import services

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
HAND = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 7}
DOWN = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 6}


def _queries_to_record(client, match_id, **headers) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/api/matches/{match_id}/hands/", HAND, format="json", **headers)
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
    # PostgreSQL: the match read, then the match's update and the hand's insert in one
    # statement (no transaction). SQLite: the lock on the match, the hand's insert and the
    # match's update, plus the savepoint pair the test's own transaction adds.
    assert late == (2 if connection.vendor == "postgresql" else 5)


@pytest.mark.django_db
def test_an_idempotency_key_costs_a_hand_no_query_of_its_own():
    from rest_framework.test import APIClient

    client = APIClient()
    match = services.match_create(variant="tarneeb", players=PLAYERS, options={"target": 10_000})
    keyed = _queries_to_record(client, match.pk, HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
    # PostgreSQL: the key's first answer read with the match, and kept by the statement
    # that stores the hand. SQLite: one query to look for it, one to keep it.
    assert keyed == (2 if connection.vendor == "postgresql" else 7)
