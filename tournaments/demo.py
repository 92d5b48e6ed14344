"""A demo club evening in progress, built through the services as a director would: a Swiss
of 10 teams, round 1 played, round 2 under way with two tables finished. Loaded once.

As a demo match is (``scorekeeper.demo``), the evening is known by its public link, which
starts with ``demo-``: no tournament created through the site has such a link, so only the
evening loaded here is linked from the home page (``pages/home.py``, through
``selectors.tournaments.demo_evening``), whatever its name."""

from __future__ import annotations

from scorekeeper.models import new_view_id

from . import selectors, services, validation
from .models import Tournament
from .selectors.tournaments import DEMO_PREFIX as PREFIX
from .selectors.tournaments import demo_evening as evening
from .services import desk as desk_services

NAME = "Demo club evening"
TEAMS = [
    ("Aces", ["Anna", "Bruno"]),
    ("Kings", ["Sara", "Bahram"]),
    ("Queens", ["Leila", "Sami"]),
    ("Jacks", ["Ani", "Aram"]),
    ("Tens", ["Giulia", "Marco"]),
    ("Spades", ["Claire", "Denis"]),
    ("Hearts", ["Nadia", "Omar"]),
    ("Clubs", ["Elena", "Paolo"]),
    ("Diamonds", ["Maryam", "Reza"]),
    ("Jokers", ["Lucie", "Hugo"]),
]


def _finish(tournament: Tournament, number: int, tables: int) -> None:
    """The first ``tables`` tables of round ``number`` decided by the director."""
    pairings = selectors.rounds_data(tournament, director=True)[number - 1]["pairings"]
    playing = [p for p in pairings if p["status"] == "in_progress"][:tables]
    for index, pairing in enumerate(playing):
        services.pairing_result_set(
            tournament_id=tournament.pk,
            round_number=number,
            slot=pairing["slot"],
            winner=pairing["entries"][index % 2],
            points=[31, 18 + index] if index % 2 == 0 else [14 + index, 31],
            reason="",
        )


def load() -> Tournament | None:
    """Create the evening if it does not exist yet; the tournament created, or None."""
    if evening() is not None:
        return None
    spec = validation.tournament_spec(
        {
            "name": NAME,
            "variant": "tarneeb",
            "stages": [{"format": "swiss", "rounds": 4}],
            "round_minutes": 45,
            "auto_advance": False,  # held: the second round stays in play for the visitor
            "entries": [
                {"name": name, "players": players, "seed": seed}
                for seed, (name, players) in enumerate(TEAMS, start=1)
            ],
        }
    )
    tournament = services.tournament_create(spec)
    # its public link marks it as the demo, before the start gives the matches that link
    Tournament.objects.filter(pk=tournament.pk).update(view_id=PREFIX + new_view_id()[:32])
    services.tournament_start(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    _finish(tournament, 1, len(TEAMS) // 2)
    services.round_draw(tournament_id=tournament.pk)  # the director's "next round"
    tournament.refresh_from_db()
    _finish(tournament, 2, 2)
    desk_services.table_keys_ensure(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament
