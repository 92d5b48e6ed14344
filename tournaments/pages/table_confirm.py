"""At the table, when the tournament asks the other side to agree (``confirm_results``):
the match page's panel shows the final score with Agree / Disagree (a plain form posted
here, no JS needed), then "confirmed" or "disputed: the director will decide"."""

from __future__ import annotations

import uuid

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from scorekeeper.rules import MatchConflict, RuleViolation

from .. import services
from ..selectors.confirmation import awaits_confirmation, match_known


@require_POST
def confirm(request: HttpRequest, key: uuid.UUID) -> HttpResponse:
    """Agree (``agree=yes``) or disagree with a note, once, while the result awaits; back to
    the match page either way (a refused answer shows the state as it is)."""
    if not match_known(key):
        raise Http404
    if not awaits_confirmation(key):
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
