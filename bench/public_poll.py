"""Benchmark: the public page's poll when nothing changed (``poll_300_phones_rps``).

Starts gunicorn as bench/record_hand.py does (DEBUG off, PostgreSQL, here 2 sync workers:
the machine's cores), creates a running tournament of 40 entries, reads its live part once
for the ETag, then has 300 "phones" (threads sharing a pool of connections' worth of
clients) ask again with ``If-None-Match`` for a few seconds. Every answer must be a 304.
Prints the requests per second and writes ``poll_300_phones_rps`` into bench/results.json
(other keys kept). Goal: 1,000 or more.

    .venv/bin/python bench/public_poll.py
"""

from __future__ import annotations

import http.client
import json
import os
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.record_hand import (  # noqa: E402
    DEFAULT_DB,
    ensure_database,
    free_port,
    start_server,
)

PHONES = 300
SECONDS = float(os.environ.get("BENCH_SECONDS", "10"))
CLIENTS = int(os.environ.get("BENCH_CLIENTS", "32"))  # threads; the phones' polls queue
WORKERS = int(os.environ.get("BENCH_WORKERS", "2"))


def tournament(base: str) -> tuple[str, str]:
    import httpx

    entries = [
        {"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"], "seed": n} for n in range(1, 41)
    ]
    with httpx.Client(base_url=base, timeout=30) as client:
        created = client.post(
            "/api/tournaments/",
            json={
                "name": "Bench",
                "variant": "tarneeb",
                "round_minutes": 50,
                "entries": entries,
                "stages": [{"format": "swiss", "rounds": 5}],
            },
        ).json()
        client.post(f"/api/tournaments/{created['id']}/start/").raise_for_status()
        url = f"/p/{created['view_id']}/live/"
        first = client.get(url)
        first.raise_for_status()
        return url, first.headers["ETag"]


def hammer(
    port: int, url: str, etag: str, until: float, counts: list[int], wrong: list[int]
) -> None:
    done = bad = 0
    while time.monotonic() < until:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", url, headers={"If-None-Match": etag})
        response = connection.getresponse()
        response.read()
        connection.close()
        done += 1
        bad += response.status != 304
    counts.append(done)
    wrong.append(bad)


def main() -> None:
    db = os.environ.get("DATABASE_URL") or DEFAULT_DB
    ensure_database(db)
    env = {**os.environ, "DATABASE_URL": db, "DJANGO_SETTINGS_MODULE": "bench.settings"}
    env.pop("CELERY_BROKER_URL", None)
    import subprocess

    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    port = free_port()
    server = start_server(env, port, WORKERS)
    try:
        url, etag = tournament(f"http://127.0.0.1:{port}")
        counts: list[int] = []
        wrong: list[int] = []
        begin = time.monotonic()
        threads = [
            threading.Thread(target=hammer, args=(port, url, etag, begin + SECONDS, counts, wrong))
            for _ in range(CLIENTS)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - begin
    finally:
        server.terminate()
        server.wait(timeout=10)
    if sum(wrong):
        raise SystemExit(f"{sum(wrong)} answers were not 304")
    rps = round(sum(counts) / elapsed)
    print(
        f"Public poll, nothing changed ({PHONES} phones' worth, {CLIENTS} client threads, "
        f"{WORKERS} workers): {rps} requests/s, all 304 (goal: 1,000 or more)"
    )
    out = ROOT / "bench" / "results.json"
    data = json.loads(out.read_text()) if out.exists() else {}
    data["poll_300_phones_rps"] = rps
    out.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
