"""A club's evening for the tests of ratings and of the clock: four teams of two in a
Swiss, every table decided by the director, and the club's ratings as a comparable value."""

from __future__ import annotations

from typing import Any

from tournaments import services, validation
from tournaments.brackets.ratings import Rating, replay
from tournaments.models import Club, Player, Round, Tournament
from tournaments.services import clubs, ratings

TEAMS = [["Anna", "Bruno"], ["Carla", "Dario"], ["Elsa", "Fabio"], ["Gina", "Hugo"]]


def club_evening(club: Club, *, rounds: int = 2, auto_advance: bool = False) -> Tournament:
    """The club's Swiss evening of ``rounds`` rounds, started (round 1 drawn)."""
    tournament = clubs.club_tournament_create(
        club_id=club.pk,
        spec=validation.tournament_spec(
            {
                "name": "Friday",
                "variant": "tarneeb",
                "auto_advance": auto_advance,
                "stages": [{"format": "swiss", "rounds": rounds}],
                "entries": [{"name": f"T{i}", "players": p} for i, p in enumerate(TEAMS, 1)],
            }
        ),
    )
    return services.tournament_start(tournament_id=tournament.pk)


def decide(tournament: Any, number: int, side: int) -> None:
    """Every table of round ``number`` won by its ``side`` (0 or 1), 10 to 3."""
    for pairing in Round.objects.get(tournament=tournament, number=number).pairings.all():
        services.pairing_result_set(
            tournament_id=tournament.pk,
            round_number=number,
            slot=pairing.slot,
            winner=pairing.entries[side],
            points=[10, 3] if side == 0 else [3, 10],
        )


def club_ratings(club: Club) -> dict[tuple[str, str], float]:
    """Each player's mu, sigma and rated pairings, by (name, key)."""
    return {
        (p.name, key): getattr(p, key)
        for p in Player.objects.filter(club=club)
        for key in ("mu", "sigma", "rated_pairings")
    }


def replayed_ratings(club: Club) -> dict[tuple[str, str], float]:
    """What ``club_ratings`` would be after a replay from scratch (openskill's, through the
    project's replay) of the club's results as they are now, in memory: nothing stored."""
    after, _history = replay((game for _id, _at, game in ratings.rated_games(club.pk)), {})
    fields = {"mu": "mu", "sigma": "sigma", "rated_pairings": "rated"}
    return {
        (p.name, key): getattr(after.get(p.pk, Rating()), field)
        for p in Player.objects.filter(club=club)
        for key, field in fields.items()
    }
