"""The tournaments' benchmark (``bench/tournaments.py``): results. A director's result
and a table's last hand over HTTP at several sizes, taken in turn; the 2,048 results of a
10,240-team knockout's first round posted at once (the sum of their server times, and
results a second on two web workers); a director's result against a one-row insert."""

from __future__ import annotations

import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from bench.timing import server_ms
from bench.tournament_kit import CLIENTS, RESULTS, RNG, create, round_pairings


def post_result(
    client: httpx.Client, tournament_id: Any, number: int, pairing: Any
) -> tuple[float, float, float, float]:
    """One director's result over HTTP: its round trip, its server time, the web process's
    CPU time for it and its SQL statements' time, in seconds."""
    first, second = pairing.entries
    winner = RNG.choice([first, second])
    points = [250, 110] if winner == first else [110, 250]
    url = f"/api/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing.slot}/result/"
    start = time.perf_counter()
    response = client.post(url, json={"winner": winner, "points": points})
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, response.text
    server, cpu, db = (server_ms(response.headers, name) / 1000 for name in ("app", "cpu", "db"))
    return elapsed, server, cpu, db


# A Tarneeb hand that ends a one-hand match (team 0 bids 7 and takes 8 tricks).
LAST_HAND = {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 8}


def post_hand(
    client: httpx.Client, tournament_id: Any, number: int, pairing: Any
) -> tuple[float, float, float, float]:
    """A table's last hand over HTTP (``POST /api/matches/{key}/hands/``, the match ends
    and its pairing gets its result): as ``post_result``."""
    start = time.perf_counter()
    response = client.post(f"/api/matches/{pairing.match_id}/hands/", json=LAST_HAND)
    elapsed = time.perf_counter() - start
    assert response.status_code == 201, response.text
    server, cpu, db = (server_ms(response.headers, name) / 1000 for name in ("app", "cpu", "db"))
    return elapsed, server, cpu, db


# (figure, entries, how a result is posted, the tournament's fields)
RESULT_KINDS = [
    ("result_64_ms", 64, post_result, {}),
    ("result_1024_ms", 1_024, post_result, {}),
    ("result_4096_ms", 4_096, post_result, {}),
    ("last_hand_64_ms", 64, post_hand, {"variant": "tarneeb", "hands_per_match": 1}),
    ("last_hand_4096_ms", 4_096, post_hand, {"variant": "tarneeb", "hands_per_match": 1}),
]


def results(base: str) -> dict[str, float]:
    """The director's result at 64, 1,024 and 4,096 entries and a table's last hand at 64
    and 4,096 (ms): the tournaments set up first, then their results posted in turn (one
    of each kind, again and again), so that every kind meets the same load of the
    machine."""
    from tournaments.services import tournament_start

    queues: dict[str, list[tuple[Any, Any]]] = {}
    for name, count, _post, fields in RESULT_KINDS:
        queues[name] = []
        while len(queues[name]) < RESULTS:  # 31 results in a 64-entry round: several
            tournament = create(count, [{"format": "swiss", "rounds": 3}], **fields)
            tournament_start(tournament_id=tournament.pk)
            pairings = round_pairings(tournament.pk, 1)[:-1]  # the last would advance
            queues[name] += [(tournament.pk, pairing) for pairing in pairings]
        del queues[name][RESULTS:]
    timed: dict[str, list[tuple[float, ...]]] = {name: [] for name in queues}
    with httpx.Client(base_url=base, timeout=120) as client:
        for index in range(RESULTS):
            for name, _count, post, _fields in RESULT_KINDS:
                tournament_id, pairing = queues[name][index]
                timed[name].append(post(client, tournament_id, 1, pairing))
    figures: dict[str, float] = {}
    for name in queues:
        trips, server, cpu, db = (
            statistics.median(t[i] for t in timed[name][2:]) * 1000 for i in range(4)
        )
        figures[name] = trips
        print(
            f"  {name}: {trips:.1f} (server {server:.1f} ms: CPU {cpu:.1f} ms, SQL "
            f"{db:.1f} ms; {len(timed[name])} results)",
            flush=True,
        )
    return figures


# tournaments.md, Speed: results a second measured with 8 clients posting at once.
PARALLEL_CLIENTS = 8


def knockout_results_rate(base: str) -> float:
    """The 2,048 results of round 1 of a 10,240-team knockout by ``PARALLEL_CLIENTS``
    clients at once: results a second over the burst's wall time."""
    return knockout_burst(base, clients=PARALLEL_CLIENTS)[1]


def result_vs_insert() -> float:
    """A director's result over a one-row insert, each the median of ``RESULTS`` taken in
    turn (one of each, again and again) in this process."""
    from tournaments.models import ResultChange
    from tournaments.services import enqueue, pairing_result_set, tournament_start

    tournament = create(1_024, [{"format": "swiss", "rounds": 3}])
    tournament_start(tournament_id=tournament.pk)
    pairings = round_pairings(tournament.pk, 1)[:-1][:RESULTS]  # the last would advance
    results_s, inserts_s = [], []
    with enqueue.deferring():  # the refresh once, at the end (a worker's, not timed)
        for pairing in pairings:
            start = time.perf_counter()
            ResultChange.objects.create(tournament_id=tournament.pk, by="bench", action="bench")
            inserts_s.append(time.perf_counter() - start)
            start = time.perf_counter()
            pairing_result_set(
                tournament_id=tournament.pk,
                round_number=1,
                slot=pairing.slot,
                winner=pairing.entries[0],
                points=[250, 110],
            )
            results_s.append(time.perf_counter() - start)
    result, insert = statistics.median(results_s[2:]), statistics.median(inserts_s[2:])
    print(
        f"  director's result {result * 1000:.2f} ms, one-row insert {insert * 1000:.2f} ms "
        f"({len(results_s)} of each)",
        flush=True,
    )
    return result / insert


def knockout_results(base: str) -> float:
    """The 2,048 results of round 1 of a 10,240-team knockout by ``CLIENTS`` clients at
    once to one server process (each request's server time is its own, never another's
    lock wait; the clients' share is hidden): the sum of their server times (s)."""
    return knockout_burst(base)[0]


def knockout_burst(base: str, clients: int = CLIENTS) -> tuple[float, float]:
    """The 2,048 results of round 1 of a 10,240-team knockout by ``CLIENTS`` clients at
    once: the sum of their server times (s) and the results a second of the burst."""
    from tournaments.services import tournament_start

    tournament = create(10_240, [{"format": "single_elimination"}])
    tournament_start(tournament_id=tournament.pk)
    pairings = round_pairings(tournament.pk, 1)
    assert len(pairings) == 2_048, len(pairings)
    shares = [pairings[index::clients] for index in range(clients)]

    def post_all(share: list[Any]) -> list[tuple[float, ...]]:
        with httpx.Client(base_url=base, timeout=120) as client:
            return [post_result(client, tournament.pk, 1, pairing) for pairing in share]

    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        timed = [t for share in pool.map(post_all, shares) for t in share]
    wall = time.perf_counter() - start
    trips, server, cpu, db = (sum(t[i] for t in timed) for i in range(4))
    median = statistics.median(t[1] for t in timed) * 1000
    print(
        f"  knockout results: {len(timed)} by {clients} clients in {wall:.1f} s; server time "
        f"{server:.1f} s in all (median {median:.1f} ms; CPU {cpu:.1f} s, SQL {db:.1f} s), "
        f"round trips {trips:.1f} s in all",
        flush=True,
    )
    return server, len(timed) / wall


FRESH_RESULTS = 20  # results timed from their post to the public standings showing them


def public_fresh(base: str) -> dict[str, float]:
    """A director's result in a Swiss of 4,096 and of 256 entries → the public link's
    standings show it (its winner's row has played one match), polled every 50 ms as a
    phone's page would be, a real worker refreshing the standings: the median seconds of
    ``FRESH_RESULTS`` results at each size."""
    return {
        "public_fresh_4096_s": _fresh(base, 4_096),
        "public_fresh_256_s": _fresh(base, 256),
    }


def _fresh(base: str, count: int) -> float:
    from tournaments.services import tournament_start

    tournament = create(count, [{"format": "swiss", "rounds": 3}])
    tournament_start(tournament_id=tournament.pk)
    pairings = RNG.sample(round_pairings(tournament.pk, 1)[:-1], FRESH_RESULTS)
    delays = []
    with httpx.Client(base_url=base, timeout=60) as client:
        for pairing in pairings:
            url = f"/api/tournaments/{tournament.view_id}/standings/?entry={pairing.entries[0]}"
            start = time.perf_counter()
            post_result(client, tournament.pk, 1, pairing)
            while not _played(client.get(url).json(), pairing.entries[0]):
                assert time.perf_counter() - start < 120, "the standings never showed it"
                time.sleep(0.05)
            delays.append(time.perf_counter() - start)
    print(
        f"  public fresh, {count} entries: {FRESH_RESULTS} results, "
        f"{min(delays):.2f} to {max(delays):.2f} s",
        flush=True,
    )
    return statistics.median(delays)


def _played(rows: list[dict[str, Any]], entry: int) -> bool:
    return any(row["entry"] == entry and row["played"] == 1 for row in rows)
