"""The clock's tick redoes what was lost (issue 28 item 4): a round whose advance never
came, standings behind their version, and a club's results whose rating update was lost
(rated by the tick, in the order they came in, as a replay from scratch rates them; a
second tick changes nothing), a correction or a removal of results already rated too (the
desks say the ratings are behind until then)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from tests.tournaments.clubnight import club_evening, club_ratings, decide, replayed_ratings
from tests.tournaments.services.test_enqueue import broker_down
from tournaments import services
from tournaments.models import Club, Player, RatedPairing, RatingsDue, Tournament
from tournaments.selectors.problems import club_problem, problem_of
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


def _ratings_problem(club: Club, tournament: Tournament, now: object) -> tuple[object, object]:
    """The ratings' problem as the club's desk and the tournament's desk show it."""
    services.standings_refresh(tournament_id=tournament.pk)  # lost too: not this test's
    tournament.refresh_from_db()
    found = problem_of(tournament, now=now)
    return club_problem(club, now=now), found.kind if found is not None else None


@pytest.mark.parametrize("change", ["correction", "removal"])
def test_a_lost_re_rating_of_a_result_already_rated_is_shown_then_redone_by_the_tick(change):
    """A result already rated is corrected (the director's result changes who won) or
    removed, and its update is lost: nothing of the results is unrated, yet the ratings
    are not a replay's. The change is due until an update follows it: the desks say so
    once it is late, the tick redoes it (from the changed pairing's place), a second tick
    does nothing."""
    club = clubs.club_create(name="Club", language="en")
    first = club_evening(club)
    decide(first, 1, 0)
    second = club_evening(club, rounds=1)
    decide(second, 1, 0)  # rated after the first evening's round 1
    assert RatedPairing.objects.filter(club=club).count() == 4
    assert not RatingsDue.objects.exists()
    with broker_down():
        if change == "correction":
            decide(first, 1, 1)
        else:
            services.pairing_result_remove(tournament_id=first.pk, round_number=1, slot=1)
    due = RatingsDue.objects.filter(club=club, tournament=first).count()
    assert due == (2 if change == "correction" else 1)  # one per table changed
    assert club_ratings(club) != replayed_ratings(club)
    services.clock_tick(now=timezone.now())  # too early: a worker may be on it
    assert RatingsDue.objects.filter(club=club).count() == due
    assert _ratings_problem(club, first, timezone.now()) == (None, None)
    late = timezone.now() + timedelta(seconds=settings.TOURNAMENT_STUCK_SECONDS + 1)
    shown, kind = _ratings_problem(club, first, late)
    assert kind == "ratings" and shown is not None and shown.kind == "ratings"
    assert "ratings" in shown.message
    assert problem_of(second, now=late) is None  # its own results are rated as they are
    services.clock_tick(now=_later())
    assert club_ratings(club) == pytest.approx(replayed_ratings(club))
    assert RatedPairing.objects.filter(club=club).count() == (4 if change == "correction" else 3)
    assert not RatingsDue.objects.exists()
    assert _ratings_problem(club, first, late) == (None, None)
    version = Club.objects.get(pk=club.pk).ratings_version
    services.clock_tick(now=_later(60))
    assert Club.objects.get(pk=club.pk).ratings_version == version


def test_a_removed_result_is_rated_no_more():
    """The removed result was the only one stamped in its round: the update still starts at
    its place in the ratings (it is rated, though no longer finished)."""
    club = clubs.club_create(name="Club", language="en")
    first = club_evening(club)
    decide(first, 1, 0)
    services.pairing_result_remove(tournament_id=first.pk, round_number=1, slot=1)
    services.pairing_result_remove(tournament_id=first.pk, round_number=1, slot=2)
    assert not RatedPairing.objects.filter(club=club).exists()
    assert club_ratings(club) == replayed_ratings(club)
    assert not RatingsDue.objects.exists()
