"""The public pages of a tournament (its ``view_id`` link): the players' page, the
projector, a player's history, and the panel the match page shows for a tournament's match.

The live parts are polled by the browser only while the page is visible; the poll answers
``304`` when the tournament's ``version`` (bumped on every change) and the language are
those of the browser's copy, so a room of phones costs almost nothing: each worker reads
the version at most once a second per link (``TOURNAMENT_POLL_CACHE_SECONDS``), and a
change shows on the first poll after that.
"""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language, get_language_bidi, gettext
from django.views.decorators.http import require_GET

from scorekeeper import security
from tournaments.models import Tournament
from tournaments.selectors import public as public_selectors
from tournaments.selectors import tiebreak_word

from . import bracket, table_confirm

# The tournament's version per link, kept by each worker for a moment: a room of phones
# polling the same link then costs no query at all, and a change shows within that moment.
_versions: dict[str, tuple[int | None, float]] = {}


def _version(view_id: str) -> int | None:
    seconds = getattr(settings, "TOURNAMENT_POLL_CACHE_SECONDS", 1.0)
    now = time.monotonic()
    cached = _versions.get(view_id)
    if cached is not None and cached[1] > now:
        return cached[0]
    version = public_selectors.public_version(view_id)
    if seconds > 0:
        if len(_versions) > 10_000:  # unknown links must not grow it without end
            _versions.clear()
        _versions[view_id] = (version, now + seconds)
    return version


def _etag(version: int, kind: str) -> str:
    return f'"t{version}-{get_language()}-{kind}"'


def _conditional(request: HttpRequest, view_id: str, kind: str) -> tuple[str, bool]:
    """The ETag of a live part, and whether the browser's copy is still the current one."""
    version = _version(view_id)
    if version is None:
        raise Http404
    security.says_no_key(request)  # a view_id's page: the browser may keep it for its ETag
    etag = _etag(version, kind)
    sent = request.headers.get("If-None-Match", "")
    return etag, etag in [tag.strip() for tag in sent.split(",")]


def _cached(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"  # keep a copy, but ask every time
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response


def _state(view_id: str) -> dict[str, Any]:
    try:
        data = public_selectors.public_state(view_id)
    except Tournament.DoesNotExist:
        raise Http404 from None
    keys = _columns(data)
    data["columns"] = [{"key": key, "word": tiebreak_word(key)} for key in keys]
    for row in data["standings"]:
        row["cells"] = [row.get(key, 0) for key in keys]
    for item in data["brackets"]:
        item["svg"] = bracket.svg(
            item["columns"],
            _bracket_title(item["bracket"]),
            gettext("bye"),
            rtl=get_language_bidi(),
        )
        item["title"] = _bracket_title(item["bracket"])
    return {"t": data, "view_id": view_id}


def _columns(data: dict[str, Any]) -> list[str]:
    """The tiebreak columns: the tournament's order, then the other metrics."""
    keys = list(data["tiebreaks"])
    for key in ("played", "wins", "draws", "losses"):
        if key in keys:
            keys.remove(key)
    return keys


def _bracket_title(key: str) -> str:
    titles = {
        "main": gettext("Bracket"),
        "winners": gettext("Winners' bracket"),
        "losers": gettext("Losers' bracket"),
        "final": gettext("Grand final"),
        "third_place": gettext("Third place"),
        "consolation": gettext("Consolation"),
    }
    return titles.get(key, key)


@require_GET
def public_page(request: HttpRequest, view_id: str) -> HttpResponse:
    return render(request, "tournaments/public/page.html", _state(view_id))


@require_GET
def public_live(request: HttpRequest, view_id: str) -> HttpResponse:
    """The live part of the public page, polled: ``304`` while nothing changed."""
    etag, fresh = _conditional(request, view_id, "live")
    if fresh:
        return _cached(HttpResponseNotModified(), etag)
    return _cached(render(request, "tournaments/public/live.html", _state(view_id)), etag)


@require_GET
def projector_page(request: HttpRequest, view_id: str) -> HttpResponse:
    return render(request, "tournaments/public/projector.html", _state(view_id))


@require_GET
def projector_live(request: HttpRequest, view_id: str) -> HttpResponse:
    etag, fresh = _conditional(request, view_id, "projector")
    if fresh:
        return _cached(HttpResponseNotModified(), etag)
    response = render(request, "tournaments/public/projector_live.html", _state(view_id))
    return _cached(response, etag)


@require_GET
def entry_page(request: HttpRequest, view_id: str, number: int) -> HttpResponse:
    """A player's (an entry's) evening: every round, opponent, table and score."""
    try:
        history = public_selectors.entry_history(view_id, number)
    except Tournament.DoesNotExist:
        raise Http404 from None
    return render(
        request,
        "tournaments/public/entry.html",
        {**history, "t": history["tournament"], "view_id": view_id},
    )


def panel_context(match: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The match page's tournament panel (registered in the AppConfig)."""
    panel = public_selectors.match_panel(match)
    if panel is None:
        return None
    if not panel.get("cancelled"):
        panel["confirm"] = table_confirm.confirmation(panel["match_view"], match.get("id"))
        panel["writable"] = bool(match.get("id"))
    return "tournaments/public/match_panel.html", {"panel": panel}


@require_GET
def match_panel(request: HttpRequest, view_id: str, match_view: str) -> HttpResponse:
    """The panel alone, refreshed by the match page while it is visible."""
    panel = public_selectors.match_panel_by_view(view_id, match_view)
    if panel is None:
        raise Http404
    if not panel.get("cancelled"):
        panel["confirm"] = table_confirm.confirmation(match_view, None)
    return render(request, "tournaments/public/match_panel_body.html", {"panel": panel})
