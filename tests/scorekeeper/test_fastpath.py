"""``bulk.insert_many``: the rows a COPY stores (PostgreSQL) are those bulk_create would."""

from __future__ import annotations

import pytest

from scorekeeper import bulk
from scorekeeper.models import Match
from scorekeeper.services import MatchSpec, matches_create

pytestmark = pytest.mark.django_db


def _specs(count: int) -> list[MatchSpec]:
    return [
        MatchSpec(
            variant="belote",
            players=[f"Ann {n}", "Bob «B»", 'Cy "C"', "دانا \\ D"],
            options=None,
            games_to_win=1,
            first_dealer=0,
            limits=None,
            tournament="view-of-a-tournament",
            round=1,
            table=n + 1,
        )
        for n in range(count)
    ]


def test_inserted_matches_read_back_as_they_were_made() -> None:
    made = matches_create(specs=_specs(3))
    assert all(not match._state.adding for match in made)
    for match in made:
        stored = Match.objects.get(pk=match.pk)
        for field in Match._meta.concrete_fields:
            assert getattr(stored, field.attname) == getattr(match, field.attname), field.name
        assert stored.created_at is not None and stored.players[3] == "دانا \\ D"


def test_nothing_to_insert_is_no_query(django_assert_num_queries) -> None:
    with django_assert_num_queries(0):
        bulk.insert_many([])
