"""Benchmark: the public page's polls, when nothing changed and through a change.

Starts gunicorn as bench/record_hand.py does (DEBUG off, PostgreSQL, here 2 sync workers:
the machine's cores), then measures two things.

**Nothing changed** (``poll_300_phones_rps``): creates a running tournament of 40 entries,
reads its live part once for the ETag, then has 300 "phones" (``BENCH_CLIENTS`` connections
at once: the phones' polls queue) ask again with ``If-None-Match`` for a few seconds. Every
answer must be a 304.
Prints the requests per second and writes ``poll_300_phones_rps`` into bench/results.json
(other keys kept). Goal: 1,000 or more.

The load comes from ApacheBench (``ab``, Debian's apache2-utils) when it is installed: a C
client leaves the machine's two cores to the server. Without it, Python threads ask, and
their own CPU caps the figure well below what the server sustains (about 850 against
1,470 requests/s on the same machine); the line printed says which client measured.

**300 phones through a change** (``public_300_phones_p50_ms``,
``public_300_phones_p99_ms``): a running Swiss of 512 entries (256 tables) and 300 phones,
simulated by locust headless (``bench/phones_locust.py``), each polling the page's live
part every 10 s as the page's script does (naming its copy's ETag, gzip accepted), and
"find your table" when the live part names a new version of it, for
``BENCH_PHONES_SECONDS`` (45). All but 30 of the round's results are in before the phones
come; the director posts the last 30 over the API during the run, one after the other (from
the 5th second to about the 25th, as a round's last tables finish): every result is a new
version, and the last one draws round 2 (in process: no broker), so the phones fetch new
pairings, standings and tables. Prints the latency of every poll (p50, p99; goal: p99 under
1 s) and how the answers split between 200 and 304; then the same for one more phone polling
every 0.1 s beside locust with a plain HTTP client, the server's own time (at 300 users
locust's own scheduling adds tens to hundreds of milliseconds to every figure it measures:
against an event where nothing changes, its polls took p50 100 ms where this one took 2 ms).
Without ``CACHE_URL`` each worker keeps its own copy of each rendered part (one render per
version, language and worker); with ``CACHE_URL=redis://…`` the workers share one.

    .venv/bin/python bench/public_poll.py
"""

from __future__ import annotations

import csv
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

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
PHONES_SECONDS = min(60, int(os.environ.get("BENCH_PHONES_SECONDS", "45")))
EVENT_ENTRIES = 512
LATE_TABLES = 30  # the round's last results, posted during the run: about one a second
RESULTS_FROM, RESULTS_SPREAD = 5.0, 20.0  # seconds into the run
PROBE_SECONDS = 0.1


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
        if wrong or not done:
            raise SystemExit(f"{wrong} of {done} answers were not 304")
        rps = round(done / elapsed)
        print(
            f"Public poll, nothing changed ({PHONES} phones' worth, {CLIENTS} connections from "
            f"{client}, {WORKERS} workers): {rps} requests/s, all 304 (goal: 1,000 or more)"
        )
        record({"poll_300_phones_rps": rps})
        p50, p99 = through_a_change(f"http://127.0.0.1:{port}", env, server.pid)
    finally:
        server.terminate()
        server.wait(timeout=10)
    record({"public_300_phones_p50_ms": p50, "public_300_phones_p99_ms": p99})


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
    # ab may count the answer in flight when its time is up as one more non-2xx answer.
    not_304 = max(0, done - int(figure("Non-2xx responses"))) + int(figure("Failed requests"))
    return done, not_304, figure("Time taken for tests")


def event(base: str) -> dict[str, Any]:
    """A running Swiss of 512 entries with club-length names: round 1 on 256 tables."""
    import httpx

    entries = [
        {
            "name": f"Les Atouts de Marseille {n}",
            "players": [f"Anne-Sophie Lefèvre {n}", f"Karim Benali {n}"],
            "seed": n,
        }
        for n in range(1, EVENT_ENTRIES + 1)
    ]
    body = {
        "name": "Open",
        "variant": "tarneeb",
        "round_minutes": 50,
        "entries": entries,
        "stages": [{"format": "swiss", "rounds": 5}],
    }
    with httpx.Client(base_url=base, timeout=60) as client:
        created = client.post("/api/tournaments/", json=body)
        created.raise_for_status()
        started = client.post(f"/api/tournaments/{created.json()['id']}/start/")
        started.raise_for_status()
        return started.json()


def post_result(base: str, tournament: dict[str, Any], pairing: dict[str, Any]) -> str:
    """The director's result for one table: "" when taken, else what the server said."""
    import httpx

    answer = httpx.post(
        f"{base}/api/tournaments/{tournament['id']}/rounds/1/pairings/{pairing['slot']}/result/",
        json={"winner": pairing["entries"][0], "points": [152, 97]},
        timeout=60,
    )
    return "" if answer.status_code == 200 else f"{answer.status_code} {answer.text[:200]}"


def late_results(
    base: str, tournament: dict[str, Any], pairings: list[dict[str, Any]], failed: list[str]
) -> None:
    """The round's last results, one after the other as one director enters them, the
    first at RESULTS_FROM s and then about one every RESULTS_SPREAD / len s (later when the
    one before took longer)."""
    begin = time.monotonic()
    for index, pairing in enumerate(pairings):
        at = begin + RESULTS_FROM + index * RESULTS_SPREAD / max(1, len(pairings) - 1)
        time.sleep(max(0.0, at - time.monotonic()))
        failed.append(post_result(base, tournament, pairing))


def _cpu(pid: int) -> float:
    """CPU seconds used so far by the server's workers (the children of gunicorn's master)."""
    import psutil

    return sum(sum(child.cpu_times()[:2]) for child in psutil.Process(pid).children())


def through_a_change(base: str, env: dict[str, str], server: int) -> tuple[float, float]:
    """300 phones (locust) poll a 256-table event while its round's results come in:
    (p50, p99) of every poll in milliseconds."""
    import httpx

    tournament = event(base)
    pairings = httpx.get(f"{base}/api/tournaments/{tournament['id']}/rounds/1/", timeout=60)
    tables = [p for p in pairings.json()["pairings"] if not p["bye"]]
    failed = [post_result(base, tournament, pairing) for pairing in tables[:-LATE_TABLES]]
    cpu = _cpu(server)
    with tempfile.TemporaryDirectory() as folder:
        poster = threading.Thread(
            target=late_results, args=(base, tournament, tables[-LATE_TABLES:], failed)
        )
        poster.start()
        asked: list[float] = []
        stop = threading.Event()
        prober = threading.Thread(
            target=probe, args=(base, f"/p/{tournament['view_id']}/live/", asked, stop)
        )
        prober.start()
        command = [sys.executable, "-m", "locust", "-f", str(ROOT / "bench" / "phones_locust.py")]
        command += ["--headless", "--only-summary", "--loglevel", "WARNING", "--host", base]
        command += ["-u", str(PHONES), "-r", str(PHONES), "-t", f"{PHONES_SECONDS}s"]
        command += ["--stop-timeout", "5", "--csv", f"{folder}/phones"]
        statuses = f"{folder}/statuses.json"
        extra = {"BENCH_VIEW_ID": tournament["view_id"], "BENCH_STATUSES": statuses}
        subprocess.run(command, cwd=ROOT, env={**env, **extra}, capture_output=True, check=False)
        poster.join()
        stop.set()
        prober.join()
        with open(f"{folder}/phones_stats.csv") as stats:
            rows = {row["Name"]: row for row in csv.DictReader(stats)}
        counts = json.loads(Path(statuses).read_text())
    cpu = _cpu(server) - cpu
    drawn = httpx.get(f"{base}/api/tournaments/{tournament['id']}/", timeout=60).json()["round"]
    failed = [answer for answer in failed if answer]
    if failed:
        raise SystemExit(f"{len(failed)} results were refused, the first: {failed[0]}")
    total = rows["Aggregated"]
    if int(total["Failure Count"]) or not int(total["Request Count"]):
        raise SystemExit(f"{total['Failure Count']} of {total['Request Count']} polls failed")
    p50, p99 = float(total["50%"]), float(total["99%"])
    split = ", ".join(f"{key}: {value}" for key, value in sorted(counts.items()))
    print(
        f"Public page, {PHONES} phones polling every 10 s a 256-table event through its round's "
        f"last {LATE_TABLES} results and the next draw (locust, {PHONES_SECONDS} s, "
        f"{WORKERS} workers): "
        f"p50 {p50:.0f} ms, p99 {p99:.0f} ms over {total['Request Count']} polls "
        f"({split}; goal: p99 under 1 s); the workers used {cpu:.1f} CPU seconds, "
        f"{os.getloadavg()[0]:.1f} processes were waiting for the 2 cores; round {drawn} "
        f"is in play"
    )
    if len(asked) > 2:
        print(
            f"  one more phone asking every {PROBE_SECONDS} s meanwhile (plain HTTP, outside "
            f"locust): p50 {statistics.median(asked):.0f} ms, "
            f"p99 {statistics.quantiles(asked, n=100)[-1]:.0f} ms over {len(asked)} polls "
            f"(the server's own time; at 300 users locust adds its own wait to the figures above)"
        )
    return p50, p99


def probe(base: str, url: str, times: list[float], stop: threading.Event) -> None:
    """One more phone polling the live part as the page does, every PROBE_SECONDS, with
    a plain HTTP client beside locust: how long the server takes, without the client's own
    delays."""
    host, port = base.removeprefix("http://").split(":")
    etag = ""
    while not stop.wait(PROBE_SECONDS):
        connection = http.client.HTTPConnection(host, int(port), timeout=60)
        headers = {"Accept-Encoding": "gzip", **({"If-None-Match": etag} if etag else {})}
        start = time.perf_counter()
        connection.request("GET", url, headers=headers)
        response = connection.getresponse()
        response.read()
        times.append((time.perf_counter() - start) * 1000)
        etag = response.headers.get("ETag", etag)
        connection.close()


if __name__ == "__main__":
    main()
