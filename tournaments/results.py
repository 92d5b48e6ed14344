"""Results reaching the tournament: the listener scorekeeper calls when a table's match
finishes, reopens or changes result (``scorekeeper.hooks``), the stored standings, and the
queueing of a round's advance once its last result is in.

Registered in ``TournamentsConfig.ready()``. The listener runs inside the match's own
transaction (the match row is already locked) and may refuse the change with a
``MatchConflict`` (the API's 409; nothing is stored).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from scorekeeper.models import Match
from scorekeeper.rules.errors import _
from scorekeeper.services import MatchConflict

from . import ranking
from .models import Entry, Pairing, ResultChange, Round, Stage, Tournament

ELIMINATION = {"single_elimination", "double_elimination"}


def is_elimination(stage: Stage) -> bool:
    return stage.format in ELIMINATION


# A table's change refused once its round is followed (the next round of its stage, or the
# next stage, has been drawn): the director decides from then on.
DIRECTOR_NOW = _("The next round is drawn: the director sets this result now, from the desk.")


def stage_games(tournament: Tournament, stage: Stage) -> int:
    """The games a match of the stage is played to: its own ``games_to_win`` (la bella at
    the final only) or the tournament's."""
    return int(stage.settings.get("games_to_win") or tournament.games_to_win)


def next_round_drawn(round_: Round) -> bool:
    return Round.objects.filter(
        tournament_id=round_.tournament_id, number__gt=round_.number
    ).exists()


def pairing_locked(pairing_id: Any) -> Pairing:
    return Pairing.objects.select_for_update().select_related("round__stage").get(pk=pairing_id)


def data_of(pairing: Pairing) -> dict[str, Any]:
    return {
        "status": pairing.status,
        "result": pairing.result,
        "winner": pairing.winner,
        "points": pairing.points,
        "games_won": pairing.games_won,
        "source": pairing.source,
        "forfeit": pairing.forfeit,
    }


def standings_store(
    tournament: Tournament,
    *,
    stages: Sequence[Stage] | None = None,
    entries: Sequence[Entry] | None = None,
    results: dict[int, list[Any]] | None = None,
) -> list[dict[str, Any]]:
    """Recompute the tournament's standings from its results into ``standings`` (the
    caller saves the row)."""
    stages = list(tournament.stages.all()) if stages is None else stages
    entries = list(tournament.entries.all()) if entries is None else entries
    results = ranking.results_by_stage(tournament) if results is None else results
    tournament.standings = ranking.tournament_rows(tournament, stages, entries, results)
    return tournament.standings


def queue_advance(round_id: Any) -> None:
    from .tasks import round_advance

    transaction.on_commit(lambda: round_advance.delay(round_id))


def round_settled(round_: Round) -> None:
    """After a result changed: a playing round whose every pairing is finished is queued for
    its advance (after the commit); a complete round with a pairing reopened plays again."""
    open_pairings = round_.pairings.exclude(status=Pairing.Status.FINISHED).exists()
    if round_.status == Round.Status.PLAYING and not open_pairings:
        queue_advance(round_.pk)
    elif round_.status == Round.Status.COMPLETE and open_pairings:
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.PLAYING)


def _outcome(match: Match, pairing: Pairing) -> dict[str, Any]:
    from scorekeeper.selectors import match_outcome

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
    tournament = Tournament.objects.select_for_update().defer("standings").get(pk=tournament_id)
    pairing = pairing_locked(pairing_id)
    if pairing.source == Pairing.Source.DIRECTOR:
        return  # the director's result stands; the match keeps its hands
    before = data_of(pairing)
    if event == "reopened":
        _reopen(tournament, pairing)
    else:
        _store(tournament, pairing, _outcome(match, pairing))
    if data_of(pairing) == before:
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
            after=data_of(pairing),
        )
    from .services import _results_changed

    _results_changed(tournament, pairing.round)


def _reopen(tournament: Tournament, pairing: Pairing) -> None:
    if pairing.status == Pairing.Status.IN_PROGRESS:
        return
    if pairing.status == Pairing.Status.FINISHED and (
        next_round_drawn(pairing.round) or tournament.status == Tournament.Status.FINISHED
    ):
        raise MatchConflict(DIRECTOR_NOW)
    pairing.status = Pairing.Status.IN_PROGRESS
    pairing.result = pairing.winner = pairing.points = pairing.games_won = None
    pairing.save(update_fields=["status", "result", "winner", "points", "games_won"])


def _store(tournament: Tournament, pairing: Pairing, after: dict[str, Any]) -> None:
    finished = pairing.status == Pairing.Status.FINISHED
    if (
        finished
        and (after["winner"], after["result"]) != (pairing.winner, pairing.result)
        and next_round_drawn(pairing.round)
    ):
        raise MatchConflict(DIRECTOR_NOW)
    if tournament.confirm_results and not finished:
        after = {**after, "status": Pairing.Status.AWAITING, "note": ""}
    for key, value in after.items():
        setattr(pairing, key, value)
    pairing.save(update_fields=list(after))
