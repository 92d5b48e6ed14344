"""Thin API views: parse, call one service or selector, render."""

from __future__ import annotations

import uuid
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.http import Http404
from django.urls import get_script_prefix, get_urlconf, reverse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import rules, selectors, services
from ..convert import hand_data
from ..models import Match
from ..rules import MatchConflict, RuleViolation
from ..rules.errors import _
from ..throttling import CreateThrottle
from ..translate import SafeJSONParser, request_body, spectator_refused, split_number
from .idempotency import HEADER, MAX_KEY, idempotent, recorded_once
from .schema import (
    HandSerializer,
    MatchCreateSerializer,
    MatchSerializer,
    VariantSerializer,
    hand_payload_schema,
)

MATCH_FIELDS = {"variant", "players", "options", "games_to_win", "first_dealer"}
IDEMPOTENCY = OpenApiParameter(
    HEADER,
    {"type": "string", "minLength": 1, "maxLength": MAX_KEY},
    OpenApiParameter.HEADER,
    required=False,
    description="Repeat a POST safely: the same key and body get "
    "the first answer and store nothing new (the same "
    "key with another body is 409). 1 to 255 "
    "characters; it must be random (a UUID): the first "
    "answer is given to whoever repeats the key. A key "
    "is remembered per match (or per URL).",
)
NUMBER = OpenApiParameter(
    "number", int, OpenApiParameter.PATH, description="The hand's number in the match, from 1."
)
ERRORS = {
    400: OpenApiResponse(description="The rules refuse it: {field: [message]}."),
    403: OpenApiResponse(description="A spectator's link cannot write."),
    404: OpenApiResponse(description="No such match or hand."),
    409: OpenApiResponse(
        description="The match is finished, or the hand number is not the next one."
    ),
}
TOO_MANY = OpenApiResponse(
    description="Too many matches started from this address: wait for "
    "the Retry-After header's seconds."
)


ANY_ID = "00000000-0000-0000-0000-000000000000"


def hand_list_path(match_id: uuid.UUID) -> str:
    """``reverse("hand-list", args=[match_id])``, the scope of a hand's key: the path is
    reversed once (per script prefix and URLconf) with a stand-in id that is then replaced,
    where reversing it anew walked the URL patterns, a tenth of a hand's own Python time."""
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    return _hand_list_template(get_script_prefix(), urlconf).replace(ANY_ID, str(match_id))


@lru_cache(maxsize=16)
def _hand_list_template(prefix: str, urlconf: Any) -> str:
    return reverse("hand-list", args=[ANY_ID], urlconf=urlconf)  # under ``prefix``


class Api(APIView):
    parser_classes = [SafeJSONParser]

    def open_match(self, token: str) -> Match:
        """The match a link opens, for reading (a key or a spectator's link)."""
        try:
            return selectors.match_by_token(token)[0]
        except Match.DoesNotExist as error:
            raise Http404 from error

    def match_key(self, token: str) -> uuid.UUID:
        """The id to write to; the service's lock finds out whether the match exists."""
        match_id = selectors.key_of(token)
        if match_id is not None:
            return match_id
        if selectors.VIEW_ID.fullmatch(token) and Match.objects.filter(view_id=token).exists():
            raise spectator_refused()
        raise Http404


class VariantList(Api):
    @extend_schema(responses=VariantSerializer(many=True), summary="Every variant")
    def get(self, request: Request) -> Response:
        return Response([selectors.variant_data(v) for v in rules.VARIANTS.values()])


class VariantDetail(Api):
    @extend_schema(responses={200: VariantSerializer, 404: ERRORS[404]}, summary="One variant")
    def get(self, request: Request, slug: str) -> Response:
        variant = rules.find_variant(slug)
        if variant is None:
            raise Http404
        return Response(selectors.variant_data(variant))


class MatchList(Api):
    throttle_classes = [CreateThrottle]

    @extend_schema(
        request=MatchCreateSerializer,
        parameters=[IDEMPOTENCY],
        responses={201: MatchSerializer, 400: ERRORS[400], 429: TOO_MANY},
        summary="Start a match",
    )
    def post(self, request: Request) -> Response:
        return idempotent(request, lambda: self._create(request))

    def _create(self, request: Request) -> Response:
        body = request_body(request)
        unknown = sorted(str(key)[:40] for key in body if key not in MATCH_FIELDS)
        if unknown:
            raise RuleViolation(unknown[0], _("Unknown field '{key}'."), key=unknown[0])
        if "variant" not in body:
            raise RuleViolation("variant", _("This field is required."))
        if "players" not in body:
            raise RuleViolation("players", _("This field is required."))
        match = services.match_create(**{key: body[key] for key in MATCH_FIELDS if key in body})
        data = selectors.match_data(match, writable=True, hands=[], changes=[])
        return Response(data, status=status.HTTP_201_CREATED)


class MatchDetail(Api):
    @extend_schema(
        responses={200: MatchSerializer, 404: ERRORS[404]},
        summary="A match, by its id (full) or its view_id (read-only, without id)",
    )
    def get(self, request: Request, token: str) -> Response:
        match, writable = self._match(token)
        return Response(selectors.match_data(match, writable=writable))

    def _match(self, token: str) -> tuple[Match, bool]:
        try:
            return selectors.match_by_token(token)
        except Match.DoesNotExist as error:
            raise Http404 from error


class MatchClose(Api):
    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY],
        responses={200: MatchSerializer, **ERRORS},
        summary="Close a session (trionfo) or an abandoned match",
    )
    def post(self, request: Request, token: str) -> Response:
        match_id = self.match_key(token)
        return idempotent(
            request, lambda: self._close(match_id), scope=reverse("match-close", args=[match_id])
        )

    def _close(self, match_id: uuid.UUID) -> Response:
        match = services.match_close(match_id=match_id)
        return Response(selectors.match_data(match, writable=True))


class HandList(Api):
    @extend_schema(
        responses={200: HandSerializer(many=True), 404: ERRORS[404]}, summary="The match's hands"
    )
    def get(self, request: Request, token: str) -> Response:
        match = self.open_match(token)
        return Response([hand_data(hand) for hand in selectors.hands_of(match)])

    @extend_schema(
        request={"application/json": hand_payload_schema()},
        parameters=[IDEMPOTENCY],
        responses={201: HandSerializer, **ERRORS},
        summary="Record a hand",
    )
    def post(self, request: Request, token: str) -> Response:
        match_id = self.match_key(token)
        return recorded_once(
            request,
            hand_list_path(match_id),
            lambda receipt: self._record(request, match_id, receipt),
        )

    def _record(
        self, request: Request, match_id: uuid.UUID, receipt: services.Receipt | None
    ) -> Response:
        payload, number = split_number(request_body(request))
        hand = services.hand_record(
            match_id=match_id, payload=payload, number=number, receipt=receipt
        )
        return Response(hand_data(hand), status=status.HTTP_201_CREATED)


class HandPreview(Api):
    @extend_schema(
        request={"application/json": hand_payload_schema()},
        responses={200: HandSerializer, **ERRORS},
        summary="Score a hand without storing it",
    )
    def post(self, request: Request, token: str) -> Response:
        self.match_key(token)  # a spectator's link is refused
        match = self.open_match(token)
        payload, _number = split_number(request_body(request))
        return Response(services.hand_preview(match=match, payload=payload).to_dict())


class HandDetail(Api):
    def _hand(self, match: Match, number: int) -> Any:
        hand = selectors.hands_of(match).filter(number=number).first()
        if hand is None:
            raise Http404
        return hand

    @extend_schema(
        parameters=[NUMBER], responses={200: HandSerializer, 404: ERRORS[404]}, summary="One hand"
    )
    def get(self, request: Request, token: str, number: int) -> Response:
        match = self.open_match(token)
        return Response(hand_data(self._hand(match, number)))

    @extend_schema(
        request={"application/json": hand_payload_schema()},
        parameters=[NUMBER],
        responses={200: HandSerializer, **ERRORS},
        summary="Correct a hand: it and every later hand are re-scored",
    )
    def put(self, request: Request, token: str, number: int) -> Response:
        match_id = self.match_key(token)
        payload, claimed = split_number(request_body(request))
        if claimed is not None and claimed != number:
            raise MatchConflict(
                _("The body is for hand {claimed}, the URL for {number}."),
                claimed=claimed,
                number=number,
            )
        hand = services.hand_correct(match_id=match_id, number=number, payload=payload)
        return Response(hand_data(hand))

    @extend_schema(
        request=None,
        parameters=[NUMBER],
        responses={204: None, **ERRORS},
        summary="Undo the last hand",
    )
    def delete(self, request: Request, token: str, number: int) -> Response:
        services.hand_undo(match_id=self.match_key(token), number=number)
        return Response(status=status.HTTP_204_NO_CONTENT)
