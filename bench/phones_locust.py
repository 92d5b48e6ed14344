"""Locust's phones for ``bench/public_poll.py``: each polls a tournament's public page every
10 s as the page's script does: its live part, naming the ETag of the copy it has, gzip
accepted; and "find your table" when the live part names another ETag for it than the copy's
(a round was drawn). Each starts at a random moment of the first 10 s, so the room's polls
are spread as real phones' are.

    BENCH_VIEW_ID=… locust -f bench/phones_locust.py --headless -u 300 -r 300 -t 45s \\
        --host http://127.0.0.1:8000

The answers' statuses are counted into ``BENCH_STATUSES`` (a JSON file) when locust quits.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from typing import Any

import gevent
from locust import FastHttpUser, constant_pacing, events, task

VIEW_ID = os.environ.get("BENCH_VIEW_ID", "")
PARTS = {"live": f"/p/{VIEW_ID}/live/", "tables": f"/p/{VIEW_ID}/live/tables/"}
TABLES_ETAG = re.compile(r'data-find-tables="([^"]*)"')
POLL_SECONDS = 10
statuses: Counter[str] = Counter()


class Phone(FastHttpUser):
    wait_time = constant_pacing(POLL_SECONDS)

    def on_start(self) -> None:
        self.etags: dict[str, str] = {}
        gevent.sleep(random.uniform(0, POLL_SECONDS))

    @task
    def poll(self) -> None:
        body = self.ask("live")
        found = TABLES_ETAG.search(body) if body else None
        if found and found.group(1).replace("&quot;", '"') != self.etags.get("tables"):
            self.ask("tables")

    def ask(self, name: str) -> str:
        """One part, naming the copy's ETag: its text when it changed, else ""."""
        headers = {"Accept-Encoding": "gzip"}
        if name in self.etags:
            headers["If-None-Match"] = self.etags[name]
        with self.client.get(PARTS[name], headers=headers, name=name, catch_response=True) as got:
            statuses[f"{name} {got.status_code}"] += 1
            if got.status_code == 200:
                self.etags[name] = got.headers["ETag"]
                got.success()
                return got.text or ""
            if got.status_code == 304:
                got.success()
            else:
                got.failure(f"answered {got.status_code}")
        return ""


@events.quitting.add_listener
def _write_statuses(environment: Any, **kwargs: Any) -> None:
    path = os.environ.get("BENCH_STATUSES")
    if path:
        with open(path, "w") as out:
            json.dump(dict(statuses), out)
