"""Benchmark: the public page's poll when nothing changed (``poll_300_phones_rps``).

Starts gunicorn as bench/record_hand.py does (DEBUG off, PostgreSQL, here 2 sync workers:
the machine's cores), creates a running tournament of 40 entries, reads its live part once
for the ETag, then has 300 "phones" (``BENCH_CLIENTS`` connections at once: the phones'
polls queue) ask again with ``If-None-Match`` for a few seconds. Every answer must be a 304.
Prints the requests per second and writes ``poll_300_phones_rps`` into bench/results.json
(other keys kept). Goal: 1,000 or more.

The load comes from ApacheBench (``ab``, Debian's apache2-utils) when it is installed: a C
client leaves the machine's two cores to the server. Without it, Python threads ask, and
their own CPU caps the figure well below what the server sustains (about 850 against
1,470 requests/s on the same machine); the line printed says which client measured.

    .venv/bin/python bench/public_poll.py
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.figures import record  # noqa: E402
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


def ask(port: int, url: str, etag: str) -> int:
    """One poll naming the ETag: its status."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", url, headers={"If-None-Match": etag})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status


def hammer(
    port: int, url: str, etag: str, until: float, counts: list[int], wrong: list[int]
) -> None:
    done = bad = 0
    while time.monotonic() < until:
        done += 1
        bad += ask(port, url, etag) != 304
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
        client = "ab" if shutil.which("ab") else "Python threads"
        measure = with_ab if client == "ab" else with_threads
        done, wrong, elapsed = measure(port, url, etag)
    finally:
        server.terminate()
        server.wait(timeout=10)
    if wrong or not done:
        raise SystemExit(f"{wrong} of {done} answers were not 304")
    rps = round(done / elapsed)
    print(
        f"Public poll, nothing changed ({PHONES} phones' worth, {CLIENTS} connections from "
        f"{client}, {WORKERS} workers): {rps} requests/s, all 304 (goal: 1,000 or more)"
    )
    record({"poll_300_phones_rps": rps})


def with_threads(port: int, url: str, etag: str) -> tuple[int, int, float]:
    """Python threads ask: (answers, answers not 304, seconds)."""
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
    return sum(counts), sum(wrong), time.monotonic() - begin


def with_ab(port: int, url: str, etag: str) -> tuple[int, int, float]:
    """ApacheBench asks for SECONDS: (answers, answers not 304, seconds). ab counts a 304 as
    a "non-2xx" answer: every answer must be one, and none may fail."""
    import subprocess

    if ask(port, url, etag) != 304:
        raise SystemExit("the poll is not answered 304")
    command = ["ab", "-q", "-t", str(SECONDS), "-n", "10000000", "-c", str(CLIENTS)]
    command += ["-H", f"If-None-Match: {etag}", f"http://127.0.0.1:{port}{url}"]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout

    def figure(label: str) -> float:
        found = re.search(rf"^{label}:\s+([\d.]+)", out, re.M)
        return float(found.group(1)) if found else 0.0

    # ab cannot tell a 304 from another non-2xx answer: one poll before and after must be.
    if ask(port, url, etag) != 304:
        raise SystemExit("the poll is not answered 304")
    done = int(figure("Complete requests"))
    not_304 = done - int(figure("Non-2xx responses")) + int(figure("Failed requests"))
    return done, not_304, figure("Time taken for tests")


if __name__ == "__main__":
    main()
