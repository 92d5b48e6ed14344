"""The tournament's settings during the event: hold or release the automatic advance
(``auto_advance``), the name, the hand limit, the clock's minutes, the confirmation by the
other side. Turning ``auto_advance`` back on advances a complete round at once; a new hand
limit applies to the matches still being played too (refused, naming ``hands_per_match``,
below the hand one of them is at) and to every match drawn next; a finished match keeps
its own."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction

from scorekeeper import services as match_services

from .. import validation
from ..brackets.planner import plan
from ..models import Pairing, Round, Tournament
from ..selectors.snapshot import snapshot_load
from .audit import audit
from .locks import touch, tournament_locked, tournament_read
from .store import decision_store, round_complete

Status = Tournament.Status


@transaction.atomic
def tournament_update(*, tournament_id: Any, **fields: Any) -> Tournament:
    """Hold or release the automatic advance, rename, set the hand limit, the clock or the
    confirmation by the other side. A new ``hands_per_match`` also reaches the matches still
    being played (their locks first); a new ``round_minutes`` also sets the round in play's
    end (unless time was called); turning ``auto_advance`` back on advances a complete
    round at once."""
    clean = validation.settings_input(fields)
    if "hands_per_match" in clean:
        _limit_open_matches(tournament_id, clean["hands_per_match"])
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


def _limit_open_matches(tournament_id: Any, hands_per_match: int | None) -> None:
    """A new hand limit given to the tournament's matches still being played, their locks
    taken first (as the hook takes them, before the tournament's)."""
    if tournament_read(tournament_id).hands_per_match == hands_per_match:
        return
    open_matches = Pairing.objects.filter(
        tournament_id=tournament_id, status=Pairing.Status.IN_PROGRESS, match__isnull=False
    ).values_list("match_id", flat=True)
    match_services.matches_limit(match_ids=list(open_matches), hands_per_match=hands_per_match)
