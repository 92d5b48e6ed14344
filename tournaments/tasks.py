"""Celery tasks: ids in, one service call, safe to run twice or side by side.

Registered under the names ``services.enqueue`` declares and sends them by, after the
commit that made them due (the write side never imports this module): ``round_advance``
when a round's last result comes in, ``standings_refresh`` when another result changed the
standings. ``clock_tick`` runs every 10 seconds by beat (``CELERY_BEAT_SCHEDULE``) and also
redoes whatever a killed worker or an unreachable broker left undone. No ETA or countdown
tasks: with Redis they come back twice after the visibility timeout. Without a broker the
tasks run in process, after the commit (``CELERY_TASK_ALWAYS_EAGER``).
"""

from __future__ import annotations

from typing import Any

from celery import shared_task

from . import services
from .services import enqueue, ratings


@shared_task(name=enqueue.ROUND_ADVANCE, acks_late=True)
def round_advance(round_id: Any) -> int | None:
    """Complete the round and draw the next (once, whatever the number of workers)."""
    drawn = services.round_advance(round_id=round_id)
    return drawn.number if drawn is not None else None


@shared_task(name=enqueue.STANDINGS_REFRESH, acks_late=True, ignore_result=True)
def standings_refresh(tournament_id: Any) -> bool:
    """Store the standings of the tournament's current version (once per version)."""
    return services.standings_refresh(tournament_id=tournament_id)


@shared_task(name=enqueue.CLOCK_TICK, acks_late=True, ignore_result=True)
def clock_tick() -> int:
    """Call time on rounds and tables past their end; redo what was lost: overdue
    advances, standings behind their version, a club's results left unrated."""
    return services.clock_tick()


@shared_task(name=enqueue.RATING_UPDATE, acks_late=True, ignore_result=True)
def rating_update(club_id: Any, since: Any = None) -> int:
    """Re-rate a club from the first pairing that changed (a no-op when none did)."""
    return ratings.club_ratings_update(club_id=club_id, since=since)
