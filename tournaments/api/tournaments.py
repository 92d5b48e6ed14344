"""The tournament itself: created, read (by its ``id`` or its ``view_id``), its settings
changed, started and the start undone; and a table's key, which opens the match now played
at that table. Thin views: parse, call one service or selector, render."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import Http404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.idempotency import idempotent
from scorekeeper.api.views import IDEMPOTENCY, Api
from scorekeeper.throttling import CreateThrottle

from .. import selectors, services
from ..models import TableKey, Tournament
from . import bodies
from .base import ERRORS, READ, TournamentApi
from .schema import TableSerializer, TournamentSerializer, TournamentStartSerializer

IDEMPOTENCY_REUSED = OpenApiResponse(description="The Idempotency-Key was used with another body.")


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

    @extend_schema(
        request=bodies.SettingsBody,
        responses={200: TournamentSerializer, **ERRORS},
        summary="Hold (auto_advance), rename, the clock's minutes, confirm_results",
    )
    def patch(self, request: Request, token: str) -> Response:
        tournament = self.director(token)
        fields = bodies.read(request, bodies.SettingsBody)
        services.tournament_update(tournament_id=tournament.pk, **fields)
        tournament.refresh_from_db()
        return Response(selectors.tournament_data(tournament, director=True))


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


class TournamentUnstart(TournamentApi):
    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY],
        responses={200: TournamentSerializer, **ERRORS},
        summary="Undo the start: back to registration while nothing is played",
    )
    def post(self, request: Request, token: str) -> Response:
        return self.write(request, token, self._unstart)

    def _unstart(self, tournament: Tournament, body: Mapping[str, Any]) -> Response:
        services.tournament_unstart(tournament_id=tournament.pk)
        tournament.refresh_from_db()
        return Response(selectors.tournament_data(tournament, director=True))


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
