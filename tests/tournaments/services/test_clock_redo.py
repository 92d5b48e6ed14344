"""The clock's tick redoes what was lost (issue 28 item 4): a round whose advance never
came, standings behind their version, and a club's results whose rating update was lost
(rated by the tick, in the order they came in, as a replay from scratch rates them; a
second tick changes nothing)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tournaments.services.test_enqueue import broker_down
from tournaments import services, validation
from tournaments.models import Club, Player, RatedPairing, Round, Tournament
from tournaments.services import clubs, ratings

TEAMS = [["Anna", "Bruno"], ["Carla", "Dario"], ["Elsa", "Fabio"], ["Gina", "Hugo"]]
pytestmark = pytest.mark.django_db(transaction=True)


def _evening(club: Club, rounds: int = 2) -> Tournament:
    tournament = clubs.club_tournament_create(
        club_id=club.pk,
        spec=validation.tournament_spec(
            {
                "name": "Friday",
                "variant": "tarneeb",
                "stages": [{"format": "swiss", "rounds": rounds}],
                "entries": [{"name": f"T{i}", "players": p} for i, p in enumerate(TEAMS, 1)],
            }
        ),
    )
    return services.tournament_start(tournament_id=tournament.pk)


def _decide(tournament: Tournament, number: int, side: int) -> None:
    for pairing in Round.objects.get(tournament=tournament, number=number).pairings.all():
        services.pairing_result_set(
            tournament_id=tournament.pk,
            round_number=number,
            slot=pairing.slot,
            winner=pairing.entries[side],
            points=[10, 3] if side == 0 else [3, 10],
        )


def _ratings(club: Club) -> dict[tuple[str, str], float]:
    return {
        (p.name, key): getattr(p, key)
        for p in Player.objects.filter(club=club)
        for key in ("mu", "sigma", "rated_pairings")
    }


def _later(seconds: int = 30) -> object:
    """The tick's clock a little after the results: their updates are a tick late."""
    return timezone.now() + timedelta(seconds=seconds)


def test_results_whose_rating_was_lost_are_rated_by_the_tick_as_a_replay_rates_them():
    club = clubs.club_create(name="Club", language="en")
    first = _evening(club)
    _decide(first, 1, 0)  # rated at once (no broker: in process); round 2 drawn
    rated = RatedPairing.objects.filter(club=club).count()
    assert rated == 2
    with broker_down():  # the rating updates are lost (and the end of the first evening)
        _decide(first, 2, 1)
        second = _evening(club, rounds=1)
        _decide(second, 1, 1)
    assert RatedPairing.objects.filter(club=club).count() == rated  # nothing more rated
    before = _ratings(club)
    # Too early: a worker would still be on it.
    services.clock_tick(now=timezone.now())
    assert RatedPairing.objects.filter(club=club).count() == rated
    services.clock_tick(now=_later())
    assert RatedPairing.objects.filter(club=club).count() == 6
    by_tick = _ratings(club)
    assert by_tick != before
    # In the order the results came in: the first evening's round 2, then the second's.
    order = list(
        RatedPairing.objects.filter(club=club)
        .order_by("position")
        .values_list("pairing__tournament_id", "pairing__round__number")
    )
    assert order == [(first.pk, 1)] * 2 + [(first.pk, 2)] * 2 + [(second.pk, 1)] * 2
    # Safe twice: the next tick finds nothing left to rate.
    version = Club.objects.get(pk=club.pk).ratings_version
    services.clock_tick(now=_later(60))
    assert Club.objects.get(pk=club.pk).ratings_version == version
    assert _ratings(club) == by_tick
    # The ratings equal a replay's from scratch.
    RatedPairing.objects.filter(club=club).delete()
    Club.objects.filter(pk=club.pk).update(rated_up_to=0)
    Player.objects.filter(club=club).update(mu=0, sigma=0, rated_pairings=0)
    assert ratings.club_ratings_update(club_id=club.pk) == 6
    assert _ratings(club) == pytest.approx(by_tick)


def test_the_tick_draws_a_lost_round_and_refreshes_lost_standings():
    club = clubs.club_create(name="Club", language="en")
    evening = _evening(club)
    with broker_down():
        _decide(evening, 1, 0)
    evening.refresh_from_db()
    assert evening.round == 1 and evening.standings_version < evening.version
    services.clock_tick(now=_later())
    evening.refresh_from_db()
    assert evening.round == 2 and evening.standings_version == evening.version
    assert sum(row["wins"] for row in evening.standings) == 2
    assert RatedPairing.objects.filter(club=club).count() == 2
