"""Who is asking: the client's address, trusting a proxy's headers only when told to.

``PROXY_COUNT`` (settings, from the environment) is the number of proxies in front of the
site that append to ``X-Forwarded-For`` (1 behind the nginx of ``deploy/``). With 0, the
default, the headers a client can forge are ignored and the socket's address is used. The
throttles of the API and the admin's lock-out (django-axes) count by this address.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    remote = request.META.get("REMOTE_ADDR") or ""
    proxies = settings.PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies <= 0 or not forwarded:
        return remote
    # Each trusted proxy appended the address it saw: the client is the proxies-th from the end.
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    return hops[-min(proxies, len(hops))] if hops else remote
