"""The query parameters the tournament and club API reads, declared once.

A ``Query`` serializer declares its parameters with ``scorekeeper.rules.fields`` (as
``bodies`` declares the bodies): the declaration reads each parameter from its text (a
whole number is ASCII digits only: ``²`` or ``٣`` is refused, never turned into a ``500``),
answers a bad one ``400`` naming it in the request's language, and is published as the
operation's parameters (``extend_schema(parameters=[SomeQuery])``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar

from django.http import Http404
from rest_framework import serializers
from rest_framework.request import Request

from scorekeeper.rules.errors import RuleViolation, _
from scorekeeper.rules.fields import Choice, Field, Int

from .. import validation
from .schema import described

DIGITS = re.compile(r"[0-9]{1,9}")
FORMATS = ("json", "csv")


class Query(serializers.Serializer):
    """Parameters declared by ``declaration``; every one may be left out (``None``)."""

    declaration: ClassVar[tuple[Field, ...]] = ()

    def run_validation(self, data: Any = serializers.empty) -> dict[str, Any]:
        return self.check({} if data is serializers.empty else data)

    @classmethod
    def check(cls, given: Mapping[str, Any]) -> dict[str, Any]:
        return {f.name: _parsed(f, given.get(f.name)) for f in cls.declaration}


def _parsed(field: Field, raw: Any) -> Any:
    if raw is None:
        return None
    if isinstance(field, Int):
        if not isinstance(raw, str) or not DIGITS.fullmatch(raw):
            raise RuleViolation(
                field.name,
                _("Must be a whole number from {min} to {max}."),
                min=field.min,
                max=field.max,
            )
        return field.clean(int(raw))
    return field.clean(raw)


def query(name: str, declaration: tuple[Field, ...]) -> type[Query]:
    attrs: dict[str, Any] = {f.name: described(f) for f in declaration}
    return type(name, (Query,), {**attrs, "declaration": declaration})


def read(request: Request, declared: type[Query]) -> dict[str, Any]:
    serializer = declared(data=request.query_params)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


FORMAT = Choice("format", required=False, choices=FORMATS, help="csv: the same rows as a CSV file.")
StandingsQuery = query(
    "StandingsQuery",
    (
        Int(
            "stage",
            required=False,
            min=1,
            max=validation.MAX_STAGES,
            help="A stage's standings (as it ended, or now).",
        ),
        FORMAT,
    ),
)
ExportQuery = query("ExportQuery", (FORMAT,))


class Negotiated:
    """A view mixin: ``?format=`` (published for every view with the CSV renderer) is
    ``json`` or ``csv``; another, or an empty one, is a ``400`` naming ``format`` (DRF's own
    negotiation answers a ``404`` that names nothing, or ignores an empty one)."""

    def perform_content_negotiation(self, request: Request, force: bool = False) -> Any:
        if not force and "format" in request.query_params:
            FORMAT.clean(request.query_params["format"])
        try:
            return super().perform_content_negotiation(request, force)  # type: ignore[misc]
        except Http404:
            FORMAT.clean(request.query_params.get("format"))
            raise
