"""Limits on creating things, matches and tournaments, per client address: below both
adapters, so the API's creations and the pages' set-up forms share one budget.

`CreateThrottle` counts the writes (``POST``) a client address makes to an endpoint that
creates a match or a tournament, in the cache (Redis when configured, local memory
otherwise: ``CACHES`` in settings). Its rate is ``THROTTLE_RATES["create"]`` in settings,
from the ``THROTTLE_CREATE_RATE`` environment variable (``"60/hour"``: a number, ``/``,
and ``second``, ``minute``, ``hour`` or ``day``); ``None`` lifts the limit. Reads are never
counted. A refused request is answered ``429`` with ``Retry-After`` and a sentence in the
request's language (``translate.exception_handler``; ``refusal`` for a page).

Use it on a DRF view with ``throttle_classes = [CreateThrottle]``, and ``creation_refused``
in a page's form; every use shares one budget per address, so creating a tournament and
creating a match, through the API or a page, count alike.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from .proxy import client_address

CREATE = "create"
log = logging.getLogger(__name__)


class CreateThrottle(SimpleRateThrottle):
    scope = CREATE

    def get_rate(self) -> str | None:
        # Read at each request (not at import, as DRF does), so settings can change it.
        return settings.THROTTLE_RATES.get(self.scope)

    def allow_request(self, request: Request, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        try:
            return super().allow_request(request, view)
        except Exception:  # the cache (Redis) is down: serve the table rather than a 500
            log.warning("The throttle's cache failed; request allowed", exc_info=True)
            return True

    def get_cache_key(self, request: Request, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": client_address(request)}


def creation_refused(request: HttpRequest) -> int | None:
    """For a page's form that creates something: ``None`` when the address may, else the
    whole seconds to wait (the request is counted when it is allowed, as in the API)."""
    throttle = CreateThrottle()
    if throttle.allow_request(request, None):  # type: ignore[arg-type]
        return None
    return max(1, math.ceil(throttle.wait() or 1))


def refusal(seconds: int) -> str:
    """The sentence a refused creation is answered with, in the request's language."""
    return gettext(
        "Too many new matches or tournaments from this address. Try again in {minutes} min."
    ).format(minutes=math.ceil(seconds / 60))


def answer(response: HttpResponse, wait: int | None) -> HttpResponse:
    """A page's answer to a refused creation: ``429`` with ``Retry-After``; else as it is."""
    if wait is not None:
        response.status_code = 429
        response["Retry-After"] = str(wait)
    return response
