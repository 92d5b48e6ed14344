"""Two phones posting to one match at once are served one after the other."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from scorekeeper import fastpath, services
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


def _retry(match_id, receipt, results, barrier):
    try:
        barrier.wait()
        services.hand_record(match_id=match_id, payload=HAND, receipt=receipt)
        results.append("stored")
    except services.AlreadyAnswered as answered:
        results.append(answered.answer.response["number"])
    finally:
        connections.close_all()


@pytest.mark.django_db(transaction=True)
def test_four_retries_of_one_keyed_hand_store_it_once():
    match = services.match_create(variant="tarneeb", players=PLAYERS, options={"target": 10_000})
    receipt = services.Receipt(key="phone-1", scope=f"/api/matches/{match.pk}/hands/", digest="d")
    results: list[object] = []
    barrier = threading.Barrier(4)
    threads = [
        threading.Thread(target=_retry, args=(match.pk, receipt, results, barrier))
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results, key=str) == [1, 1, 1, "stored"]
    assert list(Hand.objects.filter(match=match).values_list("number", flat=True)) == [1]
    assert Match.objects.get(pk=match.pk).state["number"] == 2


@pytest.mark.django_db(transaction=True)
def test_a_hand_played_on_a_match_changed_since_it_was_read_is_not_stored():
    match = services.match_create(variant="tarneeb", players=PLAYERS, options={"target": 10_000})
    stale = fastpath.read(match.pk)
    services.hand_record(match_id=match.pk, payload=HAND)
    again = Hand(match=stale.match, number=1, game=1, input=HAND, result={})
    assert not fastpath.append(stale.match, again, version=stale.version)
    assert Hand.objects.filter(match=match).count() == 1
