"""A tournament's standings, in rank order: as stored, or one stage's with ``?stage=``
(as it ended, or now); by pages (``?page=``, ``?entry=``), or the whole table as a CSV file
(``?format=csv``, clubs.md: Exports)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from .. import selectors
from ..models import Stage
from . import csv, paging, queries
from .base import ERRORS_READ, TournamentApi
from .schema import StandingSerializer


class Standings(queries.Negotiated, TournamentApi):
    renderer_classes = csv.RENDERERS

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
        rows, page = paging.standings_rows(request, tournament.standings)
        data = selectors.standings_data(tournament, entries, rows=rows)
        return paging.paged(data, page, request)
