"""A season's table from real evenings of a club, for each scoring, against tables worked
out by hand (clubs.md: seasons): two round robins of four teams whose results follow a
fixed order of strength, so each evening's ranks and match points are known."""

from __future__ import annotations

import pytest

from tournaments import services, validation
from tournaments.models import Round, Season, Tournament
from tournaments.selectors.clubs import season_rows
from tournaments.services import clubs

TEAMS = [["Anna", "Bruno"], ["Carla", "Dario"], ["Elsa", "Fabio"], ["Gina", "Hugo"]]


def _evening(club, order: list[int]) -> None:
    """A round robin of the four teams (entries 1 to 4) in the season; in every pairing the
    entry earlier in ``order`` wins: they finish in that order with 6, 4, 2 and 0 match
    points (3 rounds, 2 per win)."""
    tournament = clubs.club_tournament_create(
        club_id=club.pk,
        season=1,
        spec=validation.tournament_spec(
            {
                "name": "Venerdì",
                "variant": "tarneeb",
                "stages": [{"format": "round_robin"}],
                "entries": [{"name": f"T{i}", "players": p} for i, p in enumerate(TEAMS, 1)],
            }
        ),
    )
    services.tournament_start(tournament_id=tournament.pk)
    for number in (1, 2, 3):
        for pairing in Round.objects.get(tournament=tournament, number=number).pairings.all():
            if len(pairing.entries) != 2:
                continue
            a, b = pairing.entries
            winner = a if order.index(a) < order.index(b) else b
            services.pairing_result_set(
                tournament_id=tournament.pk,
                round_number=number,
                slot=pairing.slot,
                winner=winner,
                points=[10, 3] if winner == a else [3, 10],
            )
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED


@pytest.fixture
def club(transactional_db):
    club = clubs.club_create(name="Circolo", language="it")
    clubs.season_create(club_id=club.pk, name="Inverno", scoring="placement", points=[10, 6, 3])
    _evening(club, [1, 2, 3, 4])  # T1 first … T4 last
    _evening(club, [2, 1, 4, 3])  # T2 first, T1, T4, T3
    return club


def _table(club, scoring, best_of=None):
    Season.objects.filter(club=club, number=1).update(scoring=scoring, best_of=best_of)
    rows = season_rows(Season.objects.get(club=club, number=1))
    return [
        (r["rank"], r["name"], r["points"], r["tournaments"], r["wins"], r["best"]) for r in rows
    ]


def test_placement_points(club):
    # T1 10 + 6, T2 6 + 10, T3 3 + 0, T4 0 + 3; level pairs by name.
    assert _table(club, "placement") == [
        (1, "Anna", 16, 2, 1, 1),
        (2, "Bruno", 16, 2, 1, 1),
        (3, "Carla", 16, 2, 1, 1),
        (4, "Dario", 16, 2, 1, 1),
        (5, "Elsa", 3, 2, 0, 3),
        (6, "Fabio", 3, 2, 0, 3),
        (7, "Gina", 3, 2, 0, 3),
        (8, "Hugo", 3, 2, 0, 3),
    ]


def test_placement_points_best_of_one(club):
    # Only each player's best evening counts: T1 and T2 10, T3 and T4 3.
    assert [row[2] for row in _table(club, "placement", best_of=1)] == [10] * 4 + [3] * 4


def test_match_points(club):
    # T1 6 + 4, T2 4 + 6, T3 2 + 0, T4 0 + 2.
    assert [(row[1], row[2]) for row in _table(club, "match_points")] == [
        ("Anna", 10),
        ("Bruno", 10),
        ("Carla", 10),
        ("Dario", 10),
        ("Elsa", 2),
        ("Fabio", 2),
        ("Gina", 2),
        ("Hugo", 2),
    ]


def test_average_placement(club):
    # T1 (1 + 2) / 2, T2 (2 + 1) / 2, T3 (3 + 4) / 2, T4 (4 + 3) / 2: the lower first.
    assert [(row[1], row[2]) for row in _table(club, "average_placement")] == [
        ("Anna", 1.5),
        ("Bruno", 1.5),
        ("Carla", 1.5),
        ("Dario", 1.5),
        ("Elsa", 3.5),
        ("Fabio", 3.5),
        ("Gina", 3.5),
        ("Hugo", 3.5),
    ]
