"""Thin API views for tournaments: parse, call one service or selector, render.

Errors are scorekeeper's (``scorekeeper.api.errors``: ``RuleViolation`` 400,
``MatchConflict`` 409, unknown rows 404), and so is ``Idempotency-Key``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.http import Http404, HttpResponse
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.idempotency import idempotent
from scorekeeper.api.views import IDEMPOTENCY, Api
from scorekeeper.throttling import CreateThrottle
from scorekeeper.translate import SafeJSONParser

from .. import selectors, services
from ..models import TableKey, Tournament
from . import bodies, csv, paging
from .schema import (
    EntrySerializer,
    RoundSerializer,
    StandingSerializer,
    TableSerializer,
    TournamentSerializer,
    TournamentStartSerializer,
)

ERRORS = {
    400: OpenApiResponse(description="Bad input: {field: [message]}; nothing stored."),
    403: OpenApiResponse(description="The public link (view_id) cannot write."),
    404: OpenApiResponse(description="No such tournament, entry, round or slot."),
    409: OpenApiResponse(description="Not now: the tournament's state refuses it."),
}
READ = {404: ERRORS[404]}
ERRORS_READ = {400: ERRORS[400], 404: ERRORS[404]}
IDEMPOTENCY_REUSED = OpenApiResponse(description="The Idempotency-Key was used with another body.")


class TournamentApi(Api):
    def open(self, token: str, *, standings: bool = True) -> tuple[Tournament, bool]:
        """The tournament a link opens, for reading, and whether it is the director's."""
        try:
            return selectors.tournament_by_token(token, standings=standings)
        except Tournament.DoesNotExist as error:
            raise Http404 from error

    def director(self, token: str) -> Tournament:
        """The tournament to write to: only through its id (the public link is 403); its
        stored standings are left out (a result's cost does not grow with the event)."""
        tournament, director = self.open(token, standings=False)
        if not director:
            raise PermissionDenied(
                gettext("This is the tournament's public link: it cannot change the tournament.")
            )
        return tournament

    def write(
        self,
        request: Request,
        token: str,
        handler: Callable[[Tournament, Mapping[str, Any]], Response],
        declared: type[bodies.Body] = bodies.NoBody,
    ) -> Response:
        """A write through the director's id: its body checked against its declaration
        (``bodies``), then ``handler``, once per ``Idempotency-Key``."""
        tournament = self.director(token)
        return idempotent(request, lambda: handler(tournament, bodies.read(request, declared)))


class TournamentList(Api):
    throttle_classes = [CreateThrottle]  # one budget per address with creating matches

    @extend_schema(
        request=bodies.TournamentCreateBody,
        parameters=[IDEMPOTENCY],
        responses={201: TournamentSerializer, 400: ERRORS[400], 409: IDEMPOTENCY_REUSED},
        summary="Create a tournament",
    )
    def post(self, request: Request) -> Response:
        return idempotent(request, lambda: self._create(request))

    def _create(self, request: Request) -> Response:
        spec = bodies.read(request, bodies.TournamentCreateBody)["spec"]
        tournament = services.tournament_create(spec)
        return Response(
            selectors.tournament_data(tournament, director=True), status=status.HTTP_201_CREATED
        )


class TournamentDetail(TournamentApi):
    @extend_schema(
        responses={200: TournamentSerializer, **READ},
        summary="A tournament, by its id (the director's) or its view_id (public)",
    )
    def get(self, request: Request, token: str) -> Response:
        tournament, director = self.open(token)
        return Response(selectors.tournament_data(tournament, director=director))


class TournamentStart(TournamentApi):
    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY],
        responses={200: TournamentStartSerializer, **ERRORS},
        summary="Start: draw round 1 (the tournament without its rounds: links to them)",
    )
    def post(self, request: Request, token: str) -> Response:
        return self.write(request, token, lambda t, body: self._start(request, t))

    def _start(self, request: Request, tournament: Tournament) -> Response:
        services.tournament_start(tournament_id=tournament.pk)
        tournament.refresh_from_db()
        data = selectors.tournament_head(tournament, director=True)
        return Response({**data, "links": _links(request, token=str(tournament.pk))})


def _links(request: Request, *, token: str) -> dict[str, str]:
    """Where the lists left out of an answer are read, page by page (tournaments.md, Speed:
    ``start`` answers the tournament without its rounds, with a link to round 1)."""
    base = f"/api/tournaments/{token}/"
    paths = {
        "round": "rounds/1/",
        "rounds": "rounds/",
        "standings": "standings/",
        "entries": "entries/",
    }
    return {name: request.build_absolute_uri(base + path) for name, path in paths.items()}


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


class RoundList(TournamentApi):
    @extend_schema(
        parameters=[paging.PageQuery],
        responses={200: RoundSerializer(many=True), **ERRORS_READ},
        summary="Every round so far, by pages of pairings (?page=, ?entry=)",
    )
    def get(self, request: Request, token: str) -> Response:
        tournament, director = self.open(token, standings=False)
        rounds, page = paging.rounds_page(
            request, selectors.rounds_of(tournament), director=director
        )
        return paging.paged(rounds, page, request)


class RoundNext(TournamentApi):
    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY],
        responses={201: RoundSerializer, **ERRORS},
        summary="Draw the next round (the current one is complete)",
    )
    def post(self, request: Request, token: str) -> Response:
        return self.write(request, token, self._next)

    def _next(self, tournament: Tournament, body: Mapping[str, Any]) -> Response:
        round_ = services.round_draw(tournament_id=tournament.pk)
        data = selectors.rounds_data(tournament, director=True, number=round_.number)[0]
        return Response(data, status=status.HTTP_201_CREATED)


def _round(tournament: Tournament, number: int, *, director: bool) -> dict[str, Any]:
    found = selectors.rounds_data(tournament, director=director, number=number)
    if not found:
        raise Http404
    return found[0]


class RoundDetail(TournamentApi):
    @extend_schema(
        parameters=[paging.PageQuery],
        responses={200: RoundSerializer, **ERRORS_READ},
        summary="One round, its pairings by pages (?page=, ?entry=)",
    )
    def get(self, request: Request, token: str, number: int) -> Response:
        tournament, director = self.open(token, standings=False)
        found = selectors.rounds_of(tournament, number=number)
        if not found:
            raise Http404
        rounds, page = paging.rounds_page(request, found, director=director, every=True)
        return paging.paged(rounds[0], page, request)


class RoundClock(TournamentApi):
    @extend_schema(
        request=bodies.ClockBody,
        parameters=[IDEMPOTENCY],
        responses={200: RoundSerializer, **ERRORS},
        summary="Call time now, or give more time (the round or one table)",
    )
    def post(self, request: Request, token: str, number: int) -> Response:
        return self.write(
            request,
            token,
            lambda tournament, body: self._clock(tournament, body, number),
            bodies.ClockBody,
        )

    def _clock(self, tournament: Tournament, body: Mapping[str, Any], number: int) -> Response:
        services.round_clock(tournament_id=tournament.pk, round_number=number, **body)
        return Response(_round(tournament, number, director=True))


class Standings(TournamentApi):
    renderer_classes = csv.RENDERERS  # clubs.md: ?format=csv

    @extend_schema(
        parameters=[paging.PageQuery],
        responses={200: StandingSerializer(many=True), **ERRORS_READ},
        summary="The standings, in rank order, by pages (?page=, ?entry=)",
    )
    def get(self, request: Request, token: str) -> HttpResponse:
        tournament, _director = self.open(token)
        entries = list(tournament.entries.all())
        if csv.wants_csv(request):  # an export: the whole table, not a phone's page
            return csv.standings_csv(selectors.standings_data(tournament, entries))
        return self.answer(request, tournament, entries)

    def answer(self, request: Request, tournament: Tournament, entries: list[Any]) -> Response:
        """The page asked for of the tournament's ``standings`` (as stored, or as set)."""
        rows, page = paging.standings_rows(request, tournament.standings)
        data = selectors.standings_data(tournament, entries, rows=rows)
        return paging.paged(data, page, request)


class TableDetail(Api):
    @extend_schema(
        responses={200: TableSerializer, **READ},
        summary="The match now played at a table, by the table's key",
    )
    def get(self, request: Request, key: str) -> Response:
        try:
            return Response(selectors.table_data(key))
        except TableKey.DoesNotExist as error:
            raise Http404 from error
