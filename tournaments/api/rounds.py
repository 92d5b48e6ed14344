"""A tournament's rounds: listed and read by pages of pairings, the next one drawn, its
clock (call time, more time), and the changes to the round in play (drawn again, two
entries swapped). Thin views: parse, call one service or selector, render."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.views import IDEMPOTENCY

from .. import selectors, services
from ..models import Tournament
from . import bodies, paging
from .base import ERRORS, ERRORS_READ, TournamentApi
from .schema import RoundSerializer


def _round_answer(tournament: Tournament, number: int) -> dict[str, Any]:
    """Round ``number`` as a write through the director's id answers it (all its pairings)."""
    found = selectors.rounds_data(tournament, director=True, number=number)
    if not found:
        raise Http404
    return found[0]


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
        return Response(_round_answer(tournament, round_.number), status=status.HTTP_201_CREATED)


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
            request, token, lambda t, body: self._clock(t, body, number), bodies.ClockBody
        )

    def _clock(self, tournament: Tournament, body: Mapping[str, Any], number: int) -> Response:
        services.round_clock(tournament_id=tournament.pk, round_number=number, **body)
        return Response(_round_answer(tournament, number))


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
        return Response(_round_answer(tournament, number))


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
        data = _round_answer(tournament, number)
        return Response({**data, "warnings": list(swapped.warnings)})
