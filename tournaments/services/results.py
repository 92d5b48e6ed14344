"""Results: the listener that scorekeeper calls when a table's match finishes, reopens or
changes result (``scorekeeper.hooks``, registered in ``TournamentsConfig.ready()``).

A result costs the same in any event: it stores its pairing (and the audit), bumps the
tournament's version and decides the round's completion with one indexed ``EXISTS``, on
PostgreSQL all by one statement (``store.result_recorded``). It
locks what it changes, its pairing and its round, never the tournament's row: results of
one event are recorded side by side. The standings are not recomputed here: the round's
last result queues the advance (which stores them), any other asks for one refresh
(``standings``).

The listener runs inside the match's own transaction (the match row is already locked) and
may refuse the change with a ``MatchConflict`` (the API's 409; nothing is stored).
"""

from __future__ import annotations

from typing import Any

from scorekeeper.models import Match
from scorekeeper.rules import MatchConflict

from .. import convert
from ..models import Pairing, Tournament
from .audit import audit_row
from .guards import followed_refusal
from .locks import pairing_locked
from .outcomes import DIRECTOR_ENDS, outcome_of, table_may_close
from .store import finished_stamp, result_recorded


def match_event(match: Match, event: str) -> None:
    """scorekeeper's listener: a tournament match finished, reopened or changed result."""
    found = (
        Pairing.objects.filter(match_id=match.pk)
        .values_list("pk", "tournament_id", "source")
        .first()
    )
    # The director's result stands (the match keeps its hands). Read before any lock: the
    # match's row is locked here, and the director's writes lock it first too.
    if found is None or found[2] == Pairing.Source.DIRECTOR:
        return
    pairing_id, _tournament_id, _source = found
    pairing = pairing_locked(pairing_id)
    tournament = pairing.tournament  # as read, not locked
    if pairing.source == Pairing.Source.DIRECTOR:
        return  # the director's result stands; the match keeps its hands
    before = convert.pairing_data(pairing)
    if event == "finished" and match.closed and not table_may_close(match):
        raise MatchConflict(DIRECTOR_ENDS)
    if event == "reopened":
        fields = _reopen(tournament, pairing)
    else:
        fields = _finished(tournament, pairing, outcome_of(match, pairing))
    after = convert.pairing_data(pairing)
    if after == before:
        return
    change = None
    if before["status"] == Pairing.Status.FINISHED:
        change = audit_row(
            tournament, event, pairing=pairing, before=before, after=after, by="table"
        )
    result_recorded(tournament, pairing, [(pairing, fields)], change)


def _finished(tournament: Tournament, pairing: Pairing, after: dict[str, Any]) -> list[str]:
    """The match's result set on its pairing: awaiting the other side's word where the
    tournament asks for it; a followed round's result changes who won through the director
    only. The fields to save."""
    if pairing.status == Pairing.Status.FINISHED:
        if (after["winner"], after["result"]) != (pairing.winner, pairing.result):
            refusal = followed_refusal(tournament, pairing.round)
            if refusal is not None:
                raise MatchConflict(refusal)
    elif tournament.confirm_results:
        after = {**after, "status": Pairing.Status.AWAITING, "note": ""}
    for key, value in after.items():
        setattr(pairing, key, value)
    return [*after, *finished_stamp(pairing)]


def _reopen(tournament: Tournament, pairing: Pairing) -> list[str]:
    """The pairing played again: the fields to save."""
    if pairing.status == Pairing.Status.IN_PROGRESS:
        return []
    refusal = followed_refusal(tournament, pairing.round)
    if pairing.status == Pairing.Status.FINISHED and refusal is not None:
        raise MatchConflict(refusal)
    pairing.status = Pairing.Status.IN_PROGRESS
    pairing.result = pairing.winner = pairing.points = pairing.games_won = None
    return ["status", "result", "winner", "points", "games_won", *finished_stamp(pairing)]
