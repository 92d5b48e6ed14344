"""Sharing a match: its links as QR codes (SVG made here with segno, no image service) and a
share button (the phone's share sheet where it has one, a copy button otherwise).

Two links: the spectators' (``view_id``, read only) for anyone, and the match's own
(``id``, may enter hands) for a second phone at the table; a spectator sees only the first.
"""

from __future__ import annotations

from typing import Any

import segno
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from .. import rules, selectors, words
from ..models import Match


def qr_svg(url: str) -> SafeString:
    """A QR code of ``url`` as inline SVG, named by the URL it holds (segno escapes it)."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(
        scale=4,
        border=4,
        omitsize=True,
        dark="#000",
        light="#fff",
        svgclass="qr",
        lineclass=None,
        title=_("QR code of {url}").format(url=url),
    )
    return mark_safe(svg.replace("<svg ", '<svg role="img" ', 1))


def link(request: HttpRequest, token: str) -> dict[str, Any]:
    url = request.build_absolute_uri(reverse("match", args=[token]))
    return {"url": url, "qr": qr_svg(url)}


def links(request: HttpRequest, match: Match, writable: bool) -> dict[str, Any]:
    """The spectators' link, and the table's own when the page may write."""
    found = {"spectators": link(request, match.view_id)}
    if writable:
        found["table"] = link(request, str(match.pk))
    return found


@require_GET
def share_page(request: HttpRequest, token: str) -> HttpResponse:
    try:
        match, writable = selectors.match_by_token(token)
    except Match.DoesNotExist as error:
        raise Http404 from error
    variant = rules.find_variant(match.variant)
    return render(
        request,
        "scorekeeper/share.html",
        {
            "match": match,
            "token": token,
            "writable": writable,
            "game_name": words.game_name(variant) if variant else match.variant,
            "links": links(request, match, writable),
        },
    )
