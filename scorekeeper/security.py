"""Headers every answer carries: the Content-Security-Policy, and no-store where a key is.

- ``Content-Security-Policy`` (settings.CONTENT_SECURITY_POLICY): scripts only from the
  site itself (``script-src 'self'``: the pages have no inline script, their data is in
  ``json_script`` blocks, and htmx is configured not to evaluate anything, by the
  ``htmx-config`` meta tag of ``base.html``). A view that sets its own policy keeps it.
- ``Cache-Control: no-store`` on every answer that carries a match's or a tournament's key
  (its path or its redirect names one, or it is an answer of the matches' or tournaments'
  API, whose bodies carry ``id``): no shared cache, and no browser's disk, keeps a key.
  A polled live part reached through a public link (a spectator's ``view_id``, a
  tournament's public page) knows it names no key and says so (``says_no_key``): it keeps
  its own ``no-cache`` and ``ETag``, since with ``no-store`` a browser keeps no copy and its
  polls could never be answered ``304``.

Django 5.2 has no CSP of its own; this middleware needs nothing Django 6 removes (Django
6's ``ContentSecurityPolicyMiddleware`` may replace it then).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers
from django.utils.http import http_date

from .logs import KEY

KEYED_APIS = ("/api/matches/", "/api/tournaments/")
# What ``add_never_cache_headers`` gives an answer that has no caching headers of its own.
NEVER_CACHE = "max-age=0, no-cache, no-store, must-revalidate, private"


def says_no_key(request: HttpRequest) -> None:
    """For a view whose answer (a ``304`` too) names no key although its path looks keyed."""
    request.names_no_key = True  # type: ignore[attr-defined]


def carries_key(request: HttpRequest, response: HttpResponse) -> bool:
    if getattr(request, "names_no_key", False):
        return False
    if request.path.startswith(KEYED_APIS):
        return True
    return bool(KEY.search(request.path) or KEY.search(response.get("Location", "")))


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if settings.CONTENT_SECURITY_POLICY:
            response.headers.setdefault("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY)
        if carries_key(request, response):
            never_cache(response)
        return response


def never_cache(response: HttpResponse) -> None:
    """``add_never_cache_headers``, its headers written at once when the answer has none of
    its own (every API answer): Django parses and rebuilds ``Cache-Control`` twice, a
    tenth of a recorded hand's own Python time."""
    if response.has_header("Cache-Control") or response.has_header("Expires"):
        add_never_cache_headers(response)
        return
    response.headers["Expires"] = _http_date(int(time.time()))
    response.headers["Cache-Control"] = NEVER_CACHE


@lru_cache(maxsize=1)
def _http_date(second: int) -> str:
    """``http_date`` of this second (it shows whole seconds), formatted once a second."""
    return http_date(second)
