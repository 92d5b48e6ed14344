"""Results: the director's result (a forfeit, a no-show, a ruling) and the listener that
scorekeeper calls when a table's match finishes, reopens or changes result
(``scorekeeper.hooks``, registered in ``TournamentsConfig.ready()``).

A result costs the same in any event: it stores its pairing (and the audit), bumps the
tournament's version and decides the round's completion with one indexed ``EXISTS``. The
standings are not recomputed here: the round's last result queues the advance (which stores
them), any other asks for one refresh (``standings``).

The listener runs inside the match's own transaction (the match row is already locked) and
may refuse the change with a ``MatchConflict`` (the API's 409; nothing is stored).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scorekeeper import services as match_services
from scorekeeper.models import Match
from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import is_int
from scorekeeper.selectors import match_outcome

from .. import convert
from ..brackets import get_format
from ..models import Pairing, ResultChange, Round, Stage, Tournament
from . import enqueue, ratings
from .rounds import problem_clear
from .snapshot import touch, tournament_locked
from .standings import standings_request

Status = Tournament.Status


def _eliminates(stage: Stage) -> bool:
    """Whether a loss in this stage's format sends the entry home (no draws there)."""
    return get_format(stage.format).eliminates


def _next_round_drawn(round_: Round) -> bool:
    return Round.objects.filter(
        tournament_id=round_.tournament_id, number__gt=round_.number
    ).exists()


def _pairing_locked(pairing_id: Any) -> Pairing:
    return Pairing.objects.select_for_update().select_related("round__stage").get(pk=pairing_id)


def _refuse_late_change(pairing: Pairing, winner: Any) -> None:
    if (
        _eliminates(pairing.round.stage)
        and pairing.winner != winner
        and _next_round_drawn(pairing.round)
    ):
        raise MatchConflict(
            _("The next round is drawn: this result can no longer change who goes on.")
        )


def result_recorded(tournament: Tournament, round_: Round) -> None:
    """After a result changed: a playing round whose every pairing is finished is queued for
    its advance (which stores the standings); a complete round with a pairing reopened
    plays again; otherwise one refresh of the standings is asked for."""
    open_pairings = round_.pairings.filter(status=Pairing.Status.IN_PROGRESS).exists()
    fields = problem_clear(tournament)
    advancing = (
        round_.status == Round.Status.PLAYING
        and not open_pairings
        and tournament.status == Status.RUNNING
        and tournament.round == round_.number
    )
    if round_.status == Round.Status.PLAYING and not open_pairings:
        enqueue.round_advance(round_id=round_.pk)
    elif round_.status == Round.Status.COMPLETE and open_pairings:
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.PLAYING)
    if not advancing:
        fields += standings_request(tournament)
    touch(tournament, *fields)
    ratings.result_changed(tournament=tournament, round_=round_)


def _points(value: Any, size: int) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) != size
        or not all(is_int(v) and -(10**6) <= v <= 10**6 for v in value)
    ):
        raise RuleViolation("points", _("Give each entry's points, in the pairing's order."))
    return list(value)


def _director_result(pairing: Pairing, winner: Any, draw: Any, points: Any) -> dict[str, Any]:
    if draw not in (None, False, True):
        raise RuleViolation("draw", _("Must be true or false."))
    if draw:
        if winner is not None:
            raise RuleViolation("winner", _("A draw has no winner."))
        if _eliminates(pairing.round.stage):
            raise RuleViolation("draw", _("An elimination match cannot end in a draw."))
    elif not is_int(winner) or winner not in pairing.entries:
        raise RuleViolation(
            "winner",
            _("The winner must be one of the pairing's entries: {entries}."),
            entries=", ".join(str(n) for n in pairing.entries),
        )
    return {
        "status": Pairing.Status.FINISHED,
        "result": "draw" if draw else "win",
        "winner": None if draw else winner,
        "points": _points(points, 2),
        "games_won": [0, 0],
    }


@transaction.atomic
def pairing_result_set(
    *,
    tournament_id: Any,
    round_number: int,
    slot: int,
    winner: Any = None,
    draw: Any = None,
    points: Any = None,
    reason: Any = "",
) -> Pairing:
    """The director's result: stored and audited; the table's match is finished (it keeps
    its hands; new hands are refused)."""
    found = Pairing.objects.values_list("pk", "match_id").get(
        tournament_id=tournament_id, round__number=round_number, slot=slot
    )
    if found[1] is not None:
        Match.objects.select_for_update().filter(pk=found[1]).first()
    tournament = tournament_locked(tournament_id)
    pairing = _pairing_locked(found[0])
    if pairing.bye:
        raise MatchConflict(_("A bye has no match to decide."))
    after = _director_result(pairing, winner, draw, points)
    if not isinstance(reason, str) or len(reason) > 200:
        raise RuleViolation("reason", _("A reason is a sentence of at most 200 characters."))
    _refuse_late_change(pairing, after["winner"])
    before = convert.pairing_data(pairing)
    for key, value in after.items():
        setattr(pairing, key, value)
    pairing.source = Pairing.Source.DIRECTOR
    pairing.save()
    ResultChange.objects.create(
        tournament=tournament,
        pairing=pairing,
        by="director",
        action="result",
        before=before,
        after=convert.pairing_data(pairing),
        reason=reason,
    )
    if (
        pairing.match_id is not None
        and not Match.objects.filter(pk=pairing.match_id, status=Match.Status.FINISHED).exists()
    ):
        match_services.match_close(match_id=pairing.match_id)
    result_recorded(tournament, pairing.round)
    return pairing


def _outcome(match: Match, pairing: Pairing) -> dict[str, Any]:
    outcome = match_outcome(match)
    side = outcome.winner
    winner = pairing.entries[side] if side is not None and not outcome.draw else None
    return {
        "status": Pairing.Status.FINISHED,
        "result": "win" if winner is not None else "draw",
        "winner": winner,
        "points": list(outcome.points),
        "games_won": list(outcome.games_won),
    }


def match_event(match: Match, event: str) -> None:
    """scorekeeper's listener: a tournament match finished, reopened or changed result."""
    found = Pairing.objects.filter(match_id=match.pk).values_list("pk", "tournament_id").first()
    if found is None:
        return
    pairing_id, tournament_id = found
    tournament = tournament_locked(tournament_id)
    pairing = _pairing_locked(pairing_id)
    if pairing.source == Pairing.Source.DIRECTOR:
        return  # the director's result stands; the match keeps its hands
    before = convert.pairing_data(pairing)
    if event == "reopened":
        _reopen(tournament, pairing)
    else:
        after = _outcome(match, pairing)
        if pairing.status == Pairing.Status.FINISHED:
            _refuse_late_change(pairing, after["winner"])
        for key, value in after.items():
            setattr(pairing, key, value)
        pairing.save(update_fields=list(after))
    if convert.pairing_data(pairing) == before:
        return
    if before["status"] == Pairing.Status.FINISHED:
        ResultChange.objects.create(
            tournament=tournament,
            pairing=pairing,
            by="table",
            action=event,
            before=before,
            after=convert.pairing_data(pairing),
        )
    result_recorded(tournament, pairing.round)


def _reopen(tournament: Tournament, pairing: Pairing) -> None:
    if pairing.status != Pairing.Status.FINISHED:
        return
    if _next_round_drawn(pairing.round) or tournament.status == Status.FINISHED:
        raise MatchConflict(_("The next round is drawn: this match can no longer be reopened."))
    pairing.status = Pairing.Status.IN_PROGRESS
    pairing.result = pairing.winner = pairing.points = pairing.games_won = None
    pairing.save(update_fields=["status", "result", "winner", "points", "games_won"])
