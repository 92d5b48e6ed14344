"""``services.tournament_create`` takes one typed value: the frozen ``TournamentInput`` a
body's declaration (``api.bodies``), the creation form or a caller's fields build, every
field checked before anything is stored (issue 31 item 4)."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from scorekeeper.rules import RuleViolation
from tournaments import services, validation
from tournaments.models import Tournament
from tournaments.services import clubs

pytestmark = pytest.mark.django_db
EVENING = {"name": "Venerdì", "variant": "tarneeb", "stages": [{"format": "swiss", "rounds": 3}]}


def test_tournament_create_takes_one_frozen_spec() -> None:
    parameters = inspect.signature(services.tournament_create).parameters
    assert list(parameters) == ["spec"]
    assert dataclasses.is_dataclass(validation.TournamentInput)
    spec = validation.tournament_spec(EVENING)
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.name = "Other"  # type: ignore[misc]
    assert spec.break_minutes == 5 and spec.entries == () and spec.auto_advance is True


def test_the_spec_is_stored_as_it_says() -> None:
    spec = validation.tournament_spec(
        {**EVENING, "round_minutes": 40, "hands_per_match": None, "entries": []}
    )
    tournament = services.tournament_create(spec)
    stored = Tournament.objects.get(pk=tournament.pk)
    assert (stored.name, stored.variant, stored.round_minutes) == ("Venerdì", "tarneeb", 40)
    assert stored.hands_per_match is None and stored.stages.count() == 1


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({**EVENING, "name": None}, "name"),
        ({**EVENING, "stages": []}, "stages"),
        ({**EVENING, "colour": "red"}, "colour"),
        ({**EVENING, "break_minutes": "5"}, "break_minutes"),
    ],
)
def test_a_bad_spec_is_refused_before_anything_is_stored(fields, field) -> None:
    with pytest.raises(RuleViolation) as refused:
        validation.tournament_spec(fields)
    assert refused.value.field == field
    assert Tournament.objects.count() == 0


def test_a_clubs_tournament_is_a_spec_or_a_copy() -> None:
    club = clubs.club_create(name="Circolo", language="it")
    first = clubs.club_tournament_create(club_id=club.pk, spec=validation.tournament_spec(EVENING))
    copy = clubs.club_tournament_create(club_id=club.pk, copy_of=str(first.pk), name="Sabato")
    assert (copy.name, copy.variant, copy.club_id) == ("Sabato", "tarneeb", club.pk)
    with pytest.raises(RuleViolation) as refused:
        clubs.club_tournament_create(club_id=club.pk)
    assert refused.value.field == "name"
