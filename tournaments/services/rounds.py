"""Rounds: the advance (complete a round, then draw the next, move on to the next stage or
finish the tournament) and the director's next round.

Each reads lock → snapshot → plan → store → enqueue: the planner is asked once and its
``Decision`` stored as it is (``store.decision_store``). A round is drawn once (unique
``(tournament, number)``) and completed once (a conditional ``UPDATE … WHERE status =
'playing'``). The advance commits the round it drew first, then stores the standings it
drew by (``standings_put``, the same task): a large event's round is seen without waiting
for its standings to be written. An advance that fails on the tournament's own data is
marked on the tournament (``problem``) for the director, not retried by every tick.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError, transaction
from django.utils import timezone

from scorekeeper.rules import MatchConflict
from scorekeeper.rules.errors import _

from ..brackets.planner import plan
from ..models import Round, Tournament
from ..selectors.snapshot import snapshot_load
from .collector import collector_paused
from .guards import running
from .locks import touch, tournament_locked
from .standings import Pending, standings_put
from .store import (
    advance_done,
    decision_store,
    decision_stored,
    problem_clear,
    round_complete,
)

log = logging.getLogger(__name__)
Status = Tournament.Status


@collector_paused
def round_advance(*, round_id: Any) -> Round | None:
    """Complete the round, then draw the next one (or the next stage's first round, or
    finish the tournament). Safe to run twice or side by side: returns the round drawn, or
    None when there was nothing (more) to do. When the tournament's own data makes it fail,
    the failure is marked on the tournament (``problem``) and None is returned."""
    started = timezone.now()
    tried = (
        Round.objects.filter(pk=round_id)
        .values_list("tournament__state__version", flat=True)
        .first()
    )
    if tried is None:
        return None  # no such round (a redraw or an unstart took it away): nothing to do
    try:
        round_, pending = _advance(round_id)
    except (DatabaseError, MatchConflict):
        raise
    except Exception as error:  # the draw raised on this tournament's data
        log.exception("round %s: the advance failed", round_id)
        problem_mark(round_id=round_id, error=error, tried=tried)
        return None
    finally:  # done, or failed: the clock may queue it again (the problem mark aside)
        advance_done(round_id, started)
    if pending is not None:  # the round is committed, seen: then its standings
        standings_put(pending)
    return round_


@transaction.atomic
def _advance(round_id: Any) -> tuple[Round | None, Pending | None]:
    """The round completed and the next one drawn, in one transaction; the standings the
    draw ranked by are stored after its commit (``standings_put``)."""
    round_ = Round.objects.get(pk=round_id)
    tournament = tournament_locked(round_.tournament_id)
    # Then the round: a result of it in flight (it holds the round, never the tournament)
    # is committed before the round is completed and the next one drawn from it.
    list(Round.objects.select_for_update().filter(pk=round_id).values_list("pk", flat=True))
    round_complete(round_id=round_id)
    round_.refresh_from_db(fields=["status"])
    if (
        round_.status != Round.Status.COMPLETE
        or tournament.status != Status.RUNNING
        or tournament.round != round_.number
    ):
        return None, None
    loaded = snapshot_load(tournament, wanted=tournament.auto_advance)
    return decision_stored(tournament, loaded, plan(loaded.snapshot), standings_after=True)


@transaction.atomic
def problem_mark(*, round_id: Any, error: Exception, tried: int) -> None:
    """Why the tournament cannot go on, for the director (the desk and the API show it);
    the tick leaves the tournament alone until the director changes something. Not when
    the tournament changed since the failed attempt read it (its ``version`` then,
    ``tried``): the director's correction, waiting on the attempt's lock, came first, and
    the next tick tries again on it."""
    tournament_id = Round.objects.values_list("tournament_id", flat=True).get(pk=round_id)
    tournament = tournament_locked(tournament_id)
    if tournament.version != tried:
        return
    tournament.problem = (str(error) or type(error).__name__)[:500]
    tournament.problem_since = timezone.now()
    touch(tournament, "problem", "problem_since")


@collector_paused
def round_draw(*, tournament_id: Any) -> Round:
    """The director draws the next round (``rounds/next/``). After the last round there is
    none: the tournament's end is stored all the same (a stuck advance put right from the
    desk), and the answer says it is finished (``409``)."""
    round_ = _draw(tournament_id)
    if round_ is None:
        raise MatchConflict(_("The tournament is finished."))
    return round_


@transaction.atomic
def _draw(tournament_id: Any) -> Round | None:
    tournament = tournament_locked(tournament_id)
    running(tournament)
    latest = tournament.rounds.get(number=tournament.round or 0)  # running: round 1 or later
    if latest.status == Round.Status.PLAYING and not round_complete(round_id=latest.pk):
        raise MatchConflict(_("Round {number} is still being played."), number=latest.number)
    tournament.save(update_fields=problem_clear(tournament) or ["updated_at"])
    try:
        loaded = snapshot_load(tournament, wanted=True)
        round_ = decision_store(tournament, loaded, plan(loaded.snapshot))
    except (DatabaseError, MatchConflict):
        raise
    except Exception as error:  # the draw raised on this tournament's data: say why
        log.exception("tournament %s: the draw failed", tournament_id)
        raise MatchConflict(
            _("The next round could not be drawn: {reason}"), reason=str(error)
        ) from error
    return round_
