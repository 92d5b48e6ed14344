"""A tournament's entries: listed, added (one, or a list: all or none), read, changed
(dropped out, back, renamed) and removed before the start. Thin views: parse, call one
service or selector, render."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.idempotency import idempotent
from scorekeeper.api.views import IDEMPOTENCY
from scorekeeper.translate import SafeJSONParser

from .. import selectors, services
from ..models import Tournament
from . import bodies
from .base import ERRORS, READ, TournamentApi
from .schema import EntrySerializer


class EntriesParser(SafeJSONParser):
    """A list of entries is a larger body than any other: 10,240 entries take about 700 KB
    (names at their longest, up to 8 MB for the most entries a tournament holds)."""

    max_body = 8 * 1024 * 1024


# One entry, or a list of entries (all added or none; ``201`` with the list).
ENTRY_OR_LIST = {
    "oneOf": [
        {"$ref": "#/components/schemas/Entry"},
        {"type": "array", "items": {"$ref": "#/components/schemas/Entry"}, "minItems": 1},
    ]
}


class EntryList(TournamentApi):
    parser_classes = [EntriesParser]

    @extend_schema(responses={200: EntrySerializer(many=True), **READ}, summary="The entries")
    def get(self, request: Request, token: str) -> Response:
        tournament, _director = self.open(token)
        return Response([selectors.entry_data(e) for e in tournament.entries.order_by("number")])

    @extend_schema(
        request={"application/json": ENTRY_OR_LIST},
        parameters=[IDEMPOTENCY],
        responses={201: OpenApiResponse(ENTRY_OR_LIST), **ERRORS},
        summary="Add an entry, or a list of entries (all or none): late entries while a "
        "Swiss stage runs",
    )
    def post(self, request: Request, token: str) -> Response:
        tournament = self.director(token)
        return idempotent(request, lambda: self._add(tournament, request))

    def _add(self, tournament: Tournament, request: Request) -> Response:
        fields = bodies.read(request, bodies.EntriesBody)["entry"]
        if isinstance(fields, list):
            added = services.entries_add(tournament_id=tournament.pk, entries=fields)
            return Response(
                [selectors.entry_data(e) for e in added], status=status.HTTP_201_CREATED
            )
        entry = services.entry_add(
            tournament_id=tournament.pk,
            name=fields.get("name"),
            players=fields.get("players"),
            seed=fields.get("seed"),
        )
        return Response(selectors.entry_data(entry), status=status.HTTP_201_CREATED)


class EntryDetail(TournamentApi):
    @extend_schema(responses={200: EntrySerializer, **READ}, summary="One entry")
    def get(self, request: Request, token: str, number: int) -> Response:
        tournament, _director = self.open(token)
        return Response(selectors.entry_data(tournament.entries.get(number=number)))

    @extend_schema(
        request=bodies.EntryPatchBody,
        responses={200: EntrySerializer, **ERRORS},
        summary="Drop an entry out ({active: false}), bring it back, rename it",
    )
    def patch(self, request: Request, token: str, number: int) -> Response:
        tournament = self.director(token)
        fields = bodies.read(request, bodies.EntryPatchBody)
        changed = services.entry_update(tournament_id=tournament.pk, number=number, **fields)
        return Response(selectors.entry_data(changed.entry))

    @extend_schema(
        request=None, responses={204: None, **ERRORS}, summary="Remove an entry before the start"
    )
    def delete(self, request: Request, token: str, number: int) -> Response:
        tournament = self.director(token)
        services.entry_remove(tournament_id=tournament.pk, number=number)
        return Response(status=status.HTTP_204_NO_CONTENT)
