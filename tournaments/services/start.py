"""The start, which draws the first round, and its undo (back to registration while nothing
has been played)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.rules.errors import _

from ..brackets import get_format
from ..brackets.planner import plan
from ..models import Pairing, Stage, Tournament
from ..selectors.snapshot import snapshot_load
from .audit import audit
from .collector import collector_paused
from .guards import played, running
from .locks import matches_locked, touch, tournament_locked
from .standings import standings_store
from .store import cancel, decision_store

Status = Tournament.Status


@collector_paused
@transaction.atomic
def tournament_start(*, tournament_id: Any) -> Tournament:
    tournament = tournament_locked(tournament_id)
    if tournament.status != Status.REGISTRATION:
        raise MatchConflict(_("The tournament has already started."))
    stages = list(tournament.stages.all())
    _check_playable(stages, _checked_in_only(tournament))
    tournament.status = Status.RUNNING
    tournament.stage = 1
    loaded = snapshot_load(tournament, wanted=True)
    decision_store(tournament, loaded, plan(loaded.snapshot))
    return tournament


def _checked_in_only(tournament: Tournament) -> int:
    """Once the director has checked anyone in, the start drops out the active entries that
    are not checked in (nobody checked in: everyone plays). The number of entries that play;
    a refused start rolls the drop-outs back with the rest of the transaction."""
    active = tournament.entries.filter(active=True)
    if active.filter(checked_in=True).exists():
        active.filter(checked_in=False).update(active=False)
    return active.count()


def _check_playable(stages: Sequence[Stage], active: int) -> None:
    if active < 2:
        raise RuleViolation("entries", _("A tournament needs at least 2 active entries."))
    count = active
    for index, stage in enumerate(stages):
        fmt = get_format(stage.format)
        if stage.advance is not None:
            if stage.advance > count:
                raise RuleViolation(
                    f"stages.{index}.advance",
                    _("Only {count} entries play the first stage: advance cannot be larger."),
                    count=count,
                )
            count = stage.advance
        fmt.check(stage.settings, count, f"stages.{index}")


@transaction.atomic
def tournament_unstart(*, tournament_id: Any) -> Tournament:
    """Back to registration (entries can be added, removed and re-seeded again); ``409``
    once any hand or director's result is recorded."""
    pairings = Pairing.objects.filter(tournament_id=tournament_id)
    matches_locked(pairings.values_list("match_id", flat=True))
    tournament = tournament_locked(tournament_id)
    running(tournament)
    rows = list(Pairing.objects.filter(tournament=tournament).select_related("round"))
    if played(rows):
        raise MatchConflict(_("A hand or a result is recorded: the start can no longer be undone."))
    before = {"status": tournament.status, "round": tournament.round, "stage": tournament.stage}
    by_round = {row.pk: row.round.number for row in rows}
    tournament.rounds.all().delete()
    tournament.stages.update(standings=None, reseeds={})
    tournament.stages.filter(number__gt=1).update(entries=None)
    for row in rows:
        cancel(tournament, by_round[row.pk], [row])
    tournament.status, tournament.stage, tournament.round = Status.REGISTRATION, None, None
    tournament.champion = None
    audit(tournament, "unstart", before=before, after={"status": tournament.status})
    standings_store(tournament)
    touch(tournament, "status", "stage", "round", "champion", "standings")
    return tournament
