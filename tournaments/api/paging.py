"""Rounds and standings by page (tournaments.md, Speed: "answers a phone can carry").

``?page=`` (from 1) and ``?entry=`` (one entry's number: its pairings, its row) are declared
by ``PageQuery``; a bad value is a ``400`` naming the parameter. The bodies keep the shapes
the contract gives them (a round's ``pairings``, the standings' list); where the page sits
is said in the headers, as RFC 8288 does: ``Link`` (``first``, ``prev``, ``next``,
``last``) and ``X-Total-Count`` (the pairings or rows that match, on every page).

A page holds the same 512 entries either way: ``PAIRINGS_PAGE`` pairings of two, or
``STANDINGS_PAGE`` rows; every round of an event up to 512 entries fits in its first page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from django.utils.functional import lazy
from django.utils.translation import gettext
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.rules import RuleViolation
from scorekeeper.rules.errors import _

from .. import validation
from ..selectors.rounds import RoundView

PAIRINGS_PAGE = 256
STANDINGS_PAGE = 512
MAX_PAGE = validation.MAX_ENTRIES  # a bound, so no huge number reaches the arithmetic
WHOLE = _("Must be a whole number from {min} to {max}.")
T = TypeVar("T")


def _whole(low: int, high: int) -> dict[str, Any]:
    """Every refusal of an integer parameter said with one sentence, in the request's
    language (translated when the refusal is made)."""
    message = lazy(lambda: gettext(WHOLE).format(min=low, max=high), str)()
    keys = ("invalid", "min_value", "max_value", "max_string_length", "null")
    return {key: message for key in keys}


class PageQuery(serializers.Serializer):
    page = serializers.IntegerField(
        min_value=1,
        max_value=MAX_PAGE,
        default=1,
        error_messages=_whole(1, MAX_PAGE),
        help_text="The page, from 1 (Link and X-Total-Count in the answer's headers).",
    )
    entry = serializers.IntegerField(
        min_value=1,
        max_value=validation.MAX_ENTRIES,
        required=False,
        error_messages=_whole(1, validation.MAX_ENTRIES),
        help_text="One entry's number: only its pairings (its table), or its row.",
    )


@dataclass(frozen=True)
class Page:
    """Where a page sits: its number, how many items match, how many per page."""

    number: int
    count: int
    size: int

    @property
    def last(self) -> int:
        return max(1, math.ceil(self.count / self.size))

    def cut(self, items: Sequence[T]) -> list[T]:
        start = (self.number - 1) * self.size
        return list(items[start : start + self.size])

    def headers(self, request: Request) -> dict[str, str]:
        links = {"first": 1, "last": self.last}
        if self.number > 1:
            links["prev"] = self.number - 1
        if self.number < self.last:
            links["next"] = self.number + 1
        url = request.build_absolute_uri()
        link = ", ".join(f'<{_with_page(request, url, n)}>; rel="{r}"' for r, n in links.items())
        return {"Link": link, "X-Total-Count": str(self.count)}


def _with_page(request: Request, url: str, number: int) -> str:
    query = request.query_params.copy()
    query["page"] = str(number)
    return f"{url.split('?', 1)[0]}?{query.urlencode()}"


def query(request: Request) -> dict[str, Any]:
    """The page and entry asked for (``400`` naming the parameter when bad)."""
    found = PageQuery(data=request.query_params)
    found.is_valid(raise_exception=True)
    return dict(found.validated_data)


def page_of(asked: dict[str, Any], count: int, size: int) -> Page:
    """The page asked for among ``count`` items; past the last is a ``400``."""
    page = Page(asked["page"], count, size)
    if page.number > page.last:
        raise RuleViolation("page", WHOLE, min=1, max=page.last)
    return page


def standings_rows(request: Request, rows: Sequence[dict[str, Any]]) -> tuple[list[Any], Page]:
    """The stored standings' rows of the page asked for (one entry's with ``?entry=``)."""
    asked = query(request)
    if "entry" in asked:
        rows = [row for row in rows if row.get("entry") == asked["entry"]]
    page = page_of(asked, len(rows), STANDINGS_PAGE)
    return page.cut(rows), page


def rounds_page(
    request: Request, rounds: Sequence[RoundView], *, director: bool, every: bool = False
) -> tuple[list[dict[str, Any]], Page]:
    """The rounds as the API shows them, with the pairings of the page asked for: the
    pairings of every round in order, ``PAIRINGS_PAGE`` to a page (a round appears on the
    pages that hold its pairings, or on every page with ``every``); with ``?entry=``, only
    that entry's pairings."""
    asked = query(request)
    entry = asked.get("entry")
    chosen = [
        (view, [p for p in view.pairings if entry is None or entry in p.entries]) for view in rounds
    ]
    flat = [(view, pairing) for view, pairings in chosen for pairing in pairings]
    page = page_of(asked, len(flat), PAIRINGS_PAGE)
    shown: dict[int, list[Any]] = {}
    for view, pairing in page.cut(flat):
        shown.setdefault(view.number, []).append(pairing)
    found = []
    for view in rounds:
        if every or view.number in shown:
            found.append(_round_data(view, shown.get(view.number, []), director=director))
    return found, page


def _round_data(view: RoundView, pairings: list[Any], *, director: bool) -> dict[str, Any]:
    data = replace(view, pairings=tuple(pairings)).data(director=director)
    sit_out = view.sit_out  # the round's, not the page's
    return data if sit_out is None else {**data, "sit_out": sit_out}


def paged(data: Any, page: Page, request: Request) -> Response:
    return Response(data, headers=page.headers(request))
