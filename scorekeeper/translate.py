"""What the two adapters (the API and the pages) share to read a request and answer an
error, below both of them: neither imports the other.

One place where errors become answers: rule violations 400, conflicts 409 (a finished
match is one of them), unknown 404, too many creations 429, each sentence in the request's
language. Also a JSON parser that refuses, with a 400, what the standard one would turn
into a 500 (bodies nested thousands deep) and bodies far larger than any hand, and the
checks every JSON body of a hand goes through.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.utils.translation import gettext
from rest_framework import status
from rest_framework.exceptions import ParseError, PermissionDenied, Throttled
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from . import words
from .rules import MatchConflict, RuleViolation
from .rules.errors import _
from .throttling import refusal

MAX_BODY = 64 * 1024


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, RuleViolation):
        return Response({exc.field: [translated(exc)]}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, MatchConflict):
        return Response({"detail": conflict_message(exc)}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, Throttled):
        return throttled(exc)
    if isinstance(exc, ObjectDoesNotExist):
        return Response({"detail": "Not found."}, status=status.HTTP_404_NOT_FOUND)
    return drf_exception_handler(exc, context)


def throttled(exc: Throttled) -> Response:
    """A 429 with Retry-After (whole seconds) and a sentence in the request's language."""
    # DRF sets ``wait`` in Throttled.__init__; its stubs do not declare the attribute.
    wait: float | None = exc.wait  # type: ignore[attr-defined]
    seconds = max(1, math.ceil(wait or 1))
    return Response(
        {"detail": refusal(seconds)},
        status=status.HTTP_429_TOO_MANY_REQUESTS,
        headers={"Retry-After": str(seconds)},
    )


def conflict_message(conflict: MatchConflict) -> str:
    """A 409's sentence in the request's language."""
    try:
        return gettext(conflict.template).format(**conflict.params)
    except (KeyError, IndexError, ValueError):
        return str(conflict)


def _word(name: str, value: Any) -> Any:
    """A suit put in a sentence is named in the request's language, not by its slug."""
    if name == "trump" and isinstance(value, str) and value in words.SUITS:
        return words.suit_name(value)
    return value


def translated(violation: RuleViolation) -> str:
    """The violation's sentence in the request's language (English when untranslated),
    nested violations ("Hand 3: …") included."""
    try:
        return violation.render(lambda nested: gettext(nested.template), _word)
    except (KeyError, IndexError, ValueError):
        return violation.message  # a translation with broken placeholders: keep English


class SafeJSONParser(JSONParser):
    """JSON bodies only, of a sane size and depth; anything else is a 400 ParseError."""

    max_body = MAX_BODY  # a view taking larger bodies (a list of entries) subclasses it

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        raw = stream.read(self.max_body + 1) if stream is not None else b""
        if len(raw) > self.max_body:
            raise ParseError(f"The body is larger than {self.max_body // 1024} KB.")
        try:
            text = raw.decode("utf-8")
            if "\\u0000" in text.lower():
                # PostgreSQL cannot store NUL characters; no name or payload needs one.
                raise ValueError("NUL characters (\\u0000) are not allowed")
            data = json.loads(text, parse_constant=_refuse_constant)
            # A lone surrogate ("\\ud83d") parses but can be neither stored nor answered.
            json.dumps(data, ensure_ascii=False).encode("utf-8")
            return data
        except (ValueError, RecursionError, UnicodeError) as error:
            raise ParseError(f"The body is not valid JSON: {str(error)[:200]}") from error


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def spectator_refused() -> PermissionDenied:
    """The 403 for a write through a spectator's link."""
    return PermissionDenied(gettext("This is a spectator's link: it cannot change the match."))


def request_body(request: Request) -> Mapping[str, Any]:
    if not isinstance(request.data, Mapping):
        raise RuleViolation("non_field_errors", _("The body must be a JSON object."))
    return request.data


def split_number(body: Mapping[str, Any]) -> tuple[dict[str, Any], int | None]:
    """A hand's payload and the hand number it claims (``number``), if any."""
    payload = dict(body)
    number = payload.pop("number", None)
    if number is not None and (
        not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 10**6
    ):
        raise RuleViolation("number", _("Must be the hand number, a whole number from 1."))
    return payload, number
