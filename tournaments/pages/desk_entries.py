"""The desk's entries section: entries added after the creation (typed or pasted as a list,
read by the creation form's parser, ``forms.parse_entries``) and the check-in tick. Thin
views over ``services.entries_add`` and ``desk_services.entry_check_in``.

Entries can be added while the contract allows late entries (before the start; while the
first stage, a Swiss, runs); elsewhere the form is not shown and a post is refused (409)
with the sentence at the top of the desk. After adding, the desk opens at the first new
row (``#entry-<number>``), the new rows marked, so a phone is not left scrolled elsewhere; a
refused list comes back as typed, focused (``autofocus``, which also scrolls to it: the
form's URL has no fragment, since a fragment would cancel the autofocus).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.translate import conflict_message

from .. import selectors, services, validation
from ..selectors.view import TournamentView
from ..services import desk as desk_services
from . import forms
from .shared import act, director_view, invalid, refused

FORM = "add-entries"


@require_POST
def entries_add(request: HttpRequest, token: str) -> HttpResponse:
    view = director_view(token)
    text = request.POST.get("entries", "")
    posted = forms.EntriesForm(request.POST)
    if not posted.is_valid():
        _field, message = forms.first_error(posted)
        return _refused(request, view, text, message, 400)
    individual = view.individual  # one player per line, no team
    variant = validation.variant_input(view.tournament.variant, individual=True)
    size = 1 if individual else validation.team_size(variant)
    pasted = forms.parse_entries(posted.cleaned_data["entries"], size, individual=individual)
    if pasted.error:
        return _refused(request, view, text, pasted.error, 400)
    try:
        added = services.entries_add(tournament_id=view.tournament.pk, entries=pasted.entries)
    except RuleViolation as violation:
        return _refused(request, view, text, forms.pasted_message(violation, pasted), 400)
    except MatchConflict as conflict:
        return _refused(request, view, text, conflict_message(conflict), 409)
    first, last = added[0].number, added[-1].number
    url = reverse("desk", args=[view.tournament.pk])
    return HttpResponseRedirect(f"{url}?added={first}-{last}#entry-{first}")


def _refused(
    request: HttpRequest, view: TournamentView, text: str, message: str, status: int
) -> HttpResponse:
    """The desk with the sentence by the list (kept as typed), or at the top of the page when
    entries are closed and the list is not shown."""
    page = not selectors.late_entries_open(view.tournament)
    return refused(request, view, FORM, "entries", message, status, page=page, entries_text=text)


@require_POST
def check_in(request: HttpRequest, token: str, number: int) -> HttpResponse:
    posted = forms.CheckInForm(request.POST)
    if not posted.is_valid():
        return invalid(request, token, posted, f"entry-{number}")
    ticked = posted.cleaned_data["checked_in"] == "1"
    return act(
        request,
        token,
        lambda t: desk_services.entry_check_in(
            tournament_id=t.pk, number=number, checked_in=ticked
        ),
        f"entry-{number}",
    )
