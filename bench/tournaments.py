"""Benchmark: tournaments on PostgreSQL, through the services, over HTTP, with a real worker.

- ``knockout_10240_draw_s``: ``tournament_start`` of a 10,240-team single elimination: round
  1 drawn, its pairings and matches created (goal: under 5 s). By the contract's bracket
  that is 8,192 pairings of which 6,144 are byes for the top seeds: 2,048 matches.
- ``standings_256x9_s``: ``GET /api/tournaments/{id}/standings/`` of 256 entries after 9
  Swiss rounds, the median of ``BENCH_REQUESTS`` requests to gunicorn (goal: under 0.05 s).
- ``advance_256_tables_s``: the last result of a 256-table Swiss round posted over HTTP →
  the next round answered by ``GET …/rounds/{n}/``, drawn by a real Celery worker
  (``.ci/worker.sh``); the median of three rounds (goal: under 2 s).
- ``result_64_ms``, ``result_1024_ms``, ``result_4096_ms``: a director's result posted over
  HTTP (``POST …/pairings/{slot}/result/``, the round trip to gunicorn), the median of up to
  ``BENCH_RESULTS`` results of round 1 of a Swiss of that many entries, a real worker
  taking the standings' refreshes beside (goal: under 30 ms, and 4,096 within 1.5× of 64).
  ``last_hand_64_ms``, ``last_hand_4096_ms``: a table's last hand (``POST
  /api/matches/{key}/hands/`` ending a one-hand Tarneeb match, the listener storing its
  pairing's result), the same way. The kinds' results are posted in turn, so that each
  meets the same load; the server's own time (``Server-Timing``, ``bench/timing.py``) is
  printed beside.
- ``swiss_10240_next_round_tied_s``: round 9 of a 10,240-entry Swiss where every win was
  300 to 0 (directors typing a winner and a fixed score: entries of one record level on
  points): its last result posted over HTTP → round 10 answered by ``GET …/rounds/10/``,
  drawn by a real Celery worker (goal: under 3 s). Rounds 1 to 8 and all of round 9 but
  one table are finished in the database at once (one ``UPDATE`` per side; through the
  services 45,000 results would take many minutes to set up), each round drawn by the
  director's ``round_draw``.
- ``knockout_10240_round1_results_s``: the 2,048 results of round 1 of a 10,240-team
  knockout posted over HTTP by ``BENCH_CLIENTS`` clients at once to the one gunicorn
  worker (the clients' time overlaps the server's; no request waits on another's lock), a
  real worker beside: the sum of the server times of the 2,048 answers (``Server-Timing``,
  ``bench/timing.py``; goal: under 60 s). The wall time of the burst, the web process's CPU
  time and the sum of the round trips are printed beside.

- ``start_10240_answer_kb``: the answer of ``POST …/start/`` for a 10,240-team knockout,
  in KB as sent, gzip-compressed (goal: under 200 KB; tournaments.md, Speed: answers a
  phone can carry). ``public_first_load_1024_kb``: the public page (``/p/{view_id}/``) of
  a 1,024-entry Swiss in round 1, as a phone first loads it, compressed (goal: under 200
  KB). ``BENCH_ANSWERS_SCALE`` (e.g. ``0.05``) tries them on smaller events: printed, not
  recorded.

The tournaments are set up in this process through the services (tasks in process); the
server is gunicorn (one sync worker, DEBUG off) as in ``record_hand.py``. Figures are
printed and merged into ``bench/results.json``. Run it as a module (``make bench``):

    DATABASE_URL=postgresql://…/scorekeeper_bench CELERY_BROKER_URL=redis://…/0 \\
        .venv/bin/python -m bench.tournaments [knockout] [standings] [advance] [bulk] \\
        [results] [knockout_results] [next_round_tied] [answers]
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from bench.figures import record
from bench.record_hand import DEFAULT_DB, ROOT, ensure_database, free_port, start_server
from bench.timing import server_ms

DATABASE = os.environ.get("DATABASE_URL") or DEFAULT_DB
BROKER = os.environ.get("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/0"
REQUESTS = int(os.environ.get("BENCH_REQUESTS", "200"))
RESULTS = int(os.environ.get("BENCH_RESULTS", "200"))
CLIENTS = int(os.environ.get("BENCH_CLIENTS", "2"))
ANSWERS_SCALE = float(os.environ.get("BENCH_ANSWERS_SCALE", "1"))
GOALS = {
    "knockout_10240_draw_s": 5.0,
    "standings_256x9_s": 0.05,
    "advance_256_tables_s": 2.0,
    "result_64_ms": 30.0,
    "result_1024_ms": 30.0,
    "result_4096_ms": 30.0,
    "last_hand_64_ms": 30.0,
    "last_hand_4096_ms": 30.0,
    "knockout_10240_round1_results_s": 60.0,
    "entries_10240_bulk_s": 2.0,
    "swiss_10240_next_round_tied_s": 3.0,
    "start_10240_answer_kb": 200.0,
    "public_first_load_1024_kb": 200.0,
}
RNG = random.Random(20261122)


def setup_django() -> None:
    """This process sets tournaments up through the services, tasks in process."""
    os.environ.update({"DATABASE_URL": DATABASE, "DJANGO_SETTINGS_MODULE": "bench.settings"})
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()


def server_env(**extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        "DATABASE_URL": DATABASE,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        **extra,
    }
    env.pop("CELERY_BROKER_URL", None)
    env.update(extra)
    return env


def entries(count: int) -> list[dict[str, Any]]:
    return [{"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(1, count + 1)]


def create(count: int, stages: list[dict[str, Any]], **fields: Any) -> Any:
    from tournaments import validation
    from tournaments.services import tournament_create

    fields.setdefault("variant", "belote")
    return tournament_create(
        validation.tournament_spec(
            dict(
                name=f"Bench {count}",
                stages=stages,
                entries=entries(count),
                break_minutes=0,
                **fields,
            )
        )
    )


def play(tournament_id: Any, number: int, *, leave: int = 0) -> list[Any]:
    """Director's results for every pairing of round ``number`` but the last ``leave``;
    answers the pairings left."""
    from tournaments.models import Pairing
    from tournaments.services import pairing_result_set

    pairings = list(
        Pairing.objects.filter(
            tournament_id=tournament_id, round__number=number, match__isnull=False
        ).order_by("slot")
    )
    for pairing in pairings[: len(pairings) - leave]:
        first, second = pairing.entries
        points = sorted([RNG.randrange(80, 400), RNG.randrange(0, 80)], reverse=True)
        winner = RNG.choice([first, second])
        pairing_result_set(
            tournament_id=tournament_id,
            round_number=number,
            slot=pairing.slot,
            winner=winner,
            points=points if winner == first else points[::-1],
        )
    return pairings[len(pairings) - leave :]


def knockout() -> float:
    from tournaments.services import tournament_start

    tournament = create(10_240, [{"format": "single_elimination"}])
    start = time.perf_counter()
    tournament_start(tournament_id=tournament.pk)
    elapsed = time.perf_counter() - start
    from scorekeeper.models import Match
    from tournaments.models import Pairing

    # 16,384 slots: 6,144 byes for the top seeds, and 2,048 matches (the contract's bracket;
    # 5,120 matches would be a bracket with no byes).
    matches = Match.objects.filter(tournament=tournament.view_id, round=1).count()
    pairings = Pairing.objects.filter(tournament=tournament, round__number=1).count()
    assert (matches, pairings) == (2_048, 8_192), (matches, pairings)
    print(f"  knockout round 1: {pairings} pairings, {matches} matches")
    return elapsed


def standings(base: str) -> float:
    from tournaments.services import tournament_start

    tournament = create(256, [{"format": "swiss", "rounds": 10}])
    tournament_start(tournament_id=tournament.pk)
    for number in range(1, 10):
        play(tournament.pk, number)
    url = f"/api/tournaments/{tournament.pk}/standings/"
    times = []
    with httpx.Client(base_url=base, timeout=30) as client:
        for index in range(10 + REQUESTS):
            start = time.perf_counter()
            response = client.get(url)
            elapsed = time.perf_counter() - start
            assert response.status_code == 200 and len(response.json()) == 256, response.text
            if index >= 10:
                times.append(elapsed)
    return statistics.median(times)


def advance(base: str) -> float:
    from tournaments.services import tournament_start

    tournament = create(512, [{"format": "swiss", "rounds": 4}])
    tournament_start(tournament_id=tournament.pk)
    times = []
    with httpx.Client(base_url=base, timeout=30) as client:
        for number in (1, 2, 3):
            (last,) = play(tournament.pk, number, leave=1)
            times.append(last_result_to_next_round(client, tournament.pk, number, last))
    print(f"  advances: {', '.join(f'{t:.3f} s' for t in times)}")
    return statistics.median(times)


def last_result_to_next_round(
    client: httpx.Client,
    tournament_id: Any,
    number: int,
    pairing: Any,
    points: tuple[int, int] = (250, 110),
) -> float:
    url = f"/api/tournaments/{tournament_id}/rounds"
    start = time.perf_counter()
    response = client.post(
        f"{url}/{number}/pairings/{pairing.slot}/result/",
        json={"winner": pairing.entries[0], "points": list(points)},
    )
    assert response.status_code == 200, response.text
    deadline = start + 60
    while time.perf_counter() < deadline:
        if client.get(f"{url}/{number + 1}/").status_code == 200:
            return time.perf_counter() - start
        time.sleep(0.005)
    raise SystemExit(f"round {number + 1} was not drawn within 60 s")


def finish_tied(tournament_id: Any, number: int, *, leave: int = 0) -> list[Any]:
    """Every match of round ``number`` but the last ``leave`` finished in the database at
    once, each won 300 to 0 by one side or the other at random, as a director's result is
    stored (``source`` director); answers the pairings left."""
    from django.db import connection

    from tournaments.models import Pairing

    pairings = round_pairings(tournament_id, number)
    done = [p.pk for p in pairings[: len(pairings) - leave]]
    first = [pk for pk in done if RNG.random() < 0.5]
    chosen = set(first)
    second = [pk for pk in done if pk not in chosen]
    table = Pairing._meta.db_table
    with connection.cursor() as cursor:
        for ids, side, points in ((first, 0, "[300, 0]"), (second, 1, "[0, 300]")):
            cursor.execute(
                f"UPDATE {table} SET status = %s, result = 'win', source = %s,"
                f" winner = (entries->>{side})::int, points = %s::jsonb,"
                " games_won = '[0, 0]'::jsonb WHERE id = ANY(%s)",
                [Pairing.Status.FINISHED, Pairing.Source.DIRECTOR, points, ids],
            )
    return pairings[len(pairings) - leave :]


def next_round_tied() -> float:
    """Round 9 of a 10,240-entry Swiss, every win 300 to 0: its last result → round 10."""
    from tournaments.services import round_draw, tournament_start

    tournament = create(10_240, [{"format": "swiss", "rounds": 10}])
    started = time.perf_counter()
    tournament_start(tournament_id=tournament.pk)
    for number in range(1, 9):
        finish_tied(tournament.pk, number)
        round_draw(tournament_id=tournament.pk)
    (last,) = finish_tied(tournament.pk, 9, leave=1)
    print(f"  10,240 tied: 9 rounds set up in {time.perf_counter() - started:.1f} s")

    def body(base: str) -> float:
        with httpx.Client(base_url=base, timeout=60) as client:
            return last_result_to_next_round(client, tournament.pk, 9, last, (300, 0))

    env = server_env(CELERY_BROKER_URL=BROKER)
    return float(with_worker(lambda: with_server(env, body)))


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


def round_pairings(tournament_id: Any, number: int) -> list[Any]:
    from tournaments.models import Pairing

    return list(
        Pairing.objects.filter(
            tournament_id=tournament_id, round__number=number, match__isnull=False
        ).order_by("slot")
    )


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


def knockout_results(base: str) -> float:
    """The 2,048 results of round 1 of a 10,240-team knockout by ``CLIENTS`` clients at
    once to one server process (each request's server time is its own, never another's
    lock wait; the clients' share is hidden): the sum of their server times (s)."""
    from tournaments.services import tournament_start

    tournament = create(10_240, [{"format": "single_elimination"}])
    tournament_start(tournament_id=tournament.pk)
    pairings = round_pairings(tournament.pk, 1)
    assert len(pairings) == 2_048, len(pairings)
    shares = [pairings[index::CLIENTS] for index in range(CLIENTS)]

    def post_all(share: list[Any]) -> list[tuple[float, ...]]:
        with httpx.Client(base_url=base, timeout=120) as client:
            return [post_result(client, tournament.pk, 1, pairing) for pairing in share]

    start = time.perf_counter()
    with ThreadPoolExecutor(CLIENTS) as pool:
        timed = [t for share in pool.map(post_all, shares) for t in share]
    wall = time.perf_counter() - start
    trips, server, cpu, db = (sum(t[i] for t in timed) for i in range(4))
    median = statistics.median(t[1] for t in timed) * 1000
    print(
        f"  knockout results: {len(timed)} by {CLIENTS} clients in {wall:.1f} s; server time "
        f"{server:.1f} s in all (median {median:.1f} ms; CPU {cpu:.1f} s, SQL {db:.1f} s), "
        f"round trips {trips:.1f} s in all",
        flush=True,
    )
    return server


def with_server(env: dict[str, str], body: Callable[[str], Any], workers: int = 1) -> Any:
    port = free_port()
    server = start_server(env, port, workers)
    try:
        return body(f"http://127.0.0.1:{port}")
    finally:
        server.terminate()
        server.wait(timeout=10)


def with_worker(body: Callable[[], Any]) -> Any:
    with tempfile.TemporaryDirectory(prefix="bench-worker-") as folder:
        env = server_env(CELERY_BROKER_URL=BROKER, WORKER_DIR=folder, PYTHON=sys.executable)
        script = str(ROOT / ".ci" / "worker.sh")
        subprocess.run([script, "start"], cwd=ROOT, env=env, check=True)
        try:
            return body()
        finally:
            subprocess.run([script, "stop"], cwd=ROOT, env=env, check=False)


def bulk_entries(base: str) -> float:
    """``POST …/entries/`` with a list of 10,240 entries, over HTTP (one request)."""
    from tournaments import validation
    from tournaments.services import tournament_create

    tournament = tournament_create(
        validation.tournament_spec(
            dict(name="Bench bulk", variant="belote", stages=[{"format": "single_elimination"}])
        )
    )
    body = [dict(entry, seed=n) for n, entry in enumerate(entries(10_240), 1)]
    with httpx.Client(base_url=base, timeout=120) as client:
        start = time.perf_counter()
        response = client.post(f"/api/tournaments/{tournament.pk}/entries/", json=body)
        elapsed = time.perf_counter() - start
    assert response.status_code == 201 and len(response.json()) == 10_240, response.text[:300]
    return elapsed


def answers(base: str) -> dict[str, float]:
    """What a phone downloads (compressed, as sent: ``num_bytes_downloaded``), in KB: the
    answer of ``start`` of a 10,240-team knockout, and the public page's first load at
    1,024 entries (round 1 of a Swiss drawn)."""
    from tournaments.services import tournament_start

    knockout_size, swiss_size = (max(8, round(n * ANSWERS_SCALE)) for n in (10_240, 1_024))
    knockout = create(knockout_size, [{"format": "single_elimination"}])
    swiss = create(swiss_size, [{"format": "swiss", "rounds": 5}])
    tournament_start(tournament_id=swiss.pk)
    gzip = {"Accept-Encoding": "gzip"}
    with httpx.Client(base_url=base, timeout=120, headers=gzip) as client:
        start = client.post(f"/api/tournaments/{knockout.pk}/start/")
        assert start.status_code == 200 and "links" in start.json(), start.text[:300]
        page = client.get(f"/p/{swiss.view_id}/")
        assert page.status_code == 200, page.text[:300]
    for name, response in (("start", start), ("public page", page)):
        print(
            f"  {name}: {response.num_bytes_downloaded / 1024:.1f} KB as sent "
            f"({response.headers.get('Content-Encoding', 'not compressed')}), "
            f"{len(response.content) / 1024:.1f} KB unpacked",
            flush=True,
        )
    return {
        "start_10240_answer_kb": start.num_bytes_downloaded / 1024,
        "public_first_load_1024_kb": page.num_bytes_downloaded / 1024,
    }


def measure(names: list[str]) -> dict[str, float]:
    figures: dict[str, float] = {}
    if "knockout" in names:
        figures["knockout_10240_draw_s"] = knockout()
    if "standings" in names:
        figures["standings_256x9_s"] = with_server(server_env(), standings)
    if "advance" in names:
        env = server_env(CELERY_BROKER_URL=BROKER)
        figures["advance_256_tables_s"] = with_worker(lambda: with_server(env, advance))
    if "bulk" in names:
        figures["entries_10240_bulk_s"] = with_server(server_env(), bulk_entries)
    if "results" in names:
        env = server_env(CELERY_BROKER_URL=BROKER)
        figures.update(with_worker(lambda: with_server(env, results)))
    if "knockout_results" in names:
        env = server_env(CELERY_BROKER_URL=BROKER)
        figures["knockout_10240_round1_results_s"] = with_worker(
            lambda: with_server(env, knockout_results)
        )
    if "next_round_tied" in names:
        figures["swiss_10240_next_round_tied_s"] = next_round_tied()
    if "answers" in names:
        measured = with_server(server_env(), answers)
        if ANSWERS_SCALE == 1:
            figures.update(measured)
        else:
            print(f"  (BENCH_ANSWERS_SCALE={ANSWERS_SCALE}: not recorded)")
    return figures


def main() -> None:
    names = sys.argv[1:] or [
        "knockout",
        "standings",
        "advance",
        "bulk",
        "results",
        "knockout_results",
        "next_round_tied",
        "answers",
    ]
    ensure_database(DATABASE)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=server_env(),
        check=True,
    )
    setup_django()
    figures = {name: round(value, 4) for name, value in measure(names).items()}
    print(f"Tournaments, PostgreSQL ({DATABASE.split('@')[-1]})")
    for name, value in figures.items():
        unit = {"ms": "ms", "kb": "KB"}.get(name.rsplit("_", 1)[1], "s")
        verdict = "ok" if value < GOALS[name] else "MISSED"
        print(f"  {name:32} {value:9.4f} {unit}  (goal: under {GOALS[name]} {unit}: {verdict})")
    for kind in ("result", "last_hand"):
        if {f"{kind}_64_ms", f"{kind}_4096_ms"} <= figures.keys():
            ratio = figures[f"{kind}_4096_ms"] / figures[f"{kind}_64_ms"]
            print(f"  {kind} 4,096 / 64: {ratio:.2f} (goal: at most 1.5)")
    record(figures)


if __name__ == "__main__":
    main()
