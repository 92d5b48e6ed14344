"""Tournaments run by a real Celery worker and beat, over HTTP (the live server).

Rounds advance only through the worker: the test posts results and polls the API until
the next round appears (a bounded wait, not a timing assertion). The worker and beat are
started on the test database by ``tests/worker.py``; these tests are marked ``worker`` and
are skipped, saying why, without ``CELERY_BROKER_URL`` and PostgreSQL. The whole Swiss
tournament also runs with the tasks in process (unmarked), broker or not.

Killing the worker in the middle of an advance: the worker is frozen (SIGSTOP) while the
round's last result is posted, the test then holds a SHARE lock on the pairings table and
lets the worker go: the advance completes the round, inserts the next round and creates its
matches, then waits for the lock to insert the pairings. There the worker is killed
(SIGKILL) and nothing of that transaction survives; its message stays unacknowledged in
Redis, and beat's tick must redo the advance once the worker is back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
from django.db import connection
from django.utils import timezone

from scorekeeper.models import Match
from tests.worker import APPLICATION_NAME, LiveWorker, database_url, wait_for
from tournaments.models import Pairing, Round, Tournament

ENTRIES = [{"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(1, 9)]
WAIT = 90  # seconds: beat ticks every 10 s, a restarted worker needs a few more
# A hand that ends a Tarneeb match with target 1: team 0 (the first entry) wins.
WINNING_HAND = {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 8}


class Director:
    """The director's side of the API, over real HTTP."""

    def __init__(self, client: httpx.Client, **fields: Any) -> None:
        self.client = client
        body = {
            "name": "Friday tarneeb",
            "variant": "tarneeb",
            "options": {"target": 1},
            "stages": [{"format": "swiss", "rounds": 3}],
            "break_minutes": 0,
            "entries": ENTRIES,
            **fields,
        }
        self.data = self.call("post", "/api/tournaments/", 201, json=body)
        self.id = self.data["id"]
        self.url = f"/api/tournaments/{self.id}"

    def call(self, method: str, url: str, expect: int, **kwargs: Any) -> Any:
        response = self.client.request(method, url, **kwargs)
        assert response.status_code == expect, (url, response.status_code, response.text)
        return response.json() if response.content else None

    def start(self) -> dict[str, Any]:
        return self.call("post", f"{self.url}/start/", 200)

    def tournament(self) -> dict[str, Any]:
        return self.call("get", f"{self.url}/", 200)

    def rounds(self) -> list[dict[str, Any]]:
        return self.call("get", f"{self.url}/rounds/", 200)

    def round(self, number: int) -> dict[str, Any]:
        return self.call("get", f"{self.url}/rounds/{number}/", 200)

    def result(self, number: int, pairing: dict[str, Any]) -> None:
        first, second = pairing["entries"]
        winner = first if pairing["slot"] % 2 else second
        self.call(
            "post",
            f"{self.url}/rounds/{number}/pairings/{pairing['slot']}/result/",
            200,
            json={"winner": winner, "points": [300, 120] if winner == first else [120, 300]},
        )

    def table_result(self, pairing: dict[str, Any]) -> None:
        """The table's phone records the hand that ends its match."""
        self.call("post", f"/api/matches/{pairing['match']}/hands/", 201, json=WINNING_HAND)

    def play_all_but_last(self, number: int) -> dict[str, Any]:
        """Every result of the round but one (that one is returned, still to play)."""
        pairings = [p for p in self.round(number)["pairings"] if not p["bye"]]
        assert pairings
        for pairing in pairings[:-1]:
            self.result(number, pairing)
        return pairings[-1]

    def wait_for_round(self, number: int, logs: Any) -> dict[str, Any]:
        rounds = wait_for(
            lambda: (lambda r: r if len(r) >= number else None)(self.rounds()),
            WAIT,
            f"round {number} to be drawn",
            logs,
        )
        return rounds[number - 1]

    def wait_until_finished(self, logs: Any) -> dict[str, Any]:
        return wait_for(
            lambda: (lambda t: t if t["status"] == "finished" else None)(self.tournament()),
            WAIT,
            "the tournament to finish",
            logs,
        )


@pytest.fixture
def client(live_server: Any) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        yield http


def met(rounds: list[dict[str, Any]]) -> list[frozenset[int]]:
    return [frozenset(p["entries"]) for r in rounds for p in r["pairings"] if not p["bye"]]


def check_drawn_once(tournament_id: str, rounds: int, tables: int = 4) -> None:
    """In the database: each round once, with its pairings and one match per table."""
    tournament = Tournament.objects.get(pk=tournament_id)
    numbers = list(
        Round.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", flat=True)
    )
    assert numbers == list(range(1, rounds + 1))
    for number in numbers:
        assert (
            Pairing.objects.filter(round__tournament=tournament, round__number=number).count()
            == tables
        )
    assert Match.objects.filter(tournament=tournament.view_id).count() == rounds * tables
    assert (
        Pairing.objects.filter(tournament=tournament).values("match").distinct().count()
        == rounds * tables
    )


def play_swiss(director: Director, logs: Any) -> None:
    """Three rounds of eight entries; round 1's last result comes from a table's hand, the
    others from the director. Each next round must appear by itself."""
    director.start()
    for number in (1, 2, 3):
        last = director.play_all_but_last(number)
        assert len(director.rounds()) == number  # nothing moves before the last result
        if number == 1:
            director.table_result(last)
        else:
            director.result(number, last)
        if number < 3:
            drawn = director.wait_for_round(number + 1, logs)
            assert drawn["status"] == "playing" and len(drawn["pairings"]) == 4
    finished = director.wait_until_finished(logs)
    rounds = director.rounds()
    assert [r["number"] for r in rounds] == [1, 2, 3]
    assert all(r["status"] == "complete" for r in rounds)
    assert len(set(met(rounds))) == 12, "no two entries met twice"
    assert finished["champion"] == finished["standings"][0]["entry"]
    assert [row["played"] for row in finished["standings"]] == [3] * 8
    check_drawn_once(director.id, 3)


@pytest.mark.worker
def test_a_swiss_tournament_advances_through_the_worker(
    client: httpx.Client, live_worker: LiveWorker
) -> None:
    from scorekeeper.celery import app

    assert not app.conf.task_always_eager, "the tasks must go through the broker"
    play_swiss(Director(client), live_worker.logs)
    advances = live_worker.log(lines=10_000).count("tournaments.round_advance[")
    assert advances >= 3, live_worker.logs()


def test_a_swiss_tournament_advances_in_process(client: httpx.Client) -> None:
    """The same tournament with the tasks in process (tests/worker.py: unmarked tests)."""
    from scorekeeper.celery import app

    assert app.conf.task_always_eager
    play_swiss(Director(client), lambda: "")


def own_connection(autocommit: bool = False) -> Any:
    """A connection of the test's own, beside Django's (to hold a lock, or to watch)."""
    import psycopg

    return psycopg.connect(
        database_url(connection.settings_dict).split("?")[0], autocommit=autocommit
    )


def worker_backends(monitor: Any, condition: str) -> int:
    """The worker's connections in that state (autocommit: pg_stat_activity is read afresh
    each time, not once per transaction)."""
    return monitor.execute(
        f"SELECT count(*) FROM pg_stat_activity WHERE application_name = %s AND {condition}",
        [APPLICATION_NAME],
    ).fetchone()[0]


def kill_while_it_waits(
    worker: LiveWorker,
    table: str,
    write: Callable[[], Any],
    what: str,
    freeze: Callable[[LiveWorker, Any], None] = lambda worker, monitor: worker.pause(),
) -> None:
    """A crash in the middle of a task, made deterministic: the worker frozen (``freeze``),
    ``write`` queues the task, ``table`` locked by this test, the worker let go and killed
    (SIGKILL) once its task waits for that lock inside its transaction; then its
    transactions are seen ended."""
    with own_connection() as locker, own_connection(autocommit=True) as monitor:
        freeze(worker, monitor)
        try:
            write()
            locker.execute(f"LOCK TABLE {table} IN SHARE MODE")
            worker.resume()
            wait_for(
                lambda: worker_backends(monitor, "wait_event_type = 'Lock'"),
                WAIT,
                what,
                worker.logs,
            )
            worker.kill()
        finally:
            worker.resume()  # never leave a frozen worker behind (no-op once killed)
            locker.rollback()
        wait_for(
            lambda: worker_backends(monitor, "state <> 'idle'") == 0,
            30,
            "the killed worker's transactions to end",
            worker.logs,
        )


@pytest.mark.worker
def test_a_worker_killed_in_the_middle_of_an_advance(
    client: httpx.Client, live_worker: LiveWorker
) -> None:
    from tournaments.tasks import round_advance

    director = Director(client)
    director.start()
    last = director.play_all_but_last(1)
    kill_while_it_waits(
        live_worker,
        "tournaments_pairing",
        lambda: director.result(1, last),  # queued after the commit; the frozen worker waits
        "the worker's advance to wait for the pairings table",
    )
    # The killed advance left nothing: round 1 still playing, no round 2, no stray match.
    assert [r["number"] for r in director.rounds()] == [1]
    assert Round.objects.get(tournament_id=director.id, number=1).status == "playing"
    assert Match.objects.filter(tournament=director.data["view_id"]).count() == 4

    assert live_worker.start(), live_worker.logs()  # worker and beat: its tick redoes it
    drawn = director.wait_for_round(2, live_worker.logs)
    assert drawn["status"] == "playing"
    assert director.round(1)["status"] == "complete"
    check_drawn_once(director.id, 2)
    pairings = director.round(2)["pairings"]

    # The lost message comes back one day (Redis redelivers it after its visibility
    # timeout), maybe twice and side by side: nothing more happens.
    round_1 = Round.objects.get(tournament_id=director.id, number=1).pk
    late = [round_advance.delay(round_1) for _ in range(2)]
    assert [result.get(timeout=WAIT) for result in late] == [None, None]
    assert director.round(2)["pairings"] == pairings
    check_drawn_once(director.id, 2)

    for number in (2, 3):
        director.result(number, director.play_all_but_last(number))
        if number < 3:
            director.wait_for_round(number + 1, live_worker.logs)
    assert director.wait_until_finished(live_worker.logs)["champion"] is not None
    check_drawn_once(director.id, 3)


@pytest.mark.worker
def test_beat_calls_time_on_a_round_past_its_end(
    client: httpx.Client, live_worker: LiveWorker
) -> None:
    director = Director(client, round_minutes=50, options={"target": 1000})
    director.start()
    playing = director.round(1)
    assert playing["time_called"] is False and playing["ends_at"] is not None
    Round.objects.filter(tournament_id=director.id, number=1).update(
        ends_at=timezone.now() - timedelta(seconds=1)
    )
    called = wait_for(
        lambda: (lambda r: r if r["time_called"] else None)(director.round(1)),
        WAIT,
        "beat to call time on round 1",
        live_worker.logs,
    )
    for pairing in called["pairings"]:
        match = director.call("get", f"/api/matches/{pairing['match']}/", 200)
        assert match["time_called"] is True
    # Time called, at_time finish_hand: the hand in play ends the match, target or not.
    pairing = called["pairings"][0]
    director.table_result(pairing)
    match = director.call("get", f"/api/matches/{pairing['match']}/", 200)
    assert match["status"] == "finished"
    assert director.round(1)["pairings"][0]["status"] == "finished"
