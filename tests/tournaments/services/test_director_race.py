"""A director's result racing a redraw of its round, on real row locks (PostgreSQL): the
result that found the pairing before the redraw committed waits for the redraw's locks,
then finds its pairing replaced and answers 409 saying why, never a 404 (issue 28 item 11).
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection, connections, transaction

from scorekeeper.rules import MatchConflict
from tests.tournaments.conftest import entries
from tournaments import services, validation
from tournaments.models import Pairing, Round

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks need PostgreSQL (SQLite locks the whole file)",
    ),
    pytest.mark.django_db(transaction=True),
]


def test_a_directors_result_waiting_on_a_redraw_is_a_conflict_not_a_404():
    tournament = services.tournament_create(
        validation.tournament_spec(
            {
                "name": "Race",
                "variant": "tarneeb",
                "entries": entries(4),
                "stages": [{"format": "swiss", "rounds": 3, "pairing": "random"}],
            }
        )
    )
    services.tournament_start(tournament_id=tournament.pk)
    old = Pairing.objects.get(tournament=tournament, round__number=1, slot=1)
    redrawn, release = threading.Event(), threading.Event()
    outcome: list[Any] = []

    def redraw() -> None:
        try:
            with transaction.atomic():
                services.round_redraw(tournament_id=tournament.pk, round_number=1)
                redrawn.set()
                release.wait(10)  # the locks held while the result waits on them
        finally:
            connections.close_all()

    def result() -> None:
        try:
            services.pairing_result_set(
                tournament_id=tournament.pk,
                round_number=1,
                slot=1,
                winner=old.entries[0],
                points=[10, 0],
            )
            outcome.append("stored")
        except MatchConflict as conflict:
            outcome.append(("409", str(conflict)))
        except Exception as error:  # the DoesNotExist (a 404) this test guards against
            outcome.append(type(error).__name__)
        finally:
            connections.close_all()

    first = threading.Thread(target=redraw)
    first.start()
    assert redrawn.wait(10)
    second = threading.Thread(target=result)
    second.start()
    time.sleep(0.5)  # the result has found the old pairing and waits on its match's lock
    assert outcome == []
    release.set()
    first.join(10)
    second.join(10)
    assert len(outcome) == 1 and outcome[0][0] == "409", outcome
    assert "drawn again" in outcome[0][1]
    new = Pairing.objects.get(tournament=tournament, round__number=1, slot=1)
    assert new.pk != old.pk and new.status == "in_progress"
    assert Round.objects.filter(tournament=tournament).count() == 1
