"""``Idempotency-Key``: a retried POST gets the first answer and stores nothing new.

The key's record is inserted first, in the same transaction as the write it guards; a
concurrent retry with the same key waits on the unique index, fails, and then reads the
first answer. Only successful answers are kept: a refused request stored nothing, so
running it again is harmless.

A hand's key is kept by the service itself (``recorded_once``): its answer is stored with
the hand in the same statement, and the first answer is read with the match
(``services.hand_record``), so a key costs a hand no query of its own.

A key is remembered per *scope*: the match it writes to (its canonical URL, whatever case
the client spelled the id in), or the request's path where no match is named yet. Keys
must be random (a UUID): whoever repeats a key gets the answer given to the first request,
so a guessable key would hand someone else's answer (and a new match's key) to a stranger.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from ..models import IdempotentRequest
from ..rules import RuleViolation
from ..services import AlreadyAnswered, Receipt

HEADER = "Idempotency-Key"
# The header as WSGI gives it: ``request.headers`` would build a dict of every header.
META_KEY = "HTTP_IDEMPOTENCY_KEY"
MAX_KEY = 255


class _Refused(Exception):
    def __init__(self, response: Response) -> None:
        self.response = response


def idempotent(
    request: Request, handler: Callable[[], Response], scope: str | None = None
) -> Response:
    """``handler``'s answer, or the first answer to this key in ``scope`` (default: the path)."""
    key = request.META.get(META_KEY)
    if key is None:
        return handler()
    if not key or len(key) > MAX_KEY:
        return _bad_key()
    digest = _digest(request.data)
    scope = scope or request.path
    found = IdempotentRequest.objects.filter(key=key, path=scope).first()
    if found is not None:
        return _repeat(found, digest)
    try:
        return _first_time(key, scope, digest, handler)
    except _Refused as refused:
        return refused.response
    except IntegrityError:
        found = IdempotentRequest.objects.filter(key=key, path=scope).first()
        if found is None:
            raise
        return _repeat(found, digest)


def recorded_once(
    request: Request, scope: str, handler: Callable[[Receipt | None], Response]
) -> Response:
    """``handler``'s answer to a request whose service keeps the key's answer itself (it
    takes the ``Receipt``, or ``None`` without a key, and raises ``AlreadyAnswered``), or
    the first answer to this key in ``scope``."""
    key = request.META.get(META_KEY)
    if key is None:
        return handler(None)
    if not key or len(key) > MAX_KEY:
        return _bad_key()
    receipt = Receipt(key=key, scope=scope, digest=_digest(request.data))
    try:
        return handler(receipt)
    except AlreadyAnswered as answered:
        return _repeat(answered.answer, receipt.digest)
    except RuleViolation:
        # refused before the service read the key (a body that is no hand): the key's
        # first answer, if any, still wins, as it does for ``idempotent``
        found = IdempotentRequest.objects.filter(key=key, path=scope).first()
        if found is None:
            raise
        return _repeat(found, receipt.digest)


def _bad_key() -> Response:
    return Response(
        {HEADER: [f"Must be 1 to {MAX_KEY} characters."]}, status=status.HTTP_400_BAD_REQUEST
    )


def _first_time(key: str, path: str, digest: str, handler: Callable[[], Response]) -> Response:
    with transaction.atomic():
        record = IdempotentRequest.objects.create(key=key, path=path, body_hash=digest, status=0)
        response = handler()
        if response.status_code >= 300:
            raise _Refused(response)
        record.status = response.status_code
        record.response = response.data
        record.save(update_fields=["status", "response"])
        return response


def _repeat(found: IdempotentRequest, digest: str) -> Response:
    if found.body_hash != digest:
        return Response(
            {"detail": "This Idempotency-Key was used with a different body."},
            status=status.HTTP_409_CONFLICT,
        )
    return Response(found.response, status=found.status, headers={"Idempotent-Replayed": "true"})


def _digest(data: Any) -> str:
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()
