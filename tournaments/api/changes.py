"""The API of the changes during the event: redraw, swap, undo the start, the tournament's
settings (hold), the director's result and its removal, the confirmation by the other side,
and the standings of one stage. Thin views: parse, call one service, render.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import Http404, HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper import selectors as match_selectors
from scorekeeper.api.idempotency import idempotent
from scorekeeper.api.views import IDEMPOTENCY, Api

from .. import selectors, services
from ..models import Stage, Tournament
from . import bodies, csv, paging, queries
from .schema import RoundSerializer, StandingSerializer, TournamentSerializer
from .views import ERRORS, ERRORS_READ, TournamentApi, _round
from .views import Standings as StandingsBase
from .views import TournamentDetail as TournamentDetailBase

PAIRING = OpenApiResponse(description="The pairing (with warnings).")


class TournamentDetail(TournamentDetailBase):
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


class RoundRedraw(TournamentApi):
    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY],
        responses={200: RoundSerializer, **ERRORS},
        summary="Draw the round in play again (no hand or result recorded in it)",
    )
    def post(self, request: Request, token: str, number: int) -> Response:
        return self.write(request, token, lambda t, body: self._redraw(t, body, number))

    def _redraw(self, tournament: Tournament, body: Mapping[str, Any], number: int) -> Response:
        services.round_redraw(tournament_id=tournament.pk, round_number=number)
        return Response(_round(tournament, number, director=True))


class RoundSwap(TournamentApi):
    @extend_schema(
        request=bodies.SwapBody,
        parameters=[IDEMPOTENCY],
        responses={200: RoundSerializer, **ERRORS},
        summary="Two entries of the round in play change places (with warnings)",
    )
    def post(self, request: Request, token: str, number: int) -> Response:
        return self.write(
            request, token, lambda t, body: self._swap(t, body, number), bodies.SwapBody
        )

    def _swap(self, tournament: Tournament, body: Mapping[str, Any], number: int) -> Response:
        swapped = services.round_swap(
            tournament_id=tournament.pk, round_number=number, entries=body["entries"]
        )
        data = _round(tournament, number, director=True)
        return Response({**data, "warnings": list(swapped.warnings)})


class PairingResult(TournamentApi):
    @extend_schema(
        request=bodies.ResultBody,
        parameters=[IDEMPOTENCY],
        responses={200: PAIRING, **ERRORS},
        summary="The director's result: a winner, a draw or a forfeit; no default winner",
    )
    def post(self, request: Request, token: str, number: int, slot: int) -> Response:
        return self.write(
            request, token, lambda t, body: self._set(t, body, number, slot), bodies.ResultBody
        )

    def _set(
        self, tournament: Tournament, body: Mapping[str, Any], number: int, slot: int
    ) -> Response:
        answer = services.pairing_result_set(
            tournament_id=tournament.pk, round_number=number, slot=slot, **body
        )
        data = selectors.pairing_data(answer.pairing, director=True)
        return Response({**data, "warnings": list(answer.warnings)})

    @extend_schema(
        request=None,
        responses={200: PAIRING, **ERRORS},
        summary="Remove the director's result: the match is what its hands say again",
    )
    def delete(self, request: Request, token: str, number: int, slot: int) -> Response:
        tournament = self.director(token)
        answer = services.pairing_result_remove(
            tournament_id=tournament.pk, round_number=number, slot=slot
        )
        return Response(selectors.pairing_data(answer.pairing, director=True))


class MatchConfirm(Api):
    @extend_schema(
        request=bodies.ConfirmBody,
        parameters=[IDEMPOTENCY],
        responses={200: OpenApiResponse(description="The match."), **ERRORS},
        summary="The other side agrees with the result ({agree: true}) or disputes it",
    )
    def post(self, request: Request, token: str) -> Response:
        match_id = self.match_key(token)
        return idempotent(request, lambda: self._confirm(request, match_id))

    def _confirm(self, request: Request, match_id: Any) -> Response:
        fields = bodies.read(request, bodies.ConfirmBody)
        match = services.match_confirm(match_id=match_id, **fields)
        match.refresh_from_db()
        return Response(match_selectors.match_data(match, writable=True))


class Standings(queries.Negotiated, StandingsBase):
    @extend_schema(
        parameters=[queries.StandingsQuery, paging.PageQuery],
        responses={200: StandingSerializer(many=True), **ERRORS_READ},
        summary="The standings, in rank order (of one stage with ?stage=)",
    )
    def get(self, request: Request, token: str) -> HttpResponse:
        tournament, _director = self.open(token)
        number = queries.read(request, queries.StandingsQuery)["stage"]
        if number is not None:
            stage = Stage.objects.filter(tournament=tournament, number=number).first()
            if stage is None:
                raise Http404
            tournament.standings = selectors.stage_rows(tournament, stage)
        entries = list(tournament.entries.all())
        if csv.wants_csv(request):  # an export: the whole table, not a phone's page
            return csv.standings_csv(selectors.standings_data(tournament, entries))
        return self.answer(request, tournament, entries)
