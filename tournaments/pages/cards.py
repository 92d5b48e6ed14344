"""The table cards (``/d/<id>/cards/``) and the tables' pages (``/t/``): a card carries its
table's QR and a short code; ``/t/`` takes that code typed by hand (any case) when the QR
cannot be scanned, and ``/t/<key>/`` opens the match now played at the table.

A code is short enough to guess, so the codes typed (at ``/t/?code=`` and as ``/t/<code>/``)
are limited like a login (``throttling.guess``): after 10 wrong ones in a minute from an
address, ``429`` with when to try again. The table keys (``/t/<key>/``) are unguessable."""

from __future__ import annotations

import segno
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scorekeeper import throttling

from ..models import TableKey
from ..selectors import cards as card_selectors
from ..selectors.tournaments import table_view
from ..services import desk as desk_services
from .shared import director_view

PER_PAGE = (1, 2, 4)  # cards on one A4 sheet; one by default (decided)


def qr_svg(url: str) -> SafeString:
    """The link as an inline SVG QR code, its text alternative naming the URL (segno
    escapes the URL in the title; ``escape`` in the label)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, border=2, title=url, svgclass="qr", lineclass="qr-line", omitsize=True
    )
    return mark_safe(svg.replace("<svg ", f'<svg role="img" aria-label="{escape(url)}" ', 1))


def _per_page(request: HttpRequest) -> int:
    try:
        wanted = int(request.GET.get("per_page", "1"))
    except ValueError:
        return 1
    return wanted if wanted in PER_PAGE else 1


@require_GET
def cards(request: HttpRequest, token: str) -> HttpResponse:
    view = director_view(token)
    tournament = view.tournament
    desk_services.table_keys_ensure(tournament_id=tournament.pk)  # idempotent: safe on GET
    tables = []
    in_play = card_selectors.round_in_play(view)
    by_table = in_play["by_table"] if in_play else {}
    for table, key, code in card_selectors.table_cards(tournament):
        url = request.build_absolute_uri(reverse("table-card", args=[key]))
        tables.append(
            {
                "table": table,
                "url": url,
                "code": code,
                "qr": qr_svg(url),
                "lineup": by_table.get(table),
            }
        )
    per_page = _per_page(request)
    return render(
        request,
        "tournaments/desk/cards.html",
        {
            "tournament": tournament,
            "tables": tables,
            # one A4 sheet each when printed: a card never moves to another sheet
            "sheets": [tables[i : i + per_page] for i in range(0, len(tables), per_page)],
            "in_play": in_play,
            "per_page": per_page,
            "choices": PER_PAGE,
            "enter_url": request.build_absolute_uri(reverse("table-enter")),
        },
    )


def _code_redirect(target: card_selectors.CodeTarget) -> HttpResponse:
    """A code opens its table, or the public page once its tournament is finished."""
    if target.finished:
        return HttpResponseRedirect(reverse("tournament-public", args=[target.view_id]))
    return HttpResponseRedirect(reverse("table-card", args=[target.key]))


def _code_typed(request: HttpRequest, typed: str, missing: int = 200) -> HttpResponse:
    """Where a typed code leads, counted as a guess: its table (or public page), else the
    form again saying the code is wrong (status ``missing``), or ``429`` once too many
    were."""
    guess = throttling.guess(request)
    if guess.wait is not None:
        page = _enter_page(request, typed, throttling.guesses_refusal(guess.wait), status=429)
        page["Retry-After"] = str(guess.wait)
        return page
    target = card_selectors.code_target(typed)
    if target is None:
        error = _("No table has this code: check the card and type it again.")
        return _enter_page(request, typed, error, status=missing)
    guess.right()
    return _code_redirect(target)


def _enter_page(request: HttpRequest, typed: str, error: str, status: int) -> HttpResponse:
    response = render(
        request, "tournaments/desk/enter.html", {"typed": typed, "error": error}, status=status
    )
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def enter(request: HttpRequest) -> HttpResponse:
    """``/t/``: type a table's short code; ``?code=`` sends to that table's page."""
    typed = request.GET.get("code", "").strip()
    if typed:
        return _code_typed(request, typed)
    return _enter_page(request, typed, "", status=200)


@require_GET
def table(request: HttpRequest, key: str) -> HttpResponse:
    """A table's card: the match played at that table now, or what comes next. A short code
    in place of the key (typed by hand, any case) leads to the key's page."""
    if card_selectors.is_code(key):
        return _code_typed(request, key, missing=404)
    try:
        seen = table_view(key)
    except TableKey.DoesNotExist as error:
        raise Http404 from error
    if seen.at_play:
        return HttpResponseRedirect(reverse("match", args=[seen.match_key]))
    data = seen.data
    context = {
        "data": data,
        "next_round": (data["round"] or 0) + 1,
        "finished": seen.finished,
        "registration": seen.registration,
        "playing": seen.playing,
        # the round in play has no match at this table (fewer pairings, a knockout's later
        # rounds): no next round to announce, the page opens the table's next match itself
        "idle": seen.idle,
        "ends_at": seen.ends_at,
    }
    response = render(request, "tournaments/desk/table.html", context)
    response["Cache-Control"] = "no-store"
    response["Refresh"] = "15"  # the page looks again by itself (no script)
    return response
