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
- ``knockout_10240_round1_results_per_s``: the same burst posted by 8 clients to two
  gunicorn workers (results lock their pairing and round, never the tournament's row, so
  they do not queue behind each other): results a second over the burst's wall time (goal:
  100 or more).
- ``result_vs_insert_ratio``: a director's result through the service (in this process, the
  standings' refresh deferred to the end as a worker would take it) against a one-row
  insert (an audit row, autocommit), the medians of ``BENCH_RESULTS`` of each taken in
  turn in the same run (goal: at most 2.5).
- ``public_fresh_4096_s``, ``public_fresh_256_s``: a director's result in a Swiss of that
  many entries posted over HTTP → the public link's standings showing it, polled every
  50 ms, a real worker refreshing the standings: the median of 20 results (goals: under
  5 s and under 1 s).

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
        [results] [knockout_results] [next_round_tied] [answers] [parallel] [ratio]
        [public_fresh]
"""

from __future__ import annotations

import subprocess
import sys

from bench.figures import record
from bench.record_hand import ROOT, ensure_database
from bench.tournament_draws import (
    advance,
    answers,
    bulk_entries,
    knockout,
    next_round_tied,
    standings,
)
from bench.tournament_kit import (
    ANSWERS_SCALE,
    BROKER,
    DATABASE,
    server_env,
    setup_django,
    with_server,
    with_worker,
)
from bench.tournament_results import (
    knockout_results,
    knockout_results_rate,
    public_fresh,
    result_vs_insert,
    results,
)

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
    "public_fresh_4096_s": 5.0,
    "public_fresh_256_s": 1.0,
    "start_10240_answer_kb": 200.0,
    "public_first_load_1024_kb": 200.0,
    "result_vs_insert_ratio": 2.5,
}
AT_LEAST = {"knockout_10240_round1_results_per_s": 100.0}


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
    if "parallel" in names:  # two web workers, as on two cores
        env = server_env(CELERY_BROKER_URL=BROKER)
        figures["knockout_10240_round1_results_per_s"] = with_worker(
            lambda: with_server(env, knockout_results_rate, workers=2)
        )
    if "ratio" in names:
        figures["result_vs_insert_ratio"] = result_vs_insert()
    if "public_fresh" in names:
        env = server_env(CELERY_BROKER_URL=BROKER)
        figures.update(with_worker(lambda: with_server(env, public_fresh)))
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
        "parallel",
        "ratio",
        "public_fresh",
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
        if name.endswith(("_ratio", "_per_s")):
            unit = ""
        if name in AT_LEAST:
            verdict = "ok" if value >= AT_LEAST[name] else "MISSED"
            print(f"  {name:32} {value:9.4f}  (goal: at least {AT_LEAST[name]}: {verdict})")
            continue
        verdict = "ok" if value < GOALS[name] else "MISSED"
        print(f"  {name:32} {value:9.4f} {unit}  (goal: under {GOALS[name]} {unit}: {verdict})")
    for kind in ("result", "last_hand"):
        if {f"{kind}_64_ms", f"{kind}_4096_ms"} <= figures.keys():
            ratio = figures[f"{kind}_4096_ms"] / figures[f"{kind}_64_ms"]
            print(f"  {kind} 4,096 / 64: {ratio:.2f} (goal: at most 1.5)")
    record(figures)


if __name__ == "__main__":
    main()
