"""A result costs the same in any event: it stores what it changes and never recomputes the
tournament's standings (a refresh does, after the commit)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, transaction
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from tests.tournaments.conftest import entries
from tournaments import services, validation
from tournaments.brackets import standings as engine_standings
from tournaments.models import Pairing, Round, Tournament, TournamentState
from tournaments.services import enqueue, standings

pytestmark = pytest.mark.django_db(transaction=True)


def _started(count: int) -> Tournament:
    tournament = services.tournament_create(
        validation.tournament_spec(
            dict(
                name="Flat",
                variant="tarneeb",
                entries=entries(count),
                stages=[{"format": "swiss", "rounds": 3}],
            )
        )
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


# The result's own request, over the API: what the worker does after the commit is left out
# (the tasks are recorded, not run: the fixture ``sent``, conftest.py).


def _tables(count: int) -> tuple[Tournament, list[Pairing]]:
    """A started Swiss of ``count`` tarneeb entries whose matches end after one hand; its
    round 1 pairings at a table, by slot."""
    tournament = services.tournament_create(
        validation.tournament_spec(
            dict(
                name="Flat",
                variant="tarneeb",
                hands_per_match=1,
                entries=entries(count),
                stages=[{"format": "swiss", "rounds": 3}],
            )
        )
    )
    services.tournament_start(tournament_id=tournament.pk)
    pairings = Pairing.objects.filter(
        tournament=tournament, round__number=1, match__isnull=False
    ).order_by("slot")
    return tournament, list(pairings)


def _director_result(
    client: APIClient, tournament: Tournament, pairing: Pairing, check: bool = True
) -> None:
    url = f"/api/tournaments/{tournament.pk}/rounds/1/pairings/{pairing.slot}/result/"
    body = {"winner": pairing.entries[0], "points": [250, 110]}
    response = client.post(url, body, format="json")
    assert response.status_code == 200, response.json()


def _last_hand(
    client: APIClient, tournament: Tournament, pairing: Pairing, check: bool = True
) -> None:
    hand = {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 8}
    response = client.post(f"/api/matches/{pairing.match_id}/hands/", hand, format="json")
    assert response.status_code == 201, response.json()
    if check:
        pairing.refresh_from_db()
        assert pairing.status == Pairing.Status.FINISHED  # the table's last hand


@pytest.mark.parametrize("write", [_director_result, _last_hand])
def test_a_result_over_the_api_runs_the_same_queries_at_8_or_64_entries(sent, write):
    """The director's result and a table's last hand touch their pairing, its match and the
    tournament's row: the same statements whatever the size of the event."""
    client = APIClient()
    counts, statements = [], []
    for count in (8, 64):
        tournament, pairings = _tables(count)
        write(client, tournament, pairings[0])  # the first result asks for the refresh
        with CaptureQueriesContext(connection) as queries:
            write(client, tournament, pairings[1], check=False)
        counts.append(len(queries))
        statements.append([q["sql"].split(" ", 1)[0] for q in queries.captured_queries])
    assert counts[0] == counts[1], (counts, statements)
    assert counts[0] <= OVER_THE_API[connection.vendor][write.__name__], statements[0]


# The statements of a result's request (PostgreSQL: the director's result's 2 and the
# request's own read; a last hand's transaction with its result's one WITH statement).
OVER_THE_API = {
    "postgresql": {"_director_result": 3, "_last_hand": 8},
    "sqlite": {"_director_result": 10, "_last_hand": 11},
}


def test_a_burst_of_results_queues_one_refresh_of_the_standings(sent):
    client = APIClient()
    tournament, pairings = _tables(40)
    for pairing in pairings[:-1]:  # the last would queue the advance
        _director_result(client, tournament, pairing)
    refreshes = [args for args in sent if args[0] == enqueue.STANDINGS_REFRESH]
    assert refreshes == [(enqueue.STANDINGS_REFRESH, str(tournament.pk))]
    assert not [args for args in sent if args[0] == enqueue.ROUND_ADVANCE]
    # The refresh covers the whole burst: the standings of the latest version, once.
    assert services.standings_refresh(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.standings_version == tournament.version
    assert sum(row["wins"] for row in tournament.standings) == len(pairings) - 1
    assert services.standings_refresh(tournament_id=tournament.pk) is False  # nothing new


def test_a_long_refresh_rests_before_the_next_and_the_clock_asks_for_it(sent, monkeypatch):
    """With a worker, a refresh that took long rests a few times as long: the results
    meanwhile ask for none; the clock's tick asks once its rest is over."""
    monkeypatch.setattr(standings, "RESTLESS", 0.0)  # every refresh "took long"
    monkeypatch.setattr(standings, "REST", 10_000.0)  # and rests a while
    monkeypatch.setattr(enqueue, "in_process", lambda: False)
    client = APIClient()
    tournament, pairings = _tables(16)
    _director_result(client, tournament, pairings[0])
    assert services.standings_refresh(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.standings_rest is not None and not tournament.standings_queued
    sent.clear()
    _director_result(client, tournament, pairings[1])
    _director_result(client, tournament, pairings[2])
    assert sent == []  # resting: no refresh asked for
    tournament.refresh_from_db()
    assert tournament.standings_version < tournament.version  # reads show the older copy
    shown = client.get(f"/api/tournaments/{tournament.view_id}/").json()
    assert (shown["standings_version"], shown["version"]) == (
        tournament.standings_version,
        tournament.version,
    )
    assert services.clock_tick(now=tournament.standings_rest - timedelta(seconds=1)) == 0
    assert services.clock_tick(now=tournament.standings_rest) == 1
    assert sent == [(enqueue.STANDINGS_REFRESH, str(tournament.pk))]
    assert standings.rested_standings(tournament.standings_rest) == []  # asked once
    assert services.standings_refresh(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.standings_version == tournament.version
    assert sum(row["wins"] for row in tournament.standings) == 3


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL's")
def test_the_clock_does_not_wait_for_a_tournament_a_write_holds(sent, monkeypatch):
    """Rested standings are all marked queued by one statement; a tournament whose state a
    write holds is skipped (that write queues its own refresh, or the next tick asks)."""
    import psycopg

    monkeypatch.setattr(enqueue, "in_process", lambda: False)
    behind = []
    for _event in range(3):
        tournament = _started(4)
        TournamentState.objects.filter(pk=tournament.pk).update(
            version=F("version") + 1, standings_queued=False, standings_rest=timezone.now()
        )
        behind.append(tournament.pk)
    params = connection.get_connection_params()
    with psycopg.connect(**params) as other:  # a write in progress on the first
        other.execute(
            "SELECT 1 FROM tournaments_tournamentstate WHERE tournament_id = %s FOR UPDATE",
            [behind[0]],
        )
        with CaptureQueriesContext(connection) as queries:
            found = standings.rested_standings(timezone.now())
        assert sorted(map(str, found)) == sorted(map(str, behind[1:]))
        updates = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("UPDATE")]
        assert len(updates) == 1
    assert standings.rested_standings(timezone.now()) == [behind[0]]  # its turn came


# Without a broker (the embedded default), the standings are refreshed once the answer has
# been sent: by the response's close(), as a WSGI server calls it after the body.


def test_the_answer_is_returned_before_the_refresh_which_runs_when_the_response_closes():
    from django.core.handlers.wsgi import WSGIHandler
    from django.test import RequestFactory

    tournament, pairings = _tables(8)
    url = f"/api/tournaments/{tournament.pk}/rounds/1/pairings/{pairings[0].slot}/result/"
    body = {"winner": pairings[0].entries[0], "points": [250, 110]}
    environ = RequestFactory().post(url, body, content_type="application/json").environ
    started: list[str] = []
    answer = WSGIHandler()(environ, lambda status, headers: started.append(status))
    assert started == ["200 OK"]
    assert b"".join(answer)  # the body, sent: the standings are not refreshed yet
    tournament.refresh_from_db()
    assert tournament.standings_queued and tournament.standings_version < tournament.version
    answer.close()  # the server is done with the answer: the refresh runs
    tournament.refresh_from_db()
    assert not tournament.standings_queued
    assert tournament.standings_version == tournament.version
    assert sum(row["wins"] for row in tournament.standings) == 1


def test_deferring_runs_the_refresh_at_the_end_of_the_block_once():
    tournament = _started(8)
    with enqueue.deferring():
        _result(tournament, 1)
        _result(tournament, 2)
        tournament.refresh_from_db()
        assert tournament.standings_version < tournament.version  # not yet
    tournament.refresh_from_db()
    assert tournament.standings_version == tournament.version
    assert sum(row["wins"] for row in tournament.standings) == 2


# Results in parallel: a result locks what it changes (its pairing and its round), never
# the tournament's row, which a director's write or the advance may hold.


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL's")
@pytest.mark.parametrize("write", [_director_result, _last_hand])
def test_a_result_is_recorded_while_another_connection_holds_the_tournament_row(write):
    import threading

    import psycopg
    from django.db import connections

    tournament, pairings = _tables(8)
    done: list[bool] = []

    def record() -> None:
        try:
            write(APIClient(), tournament, pairings[1])
            done.append(True)
        except BaseException as error:  # said by the assertion below
            done.append(error)  # type: ignore[arg-type]
        finally:
            connections.close_all()

    params = connection.get_connection_params()
    with psycopg.connect(**params) as other:  # a director's write in progress
        other.execute(
            "SELECT 1 FROM tournaments_tournament WHERE id = %s FOR UPDATE", [tournament.pk]
        )
        thread = threading.Thread(target=record)
        thread.start()
        thread.join(timeout=20)
        recorded = done == [True]
        other.rollback()
    thread.join()
    assert recorded, done or "the result waited for the tournament's row"
    pairing = Pairing.objects.get(pk=pairings[1].pk)
    assert pairing.status == Pairing.Status.FINISHED
    tournament.refresh_from_db()
    assert tournament.version > 1


def test_a_directors_result_runs_a_fixed_few_statements(sent):
    """The director's result, lean: its match, then the pairing and its round found (on
    PostgreSQL unlocked, then locked by the write if still as read; on SQLite locked) by
    one statement (the match, the tournament and its state read by it too), then the match
    closed (its listener, which would leave the director's result alone, not told), the
    pairing stored, the audit kept, the round's completion decided and the version bumped
    by one more: at any size, no row read twice."""
    for count in (8, 64):
        tournament, pairings = _tables(count)
        _result(tournament, pairings[0].slot)  # the first result asks for the refresh
        with CaptureQueriesContext(connection) as queries:
            services.pairing_result_set(
                tournament_id=tournament.pk,
                round_number=1,
                slot=pairings[1].slot,
                winner=pairings[1].entries[0],
                points=[100, 50],
            )
        statements = [q["sql"].split(" ", 1)[0] for q in queries.captured_queries]
        assert len(queries) == LEAN_RESULT[connection.vendor], statements


# PostgreSQL (no transaction: the service's fast path): the match, pairing and round read
# (one SELECT), then the match, pairing and round locked if unchanged + the version bumped
# if unchanged + the match + the pairing + the audit + the round's open pairings (one
# WITH). SQLite (the embedded default): BEGIN, the locking read, the WITH's parts one by
# one (the state's refresh mark read before the version's UPDATE: its RETURNING names
# only the target's columns), COMMIT.
LEAN_RESULT = {"postgresql": 2, "sqlite": 9}
