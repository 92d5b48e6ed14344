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
from scorekeeper.rules import MatchConflict
from scorekeeper.rules.errors import _

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
    limited = None
    if "hands_per_match" in clean:
        limited = _limit_open_matches(tournament_id, clean["hands_per_match"])
    tournament = tournament_locked(tournament_id)
    if _drawn_meanwhile(tournament_id, limited):
        raise MatchConflict(_("The round was drawn again meanwhile: set the hand limit again."))
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


def _open_matches(tournament_id: Any) -> set[Any]:
    return set(
        Pairing.objects.filter(
            tournament_id=tournament_id, status=Pairing.Status.IN_PROGRESS, match__isnull=False
        ).values_list("match_id", flat=True)
    )


def _limit_open_matches(tournament_id: Any, hands_per_match: int | None) -> set[Any] | None:
    """A new hand limit given to the tournament's matches still being played, their locks
    taken first (as a redraw, a swap and the hook take them, before the tournament's):
    the matches it reached, or None when the limit is the tournament's already."""
    if tournament_read(tournament_id).hands_per_match == hands_per_match:
        return None
    open_matches = _open_matches(tournament_id)
    match_services.matches_limit(match_ids=list(open_matches), hands_per_match=hands_per_match)
    return open_matches


def _drawn_meanwhile(tournament_id: Any, limited: set[Any] | None) -> bool:
    """Whether matches are being played that the new limit did not reach: a redraw (or a
    swap) committed between their locks and the tournament's, its new matches made with
    the old limit. The change is then refused (``409``) rather than leave them so; the
    director sets it again. (Their locks cannot be taken now, under the tournament's:
    a redraw takes them in the other order.)"""
    return limited is not None and not _open_matches(tournament_id) <= limited
