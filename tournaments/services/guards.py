"""The questions a write asks before it changes anything (a ``MatchConflict``, the API's
409, when the answer is no), and the facts of a stage they read.

*Running*: started and not finished. The *round in play*: the last drawn. A round is
*followed* once the next round of its stage, or the next stage, has been drawn, or the
tournament is finished (its last round counts as followed): from then on a table may no
longer change who won, the director does. *Played*: a hand or a director's result is
recorded (a round or a start can no longer be undone).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.models import Hand
from scorekeeper.rules import MatchConflict
from scorekeeper.rules.errors import _

from ..brackets import get_format
from ..models import Pairing, Round, Stage, Tournament

Status = Tournament.Status
# A pairing without its final result: a round completes once none is left.
OPEN = (Pairing.Status.IN_PROGRESS, Pairing.Status.AWAITING, Pairing.Status.DISPUTED)

# A table's change refused once its round is followed: the director decides from then on.
DIRECTOR_NOW = _("The next round is drawn: the director sets this result now, from the desk.")
# The same once the tournament is finished: its last round counts as followed.
DIRECTOR_AFTER_END = _(
    "The tournament is finished: the director sets this result now, from the desk."
)


def running(tournament: Tournament) -> None:
    """Refuse unless the tournament has started and is not finished."""
    if tournament.status != Status.RUNNING:
        raise MatchConflict(
            _("The tournament has not started yet.")
            if tournament.status == Status.REGISTRATION
            else _("The tournament is finished.")
        )


def round_in_play(tournament: Tournament, number: int) -> Round:
    """Round ``number`` with its stage, refused unless it is the round in play."""
    round_ = Round.objects.select_related("stage").get(tournament=tournament, number=number)
    if tournament.status != Status.RUNNING or tournament.round != number:
        raise MatchConflict(
            _("Only the round in play (the last drawn) can be changed: round {number}."),
            number=tournament.round or 0,
        )
    return round_


def next_round_drawn(round_: Round) -> bool:
    return Round.objects.filter(
        tournament_id=round_.tournament_id, number__gt=round_.number
    ).exists()


def followed_refusal(tournament: Tournament, round_: Round) -> str | None:
    """Why a table may no longer change who won in this round (the director decides from
    then on): the next round is drawn, or the tournament is finished. ``None`` while the
    table still may."""
    if tournament.status == Status.FINISHED:
        return DIRECTOR_AFTER_END
    if next_round_drawn(round_):
        return DIRECTOR_NOW
    return None


def played(pairings: Sequence[Pairing]) -> bool:
    """Whether any of the pairings has a hand or a director's result recorded."""
    if any(p.source == Pairing.Source.DIRECTOR for p in pairings):
        return True
    ids = [p.match_id for p in pairings if p.match_id is not None]
    return Hand.objects.filter(match_id__in=ids).exists()


def eliminates(stage: Stage) -> bool:
    """Whether a loss in this stage's format sends the entry home (no draws there)."""
    return get_format(stage.format).eliminates


def stage_games(tournament: Tournament, stage: Stage) -> int:
    """The games a match of the stage is played to: its own ``games_to_win`` (la bella at
    the final only) or the tournament's."""
    return int(stage.settings.get("games_to_win") or tournament.games_to_win)
