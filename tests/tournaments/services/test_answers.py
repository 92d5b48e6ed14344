"""A write answers what happened as a frozen value: the pairing and the warnings of a
director's result, the round and the warnings of a swap, and what the director may do next
(``Offer``: redraw the round in play, give a drop-out's opponent the bye)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from tests.tournaments.conftest import entries, round_won_by_first
from tournaments import services, validation
from tournaments.models import Round, Tournament
from tournaments.services.answers import REDRAW, SWAP, Offer

pytestmark = pytest.mark.django_db(transaction=True)  # the advance runs after the commit


def _started(count: int, **fields: object) -> Tournament:
    tournament = services.tournament_create(
        validation.tournament_spec(
            dict(
                name="Friday",
                variant="tarneeb",
                entries=entries(count),
                stages=[{"format": "swiss", "rounds": 3}],
                **fields,
            )
        )
    )
    return services.tournament_start(tournament_id=tournament.pk)


def test_a_result_that_changes_the_standings_of_the_round_in_play_offers_its_redraw():
    tournament = _started(4)
    round_won_by_first(tournament, 1, [100, 50])  # round 2 is drawn from these standings
    slot = Round.objects.get(tournament=tournament, number=1).pairings.get(slot=1)
    answer = services.pairing_result_set(
        tournament_id=tournament.pk,
        round_number=1,
        slot=1,
        winner=slot.entries[1],
        points=[50, 100],
    )
    assert answer.pairing.winner == slot.entries[1]
    assert len(answer.warnings) == 1 and "2" in answer.warnings[0]
    assert answer.offers == (Offer(REDRAW, 2),)
    assert not hasattr(answer.pairing, "warnings")  # nothing carried on the model
    with pytest.raises(FrozenInstanceError):
        answer.warnings = ()  # type: ignore[misc]
    again = services.pairing_result_set(
        tournament_id=tournament.pk,
        round_number=1,
        slot=1,
        winner=slot.entries[1],
        points=[50, 100],
    )
    assert (again.warnings, again.offers) == ((), ())  # nothing changed


def test_a_drop_out_before_any_hand_offers_its_opponent_the_bye():
    tournament = _started(5)  # round 1: two tables and a bye
    rows = list(Round.objects.get(tournament=tournament, number=1).pairings.order_by("slot"))
    (bye,) = [row for row in rows if row.bye]
    seated = rows[0]
    dropped = seated.entries[1]
    answer = services.entry_update(tournament_id=tournament.pk, number=dropped, active=False)
    assert not answer.entry.active
    assert answer.offers == (
        Offer(SWAP, 1, (dropped, bye.entries[0])),
        Offer(REDRAW, 1),
    )
    back = services.entry_update(tournament_id=tournament.pk, number=dropped, active=True)
    assert back.offers == ()  # brought back: nothing to offer


def test_a_drop_out_whose_table_has_played_is_offered_nothing():
    tournament = _started(4)
    row = Round.objects.get(tournament=tournament, number=1).pairings.get(slot=1)
    services.pairing_result_set(
        tournament_id=tournament.pk,
        round_number=1,
        slot=1,
        winner=row.entries[0],
        points=[100, 50],
    )
    answer = services.entry_update(tournament_id=tournament.pk, number=row.entries[1], active=False)
    assert answer.offers == ()
