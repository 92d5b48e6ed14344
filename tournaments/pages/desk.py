"""The director's desk: thin views over ``tournaments.services`` and one ``TournamentView``
(no ORM here).

The desk is opened by the tournament's ``id`` (the director's key); its public link, or any
other token, is a 404 here. Every action is a plain form posted back to the desk
(``shared.act``): a refusal is shown by the field it names, in the page's language
(``scorekeeper.translate``), or at the top when its form is not on the page any more.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from .. import services
from ..selectors.view import TournamentView
from . import desk_notice, forms
from .shared import act, desk_context, desk_page, director_view, invalid


@require_GET
def desk(request: HttpRequest, token: str) -> HttpResponse:
    return desk_page(request, director_view(token))


@require_GET
def desk_rounds(request: HttpRequest, token: str) -> HttpResponse:
    """The rounds' part of the desk, polled by htmx for the live status."""
    context = desk_context(request, director_view(token))
    return render(request, "tournaments/desk/rounds.html", context)


@require_POST
def start(request: HttpRequest, token: str) -> HttpResponse:
    return act(
        request,
        token,
        lambda t: services.tournament_start(tournament_id=t.pk),
        "start",
        lambda view, answer: _("Round {number} is drawn.").format(number=answer.round or 1),
    )


@require_POST
def entry(request: HttpRequest, token: str, number: int) -> HttpResponse:
    posted = forms.ActiveForm(request.POST)
    if not posted.is_valid():
        return invalid(request, token, posted, f"entry-{number}")
    active = posted.cleaned_data["active"] == "1"
    return act(
        request,
        token,
        lambda t: services.entry_update(tournament_id=t.pk, number=number, active=active),
        f"entry-{number}",
        lambda view, answer: _entry_done(view, answer.entry.name, number, active),
    )


def _entry_done(
    view: TournamentView, name: str, number: int, active: bool
) -> tuple[str, tuple[dict[str, object], ...]]:
    if active:
        return _("{name} is back: drawn from the next round on.").format(name=name), ()
    said = _("{name} dropped out: not drawn in the next rounds; its results stay.")
    said = said.format(name=name)
    return said, desk_notice.drop_out_offers(view, number)


@require_POST
def next_round(request: HttpRequest, token: str) -> HttpResponse:
    return act(
        request,
        token,
        lambda t: services.round_draw(tournament_id=t.pk),
        "next",
        lambda view, answer: _("Round {number} is drawn.").format(number=answer.number),
    )


@require_POST
def clock(request: HttpRequest, token: str, number: int) -> HttpResponse:
    form = f"clock-{number}"
    posted = forms.ClockForm(request.POST)
    if not posted.is_valid():
        return invalid(request, token, posted, form)
    data = posted.cleaned_data
    minutes = data["minutes"] if data["action"] == "extend" else None
    return act(
        request,
        token,
        lambda t: services.round_clock(
            tournament_id=t.pk,
            round_number=number,
            action=data["action"],
            minutes=minutes,
            slot=data["slot"],
        ),
        form,
        lambda view, answer: (
            _("Time called in round {number}.").format(number=number)
            if data["action"] == "call_time"
            else _("More time given in round {number}.").format(number=number)
        ),
    )
