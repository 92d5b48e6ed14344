"""The director's desk, the table cards and the table keys' page: thin views over
``tournaments.services`` and ``selectors`` (no ORM here).

The desk is opened by the tournament's ``id`` (the director's key); its public link, or any
other token, is a 404 here. Every action is a plain form posted back to the desk: a refusal
is shown by the field it names, in the page's language (``scorekeeper.translate``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper import rules, throttling, words
from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.translate import conflict_message, translated

from .. import selectors, services, validation
from ..models import Entry, Pairing, Round, Tournament
from ..selectors import desk as desk_selectors
from ..selectors import lineups
from . import clubs, desk_live, forms

NOT_FOUND = (Tournament.DoesNotExist, Entry.DoesNotExist, Round.DoesNotExist, Pairing.DoesNotExist)


def _director(token: str) -> Tournament:
    try:
        tournament, director = selectors.tournament_by_token(token)
    except (Tournament.DoesNotExist, ValueError) as error:
        raise Http404 from error
    if not director:
        raise Http404  # the public link opens no desk
    return tournament


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
    create: Callable[..., Tournament] | None = None,
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
    pasted = forms.Pasted()
    if "entries" not in errors:
        individual = form.cleaned_data.get("preset") == "melee"  # one player per line
        pasted = forms.parse_entries(
            form.cleaned_data["entries"],
            1 if individual else validation.team_size(variant),
            seed_in_order=form.cleaned_data["seed_in_order"],
            individual=individual,
        )
        if pasted.error:
            errors["entries"] = pasted.error
    wait = None if errors else throttling.creation_refused(request)
    if wait is not None:
        errors["non_field_errors"] = throttling.refusal(wait)
    if not errors:
        try:
            fields = form.create_fields(slug, options, pasted)
            tournament = (create or services.tournament_create)(**fields)
        except RuleViolation as violation:
            field = _field_of(violation.field)
            message = forms.PAGE_WORDS.get(field) or _message(violation, pasted)
            errors[field] = str(message)
        else:
            return HttpResponseRedirect(reverse("desk", args=[tournament.pk]))
    page = _new_page(request, variant, posted, errors, status=400, extra=extra)
    return throttling.answer(page, wait)


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


def _message(violation: RuleViolation, pasted: forms.Pasted) -> str:
    message = translated(violation)
    listed = validation.item_of(violation.field)
    if listed is not None and listed[0] == "entries":
        index = listed[1]
        if index < len(pasted.lines):
            return _("Line {line}: {message}").format(line=pasted.lines[index], message=message)
    return message


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
    values = (
        {
            key: posted.get(key, "")
            for key in ("name", "hands_per_match", "round_minutes", "entries")
        }
        if posted
        else {}
    )
    context = {
        "variant": variant,
        "game": words.game_name(variant),
        "controls": controls,
        "errors": errors,
        # the page's list of errors at the top: each with its field's words in front
        "alerts": {field: forms.labelled(field, message) for field, message in errors.items()},
        "values": values,
        "posted": bool(posted),
        "presets": forms.presets(variant),
        "preset": posted.get("preset", default) if posted else default,
        "draw": posted.get("draw", "random") if posted else "random",
        "draws": forms.MELEE_DRAWS,
        "tiebreak_presets": forms.TIEBREAK_LABELS,
        "tiebreak": posted.get("tiebreaks", "default") if posted else "default",
        "rounds": posted.get("rounds", 3) if posted else 3,
        "advance": posted.get("advance", 4) if posted else 4,
        "groups": posted.get("groups", 2) if posted else 2,
        "break_minutes": posted.get("break_minutes", 5) if posted else 5,
        "games_to_win": posted.get("games_to_win", "1") if posted else "1",
        "at_time": posted.get("at_time", "finish_hand") if posted else "finish_hand",
        "auto_advance": _ticked(posted, "auto_advance") if posted else True,
        "seed_in_order": _ticked(posted, "seed_in_order") if posted else False,
        "single": validation.team_size(variant) == 1,
        "individual_only": variant.slug in validation.INDIVIDUAL_ONLY,
        **(extra or {}),
    }
    return render(request, "tournaments/desk/new.html", context, status=status)


def _public_url(view_id: str) -> str:
    """The public page (built on another branch); the public API until it exists."""
    try:
        return reverse("tournament-public", args=[view_id])
    except NoReverseMatch:
        return reverse("tournament-detail", args=[view_id])


def _desk_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    data = selectors.tournament_data(tournament, director=True)
    names = {entry["number"]: entry["name"] for entry in data["entries"]}
    changes = desk_selectors.changed_results(tournament)
    rounds = []
    for round_ in reversed(data["rounds"]):
        for pairing in round_["pairings"]:
            pairing["names"] = [names.get(number, "?") for number in pairing["entries"]]
            pairing["changes"] = changes.get((round_["number"], pairing["slot"]), [])
            pairing["sides"] = lineups.sides(pairing, names)
            for index, side in enumerate(pairing["sides"]):
                side["field"] = f"points_{index}"
                side["games_field"] = f"games_{index}"
            pairing["form"] = f"result-{round_['number']}-{pairing['slot']}"
        lineups.add_lineups(round_, names)
        round_["form"] = f"clock-{round_['number']}"
        rounds.append(round_)
    current = rounds[0] if rounds else None
    if current and current["status"] == "playing":
        desk_live.tables_live(current["pairings"], current.get("ends_at"))
    for entry in data["entries"]:
        entry["form"] = f"entry-{entry['number']}"
    return {
        "club_players": clubs.club_player_names(tournament),
        "t": data,
        "rounds": rounds,
        "current": current,
        "flags": desk_live.flags(rounds),
        **_entries_context(request, tournament, data["entries"]),
        "public_url": _public_url(data["view_id"]),
        # every result in (the round is completed by a job after the commit, or by
        # the draw itself)
        "can_draw": bool(
            current
            and data["status"] == "running"
            and all(p["status"] == "finished" for p in current["pairings"])
        ),
        "champion": names.get(data["champion"]) if data["champion"] else None,
    }


ADDED = re.compile(r"(\d{1,9})-(\d{1,9})")


def _entries_context(
    request: HttpRequest, tournament: Tournament, entries: list[dict[str, Any]]
) -> dict[str, Any]:
    """The entries section: the new rows just added (``?added=first-last``, marked), the
    check-in count, and whether entries can still be added."""
    found = ADDED.fullmatch(request.GET.get("added", ""))
    first, last = (int(found.group(1)), int(found.group(2))) if found else (0, -1)
    ticked = desk_selectors.checked_in(tournament)
    for entry in entries:
        entry["added"] = first <= entry["number"] <= last
        entry["checked_in"] = entry["number"] in ticked
    active = [entry for entry in entries if entry["active"]]
    checked = sum(1 for entry in active if entry["checked_in"])
    return {
        "added": [entry["name"] for entry in entries if entry["added"]],
        "check_in": {"checked": checked, "active": len(active), "missing": len(active) - checked},
        "can_add": selectors.late_entries_open(tournament),
        "single": validation.team_size(_variant(tournament.variant)) == 1
        or lineups.is_individual(tournament),
    }


@require_GET
def desk(request: HttpRequest, token: str) -> HttpResponse:
    tournament = _director(token)
    return render(request, "tournaments/desk/desk.html", _desk_context(request, tournament))


@require_GET
def desk_rounds(request: HttpRequest, token: str) -> HttpResponse:
    """The rounds' part of the desk, polled by htmx for the live status."""
    tournament = _director(token)
    return render(request, "tournaments/desk/rounds.html", _desk_context(request, tournament))


def _act(request: HttpRequest, token: str, action: Any, form: str) -> HttpResponse:
    """Run one service call; back to the desk, or the desk with the refusal by the form."""
    tournament = _director(token)
    try:
        action(tournament)
    except RuleViolation as violation:
        message = forms.labelled(violation.field, translated(violation))
        return _refused(request, tournament, form, violation.field, message, 400)
    except MatchConflict as conflict:
        return _refused(request, tournament, form, "", conflict_message(conflict), 409)
    except NOT_FOUND as error:
        raise Http404 from error
    return HttpResponseRedirect(reverse("desk", args=[tournament.pk]))


def _invalid(request: HttpRequest, token: str, posted: Any, form: str) -> HttpResponse:
    """The desk with a desk form's first error by the form: nothing is changed."""
    tournament = _director(token)
    field, message = forms.first_error(posted)
    return _refused(request, tournament, form, field, message, 400)


def _refused(
    request: HttpRequest, tournament: Tournament, form: str, field: str, message: str, status: int
) -> HttpResponse:
    context = _desk_context(request, tournament)
    context["error"] = {
        "form": form,
        "field": field,
        "message": message,
        "page": form in ("start", "next"),
    }
    return render(request, "tournaments/desk/desk.html", context, status=status)


@require_POST
def start(request: HttpRequest, token: str) -> HttpResponse:
    return _act(request, token, lambda t: services.tournament_start(tournament_id=t.pk), "start")


@require_POST
def entry(request: HttpRequest, token: str, number: int) -> HttpResponse:
    posted = forms.ActiveForm(request.POST)
    if not posted.is_valid():
        return _invalid(request, token, posted, f"entry-{number}")
    active = posted.cleaned_data["active"] == "1"
    return _act(
        request,
        token,
        lambda t: services.entry_update(tournament_id=t.pk, number=number, active=active),
        f"entry-{number}",
    )


@require_POST
def next_round(request: HttpRequest, token: str) -> HttpResponse:
    return _act(request, token, lambda t: services.round_draw(tournament_id=t.pk), "next")


@require_POST
def clock(request: HttpRequest, token: str, number: int) -> HttpResponse:
    form = f"clock-{number}"
    posted = forms.ClockForm(request.POST)
    if not posted.is_valid():
        return _invalid(request, token, posted, form)
    data = posted.cleaned_data
    minutes = data["minutes"] if data["action"] == "extend" else None
    return _act(
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
    )
