"""At the table, when the tournament asks the other side to agree (``confirm_results``):
the match page's panel shows the final score with Agree / Disagree (a plain form posted
here, no JS needed), then "confirmed" or "disputed: the director will decide"."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from scorekeeper.models import Match
from scorekeeper.rules import MatchConflict, RuleViolation

from .. import services
from ..models import Pairing, ResultChange
from ..selectors import lineups

WAITING = (Pairing.Status.AWAITING, Pairing.Status.DISPUTED)


def confirmation(match_view: str, key: str | None) -> dict[str, Any] | None:
    """The confirmation step of this match's pairing; ``key`` (the table's key, only on the
    page opened with it) lets the page post the answer. ``None`` when nothing is asked."""
    row = (
        Pairing.objects.filter(match_view=match_view, tournament__confirm_results=True)
        .select_related("tournament")
        .first()
    )
    if row is None or row.bye:
        return None
    confirmed = settled = False
    if row.status == Pairing.Status.FINISHED:
        # the table answers once; a result that was disputed was settled by the director
        # (the desk's word is audited by the same service)
        answers = set(
            ResultChange.objects.filter(
                pairing=row, action__in=("confirmed", "disputed")
            ).values_list("action", flat=True)
        )
        settled = "disputed" in answers
        confirmed = not settled and "confirmed" in answers
    if row.status not in WAITING and not (confirmed or settled):
        return None
    rows = row.tournament.entries.filter(number__in=row.entries)
    names = dict(rows.values_list("number", "name"))
    return {
        "status": row.status,
        "confirmed": confirmed,
        "settled": settled,
        "note": row.note,
        # an individual event's table of four: its two teams are the sides of ``points``
        "sides": [
            {"name": side["name"], "points": points}
            for side, points in zip(
                lineups.sides({"entries": row.entries, "shape": row.shape}, names),
                row.points or [0] * len(row.entries),
                strict=False,
            )
        ],
        "key": key if row.status == Pairing.Status.AWAITING else None,
    }


@require_POST
def confirm(request: HttpRequest, key: uuid.UUID) -> HttpResponse:
    """Agree (``agree=yes``) or disagree with a note, once, while the result awaits; back to
    the match page either way (a refused answer shows the state as it is)."""
    if not Match.objects.filter(pk=key).exists():
        raise Http404
    if not Pairing.objects.filter(match_id=key, status=Pairing.Status.AWAITING).exists():
        # asked once: a disputed result is the director's to settle, not the table's
        return HttpResponseRedirect(reverse("match", args=[str(key)]) + "#t-confirm")
    note = request.POST.get("note", "").strip()[:200]
    try:
        with transaction.atomic():
            services.match_confirm(
                match_id=key, agree=request.POST.get("agree") == "yes", note=note
            )
    except (RuleViolation, MatchConflict):
        pass
    return HttpResponseRedirect(reverse("match", args=[str(key)]) + "#t-confirm")
