"""Thin API views of clubs (``../shared/clubs.md``): parse, call one service or selector,
render. Writes go through the club's ``id`` only; its ``view_id`` is 403 for them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpResponse
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.idempotency import idempotent
from scorekeeper.api.views import IDEMPOTENCY, Api
from scorekeeper.throttling import CreateThrottle
from scorekeeper.translate import SafeJSONParser

from .. import selectors, spreadsheet
from ..models import Club, Player, Season, Tournament
from ..selectors import clubs as club_selectors
from ..services import clubs as club_services
from . import bodies, queries
from .csv import RENDERERS, csv_response, wants_csv

ANSWER = OpenApiResponse(description="The club, player or season (see clubs.md).")
ERRORS = {
    400: OpenApiResponse(description="Bad input: {field: [message]}; nothing stored."),
    403: OpenApiResponse(description="The public link (view_id) cannot write."),
    404: OpenApiResponse(description="No such club, player or season."),
    409: OpenApiResponse(
        description="Not now (a player merged into themself), or the Idempotency-Key was "
        "used with another body."
    ),
}
# A CSV file of names (one a line, or the export back) instead of the JSON body.
PLAYERS_FILE = {
    "type": "object",
    "properties": {"file": {"type": "string", "format": "binary"}},
    "required": ["file"],
}


class ClubApi(queries.Negotiated, Api):
    renderer_classes = RENDERERS

    def open(self, token: str) -> tuple[Club, bool]:
        try:
            return club_selectors.club_by_token(token)
        except (Club.DoesNotExist, ValueError) as error:
            raise Http404 from error

    def director(self, token: str) -> Club:
        club, director = self.open(token)
        if not director:
            raise PermissionDenied(
                gettext("This is the club's public link: it cannot change the club.")
            )
        return club

    def write(
        self,
        request: Request,
        token: str,
        handler: Callable[[Club, dict[str, Any]], Response],
        declared: type[bodies.Body],
    ) -> Response:
        """A write through the club's id: its body checked against its declaration
        (``bodies``), then ``handler``, once per ``Idempotency-Key``."""
        club = self.director(token)
        return idempotent(request, lambda: handler(club, bodies.read(request, declared)))


class ClubList(Api):
    throttle_classes = [CreateThrottle]

    @extend_schema(
        request=bodies.ClubBody, parameters=[IDEMPOTENCY], responses={201: ANSWER, **ERRORS}
    )
    def post(self, request: Request) -> Response:
        return idempotent(request, lambda: self._create(request))

    def _create(self, request: Request) -> Response:
        club = club_services.club_create(**bodies.read(request, bodies.ClubBody))
        return Response(club_selectors.club_data(club, director=True), status=201)


class ClubDetail(ClubApi):
    @extend_schema(responses={200: ANSWER, **ERRORS}, summary="A club, by id or view_id")
    def get(self, request: Request, token: str) -> Response:
        club, director = self.open(token)
        return Response(club_selectors.club_data(club, director=director))

    @extend_schema(
        request=bodies.ClubPatchBody, responses={200: ANSWER, **ERRORS}, summary="Rename the club"
    )
    def patch(self, request: Request, token: str) -> Response:
        club = self.director(token)
        fields = bodies.read(request, bodies.ClubPatchBody)
        club = club_services.club_update(club_id=club.pk, **fields)
        return Response(club_selectors.club_data(club, director=True))


class ClubTournaments(ClubApi):
    # A new tournament of a club spends the address's one creation budget, as
    # ``POST /api/tournaments/`` does (reads are never counted).
    throttle_classes = [CreateThrottle]

    @extend_schema(
        responses={200: ANSWER, **ERRORS},
        summary="The club's tournaments",
        operation_id="api_clubs_tournaments_list",
    )
    def get(self, request: Request, token: str) -> Response:
        club, _director = self.open(token)
        return Response(club_selectors.club_tournaments_data(club))

    @extend_schema(
        request=bodies.ClubTournamentCreateBody,
        parameters=[IDEMPOTENCY],
        responses={201: ANSWER, **ERRORS},
    )
    def post(self, request: Request, token: str) -> Response:
        return self.write(request, token, self._create, bodies.ClubTournamentCreateBody)

    def _create(self, club: Club, body: dict[str, Any]) -> Response:
        tournament = club_services.club_tournament_create(club_id=club.pk, **body)
        data = selectors.tournament_data(tournament, director=True)
        return Response(data, status=status.HTTP_201_CREATED)


class ClubPlayers(ClubApi):
    parser_classes = [SafeJSONParser, MultiPartParser, FormParser]

    @extend_schema(
        responses={200: ANSWER, **ERRORS},
        summary="Every player, with ratings",
        operation_id="api_clubs_players_list",
    )
    def get(self, request: Request, token: str) -> Response:
        club, _director = self.open(token)
        return Response(club_selectors.players_data(club))

    @extend_schema(
        request={
            "application/json": bodies.PlayerBody,
            "multipart/form-data": PLAYERS_FILE,
        },
        parameters=[IDEMPOTENCY],
        responses={201: ANSWER, **ERRORS},
        summary="Add a player ({name}), or import a CSV file of names (multipart file)",
    )
    def post(self, request: Request, token: str) -> Response:
        club = self.director(token)
        if request.content_type.startswith("multipart/") and "file" in request.FILES:
            return Response(
                club_services.players_import(club_id=club.pk, file=request.FILES["file"])
            )
        return idempotent(request, lambda: self._create(club, request))

    def _create(self, club: Club, request: Request) -> Response:
        fields = bodies.read(request, bodies.PlayerBody)
        player = club_services.player_create(club_id=club.pk, **fields)
        return Response(club_selectors.player_data(club, player.number), status=201)


class ClubPlayer(ClubApi):
    @extend_schema(responses={200: ANSWER, **ERRORS}, summary="A player and their history")
    def get(self, request: Request, token: str, number: int) -> Response:
        club, _director = self.open(token)
        return Response(club_selectors.player_data(club, number))

    @extend_schema(
        request=bodies.PlayerBody, responses={200: ANSWER, **ERRORS}, summary="Rename a player"
    )
    def patch(self, request: Request, token: str, number: int) -> Response:
        club = self.director(token)
        fields = bodies.read(request, bodies.PlayerBody)
        club_services.player_rename(club_id=club.pk, number=number, **fields)
        return Response(club_selectors.player_data(club, number))


class ClubPlayerMerge(ClubApi):
    @extend_schema(
        request=bodies.MergeBody, parameters=[IDEMPOTENCY], responses={200: ANSWER, **ERRORS}
    )
    def post(self, request: Request, token: str, number: int) -> Response:
        return self.write(
            request, token, lambda club, body: self._merge(club, body, number), bodies.MergeBody
        )

    def _merge(self, club: Club, body: dict[str, Any], number: int) -> Response:
        if not Player.objects.filter(club=club, number=number).exists():
            raise Http404
        player = club_services.player_merge(club_id=club.pk, number=number, into=body["into"])
        return Response(club_selectors.player_data(club, player.number))


class ClubSeasons(ClubApi):
    @extend_schema(
        responses={200: ANSWER, **ERRORS},
        summary="The club's seasons",
        operation_id="api_clubs_seasons_list",
    )
    def get(self, request: Request, token: str) -> Response:
        club, _director = self.open(token)
        return Response([club_selectors.season_data(s) for s in club.seasons.all()])

    @extend_schema(
        request=bodies.SeasonBody, parameters=[IDEMPOTENCY], responses={201: ANSWER, **ERRORS}
    )
    def post(self, request: Request, token: str) -> Response:
        return self.write(request, token, self._create, bodies.SeasonBody)

    def _create(self, club: Club, body: dict[str, Any]) -> Response:
        season = club_services.season_create(club_id=club.pk, **body)
        return Response(club_selectors.season_data(season), status=201)


SEASON_COLUMNS = ("rank", "player", "name", "points", "tournaments", "wins", "best", "why")


def season_headers() -> list[str]:
    words = {
        "rank": gettext("Rank"),
        "player": gettext("Player number"),
        "name": gettext("Name"),
        "points": gettext("season points"),
        "tournaments": gettext("tournaments played"),
        "wins": gettext("tournaments won"),
        "best": gettext("best rank"),
        "why": gettext("Why"),
    }
    return [words[key] for key in SEASON_COLUMNS]


class SeasonStandings(ClubApi):
    @extend_schema(
        parameters=[queries.ExportQuery],
        responses={200: ANSWER, **ERRORS},
        summary="A season's standings",
    )
    def get(self, request: Request, token: str, number: int) -> Response | HttpResponse:
        club, _director = self.open(token)
        queries.read(request, queries.ExportQuery)
        season = Season.objects.get(club=club, number=number)
        rows = club_selectors.season_rows(season)
        if wants_csv(request):
            return csv_response(
                season_headers(),
                ([row[key] for key in SEASON_COLUMNS] for row in rows),
                f"season-{number}.csv",
            )
        return Response(rows)


class ClubPlayersCsv(ClubApi):
    @extend_schema(
        responses={200: OpenApiResponse(description="CSV"), 400: ERRORS[400], 404: ERRORS[404]},
        summary="Players CSV",
    )
    def get(self, request: Request, token: str) -> HttpResponse:
        club, _director = self.open(token)
        rows = club_selectors.players_data(club)
        return csv_response(
            spreadsheet.player_header(),
            ([row[key] for key in spreadsheet.PLAYER_COLUMNS] for row in rows),
            "players.csv",
        )


class TournamentResultsCsv(Api):
    @extend_schema(
        responses={200: OpenApiResponse(description="CSV"), 404: ERRORS[404]}, summary="Results CSV"
    )
    def get(self, request: Request, token: str) -> HttpResponse:
        try:
            tournament, _director = selectors.tournament_by_token(token)
        except (Tournament.DoesNotExist, ValueError) as error:
            raise Http404 from error
        header = [
            gettext("Round"),
            gettext("Table"),
            gettext("Entries"),
            gettext("Players"),
            gettext("Result"),
            gettext("Points"),
            gettext("Games"),
        ]
        return csv_response(header, club_selectors.results_rows(tournament), "results.csv")
