"""What phones do most, counted in SQL statements so it cannot creep back up: a hand with
its ``Idempotency-Key`` is one statement when this process stored the match's last hand
(two otherwise), a correction two, and neither needs a transaction (PostgreSQL)."""

from __future__ import annotations

import uuid

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.test.utils import CaptureQueriesContext

from scorekeeper import fastpath, prepared, services
from scorekeeper.models import Hand, HandChange, Match

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
HAND = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 7}
DOWN = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 6}
POSTGRES = connection.vendor == "postgresql"
# The statements the application sends (BEGIN and COMMIT are not captured: counted apart).
pytestmark = pytest.mark.django_db(transaction=True)


def _client():
    from rest_framework.test import APIClient

    return APIClient()


def _post(client, match_id, body, key):
    return client.post(
        f"/api/matches/{match_id}/hands/", body, format="json", HTTP_IDEMPOTENCY_KEY=key
    )


def _counted(call):
    with CaptureQueriesContext(connection) as queries:
        answer = call()
    sql = [query["sql"] for query in queries.captured_queries]
    return answer, sql


def _match() -> Match:
    return services.match_create(variant="tarneeb", players=PLAYERS, options={"target": 10_000})


def test_a_phones_hand_with_its_key_is_one_statement():
    client = _client()
    match = _match()
    first, sql = _counted(lambda: _post(client, match.pk, HAND, str(uuid.uuid4())))
    assert first.status_code == 201
    if POSTGRES:  # the match read with the key's answer, then the hand stored with both
        assert len(sql) == 2
    for number in range(2, 5):  # then the match as this process stored it: one statement
        answer, sql = _counted(lambda: _post(client, match.pk, DOWN, str(uuid.uuid4())))
        assert answer.status_code == 201 and answer.json()["number"] == number
        if POSTGRES:
            assert len(sql) == 1 and not any(s.startswith(("BEGIN", "SAVEPOINT")) for s in sql)
    stored = Match.objects.get(pk=match.pk)
    assert stored.state["number"] == 5
    assert list(Hand.objects.filter(match=match).values_list("number", flat=True)) == [1, 2, 3, 4]


def test_a_retried_key_gets_its_first_answer_even_when_the_match_went_on():
    client = _client()
    match = _match()
    key = str(uuid.uuid4())
    first = _post(client, match.pk, {**HAND, "number": 1}, key)
    _post(client, match.pk, DOWN, str(uuid.uuid4()))
    # the phone never heard the first answer: the same body, the same key
    again = _post(client, match.pk, {**HAND, "number": 1}, key)
    assert again.status_code == 201 and again.json() == first.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    other = _post(client, match.pk, DOWN, key)
    assert other.status_code == 409
    assert Hand.objects.filter(match=match).count() == 2


def test_a_retry_of_the_last_hand_is_answered_as_the_first_time():
    client = _client()
    match = _match()
    key = str(uuid.uuid4())
    first = _post(client, match.pk, HAND, key)
    again, sql = _counted(lambda: _post(client, match.pk, HAND, key))
    assert again.status_code == 201 and again.json() == first.json()
    if POSTGRES:  # the attempt finds the key answered and returns the answer with the row
        assert len(sql) == 1
    assert Hand.objects.filter(match=match).count() == 1


def test_a_match_changed_elsewhere_is_read_again_by_the_same_statement():
    client = _client()
    match = _match()
    _post(client, match.pk, HAND, str(uuid.uuid4()))
    services.hand_undo(match_id=match.pk, number=1)  # another write: the row moved on
    answer, sql = _counted(lambda: _post(client, match.pk, DOWN, str(uuid.uuid4())))
    assert answer.status_code == 201 and answer.json()["number"] == 1
    assert answer.json()["input"] == DOWN
    if POSTGRES:  # the attempt (nothing stored, the row as it is now), then the hand
        assert len(sql) == 2
    assert Match.objects.get(pk=match.pk).state["number"] == 2


def test_a_remembered_match_that_was_deleted_is_not_found():
    client = _client()
    match = _match()
    _post(client, match.pk, HAND, str(uuid.uuid4()))
    Match.objects.filter(pk=match.pk).delete()
    assert _post(client, match.pk, HAND, str(uuid.uuid4())).status_code == 404
    assert fastpath.remembered(match.pk) is None


def test_correcting_hand_1_of_a_long_match_is_two_statements():
    client = _client()
    match = _match()
    for index in range(30):
        services.hand_record(match_id=match.pk, payload=HAND if index % 2 else DOWN)
    answer, sql = _counted(
        lambda: client.put(f"/api/matches/{match.pk}/hands/1/", HAND, format="json")
    )
    assert answer.status_code == 200 and answer.json()["input"] == HAND
    if POSTGRES:  # the match with its hands, then the match, the audit and the hands stored
        assert len(sql) == 2
    stored = Match.objects.get(pk=match.pk)
    from scorekeeper import rules
    from scorekeeper.convert import table_of

    rows = list(Hand.objects.filter(match=match).order_by("number"))
    _played, state = rules.replay(table_of(stored), [row.input for row in rows])
    assert state.to_dict() == stored.state
    assert rows[0].input == HAND and rows[0].updated_at > rows[0].created_at
    change = HandChange.objects.get(match=match)
    assert (change.number, change.action, change.after) == (1, "correct", HAND)
    assert change.before["input"] == DOWN
    # the next hand is played on the corrected match as this process stored it
    after, sql = _counted(lambda: _post(client, match.pk, HAND, str(uuid.uuid4())))
    assert after.status_code == 201 and after.json()["number"] == 31
    if POSTGRES:
        assert len(sql) == 1


def test_a_correction_that_changes_nothing_stores_nothing():
    match = _match()
    services.hand_record(match_id=match.pk, payload=HAND)
    hand, sql = _counted(lambda: services.hand_correct(match_id=match.pk, number=1, payload=HAND))
    assert hand.number == 1 and not HandChange.objects.filter(match=match).exists()
    if POSTGRES:
        assert len(sql) == 1


def test_correcting_a_hand_that_is_not_there_is_not_found():
    match = _match()
    services.hand_record(match_id=match.pk, payload=HAND)
    with pytest.raises(Hand.DoesNotExist):
        services.hand_correct(match_id=match.pk, number=2, payload=HAND)


# Django's health check (CONN_HEALTH_CHECKS) is a round trip before a request's first
# statement; a keyed hand's statement is its own check, sent again on a new connection.
needs_postgres = pytest.mark.skipif(not POSTGRES, reason="the fast path is PostgreSQL's")


def _receipt(match: Match, key: str | None = None) -> services.Receipt:
    scope = f"/api/matches/{match.pk}/hands/"
    return services.Receipt(key=key or str(uuid.uuid4()), scope=scope, digest="0" * 64)


@needs_postgres
def test_a_keyed_hand_asks_no_health_check_first(monkeypatch):
    match = _match()
    db = connections[DEFAULT_DB_ALIAS]  # the wrapper itself (``connection`` is a proxy)
    db.ensure_connection()
    asked = []
    monkeypatch.setattr(db, "health_check_enabled", True)
    monkeypatch.setattr(db, "is_usable", lambda: asked.append(True) or True)
    for _request in range(2):  # the match read, then as this process stored it
        db.health_check_done = False  # a new request
        services.hand_record(match_id=match.pk, payload=HAND, receipt=_receipt(match))
    assert asked == []
    db.health_check_done = False
    services.hand_record(match_id=match.pk, payload=HAND)  # no key: checked first
    assert asked == [True]
    assert Hand.objects.filter(match=match).count() == 3


def _cut_off(pid: int) -> None:
    """The database ends the connection ``pid`` (a restart, an idle connection cut)."""
    import psycopg

    params = connection.get_connection_params()
    with psycopg.connect(**params, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])


@needs_postgres
def test_a_keyed_hand_on_a_lost_connection_is_stored_on_a_new_one():
    match = _match()
    services.hand_record(match_id=match.pk, payload=HAND, receipt=_receipt(match))
    _cut_off(connection.connection.info.backend_pid)
    connection.health_check_done = False
    hand = services.hand_record(match_id=match.pk, payload=DOWN, receipt=_receipt(match))
    assert hand.number == 2
    assert list(Hand.objects.filter(match=match).values_list("number", flat=True)) == [1, 2]


@needs_postgres
def test_a_keyed_hand_stored_before_its_connection_was_lost_is_stored_once(monkeypatch):
    match = _match()
    services.hand_record(match_id=match.pk, payload=HAND, receipt=_receipt(match))
    execute = prepared.PreparedCursor.execute
    lost = []

    def stored_then_lost(self, query, params=None, **kwargs):
        answer = execute(self, query, params, **kwargs)  # stored and committed
        if not lost:
            import psycopg

            lost.append(True)
            self.connection.close()  # the answer never came back
            raise psycopg.OperationalError("server closed the connection unexpectedly")
        return answer

    monkeypatch.setattr(prepared.PreparedCursor, "execute", stored_then_lost)
    receipt = _receipt(match)
    with pytest.raises(services.AlreadyAnswered) as answered:
        services.hand_record(match_id=match.pk, payload=DOWN, receipt=receipt)
    assert lost and answered.value.answer.response["number"] == 2
    assert list(Hand.objects.filter(match=match).values_list("number", flat=True)) == [1, 2]
