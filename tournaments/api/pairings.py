"""A pairing's result: the director's (a winner, a draw, a forfeit) and its removal, and the
confirmation by the other side of a match played at a table (``/api/matches/{key}/confirm/``,
routed here: scorekeeper never imports tournaments). Thin views: parse, call one service,
render."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper import selectors as match_selectors
from scorekeeper.api.idempotency import idempotent
from scorekeeper.api.views import IDEMPOTENCY, Api

from .. import selectors, services
from ..models import Tournament
from . import bodies
from .base import ERRORS, TournamentApi

PAIRING = OpenApiResponse(description="The pairing (with warnings).")


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
