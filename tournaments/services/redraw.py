"""The round in play drawn again from the entries, results and drop-outs as they are now,
with a new random seed where the format draws at random. Its old matches are cancelled
(``CancelledMatch``: their pages point to the new table); its tables keep their keys. The
redraw of a stage's first round takes the qualifiers again from the previous stage's
standings as they are now.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction

from scorekeeper.rules import MatchConflict
from scorekeeper.rules.errors import _

from ..brackets.planner import plan
from ..models import Round, Stage
from ..selectors.snapshot import snapshot_load
from .audit import audit, seat_data
from .guards import played, round_in_play
from .locks import matches_locked, tournament_locked
from .store import cancel, decision_store


@transaction.atomic
def round_redraw(*, tournament_id: Any, round_number: int) -> Round:
    """Draw round ``round_number`` (the round in play) again; ``409`` once a hand or a
    director's result is recorded in it."""
    found = Round.objects.get(tournament_id=tournament_id, number=round_number)
    matches_locked(found.pairings.values_list("match_id", flat=True))
    tournament = tournament_locked(tournament_id)
    round_ = round_in_play(tournament, round_number)
    rows = list(round_.pairings.all())
    if played(rows):
        raise MatchConflict(
            _("Round {number} has a hand or a result recorded: it can no longer be redrawn."),
            number=round_number,
        )
    before = [seat_data(row) for row in rows]
    stage = round_.stage
    _reseed(stage, round_.index)
    round_.delete()
    # The first round of a second stage takes its qualifiers again from the first stage.
    tournament.stage = stage.number - 1 if round_.index == 1 and stage.number > 1 else stage.number
    tournament.round = round_number - 1
    loaded = snapshot_load(tournament, wanted=True)
    new = decision_store(tournament, loaded, plan(loaded.snapshot))
    if new is None or new.number != round_number:
        raise MatchConflict(_("There is nothing to draw again."))
    cancel(tournament, round_number, rows)
    after = [seat_data(row) for row in new.pairings.all()]
    audit(tournament, "redraw", round_number=round_number, before=before, after=after)
    return new


def _reseed(stage: Stage, index: int) -> None:
    """The stage's randomness drawn again: the whole stage's for its first round, else the
    round's own."""
    if index == 1:
        stage.seed = secrets.randbits(62)
        stage.reseeds = {}
    else:
        stage.reseeds = {**stage.reseeds, str(index): secrets.randbits(62)}
    stage.save(update_fields=["seed", "reseeds"])
