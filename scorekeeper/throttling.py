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

`guess` limits the wrong guesses of a short secret (a table card's code, ``scope`` "code")
as a login is limited: at most ``THROTTLE_RATES["code"]`` (``THROTTLE_CODE_RATE``,
``"10/minute"``) wrong ones from an address in a window of that length, then every guess
is refused until the window ends, a right one too (else a refusal would not stop the
guessing). The window opens at the address's first guess. A right guess is not counted.
Each guess is counted before it is looked up, by the cache's atomic ``incr``, so guesses
sent in parallel cannot overtake the limit.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from .proxy import client_address

CREATE = "create"
CODE = "code"
SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
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


@dataclass(frozen=True)
class Guess:
    """A guess counted as wrong (``key``: its counter) unless it turns out ``right``; or
    refused (``wait``: whole seconds until the window ends)."""

    key: str | None = None
    wait: int | None = None

    def right(self) -> None:
        """The guess was right: it does not count."""
        if self.key is None:
            return
        try:
            if cache.decr(self.key) <= 0:  # none left (or the window ended): no counter
                cache.delete(self.key)
        except Exception:  # the window ended (the counter is gone), or the cache is down
            log.warning("A right guess was not taken off its count", exc_info=True)


def guess(request: HttpRequest, scope: str = CODE) -> Guess:
    """Count one guess of ``scope``'s secret from the request's address (see the module's
    docstring); ``Guess().wait`` is ``None`` when it may be looked up. The window opens at
    the address's first guess and lasts the rate's period."""
    rate = settings.THROTTLE_RATES.get(scope)
    if not rate:
        return Guess()
    most, period = rate.split("/")
    duration = SECONDS[period[0]]
    key = f"throttle_{scope}_{client_address(request)}"
    try:
        cache.add(f"{key}_since", time.time(), duration)
        cache.add(key, 0, duration)
        count = cache.incr(key)
        if count == 1:  # a window opens (had it closed between add and incr: no expiry)
            cache.touch(key, duration)
        if count > int(most):
            since = cache.get(f"{key}_since") or time.time()
            return Guess(wait=max(1, math.ceil(since + duration - time.time())))
    except Exception:  # the cache (Redis) is down: let the guess through rather than a 500
        log.warning("The guesses' cache failed; guess allowed", exc_info=True)
        return Guess()
    return Guess(key=key)


def guesses_forget(address: str, scope: str = CODE) -> None:
    """Forget an address's guesses (a test starts with none)."""
    cache.delete_many([f"throttle_{scope}_{address}", f"throttle_{scope}_{address}_since"])


def guesses_refusal(seconds: int) -> str:
    """The sentence a refused guess is answered with, in the request's language."""
    return gettext("Too many wrong codes from this address. Try again in {seconds} s.").format(
        seconds=seconds
    )
