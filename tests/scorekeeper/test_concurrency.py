"""Two phones posting to one match at once are served one after the other."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from scorekeeper import services
from scorekeeper.models import Hand, Match
from scorekeeper.services import MatchConflict

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
HAND = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 7}

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks need PostgreSQL (SQLite locks the whole file)",
)


def _race(match_id, number, results, barrier):
    try:
        barrier.wait()
        services.hand_record(match_id=match_id, payload=HAND, number=number)
        results.append("stored")
    except MatchConflict:
        results.append("conflict")
    finally:
        connections.close_all()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("number", [1, None])
def test_two_phones_never_both_store_the_same_hand(number):
    match = services.match_create(variant="tarneeb", players=PLAYERS, options={"target": 10_000})
    results: list[str] = []
    barrier = threading.Barrier(4)
    threads = [
        threading.Thread(target=_race, args=(match.pk, number, results, barrier)) for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    numbers = sorted(Hand.objects.filter(match=match).values_list("number", flat=True))
    if number is None:
        assert results == ["stored"] * 4 and numbers == [1, 2, 3, 4]
    else:
        assert sorted(results) == ["conflict"] * 3 + ["stored"] and numbers == [1]
    state = Match.objects.get(pk=match.pk).state
    assert state["number"] == len(numbers) + 1
