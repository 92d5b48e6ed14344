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
from django.views.decorators.http import require_POST

from .. import services
from ..brackets.shapes import Shape
from ..models import Pairing, Tournament
from ..selectors import desk as desk_selectors
from . import desk_forms
from .shared import act, director_view, invalid


def _posted(
    request: HttpRequest,
    token: str,
    form: forms.Form,
    name: str,
    action: Callable[[Tournament, Any], Any],
) -> HttpResponse:
    if not form.is_valid():
        # The form comes back as it was posted (the winner and points kept).
        return invalid(request, token, form, name, posted=request.POST)
    return act(request, token, lambda t: action(t, form), name)


@require_POST
def redraw(request: HttpRequest, token: str, number: int) -> HttpResponse:
    return _posted(
        request,
        token,
        desk_forms.SureForm(request.POST),
        f"redraw-{number}",
        lambda t, form: services.round_redraw(tournament_id=t.pk, round_number=number),
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
    )


@require_POST
def unstart(request: HttpRequest, token: str) -> HttpResponse:
    return _posted(
        request,
        token,
        desk_forms.SureForm(request.POST),
        "unstart",
        lambda t, form: services.tournament_unstart(tournament_id=t.pk),
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

    return _posted(
        request, token, desk_forms.ConfirmForm(request.POST), f"confirm-{number}-{slot}", act
    )
