"""The phone as a scoreboard: the totals in big numbers, readable across the table.

The same facts as the match page's summary (``sheet.match_page``), laid out large: each
side's total and games won, who leads and how many points they still need to reach the
target in force (la bella's own target, or a target the table raised in 400/41).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_GET

from .. import selectors, words
from ..models import Match
from . import live, sheet


def target_now(view: selectors.MatchView) -> int | None:
    """The target of the game being played, as the engine reads it (la bella's, or a raised
    one); None for a session or a finished match."""
    if view.finished:
        return None
    target: int | None = view.outlook["target"]
    return target


def leader(totals: Sequence[tuple[Any, int]]) -> tuple[Any, int] | None:
    """The side with the highest total, or None while two share it."""
    if not totals:
        return None
    best = max(score for _col, score in totals)
    ahead = [(col, score) for col, score in totals if score == best]
    return ahead[0] if len(ahead) == 1 else None


def board_context(match: Match, writable: bool, token: str) -> dict[str, Any]:
    view = selectors.match_view(match, writable=writable)
    data = view.data
    context = sheet.match_page(view)
    won = dict((col.label, games) for col, games in context["games_won"] or [])
    # Once the match is over the banner names the winner: nobody "leads" any more.
    ahead = leader(context["totals"]) if data["status"] != "finished" else None
    target = target_now(view)
    sides = [
        {
            "label": col.label,
            "colour": col.colour,
            "score": score,
            "games": won.get(col.label),
            "leads": ahead is not None and col is ahead[0],
        }
        for col, score in context["totals"]
    ]
    context.update(
        match=data,
        token=token,
        sides=sides,
        target=target,
        game_name=words.game_name(context["variant"]),
        poll_seconds=live.POLL_SECONDS,
        state_line=_state_line(ahead, target),
    )
    return context


def _state_line(ahead: tuple[Any, int] | None, target: int | None) -> dict[str, Any]:
    if ahead is None:
        return {"text": _("Level."), "name": ""}
    col, score = ahead
    if target is not None and score < target:
        return {
            "name": col.label,
            "text": _("{points} to reach {target}.").format(points=target - score, target=target),
        }
    return {"name": col.label, "text": ""}


@require_GET
@cache_control(no_cache=True)
@condition(etag_func=live.etag)
def board_page(request: HttpRequest, token: str) -> HttpResponse:
    try:
        match, writable = selectors.match_by_token(token)
    except Match.DoesNotExist as error:
        raise Http404 from error
    return render(request, "scorekeeper/board.html", board_context(match, writable, token))
