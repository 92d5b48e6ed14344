"""The public pages of a tournament (its ``view_id`` link): the players' page, the
projector, a player's history, and the panel the match page shows for a tournament's match.

The live parts (``public_parts``) are polled by the browser only while the page is visible;
each is rendered once per tournament ``version`` (bumped on every change) and language, and
a poll answers ``304`` while the browser's copy is that part's current content, so a room
of phones costs almost nothing: each worker reads the version at most once a second per
link (``TOURNAMENT_POLL_CACHE_SECONDS``), and a change shows on the first poll after that.
"""

from __future__ import annotations

import gzip
import time
from typing import Any

from django import forms
from django.conf import settings
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseNotModified,
)
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from scorekeeper import security
from tournaments.models import Tournament
from tournaments.selectors import panel as panel_selectors
from tournaments.selectors import public as public_selectors
from tournaments.selectors.confirmation import confirmation

from . import public_parts

# The tournament's version per link, kept by each worker for a moment: a room of phones
# polling the same link then costs no query at all, and a change shows within that moment.
_versions: dict[str, tuple[int | None, float]] = {}
HTML = "text/html; charset=utf-8"


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


def _known_version(view_id: str) -> int:
    version = _version(view_id)
    if version is None:
        raise Http404
    return version


def _sent(request: HttpRequest, etag: str) -> bool:
    """Whether the browser named this ETag (``If-None-Match``, weak or strong)."""
    sent = request.headers.get("If-None-Match", "")
    return etag in [tag.strip().removeprefix("W/") for tag in sent.split(",")]


def _part_response(request: HttpRequest, view_id: str, name: str, page: int = 1) -> HttpResponse:
    """A live part, polled: ``304`` while the browser's copy is the current one (no query
    while the version is known), else the part as rendered once for this version and
    language, gzipped when the browser takes it. A poll never waits for a render while a
    recent copy is at hand (``public_parts.polled``): the render comes after the answer."""
    version = _known_version(view_id)
    security.says_no_key(request)  # a view_id's part: the browser may keep it for its ETag
    found, then = public_parts.polled(view_id, version, name, page)
    if _sent(request, found.etag):
        response: HttpResponse = HttpResponseNotModified()
    elif "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(found.gzipped, content_type="text/html; charset=utf-8")
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(found.html(), content_type="text/html; charset=utf-8")
    response["ETag"] = found.etag
    response["Cache-Control"] = "no-cache"  # keep a copy, but ask every time
    patch_vary_headers(response, ["Cookie", "Accept-Language", "Accept-Encoding"])
    if then is not None:  # once the answer is sent: the WSGI server closes it then
        response._resource_closers.append(then)  # type: ignore[attr-defined]
    return response


@require_GET
def public_page(request: HttpRequest, view_id: str) -> HttpResponse:
    """The players' page: its parts as rendered for this version, in one page."""
    version = _known_version(view_id)
    page = public_parts.page_of(request.GET.get("standings"))
    live = public_parts.part(view_id, version, "live", page)
    live_url = reverse("tournament-public-live", args=[view_id])
    context = {
        **public_parts.head(view_id, version),
        "view_id": view_id,
        "now": timezone.now().isoformat(),
        "live": live,
        "live_url": f"{live_url}?standings={page}" if page > 1 else live_url,
        # Not the lists themselves (Speed: a page a phone can carry): "find your table"
        # asks for the names typed, the brackets come once the page is shown.
        "tables": public_parts.part(view_id, version, "tables"),
    }
    return render(request, "tournaments/public/page.html", context)


class FindForm(forms.Form):
    q = forms.CharField(required=False, max_length=200)  # longer than any name and team


@require_GET
def public_tables(request: HttpRequest, view_id: str) -> HttpResponse:
    """Find your table: the names that hold what is typed (``?q=``) with their table, a
    few at most (never the whole list: Speed, a page a phone can carry), under the ETag of
    the tables drawn now (``304`` while the browser's copy is of them)."""
    version = _known_version(view_id)
    security.says_no_key(request)
    form = FindForm(request.GET)
    if not form.is_valid():
        return HttpResponseBadRequest(form.errors["q"][0])
    etag, html = public_parts.find(view_id, version, form.cleaned_data["q"])
    if _sent(request, etag):
        response: HttpResponse = HttpResponseNotModified()
    elif "gzip" in request.headers.get("Accept-Encoding", ""):  # as the parts are sent
        response = HttpResponse(gzip.compress(html.encode()), content_type=HTML)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(html, content_type=HTML)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["Cookie", "Accept-Language", "Accept-Encoding"])
    return response


@require_GET
def public_live(request: HttpRequest, view_id: str) -> HttpResponse:
    """The live part: the clock, the round's pairings, a page of the standings."""
    page = public_parts.page_of(request.GET.get("standings"))
    return _part_response(request, view_id, "live", page)


@require_GET
def public_bracket(request: HttpRequest, view_id: str) -> HttpResponse:
    return _part_response(request, view_id, "bracket")


@require_GET
def projector_page(request: HttpRequest, view_id: str) -> HttpResponse:
    version = _known_version(view_id)
    context = {
        **public_parts.head(view_id, version),
        "view_id": view_id,
        "now": timezone.now().isoformat(),
        "projector": public_parts.part(view_id, version, "projector"),
    }
    return render(request, "tournaments/public/projector.html", context)


@require_GET
def projector_live(request: HttpRequest, view_id: str) -> HttpResponse:
    return _part_response(request, view_id, "projector")


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
    panel = panel_selectors.match_panel(match)
    if panel is None:
        return None
    if not panel.get("cancelled"):
        panel["confirm"] = confirmation(panel["match_view"], match.get("id"))
        panel["writable"] = bool(match.get("id"))
    return "tournaments/public/match_panel.html", {"panel": panel}


@require_GET
def match_panel(request: HttpRequest, view_id: str, match_view: str) -> HttpResponse:
    """The panel alone, refreshed by the match page while it is visible."""
    panel = panel_selectors.match_panel_by_view(view_id, match_view)
    if panel is None:
        raise Http404
    if not panel.get("cancelled"):
        panel["confirm"] = confirmation(match_view, None)
    return render(request, "tournaments/public/match_panel_body.html", {"panel": panel})
