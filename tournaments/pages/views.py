"""The director's desk, the table cards and the table keys' page: thin views over
``tournaments.services`` and ``selectors`` (no ORM here).

The desk is opened by the tournament's ``id`` (the director's key); its public link, or any
other token, is a 404 here. Every action is a plain form posted back to the desk: a refusal
is shown by the field it names, in the page's language (``scorekeeper.translate``).
"""

from __future__ import annotations

import re
from typing import Any

import segno
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.dateparse import parse_datetime
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper import rules, throttling, words
from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.translate import conflict_message, translated

from .. import selectors, services, validation
from ..models import Entry, Pairing, Round, TableKey, Tournament
from ..selectors import desk as desk_selectors
from ..services import desk as desk_services
from . import desk_live, forms

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
    return [
        {"slug": v.slug, "name": words.game_name(v)}
        for v in rules.VARIANTS.values()
        if v.slug not in validation.NOT_TOURNAMENT_VARIANTS and v.teams is not None
    ]


@require_GET
def choose(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/desk/choose.html", {"variants": _variants()})


def _variant(slug: str) -> rules.Variant:
    try:
        return validation._variant(slug)
    except RuleViolation as error:
        raise Http404 from error


@require_http_methods(["GET", "POST"])
def new(request: HttpRequest, slug: str) -> HttpResponse:
    variant = _variant(slug)
    size = validation.team_size(variant)
    if request.method == "GET":
        return _new_page(request, variant, {}, {}, status=200)
    posted = request.POST
    options, errors = forms.options_form(variant, posted)
    pasted = forms.parse_entries(
        posted.get("entries", ""), size, seed_in_order=_ticked(posted, "seed_in_order")
    )
    if pasted.error:
        errors["entries"] = pasted.error
    wait = None if errors else throttling.creation_refused(request)
    if wait is not None:
        errors["non_field_errors"] = throttling.refusal(wait)
    if not errors:
        try:
            tournament = services.tournament_create(**_create_fields(posted, slug, options, pasted))
        except RuleViolation as violation:
            errors[_field_of(violation.field)] = _message(violation, pasted)
        else:
            return HttpResponseRedirect(reverse("desk", args=[tournament.pk]))
    return throttling.answer(_new_page(request, variant, posted, errors, status=400), wait)


def _ticked(posted: Any, name: str) -> bool:
    return posted.get(name, "") not in ("", "0", "off")


def _create_fields(
    posted: Any, slug: str, options: dict[str, Any], pasted: forms.Pasted
) -> dict[str, Any]:
    preset = posted.get("preset", "swiss_top")
    return {
        "name": posted.get("name", ""),
        "variant": slug,
        "options": options,
        "games_to_win": 2 if posted.get("games_to_win") == "2" else 1,
        "hands_per_match": forms.whole(posted, "hands_per_match"),
        "round_minutes": forms.whole(posted, "round_minutes"),
        "break_minutes": forms.whole(posted, "break_minutes", 5),
        "stages": forms.stages_of(
            preset,
            rounds=forms.whole(posted, "rounds", 3),
            advance=forms.whole(posted, "advance", 4),
            groups=forms.whole(posted, "groups", 2),
        ),
        "tiebreaks": forms.TIEBREAK_PRESETS.get(
            posted.get("tiebreaks", ""), forms.TIEBREAK_PRESETS["default"]
        ),
        "auto_advance": _ticked(posted, "auto_advance"),
        "at_time": posted.get("at_time")
        if posted.get("at_time") in forms.AT_TIME
        else "finish_hand",
        "entries": pasted.entries,
    }


def _field_of(name: str) -> str:
    """The page's field for a field the service names (``stages.1.advance`` → advance)."""
    head = name.split(".")[0]
    if head == "options":
        return name.split(".")[-1]
    if head == "stages":
        last = name.split(".")[-1]
        return last if last in ("rounds", "advance", "groups") else "preset"
    return head


def _message(violation: RuleViolation, pasted: forms.Pasted) -> str:
    message = translated(violation)
    parts = violation.field.split(".")
    if parts[0] == "entries" and len(parts) > 1 and parts[1].isdigit():
        index = int(parts[1])
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
) -> HttpResponse:
    controls = forms.matchsetup.controls(variant, posted or None)
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
        "values": values,
        "posted": bool(posted),
        "presets": forms.STAGE_PRESETS,
        "preset": posted.get("preset", "swiss_top") if posted else "swiss_top",
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
            pairing["sides"] = [
                {"number": n, "name": name}
                for n, name in zip(pairing["entries"], pairing["names"], strict=True)
            ]
            pairing["form"] = f"result-{round_['number']}-{pairing['slot']}"
        round_["form"] = f"clock-{round_['number']}"
        rounds.append(round_)
    current = rounds[0] if rounds else None
    if current and current["status"] == "playing":
        desk_live.tables_live(current["pairings"], current.get("ends_at"))
    for entry in data["entries"]:
        entry["form"] = f"entry-{entry['number']}"
    return {
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
        "single": validation.team_size(_variant(tournament.variant)) == 1,
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
        return _refused(request, tournament, form, violation.field, translated(violation), 400)
    except MatchConflict as conflict:
        return _refused(request, tournament, form, "", conflict_message(conflict), 409)
    except NOT_FOUND as error:
        raise Http404 from error
    return HttpResponseRedirect(reverse("desk", args=[tournament.pk]))


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
    active = request.POST.get("active") == "1"
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
def result(request: HttpRequest, token: str, number: int, slot: int) -> HttpResponse:
    posted = request.POST
    outcome = posted.get("outcome", "")
    draw = outcome == "draw"
    winner = (
        None
        if draw
        else forms.whole(posted, "winner")
        if not outcome
        else forms.whole({"w": outcome}, "w")
    )
    points = [forms.whole(posted, "points_0", 0), forms.whole(posted, "points_1", 0)]
    reason = posted.get("reason", "")
    return _act(
        request,
        token,
        lambda t: services.pairing_result_set(
            tournament_id=t.pk,
            round_number=number,
            slot=slot,
            winner=winner,
            draw=True if draw else None,
            points=points,
            reason=reason,
        ),
        f"result-{number}-{slot}",
    )


@require_POST
def clock(request: HttpRequest, token: str, number: int) -> HttpResponse:
    posted = request.POST
    slot = forms.whole(posted, "slot")
    action = posted.get("action", "")
    minutes = forms.whole(posted, "minutes", 5) if action == "extend" else None
    form = f"clock-{number}"
    return _act(
        request,
        token,
        lambda t: services.round_clock(
            tournament_id=t.pk, round_number=number, action=action, minutes=minutes, slot=slot
        ),
        form,
    )


def qr_svg(url: str) -> str:
    """The link as an inline SVG QR code, its text alternative naming the URL."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, border=2, title=url, svgclass="qr", lineclass="qr-line", omitsize=True
    )
    return svg.replace("<svg ", f'<svg role="img" aria-label="{escape(url)}" ', 1)


@require_GET
def cards(request: HttpRequest, token: str) -> HttpResponse:
    tournament = _director(token)
    desk_services.table_keys_ensure(tournament_id=tournament.pk)  # idempotent: safe on GET
    tables = []
    for table, key in desk_selectors.table_keys(tournament):
        url = request.build_absolute_uri(reverse("table-card", args=[key]))
        tables.append(
            {"table": table, "url": url, "qr": mark_safe(qr_svg(url))}
        )  # our own SVG: segno escapes the URL
    return render(
        request, "tournaments/desk/cards.html", {"tournament": tournament, "tables": tables}
    )


@require_GET
def table(request: HttpRequest, key: str) -> HttpResponse:
    """A table's card: the match played at that table now, or what comes next."""
    try:
        data = selectors.table_data(key)
    except TableKey.DoesNotExist as error:
        raise Http404 from error
    if data["match"] and data.get("status") == "in_progress":
        return HttpResponseRedirect(reverse("match", args=[data["match"]]))
    current = data["round"]
    playing = data.get("round_status") == "playing" or (
        data["tournament_status"] == "running" and data.get("round_status") is None
    )
    context = {
        "data": data,
        "next_round": (current or 0) + 1,
        "finished": data["tournament_status"] == "finished",
        "registration": data["tournament_status"] == "registration",
        "playing": playing,
        # the round in play has no match at this table (fewer pairings, a knockout's later
        # rounds): no next round to announce, the page opens the table's next match itself
        "idle": data["tournament_status"] == "running" and data["match"] is None,
        "ends_at": parse_datetime(data["ends_at"]) if data.get("ends_at") else None,
    }
    response = render(request, "tournaments/desk/table.html", context)
    response["Cache-Control"] = "no-store"
    response["Refresh"] = "15"  # the page looks again by itself (no script)
    return response
