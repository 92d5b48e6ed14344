#!/usr/bin/env python3
"""Slow clients cannot stall the site behind nginx: the deployment check that CI runs.

Prepares a release (``manage.py release``: translations, static files, migrations) in a
temporary folder against ``DATABASE_URL`` (a temporary SQLite file when unset), starts
gunicorn with ``deploy/gunicorn.conf.py`` (``DEBUG=0``, a random ``SECRET_KEY``, two sync
workers) and Debian's nginx with ``deploy/nginx.conf`` in front of it, both on free
loopback ports, then:

1. checks the recipe works: a page (with its hashed static file, served by nginx), a match
   created through the API, its page, and its key kept out of nginx's access log;
2. for comparison, opens two slow clients (a byte every 3 s) straight at gunicorn and
   reports whether a normal request still answered within 1 s (it does not: the reason
   for nginx; reported, not required);
3. times normal requests (reads and a write) without slow clients, then opens two slow
   clients at nginx (one sending its headers, one its body, a byte every 3 s) and requires
   that none of the normal requests made meanwhile is delayed by more than 1 s (its time
   within 1 s of the median without slow clients). A stall is systematic (every request
   waits for the slow clients); a shared machine's hiccup is not, so one failed round is
   run again before the check fails.

Exits 0 when all holds, 1 otherwise; the check itself is bounded by a minute (the release
before it by three). Usage: ``.venv/bin/python deploy/check_slow_clients.py``.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 60  # seconds for everything after the release
LIMIT = 1.0  # the most a normal request may be delayed, in seconds
DRIP = 3.0  # a slow client sends one byte every DRIP seconds
WATCH = 8.0  # how long normal requests are made beside the slow clients
ROUNDS = 2
PLAYERS = ["Rami", "Sara", "Omar", "Lina"]


class CheckFailed(Exception):
    pass


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def request(
    port: int, path: str, body: Any = None, timeout: float = 5.0
) -> tuple[int, dict[str, str], bytes, float]:
    """Status, headers, body and seconds taken (a timeout is status 0)."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=data,
        headers={"Content-Type": "application/json"} if data else {},
    )
    start = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            return answer.status, dict(answer.headers), answer.read(), time.monotonic() - start
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read(), time.monotonic() - start
    except (TimeoutError, urllib.error.URLError, ConnectionError):
        return 0, {}, b"", time.monotonic() - start


class SlowClient(threading.Thread):
    """A connection that sends the start of a request and then one byte every DRIP s."""

    def __init__(self, port: int, start: bytes, drip: bytes) -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.sock.sendall(start)
        self.drip, self.stop, self.sent, self.closed_by_server = drip, threading.Event(), 0, False

    def run(self) -> None:
        while not self.stop.wait(DRIP):
            try:
                self.sock.sendall(self.drip[self.sent % len(self.drip) :][:1])
                self.sent += 1
            except OSError:
                self.closed_by_server = True
                return

    def close(self) -> None:
        self.stop.set()
        self.join(timeout=DRIP + 1)
        self.sock.close()


@contextmanager
def slow_clients(port: int):
    header = SlowClient(
        port, b"GET /api/variants/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", b"abcdefghij"
    )
    body = SlowClient(
        port,
        b"POST /api/matches/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: 900\r\n\r\n",
        b'{"variant": ',
    )
    clients = [header, body]
    for client in clients:
        client.start()
    time.sleep(0.5)  # both connections are open and waiting before anyone else asks
    try:
        yield clients
    finally:
        for client in clients:
            client.close()


def release(env: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "release", "-v0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    if done.returncode:
        raise CheckFailed(f"manage.py release failed:\n{done.stdout}\n{done.stderr}")


def start(
    stack: ExitStack, command: list[str], env: dict[str, str], log: Path
) -> subprocess.Popen[bytes]:
    out = stack.enter_context(log.open("wb"))
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)

    def stop() -> None:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    stack.callback(stop)
    return process


def nginx_config(tmp: Path, port: int, upstream: int, static: Path) -> Path:
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    for name, value in {
        "LISTEN": f"127.0.0.1:{port}",
        "UPSTREAM": f"127.0.0.1:{upstream}",
        "STATIC_ROOT": str(static),
        "PREFIX": str(tmp / "nginx"),
        "SERVER_NAME": "127.0.0.1",
    }.items():
        text = text.replace(f"@{name}@", value)
    (tmp / "nginx").mkdir()
    path = tmp / "nginx.conf"
    path.write_text(text)
    return path


def wait_ready(port: int, processes: list[subprocess.Popen[bytes]], logs: list[Path]) -> None:
    until = time.monotonic() + 30
    while time.monotonic() < until:
        if any(p.poll() is not None for p in processes):
            break
        if request(port, "/api/variants/", timeout=2)[0] == 200:
            return
        time.sleep(0.3)
    raise CheckFailed(
        "the site did not answer through nginx:\n"
        + "\n".join(log.read_text(errors="replace")[-2000:] for log in logs if log.exists())
    )


def check_recipe(port: int, tmp: Path) -> None:
    status, _, page, _ = request(port, "/")
    css = next(
        (
            part.split('"')[0]
            for part in page.decode().split('href="/static/')[1:]
            if part.split('"')[0].endswith(".css")
        ),
        None,
    )
    if status != 200 or css is None or css == "css/site.css":
        raise CheckFailed(f"the home page with DEBUG=0 answered {status}, CSS {css!r}")
    if request(port, f"/static/{css}")[0] != 200:
        raise CheckFailed(f"nginx does not serve /static/{css}")
    status, headers, body, _ = request(
        port, "/api/matches/", {"variant": "tarneeb", "players": PLAYERS}
    )
    if status != 201:
        raise CheckFailed(f"creating a match answered {status}: {body[:300]!r}")
    key = json.loads(body)["id"]
    if "no-store" not in headers.get("Cache-Control", ""):
        raise CheckFailed("the new match's answer is not Cache-Control: no-store")
    if request(port, f"/m/{key}/")[0] != 200:
        raise CheckFailed("the match's page did not answer 200")
    time.sleep(0.2)
    access = (tmp / "nginx" / "access.log").read_text()
    if key in access or f"/m/{key[:6]}.../" not in access:
        raise CheckFailed(f"nginx's access log does not shorten the match's key:\n{access}")
    print(f"ok: pages, static files, the API and a key kept out of the log ({css})")


def watch(port: int, label: str, seconds: float = WATCH) -> list[float]:
    """Normal requests, one after another, for some seconds: their times (inf: no answer)."""
    times: list[float] = []
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        for path, body in (
            ("/api/variants/", None),
            ("/api/matches/", {"variant": "belote", "players": PLAYERS}),
        ):
            status, _, _, took = request(port, path, body, timeout=LIMIT + 2)
            times.append(took if status in (200, 201) else float("inf"))
        time.sleep(0.5)
    print(
        f"{label}: {len(times)} requests, median {statistics.median(times):.3f} s, "
        f"slowest {max(times):.3f} s"
    )
    return times


def control(gunicorn: int) -> None:
    """Slow clients straight at gunicorn: the stall nginx is there to prevent (reported)."""
    with slow_clients(gunicorn):
        status, _, _, took = request(gunicorn, "/api/variants/", timeout=LIMIT + 2)
    stalled = status == 0 or took > LIMIT
    print(
        f"for comparison, gunicorn alone with two slow clients: "
        f"{'stalled, as expected' if stalled else f'answered in {took:.3f} s'}"
    )


def check(tmp: Path, stack: ExitStack) -> None:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise CheckFailed("nginx is missing: apt-get install nginx")
    static, gunicorn_port, nginx_port = tmp / "static", free_port(), free_port()
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PROXY_COUNT": "1",
        "STATIC_ROOT": str(static),
        "WEB_CONCURRENCY": "2",
        "GUNICORN_BIND": f"127.0.0.1:{gunicorn_port}",
        "THROTTLE_CREATE_RATE": "10000/hour",
        "GUNICORN_LOG_LEVEL": "warning",
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    }
    env.setdefault("DATABASE_URL", f"sqlite:///{tmp / 'db.sqlite3'}")
    release(env)
    signal.alarm(BUDGET)
    logs = [tmp / "gunicorn.log", tmp / "nginx.out"]
    processes = [
        start(
            stack, [sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py"], env, logs[0]
        ),
        start(
            stack,
            [
                nginx,
                "-c",
                str(nginx_config(tmp, nginx_port, gunicorn_port, static)),
                "-p",
                str(tmp / "nginx"),
                "-g",
                "daemon off;",
            ],
            env,
            logs[1],
        ),
    ]
    wait_ready(nginx_port, processes, logs)
    check_recipe(nginx_port, tmp)
    control(gunicorn_port)
    time.sleep(0.5)  # the stalled workers see their clients gone
    wait_ready(nginx_port, processes, logs)
    usual = statistics.median(watch(nginx_port, "through nginx, alone", seconds=3))
    for round_ in range(1, ROUNDS + 1):
        with slow_clients(nginx_port) as clients:
            times = watch(nginx_port, "through nginx, beside two slow clients")
            held = [client.sent for client in clients]
        if min(held) < 2:
            raise CheckFailed(f"the slow clients were not held open long enough: {held} bytes")
        delay = max(times) - usual
        if delay <= LIMIT:
            print(
                f"ok: no request delayed by more than {LIMIT} s (at most {delay:.3f} s) "
                f"while two clients dripped {held} bytes"
            )
            return
        print(f"round {round_}: a request was delayed by {delay:.3f} s")
    raise CheckFailed(f"a normal request was delayed by {delay:.3f} s (limit {LIMIT} s)")


def main() -> int:
    def out_of_time(*_: Any) -> None:
        raise CheckFailed(f"the check took more than {BUDGET} s")

    signal.signal(signal.SIGALRM, out_of_time)
    tmp = Path(tempfile.mkdtemp(prefix="sk-slow-clients-"))
    tmp.chmod(0o755)  # nginx's workers (another user when started as root) read static/
    try:
        with ExitStack() as stack:
            check(tmp, stack)
        return 0
    except CheckFailed as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
