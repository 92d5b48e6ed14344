"""The tournament's settings during the event: hold or release the automatic advance
(``auto_advance``), the name, the clock's minutes, the confirmation by the other side.
Turning ``auto_advance`` back on advances a complete round at once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction

from .. import validation
from ..brackets.planner import plan
from ..models import Round, Tournament
from ..selectors.snapshot import snapshot_load
from .audit import audit
from .locks import touch, tournament_locked
from .store import decision_store, round_complete

Status = Tournament.Status


@transaction.atomic
def tournament_update(*, tournament_id: Any, **fields: Any) -> Tournament:
    """Hold or release the automatic advance, rename, set the clock or the confirmation by
    the other side. A new ``round_minutes`` also sets the round in play's end (unless time
    was called); turning ``auto_advance`` back on advances a complete round at once."""
    clean = validation.settings_input(fields)
    tournament = tournament_locked(tournament_id)
    before = {key: getattr(tournament, key) for key in clean}
    changed = [key for key in clean if clean[key] != before[key]]
    for key in changed:
        setattr(tournament, key, clean[key])
    if not changed:
        return tournament
    audit(
        tournament,
        "settings",
        before={key: before[key] for key in changed},
        after={key: clean[key] for key in changed},
    )
    touch(tournament, *changed)
    in_play = tournament.rounds.filter(number=tournament.round or 0).first()
    if in_play is None or tournament.status != Status.RUNNING:
        return tournament
    if "round_minutes" in changed and not in_play.time_called:
        minutes = tournament.round_minutes
        in_play.ends_at = in_play.starts_at + timedelta(minutes=minutes) if minutes else None
        in_play.save(update_fields=["ends_at"])
    if "auto_advance" in changed and tournament.auto_advance:
        round_complete(round_id=in_play.pk)
        in_play.refresh_from_db(fields=["status"])
        tournament.state.refresh_from_db(fields=["version"])
        if in_play.status == Round.Status.COMPLETE:
            loaded = snapshot_load(tournament, wanted=True)  # auto_advance is on
            decision_store(tournament, loaded, plan(loaded.snapshot))
    return tournament
