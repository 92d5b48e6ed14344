"""Benchmark: recording a hand over HTTP against PostgreSQL, against a baseline.

Starts gunicorn (one sync worker, DEBUG off) on a free loopback port with the site's
settings plus a baseline view (one DRF view that inserts one row), then alternates
requests: a hand recorded in a long Tarneeb match, sent as phones send it (with an
``Idempotency-Key`` of its own), and the baseline's insert. Prints the median and p95 of
each and the ratio of the medians; the goal is a ratio of 1.3 or less. Then corrects hand 1
of a 60-hand match (every later hand re-scored), alternating two payloads; goal: a median
of 30 ms or less.

    make bench            # DATABASE_URL defaults to a local PostgreSQL database
    BENCH_REQUESTS=1000 make bench

The medians also go to ``bench/results.json`` (seconds): ``record_hand_median_s``,
``baseline_median_s``, their ratio ``record_hand_ratio``, and ``correct_hand_1_of_60_ms``.
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx
import psycopg

from bench.figures import record

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "postgresql://postgres@127.0.0.1:5432/scorekeeper_bench"
REQUESTS = int(os.environ.get("BENCH_REQUESTS", "500"))
WARMUP = 50
CORRECTIONS = 60
LONG_MATCH = 60
PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
HANDS = [
    {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8},
    {"declarer": 0, "bid": 9, "trump": "spades", "tricks": 7},
    {"thrown_in": True},
]


def ensure_database(url: str) -> None:
    name = url.rsplit("/", 1)[1].split("?")[0]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS bench_baseline "
            "(id bigserial PRIMARY KEY, body text NOT NULL)"
        )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(env: dict[str, str], port: int, workers: int = 1) -> subprocess.Popen[bytes]:
    """gunicorn with ``workers`` sync workers on ``port``, once it answers."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "scorekeeper.wsgi",
            "--workers",
            str(workers),
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/variants/tarneeb/", timeout=2)
            return server
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start")


def timed(
    client: httpx.Client,
    url: str,
    body: dict,
    expect: int,
    method: str = "POST",
    headers: dict[str, str] | None = None,
) -> float:
    start = time.perf_counter()
    response = client.request(method, url, json=body, headers=headers)
    elapsed = time.perf_counter() - start
    if response.status_code != expect:
        raise SystemExit(f"{url} answered {response.status_code}: {response.text[:300]}")
    return elapsed * 1000


def measure(base: str) -> dict[str, list[float]]:
    with httpx.Client(base_url=base, timeout=30) as client:
        hands_url = f"/api/matches/{new_match(client)}/hands/"
        times: dict[str, list[float]] = {"hand": [], "baseline": [], "correct": []}
        for index in range(WARMUP + REQUESTS):
            key = {"Idempotency-Key": str(uuid.uuid4())}  # a phone's: one per hand
            hand = timed(client, hands_url, HANDS[index % len(HANDS)], 201, headers=key)
            baseline = timed(client, "/bench/baseline/", HANDS[index % len(HANDS)], 201)
            if index >= WARMUP:
                times["hand"].append(hand)
                times["baseline"].append(baseline)
        times["correct"] = corrections(client)
    return times


def new_match(client: httpx.Client) -> str:
    match = client.post(
        "/api/matches/",
        json={"variant": "tarneeb", "players": PLAYERS, "options": {"target": 100_000}},
    ).json()
    return match["id"]


def corrections(client: httpx.Client) -> list[float]:
    """Hand 1 of a 60-hand match corrected, two payloads in turn: each correction changes
    the score of every later hand."""
    match_id = new_match(client)
    for index in range(LONG_MATCH):
        client.post(f"/api/matches/{match_id}/hands/", json=HANDS[index % 2]).raise_for_status()
    url = f"/api/matches/{match_id}/hands/1/"
    times = [
        timed(client, url, HANDS[(index + 1) % 2], 200, method="PUT")
        for index in range(WARMUP // 5 + CORRECTIONS)
    ]
    return times[WARMUP // 5 :]


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def main() -> None:
    url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    ensure_database(url)
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "bench.settings"}
    env.pop("CELERY_BROKER_URL", None)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    port = free_port()
    server = start_server(env, port)
    try:
        times = measure(f"http://127.0.0.1:{port}")
    finally:
        server.terminate()
        server.wait(timeout=10)
    report(times, url)


def report(times: dict[str, list[float]], url: str) -> None:
    hand, base = times["hand"], times["baseline"]
    result = {
        "requests": len(hand),
        "correct_hand_1_of_60_ms": round(statistics.median(times["correct"]), 2),
        "hand_median_ms": round(statistics.median(hand), 2),
        "hand_p95_ms": round(p95(hand), 2),
        "baseline_median_ms": round(statistics.median(base), 2),
        "baseline_p95_ms": round(p95(base), 2),
    }
    result["ratio_median"] = round(result["hand_median_ms"] / result["baseline_median_ms"], 2)
    result["ratio_p95"] = round(result["hand_p95_ms"] / result["baseline_p95_ms"], 2)
    print(
        f"Recording a hand over HTTP, PostgreSQL ({url.split('@')[-1]}), {len(hand)} requests each"
    )
    print(
        f"  record a hand : median {result['hand_median_ms']:.2f} ms, "
        f"p95 {result['hand_p95_ms']:.2f} ms"
    )
    print(
        f"  baseline      : median {result['baseline_median_ms']:.2f} ms, "
        f"p95 {result['baseline_p95_ms']:.2f} ms"
    )
    print(
        f"  ratio         : median {result['ratio_median']:.2f}, p95 {result['ratio_p95']:.2f}"
        f"  (goal: 1.3 or less, with an Idempotency-Key)"
    )
    print(
        f"  correct hand 1 of 60: median {result['correct_hand_1_of_60_ms']:.2f} ms"
        f"  (goal: 30 ms or less)"
    )
    out = ROOT / "bench" / "results"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(json.dumps(result, indent=2))
    record(
        {
            "record_hand_median_s": round(result["hand_median_ms"] / 1000, 5),
            "baseline_median_s": round(result["baseline_median_ms"] / 1000, 5),
            "record_hand_ratio": result["ratio_median"],
            "correct_hand_1_of_60_ms": result["correct_hand_1_of_60_ms"],
        }
    )


if __name__ == "__main__":
    main()
