"""The entries' services the desk uses: several entries added at once (all or none, a
refusal naming the entry), the check-in tick, and the start that keeps the entries checked
in."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import MatchConflict, RuleViolation
from tests.tournaments.conftest import entries
from tournaments import services, validation
from tournaments.models import Tournament
from tournaments.services import desk as desk_services

pytestmark = pytest.mark.django_db


def _tournament(count: int = 8, **fields: Any) -> Tournament:
    fields.setdefault("stages", [{"format": "swiss", "rounds": 3}])
    return services.tournament_create(
        validation.tournament_spec(
            dict(name="Friday", variant="belote", entries=entries(count), **fields)
        )
    )


def _active(tournament: Tournament) -> list[int]:
    return list(tournament.entries.filter(active=True).values_list("number", flat=True))


def test_entries_add_numbers_them_after_the_others() -> None:
    tournament = _tournament(4)
    version = tournament.version
    added = services.entries_add(
        tournament_id=tournament.pk,
        entries=[
            {"name": "Le Carré", "players": ["A", "B"], "seed": 5},
            {"name": "Pique", "players": ["C", "D"]},
        ],
    )
    assert [(e.number, e.name, e.seed) for e in added] == [(5, "Le Carré", 5), (6, "Pique", None)]
    tournament.refresh_from_db()
    assert tournament.next_entry == 7 and tournament.version > version
    assert [row["entry"] for row in tournament.standings] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("new", "field"),
    [
        (
            [{"name": "X", "players": ["a", "b"]}, {"name": "team 2", "players": ["c", "d"]}],
            "entries[1].name",
        ),
        ([{"name": "X", "players": ["a", "b"], "seed": 3}], "entries[0].seed"),
        (
            [{"name": "X", "players": ["a", "b"]}, {"name": "x", "players": ["c", "d"]}],
            "entries[1].name",
        ),
        ([{"name": "X", "players": ["a"]}], "entries[0].players"),
        ([], "entries"),
    ],
)
def test_entries_add_is_all_or_none_and_names_the_entry(new: Any, field: str) -> None:
    tournament = _tournament(4)
    with pytest.raises(RuleViolation) as refused:
        services.entries_add(tournament_id=tournament.pk, entries=new)
    assert refused.value.field == field
    assert tournament.entries.count() == 4
    tournament.refresh_from_db()
    assert tournament.next_entry == 5


def test_entries_add_follows_the_contracts_late_entries() -> None:
    swiss = _tournament(4)
    services.tournament_start(tournament_id=swiss.pk)
    services.entries_add(tournament_id=swiss.pk, entries=[{"name": "Late", "players": ["a", "b"]}])
    knockout = _tournament(4, stages=[{"format": "single_elimination"}])
    services.tournament_start(tournament_id=knockout.pk)
    with pytest.raises(MatchConflict):
        services.entries_add(
            tournament_id=knockout.pk, entries=[{"name": "Late", "players": ["a", "b"]}]
        )
    assert knockout.entries.count() == 4


def test_check_in_only_before_the_start() -> None:
    tournament = _tournament(4)
    entry = desk_services.entry_check_in(tournament_id=tournament.pk, number=2, checked_in=True)
    assert entry.checked_in and tournament.entries.get(number=2).checked_in
    with pytest.raises(RuleViolation):
        desk_services.entry_check_in(tournament_id=tournament.pk, number=2, checked_in="yes")
    desk_services.entry_check_in(tournament_id=tournament.pk, number=2, checked_in=False)
    services.tournament_start(tournament_id=tournament.pk)
    with pytest.raises(MatchConflict):
        desk_services.entry_check_in(tournament_id=tournament.pk, number=2, checked_in=False)


def test_nobody_checked_in_the_start_takes_everyone() -> None:
    tournament = _tournament(6)
    services.tournament_start(tournament_id=tournament.pk)
    assert _active(tournament) == [1, 2, 3, 4, 5, 6]
    assert tournament.pairings.count() == 3


def test_the_start_drops_the_entries_not_checked_in_before_round_1() -> None:
    tournament = _tournament(8)
    services.entry_update(tournament_id=tournament.pk, number=8, active=False)
    for number in (1, 2, 4, 5, 8):  # 8 dropped out already: checked in or not, it stays out
        desk_services.entry_check_in(tournament_id=tournament.pk, number=number, checked_in=True)
    services.tournament_start(tournament_id=tournament.pk)
    assert _active(tournament) == [1, 2, 4, 5]
    drawn = sorted(n for p in tournament.pairings.all() for n in p.entries)
    assert drawn == [1, 2, 4, 5]
    tournament.refresh_from_db()
    rows = {row["entry"]: row for row in tournament.standings}
    assert set(rows) == set(range(1, 9))  # the dropped entries are still listed


def test_a_refused_start_drops_nobody() -> None:
    tournament = _tournament(8, stages=[{"format": "swiss", "rounds": 5}])
    for number in (1, 2, 3, 4):  # 4 entries cannot play 5 Swiss rounds
        desk_services.entry_check_in(tournament_id=tournament.pk, number=number, checked_in=True)
    with pytest.raises(RuleViolation):
        services.tournament_start(tournament_id=tournament.pk)
    assert _active(tournament) == list(range(1, 9))
    assert Tournament.objects.get(pk=tournament.pk).status == "registration"
