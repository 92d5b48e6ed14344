"""The creation page: a tournament's game (``choose``), then its settings and entries
(``new``), which a club's desk reuses for its own tournaments. A thin view over
``services.tournament_create``: what the service refuses is shown by the field it names, in
the page's language, with the list of errors at the top.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from scorekeeper import rules, throttling, words
from scorekeeper.rules import RuleViolation

from .. import services, validation
from ..models import Tournament
from . import forms


def _variants() -> list[dict[str, Any]]:
    """Every game a tournament is played in; trionfo (five players, only an individual
    event) last."""
    slugs = [*validation.team_variants(), *sorted(validation.INDIVIDUAL_ONLY)]
    return [{"slug": slug, "name": words.game_name(rules.VARIANTS[slug])} for slug in slugs]


@require_GET
def choose(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/desk/choose.html", {"variants": _variants()})


def _variant(slug: str) -> rules.Variant:
    try:
        return validation.variant_input(slug, individual=True)
    except RuleViolation as error:
        raise Http404 from error


@require_http_methods(["GET", "POST"])
def new(
    request: HttpRequest,
    slug: str,
    *,
    create: Callable[[validation.TournamentInput], Tournament] | None = None,
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    """The creation page; a club's desk reuses it with ``create`` (its tournament of the
    club) and ``extra`` (the club and season shown)."""
    variant = _variant(slug)
    if request.method == "GET":
        return _new_page(request, variant, {}, {}, status=200, extra=extra)
    posted = request.POST
    form = forms.TournamentForm(posted)
    options, option_errors = forms.options_form(variant, posted)
    form.is_valid()
    errors = {**form.messages(), **option_errors}
    pasted = _pasted(form, variant, errors)
    wait = None if errors else throttling.creation_refused(request)
    if wait is not None:
        errors["non_field_errors"] = throttling.refusal(wait)
    if not errors:
        try:
            spec = validation.tournament_spec(form.create_fields(slug, options, pasted))
            tournament = (create or services.tournament_create)(spec)
        except RuleViolation as violation:
            field = _field_of(violation.field)
            message = forms.PAGE_WORDS.get(field) or forms.pasted_message(violation, pasted)
            errors[field] = str(message)
        else:
            return HttpResponseRedirect(reverse("desk", args=[tournament.pk]))
    page = _new_page(request, variant, posted, errors, status=400, extra=extra)
    return throttling.answer(page, wait)


def _pasted(
    form: forms.TournamentForm, variant: rules.Variant, errors: dict[str, str]
) -> forms.Pasted:
    """The pasted list read as entries once the form's own checks let it (its error, if
    any, added to ``errors``)."""
    if "entries" in errors:
        return forms.Pasted()
    individual = form.cleaned_data.get("preset") == "melee"  # one player per line
    pasted = forms.parse_entries(
        form.cleaned_data["entries"],
        1 if individual else validation.team_size(variant),
        seed_in_order=form.cleaned_data["seed_in_order"],
        individual=individual,
    )
    if pasted.error:
        errors["entries"] = pasted.error
    return pasted


def _ticked(posted: Any, name: str) -> bool:
    return posted.get(name, "") not in ("", "0", "off")


def _field_of(name: str) -> str:
    """The page's field for a field the service names (``stages.1.advance`` → advance)."""
    head = name.split(".")[0].split("[")[0]
    if head == "options":
        return name.split(".")[-1]
    if head == "stages":
        last = name.split(".")[-1]
        return last if last in ("rounds", "advance", "groups") else "preset"
    return head


def _new_page(
    request: HttpRequest,
    variant: rules.Variant,
    posted: Any,
    errors: dict[str, str],
    *,
    status: int,
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    controls = forms.matchsetup.controls(variant, posted or None)
    default = forms.default_preset(variant)
    for control in controls:
        control.error = errors.pop(control.name, "")
    context = {
        "variant": variant,
        "game": words.game_name(variant),
        "controls": controls,
        "errors": errors,
        # the page's list of errors at the top: each with its field's words in front
        "alerts": {field: forms.labelled(field, message) for field, message in errors.items()},
        "posted": bool(posted),
        "presets": forms.presets(variant),
        **_shown(posted, default),
        "draws": forms.MELEE_DRAWS,
        "tiebreak_presets": forms.TIEBREAK_LABELS,
        "single": validation.team_size(variant) == 1,
        "individual_only": variant.slug in validation.INDIVIDUAL_ONLY,
        **(extra or {}),
    }
    return render(request, "tournaments/desk/new.html", context, status=status)


def _shown(posted: Any, default: str) -> dict[str, Any]:
    """The values the form shows: as posted, or the defaults of a new page."""
    values = (
        {
            key: posted.get(key, "")
            for key in ("name", "hands_per_match", "round_minutes", "entries")
        }
        if posted
        else {}
    )
    return {
        "values": values,
        "preset": posted.get("preset", default) if posted else default,
        "draw": posted.get("draw", "random") if posted else "random",
        "tiebreak": posted.get("tiebreaks", "default") if posted else "default",
        "rounds": posted.get("rounds", 3) if posted else 3,
        "advance": posted.get("advance", 4) if posted else 4,
        "groups": posted.get("groups", 2) if posted else 2,
        "break_minutes": posted.get("break_minutes", 5) if posted else 5,
        "games_to_win": posted.get("games_to_win", "1") if posted else "1",
        "at_time": posted.get("at_time", "finish_hand") if posted else "finish_hand",
        "auto_advance": _ticked(posted, "auto_advance") if posted else True,
        "confirm_results": _ticked(posted, "confirm_results") if posted else False,
        "seed_in_order": _ticked(posted, "seed_in_order") if posted else False,
    }
