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


def test_built_rows_are_those_the_orm_builds() -> None:
    """``bulk.built``: each row's values, every other field's default, a callable default
    (the key, the view id) called per row; an unknown name is refused."""
    given = {"variant": "belote", "players": ["A", "B", "C", "D"], "options": {}, "table": 3}
    first, second = bulk.built(Match, [given, {**given, "table": 4}])
    orm = Match(**given)
    for field in Match._meta.concrete_fields:
        if field.attname not in ("id", "view_id"):
            assert getattr(first, field.attname) == getattr(orm, field.attname), field.name
    assert first.table == 3 and second.table == 4 and first.pk != second.pk
    assert first.view_id != second.view_id and first._state.adding
    assert first.state is None and first.status == Match.Status.IN_PROGRESS
    with pytest.raises(TypeError):
        bulk.built(Match, [{"round_number": 1}])
