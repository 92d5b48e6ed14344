"""The live parts of a match page, polled by the spectators' page: cheap when nothing changed.

Every write to a match (a hand, a correction, an undo, closing) saves the match row, so
its ``updated_at`` moves; with the next hand's number and the page's language it names one
version of the live parts. A poll that names the version it already has (``If-None-Match``)
is answered ``304`` before anything is rendered.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import get_language

from .. import security, selectors
from ..models import Match

POLL_SECONDS = 10


def etag(request: HttpRequest, token: str) -> str | None:
    """The version of a match's live parts, or None for an unknown token (the view 404s)."""
    try:
        match, writable = selectors.match_by_token(token)
    except Match.DoesNotExist:
        return None
    if not writable:
        security.says_no_key(request)  # a spectator's link: kept by the browser for its ETag
    number = match.state.get("number", 0) if isinstance(match.state, dict) else 0
    stamp = match.updated_at.isoformat() if match.updated_at else ""
    return f"{match.pk.hex[:12]}-{int(writable)}-{number}-{stamp}-{get_language()}"
