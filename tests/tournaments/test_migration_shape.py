"""Migration 0010: the pairings already drawn get their table's shape from their stage
(a mêlée's four players in teams, trionfo's five by place, a bye, two entries elsewhere),
and a rated pairing's outcome becomes its teams' ranks."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("tournaments", "0009_ratings_without_key_checks")]
AFTER = [("tournaments", "0010_table_shape")]


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.fixture
def latest_after():
    """The database back at the latest migrations afterwards, whatever the test did: the
    next tests of this process read the models as they are now."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_drawn_pairings_get_their_shape_and_rated_pairings_their_ranks(latest_after):
    apps = _migrate(BEFORE)
    made = {}
    for name, fmt, settings, seated in (
        ("swiss", "swiss", {"rounds": 1}, [[1, 2], [3]]),
        ("melee", "melee", {"rounds": 1, "draw": "random"}, [[1, 2, 3, 4], [5]]),
        ("trionfo", "melee", {"rounds": 1, "seats": 5}, [[1, 2, 3, 4, 5], [6]]),
    ):
        made[name] = _drawn(apps, name, fmt, settings, seated)
    club = apps.get_model("tournaments", "Club").objects.create(name="C")
    pairing = made["swiss"][0]
    rated = apps.get_model("tournaments", "RatedPairing")
    for position, outcome in enumerate(("a", "b", "draw")):
        rated.objects.create(
            club_id=club.pk,
            position=position,
            pairing_id=pairing,
            finished_at=timezone.now(),
            teams=[[1, 2], [3, 4]],
            outcome=outcome,
        )
    apps = _migrate(AFTER)
    shapes = dict(apps.get_model("tournaments", "Pairing").objects.values_list("pk", "shape"))
    assert [shapes[pk] for pk in made["swiss"]] == ["two", "bye"]
    assert [shapes[pk] for pk in made["melee"]] == ["teams", "bye"]
    assert [shapes[pk] for pk in made["trionfo"]] == ["places", "bye"]
    ranks = apps.get_model("tournaments", "RatedPairing").objects.order_by("position")
    assert [r.ranks for r in ranks] == [[1, 2], [2, 1], [1, 1]]
    _migrate(BEFORE)  # and back
    outcomes = apps.get_model("tournaments", "RatedPairing")
    assert outcomes.objects.count() == 3
    _migrate(AFTER)


def _drawn(apps, name, fmt, settings, seated):
    tournament = apps.get_model("tournaments", "Tournament").objects.create(
        name=name, variant="belote", options={}, tiebreaks=[]
    )
    stage = apps.get_model("tournaments", "Stage").objects.create(
        tournament=tournament, number=1, format=fmt, settings=settings, seed=1
    )
    round_ = apps.get_model("tournaments", "Round").objects.create(
        tournament=tournament,
        stage=stage,
        number=1,
        index=1,
        name={},
        seed=1,
        starts_at=timezone.now(),
    )
    pairing = apps.get_model("tournaments", "Pairing")
    return [
        pairing.objects.create(
            tournament=tournament,
            round=round_,
            slot=slot,
            table=slot if len(entries) > 1 else None,
            entries=entries,
        ).pk
        for slot, entries in enumerate(seated, 1)
    ]
