"""What every view of a tournament shares: the link it is opened by (the director's ``id``
writes, the public ``view_id`` only reads), a write's body and ``Idempotency-Key``, and the
errors the schema publishes.

Errors are scorekeeper's (``scorekeeper.api.errors``: ``RuleViolation`` 400,
``MatchConflict`` 409, unknown rows 404), and so is ``Idempotency-Key``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.idempotency import idempotent
from scorekeeper.api.views import Api

from .. import selectors
from ..models import Tournament
from . import bodies

ERRORS = {
    400: OpenApiResponse(description="Bad input: {field: [message]}; nothing stored."),
    403: OpenApiResponse(description="The public link (view_id) cannot write."),
    404: OpenApiResponse(description="No such tournament, entry, round or slot."),
    409: OpenApiResponse(description="Not now: the tournament's state refuses it."),
}
READ = {404: ERRORS[404]}
ERRORS_READ = {400: ERRORS[400], 404: ERRORS[404]}


# No docstring: drf-spectacular would publish it as every tournament view's description.
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
