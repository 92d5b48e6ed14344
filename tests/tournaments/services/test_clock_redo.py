"""The clock's tick redoes what was lost (issue 28 item 4): a round whose advance never
came, standings behind their version, and a club's results whose rating update was lost
(rated by the tick, in the order they came in, as a replay from scratch rates them; a
second tick changes nothing)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tournaments.clubnight import club_evening, club_ratings, decide
from tests.tournaments.services.test_enqueue import broker_down
from tournaments import services
from tournaments.models import Club, Player, RatedPairing, Tournament
from tournaments.services import clubs, ratings

pytestmark = pytest.mark.django_db(transaction=True)


def _evening(club: Club, rounds: int = 2) -> Tournament:
    return club_evening(club, rounds=rounds, auto_advance=True)  # its rounds drawn by themselves


def _later(seconds: int = 30) -> object:
    """The tick's clock a little after the results: their updates are a tick late."""
    return timezone.now() + timedelta(seconds=seconds)


def test_results_whose_rating_was_lost_are_rated_by_the_tick_as_a_replay_rates_them():
    club = clubs.club_create(name="Club", language="en")
    first = _evening(club)
    decide(first, 1, 0)  # rated at once (no broker: in process); round 2 drawn
    rated = RatedPairing.objects.filter(club=club).count()
    assert rated == 2
    with broker_down():  # the rating updates are lost (and the end of the first evening)
        decide(first, 2, 1)
        second = _evening(club, rounds=1)
        decide(second, 1, 1)
    assert RatedPairing.objects.filter(club=club).count() == rated  # nothing more rated
    before = club_ratings(club)
    # Too early: a worker would still be on it.
    services.clock_tick(now=timezone.now())
    assert RatedPairing.objects.filter(club=club).count() == rated
    services.clock_tick(now=_later())
    assert RatedPairing.objects.filter(club=club).count() == 6
    by_tick = club_ratings(club)
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
    assert club_ratings(club) == by_tick
    # The ratings equal a replay's from scratch.
    RatedPairing.objects.filter(club=club).delete()
    Club.objects.filter(pk=club.pk).update(rated_up_to=0)
    Player.objects.filter(club=club).update(mu=0, sigma=0, rated_pairings=0)
    assert ratings.club_ratings_update(club_id=club.pk) == 6
    assert club_ratings(club) == pytest.approx(by_tick)


def test_the_tick_draws_a_lost_round_and_refreshes_lost_standings():
    club = clubs.club_create(name="Club", language="en")
    evening = _evening(club)
    with broker_down():
        decide(evening, 1, 0)
    evening.refresh_from_db()
    assert evening.round == 1 and evening.standings_version < evening.version
    services.clock_tick(now=_later())
    evening.refresh_from_db()
    assert evening.round == 2 and evening.standings_version == evening.version
    assert sum(row["wins"] for row in evening.standings) == 2
    assert RatedPairing.objects.filter(club=club).count() == 2
