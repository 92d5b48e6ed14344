"""What the director's pages share: the tournament a director's key opens (its
``TournamentView``), the desk's context, and how a desk action is answered.

Every action is a plain form posted back to the desk: done, the desk again (a redirect);
refused, the desk with the refusal in the page's language, by the form that made it, or,
when that form is not on the page any more (the event went back to registration, the round
was redrawn, the pairing became a bye), at the top of the desk, so no refusal goes unsaid.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.loader import render_to_string
from django.urls import reverse

from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.translate import conflict_message, translated

from .. import selectors, validation
from ..models import Entry, Pairing, Round, Tournament
from ..selectors import desk as desk_selectors
from ..selectors import lineups
from ..selectors.rounds import awaiting, disputed, finished
from ..selectors.tournaments import view_by_token
from ..selectors.view import TournamentView, entry_data
from . import desk_live, desk_notice, forms

NOT_FOUND = (Tournament.DoesNotExist, Entry.DoesNotExist, Round.DoesNotExist, Pairing.DoesNotExist)
DESK = "tournaments/desk/desk.html"
# Each form's own error line carries it (the desk's templates): a refusal rendered without
# it is said at the top of the desk instead.
REFUSAL_MARK = "data-refusal"
ADDED = re.compile(r"(\d{1,9})-(\d{1,9})")


def director_view(token: str) -> TournamentView:
    """The tournament the director's key opens; its public link, or any other token, is a
    404 here (the public link opens no desk)."""
    try:
        view = view_by_token(token)
    except (Tournament.DoesNotExist, ValueError) as error:
        raise Http404 from error
    if not view.director:
        raise Http404
    return view


def desk_context(request: HttpRequest, view: TournamentView) -> dict[str, Any]:
    """What the desk shows: the rounds (latest first) with each table's live state, the
    flags above them, the entries, and whether the next round may be drawn."""
    rounds = _rounds(view)
    latest = view.rounds[-1] if view.rounds else None
    if latest is not None and latest.playing:
        desk_live.tables_live(latest, rounds[0]["pairings"])
    return {
        "view": view,
        "club_players": view.club_players,
        "t": view.tournament,
        "rounds": rounds,
        "current": rounds[0] if rounds else None,
        "flags": desk_live.flags(view, rounds),
        **_entries_context(request, view),
        "public_url": reverse("tournament-public", args=[view.tournament.view_id]),
        "can_draw": view.can_draw,
        "champion": view.champion_name,
    }


def _rounds(view: TournamentView) -> list[dict[str, Any]]:
    """Each round as the desk shows it, latest first: its document, each pairing's names,
    sides (the director's result's fields), changes and forms."""
    names = view.names
    changes = desk_selectors.changed_results(view.tournament)
    rows = []
    for round_ in reversed(view.rounds):
        row = {**round_.data(director=True), "playing": round_.playing}
        # the games won are asked only where the stage plays more than one game
        row["best_of"] = view.best_of(round_.stage.number)
        row["games_to_win"] = _games_to_win(view, round_.stage.number)
        for typed, pairing in zip(round_.pairings, row["pairings"], strict=True):
            pairing.update(
                finished=finished(typed), awaiting=awaiting(typed), disputed=disputed(typed)
            )
            pairing["names"] = [names.get(number, "?") for number in pairing["entries"]]
            pairing["forfeit_name"] = names.get(pairing["forfeit"]) if pairing["forfeit"] else None
            pairing["changes"] = changes.get((round_.number, pairing["slot"]), [])
            pairing["sides"] = lineups.sides(pairing, names)
            for index, side in enumerate(pairing["sides"]):
                side["field"] = f"points_{index}"
                side["games_field"] = f"games_{index}"
            pairing["form"] = f"result-{round_.number}-{pairing['slot']}"
        lineups.add_lineups(row, names)
        row["form"] = f"clock-{round_.number}"
        rows.append(row)
    return rows


def _games_to_win(view: TournamentView, number: int) -> int:
    """The games a side needs to win a match of stage ``number`` (its own, else the
    tournament's)."""
    stage = view.stage(number)
    own = stage.settings.get("games_to_win") if stage is not None else None
    return int(own or view.tournament.games_to_win or 1)


def _entries_context(request: HttpRequest, view: TournamentView) -> dict[str, Any]:
    """The entries section: each entry's row (the new rows just added, ``?added=first-last``,
    marked), the check-in count, and whether entries can still be added."""
    found = ADDED.fullmatch(request.GET.get("added", ""))
    first, last = (int(found.group(1)), int(found.group(2))) if found else (0, -1)
    rows = [
        {
            **entry_data(entry),
            "form": f"entry-{entry.number}",
            "added": first <= entry.number <= last,
            "checked_in": entry.checked_in,
        }
        for entry in view.entries
    ]
    active = [row for row in rows if row["active"]]
    checked = sum(1 for row in active if row["checked_in"])
    variant = validation.variant_input(view.tournament.variant, individual=True)
    return {
        "entries": rows,
        "added": [row["name"] for row in rows if row["added"]],
        "check_in": {"checked": checked, "active": len(active), "missing": len(active) - checked},
        "can_add": selectors.late_entries_open(view.tournament),
        "single": validation.team_size(variant) == 1 or view.individual,
    }


def desk_page(request: HttpRequest, view: TournamentView) -> HttpResponse:
    """The desk, with what the last change said (read once)."""
    context = {**desk_context(request, view), "notice": desk_notice.notice(request, view)}
    return HttpResponse(render_to_string(DESK, context, request))


def refused(
    request: HttpRequest,
    view: TournamentView,
    form: str,
    field: str,
    message: str,
    status: int,
    *,
    page: bool = False,
    **shown: Any,
) -> HttpResponse:
    """The desk with a refusal: by the form named ``form`` (``page``: at the top), and at
    the top when that form is not on the page any more. ``shown``: more of the context (the
    form as posted)."""
    error = {"form": form, "field": field, "message": message, "page": page}
    context = {**desk_context(request, view), **shown, "error": error}
    html = render_to_string(DESK, context, request)
    if not page and REFUSAL_MARK not in html:
        error["page"] = True
        html = render_to_string(DESK, context, request)
    return HttpResponse(html, status=status)


Done = Callable[[TournamentView, Any], "str | tuple[str, tuple[dict[str, Any], ...]] | None"]


def act(
    request: HttpRequest,
    token: str,
    action: Callable[[Tournament], Any],
    form: str,
    done: Done | None = None,
) -> HttpResponse:
    """Run one service call; back to the desk, or the desk with the refusal. ``done``: the
    line saying what was done (and offers of the desk's own), from the service's answer;
    the reloaded desk shows it with the answer's warnings and offers (``desk_notice``)."""
    view = director_view(token)
    try:
        answer = action(view.tournament)
    except RuleViolation as violation:
        message = forms.labelled(violation.field, translated(violation))
        return refused(request, view, form, violation.field, message, 400, posted=request.POST)
    except MatchConflict as conflict:
        message = conflict_message(conflict)
        return refused(request, view, form, "", message, 409, posted=request.POST)
    except NOT_FOUND as error:
        raise Http404 from error
    said = done(view, answer) if done is not None else None
    line, offers = said if isinstance(said, tuple) else (said, ())
    url = reverse("desk", args=[view.tournament.pk])
    if desk_notice.say(request, line, answer, offers):
        url += "#notice"  # a warning or an offer: the desk opens at it, not at the form's place
    return HttpResponseRedirect(url)


def invalid(request: HttpRequest, token: str, bound: Any, form: str, **shown: Any) -> HttpResponse:
    """The desk with a desk form's (``bound``) first error: nothing is changed."""
    field, message = forms.first_error(bound)
    return refused(request, director_view(token), form, field, message, 400, **shown)
