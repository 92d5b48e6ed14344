"""Results: the listener that scorekeeper calls when a table's match finishes, reopens or
changes result (``scorekeeper.hooks``, registered in ``TournamentsConfig.ready()``).

A result costs the same in any event: it stores its pairing (and the audit), bumps the
tournament's version and decides the round's completion with one indexed ``EXISTS``. The
standings are not recomputed here: the round's last result queues the advance (which stores
them), any other asks for one refresh (``standings``).

The listener runs inside the match's own transaction (the match row is already locked) and
may refuse the change with a ``MatchConflict`` (the API's 409; nothing is stored).
"""

from __future__ import annotations

from typing import Any

from scorekeeper import rules
from scorekeeper.models import Match
from scorekeeper.rules import MatchConflict
from scorekeeper.rules.errors import _
from scorekeeper.selectors import match_outcome

from .. import convert
from ..brackets import get_format
from ..models import Pairing, ResultChange, Round, Stage, Tournament
from . import enqueue, ratings
from .rounds import OPEN, problem_clear
from .snapshot import touch, tournament_locked
from .standings import standings_request

Status = Tournament.Status


# A table's change refused once its round is followed (the next round of its stage, or the
# next stage, has been drawn): the director decides from then on.
DIRECTOR_NOW = _("The next round is drawn: the director sets this result now, from the desk.")
# The same once the tournament is finished: its last round counts as followed.
DIRECTOR_AFTER_END = _(
    "The tournament is finished: the director sets this result now, from the desk."
)
# A table's close of a tournament match (tournaments.md: only the director ends it early).
DIRECTOR_ENDS = _("Only the director ends this match: ask for a director's result.")


def eliminates(stage: Stage) -> bool:
    """Whether a loss in this stage's format sends the entry home (no draws there)."""
    return get_format(stage.format).eliminates


def next_round_drawn(round_: Round) -> bool:
    return Round.objects.filter(
        tournament_id=round_.tournament_id, number__gt=round_.number
    ).exists()


def pairing_locked(pairing_id: Any) -> Pairing:
    """The pairing locked, with its round and stage; without the stage's lists of entries
    and final standings (a second stage's, or a first stage's once it ended: as long as
    the event), which no result reads."""
    return (
        Pairing.objects.select_for_update()
        .select_related("round__stage")
        .defer("round__stage__entries", "round__stage__standings")
        .get(pk=pairing_id)
    )


def followed_refusal(tournament: Tournament, round_: Round) -> str | None:
    """Why a table may no longer change who won in this round (the director decides from
    then on): the next round is drawn, or the tournament is finished (its last round
    counts as followed). ``None`` while the table still may."""
    if tournament.status == Status.FINISHED:
        return DIRECTOR_AFTER_END
    if next_round_drawn(round_):
        return DIRECTOR_NOW
    return None


def _refuse_late_change(tournament: Tournament, pairing: Pairing, after: dict[str, Any]) -> None:
    """A followed round's result changes who won through the director only."""
    if (after["winner"], after["result"]) == (pairing.winner, pairing.result):
        return
    refusal = followed_refusal(tournament, pairing.round)
    if refusal is not None:
        raise MatchConflict(refusal)


def table_may_close(match: Match) -> bool:
    """Whether the table itself may end its tournament match with a close: only a session
    without a natural end (trionfo) and without a hand limit; any other close is the
    director's (a director's result)."""
    return rules.get_variant(match.variant).session and match.hands_per_match is None


def result_recorded(tournament: Tournament, round_: Round) -> None:
    """After a result changed: a playing round whose every pairing is finished is queued for
    its advance (which stores the standings); a complete round with a pairing reopened
    plays again; otherwise one refresh of the standings is asked for."""
    # Three index lookups on (round, status): never a scan of the round's finished pairings.
    open_pairings = Pairing.objects.filter(round_id=round_.pk, status__in=OPEN).exists()
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


def outcome_of(match: Match, pairing: Pairing) -> dict[str, Any]:
    """A finished match's result for its pairing, read as the table's shape says: the
    winning side named by its first seat's entry (a draw: none), ``points`` and games per
    side. A table ranked by points (trionfo: each player their own side, no games): the
    winner is the one best score (a shared best: a draw); the places follow from the
    points in the standings."""
    shape = pairing.table_shape
    outcome = match_outcome(match)
    points = list(outcome.points)
    if shape.ranked_by == "points":
        winner = shape.best(pairing.entries, points)
        games_won = [0] * len(shape.sides)
    else:
        side = None if outcome.draw else outcome.winner
        winner = shape.named_by(pairing.entries, side) if side is not None else None
        games_won = list(outcome.games_won)
    return {
        "status": Pairing.Status.FINISHED,
        "result": "win" if winner is not None else "draw",
        "winner": winner,
        "points": points,
        "games_won": games_won,
    }


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
    pairing_id, tournament_id, _source = found
    tournament = tournament_locked(tournament_id)
    pairing = pairing_locked(pairing_id)
    if pairing.source == Pairing.Source.DIRECTOR:
        return  # the director's result stands; the match keeps its hands
    before = convert.pairing_data(pairing)
    if event == "finished" and match.closed and not table_may_close(match):
        raise MatchConflict(DIRECTOR_ENDS)
    if event == "reopened":
        _reopen(tournament, pairing)
    else:
        after = outcome_of(match, pairing)
        finished = pairing.status == Pairing.Status.FINISHED
        if finished:
            _refuse_late_change(tournament, pairing, after)
        elif tournament.confirm_results:
            after = {**after, "status": Pairing.Status.AWAITING, "note": ""}
        for key, value in after.items():
            setattr(pairing, key, value)
        pairing.save(update_fields=list(after))
    if convert.pairing_data(pairing) == before:
        return
    if before["status"] == Pairing.Status.FINISHED:
        ResultChange.objects.create(
            tournament=tournament,
            pairing=pairing,
            round_number=pairing.round.number,
            slot=pairing.slot,
            by="table",
            action=event,
            before=before,
            after=convert.pairing_data(pairing),
        )
    result_recorded(tournament, pairing.round)


def _reopen(tournament: Tournament, pairing: Pairing) -> None:
    if pairing.status == Pairing.Status.IN_PROGRESS:
        return
    refusal = followed_refusal(tournament, pairing.round)
    if pairing.status == Pairing.Status.FINISHED and refusal is not None:
        raise MatchConflict(refusal)
    pairing.status = Pairing.Status.IN_PROGRESS
    pairing.result = pairing.winner = pairing.points = pairing.games_won = None
    pairing.save(update_fields=["status", "result", "winner", "points", "games_won"])
