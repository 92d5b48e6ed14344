"""The desk's controls for the changes during the event: thin views over
the services of the changes during the event (``redraw``, ``swap``, ``start``,
``settings``, ``confirm``) and the director's result, each a plain form posted back
to the desk (a refusal is shown by the form that made it, in the page's language).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import services
from ..brackets.shapes import Shape
from ..models import Pairing, Tournament
from ..selectors import desk as desk_selectors
from ..selectors.view import TournamentView
from ..services.answers import SWAP
from . import desk_forms
from .shared import Done, act, director_view, invalid


def _posted(
    request: HttpRequest,
    token: str,
    form: forms.Form,
    name: str,
    action: Callable[[Tournament, Any], Any],
    done: Done | None = None,
) -> HttpResponse:
    if not form.is_valid():
        # The form comes back as it was posted (the winner and points kept).
        return invalid(request, token, form, name, posted=request.POST)
    return act(request, token, lambda t: action(t, form), name, done)


def _where(pairing: Any) -> dict[str, Any]:
    return {"number": pairing.round.number, "table": pairing.table}


@require_POST
def redraw(request: HttpRequest, token: str, number: int) -> HttpResponse:
    return _posted(
        request,
        token,
        desk_forms.SureForm(request.POST),
        f"redraw-{number}",
        lambda t, form: services.round_redraw(tournament_id=t.pk, round_number=number),
        lambda view, answer: _("Round {number} is redrawn: every table has a new pairing.").format(
            number=number
        ),
    )


@require_POST
def swap(request: HttpRequest, token: str, number: int) -> HttpResponse:
    return _posted(
        request,
        token,
        desk_forms.SwapForm(request.POST),
        f"swap-{number}",
        lambda t, form: services.round_swap(
            tournament_id=t.pk, round_number=number, entries=form.entries()
        ),
        lambda view, answer: _swapped(view, number, request.POST, answer),
    )


def _swapped(
    view: TournamentView, number: int, posted: Any, answer: Any
) -> tuple[str, tuple[dict[str, Any], ...]]:
    """What a swap did; one that made a rematch or an unequal score group (its warnings)
    offers to swap the two back."""
    first, second = int(posted["first"]), int(posted["second"])
    names = view.names
    said = _("{first} and {second} changed places in round {number}.").format(
        first=names.get(first, first), second=names.get(second, second), number=number
    )
    if not answer.warnings:
        return said, ()
    return said, ({"action": SWAP, "round": number, "entries": [first, second]},)


@require_POST
def unstart(request: HttpRequest, token: str) -> HttpResponse:
    return _posted(
        request,
        token,
        desk_forms.SureForm(request.POST),
        "unstart",
        lambda t, form: services.tournament_unstart(tournament_id=t.pk),
        lambda view, answer: _("Back to registration: the start is undone."),
    )


@require_POST
def hold(request: HttpRequest, token: str) -> HttpResponse:
    return _posted(
        request,
        token,
        desk_forms.HoldForm(request.POST),
        "hold",
        lambda t, form: services.tournament_update(
            tournament_id=t.pk, auto_advance=form.cleaned_data["auto_advance"]
        ),
        lambda view, answer: (
            _("The next rounds are drawn by themselves again.")
            if answer.auto_advance
            else _("Held: you draw the next round yourself.")
        ),
    )


@require_POST
def settings(request: HttpRequest, token: str) -> HttpResponse:
    """The settings section: every setting the tournament's PATCH allows, at any time (the
    hold too, also while a round is complete)."""
    return _posted(
        request,
        token,
        desk_forms.SettingsForm(request.POST),
        "settings",
        lambda t, form: services.tournament_update(tournament_id=t.pk, **form.service_fields()),
        lambda view, answer: _("Settings saved."),
    )


def _entries(token: str, number: int, slot: int) -> tuple[list[int], Shape]:
    """The entries of the pairing a director's result is for and its table's shape (the
    form checks the winner against them)."""
    pairing = desk_selectors.pairing_at(director_view(token).tournament, number, slot)
    if pairing is None:
        raise Http404
    return list(pairing.entries), pairing.table_shape


@require_POST
def result(request: HttpRequest, token: str, number: int, slot: int) -> HttpResponse:
    entries, shape = _entries(token, number, slot)
    form = desk_forms.DirectorResultForm(request.POST, entries=entries, shape=shape)
    return _posted(
        request,
        token,
        form,
        f"result-{number}-{slot}",
        lambda t, form: services.pairing_result_set(
            tournament_id=t.pk, round_number=number, slot=slot, **form.service_fields()
        ),
        lambda view, answer: _("Director's result set: round {number}, table {table}.").format(
            **_where(answer.pairing)
        ),
    )


@require_POST
def forfeit(request: HttpRequest, token: str, number: int, slot: int) -> HttpResponse:
    return _posted(
        request,
        token,
        desk_forms.ForfeitForm(request.POST),
        f"forfeit-{number}-{slot}",
        lambda t, form: services.pairing_result_set(
            tournament_id=t.pk,
            round_number=number,
            slot=slot,
            forfeit=form.cleaned_data["forfeit"],
        ),
        lambda view, answer: _forfeited(view, answer.pairing),
    )


def _forfeited(view: TournamentView, pairing: Pairing) -> str:
    def name(number: int | None) -> Any:
        return view.names.get(number, number) if number is not None else ""

    return _("Forfeit recorded: {absent} did not come, {winner} wins (round {number}).").format(
        absent=name(pairing.forfeit),
        winner=name(pairing.winner),
        number=pairing.round.number,
    )


@require_POST
def remove(request: HttpRequest, token: str, number: int, slot: int) -> HttpResponse:
    return _posted(
        request,
        token,
        desk_forms.SureForm(request.POST),
        f"remove-{number}-{slot}",
        lambda t, form: services.pairing_result_remove(
            tournament_id=t.pk, round_number=number, slot=slot
        ),
        lambda view, answer: _(
            "Director's result removed: round {number}, table {table} goes back to what its "
            "hands say."
        ).format(**_where(answer.pairing)),
    )


@require_POST
def confirm(request: HttpRequest, token: str, number: int, slot: int) -> HttpResponse:
    """The director's word on a result awaiting the other side's confirmation."""

    def act(t: Tournament, form: Any) -> Any:
        row = desk_selectors.pairing_at(t, number, slot)
        if row is None:
            raise Pairing.DoesNotExist
        return services.match_confirm(
            match_id=row.match_id,
            agree=form.cleaned_data["agree"],
            note=form.cleaned_data["note"],
        )

    def done(view: TournamentView, answer: Any) -> str:
        where = {"number": number, "table": _table(view, number, slot)}
        if request.POST.get("agree") == "1":
            return _("Result confirmed: round {number}, table {table}.").format(**where)
        return _("Result marked disputed: round {number}, table {table}.").format(**where)

    return _posted(
        request, token, desk_forms.ConfirmForm(request.POST), f"confirm-{number}-{slot}", act, done
    )


def _table(view: TournamentView, number: int, slot: int) -> Any:
    row = desk_selectors.pairing_at(view.tournament, number, slot)
    return row.table if row is not None else slot
