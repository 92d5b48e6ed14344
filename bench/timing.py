"""The benchmark's server time: each answer says how long the site took to make it
(``Server-Timing: app;dur=<ms>, cpu;dur=<ms>, db;dur=<ms>``), from the first middleware in
to the last out: ``app`` the request's own time, its database round trips and lock waits
included, the client's and the network's time left out; ``cpu`` the web process's CPU time
for it (what the request costs in Python, whatever else the machine is doing); ``db`` the
time its SQL statements took, from sent to answered (the commit left out)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from django.db import connection
from django.http import HttpRequest, HttpResponse


class ServerTiming:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        spent = [0.0]

        def timed(execute: Callable[..., object], *args: object) -> object:
            begun = time.perf_counter()
            try:
                return execute(*args)
            finally:
                spent[0] += time.perf_counter() - begun

        start, cpu = time.perf_counter(), time.process_time()
        with connection.execute_wrapper(timed):
            response = self.get_response(request)
        app = (time.perf_counter() - start) * 1000
        response["Server-Timing"] = (
            f"app;dur={app:.3f}, cpu;dur={(time.process_time() - cpu) * 1000:.3f}, "
            f"db;dur={spent[0] * 1000:.3f}"
        )
        return response


def server_ms(headers: Mapping[str, str], name: str = "app") -> float:
    """A duration of an answer's ``Server-Timing`` header (``app`` or ``cpu``), in ms."""
    value = headers.get("server-timing") or ""
    for part in value.split(","):
        key, _, rest = part.strip().partition(";dur=")
        if key == name and rest:
            return float(rest)
    raise ValueError(f"no {name} time in {value!r}")
