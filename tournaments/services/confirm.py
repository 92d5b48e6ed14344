"""Confirmation by the other side (``confirm_results``): the side that did not enter the
last hand agrees with the result the match ended with (the pairing is finished and counts),
or disputes it (the pairing is flagged at the top of the desk; the director settles it)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scorekeeper.models import Match
from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.rules.errors import _

from .. import convert
from ..models import Pairing
from .audit import audit
from .locks import touch, tournament_read
from .store import finished_stamp, result_recorded


@transaction.atomic
def match_confirm(*, match_id: Any, agree: Any, note: Any = "") -> Match:
    """The side that did not enter the last hand agrees with the result the match ended
    with (the pairing is finished and counts), or disputes it (the director settles it)."""
    if not isinstance(agree, bool):
        raise RuleViolation("agree", _("Must be true or false."))
    if not isinstance(note, str) or len(note) > 200:
        raise RuleViolation("note", _("A note is a sentence of at most 200 characters."))
    match = Match.objects.select_for_update().get(pk=match_id)
    pairing = Pairing.objects.filter(match=match).values_list("tournament_id", flat=True).first()
    if pairing is None:
        raise MatchConflict(_("This match has no result to confirm."))
    row = Pairing.objects.select_for_update().select_related("round").get(match=match)
    tournament = tournament_read(pairing)  # its pairing and round locked, not its row
    waiting = (Pairing.Status.AWAITING, Pairing.Status.DISPUTED)
    if row.status not in waiting:
        raise MatchConflict(_("This match has no result to confirm."))
    before = convert.pairing_data(row)
    if agree:
        row.status, row.note = Pairing.Status.FINISHED, ""
    else:
        row.status, row.note = Pairing.Status.DISPUTED, note.strip()
    row.save(update_fields=["status", "note", *finished_stamp(row)])
    audit(
        tournament,
        "confirmed" if agree else "disputed",
        pairing=row,
        before=before,
        after=convert.pairing_data(row),
        by="table",
        reason=row.note,
    )
    if agree:
        result_recorded(tournament, row)
    else:
        touch(tournament)
    return match
