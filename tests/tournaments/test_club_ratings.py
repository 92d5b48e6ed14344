"""The ratings service: an update after a change equals rating everything from scratch,
and running the task twice changes nothing the second time."""

from __future__ import annotations

import pytest
from django.db import connection, connections

from tests.tournaments.clubnight import TEAMS, club_evening, club_ratings, decide
from tournaments import services, validation
from tournaments.models import Club, Player, RatedPairing
from tournaments.selectors.clubs import player_data
from tournaments.services import clubs, ratings
from tournaments.tasks import rating_update


@pytest.mark.django_db(transaction=True)
def test_an_update_after_a_correction_equals_rating_from_scratch():
    club = clubs.club_create(name="Club", language="fr")
    first = club_evening(club)
    decide(first, 1, 0)
    services.round_draw(tournament_id=first.pk)
    decide(first, 2, 0)
    second = club_evening(club)
    decide(second, 1, 1)
    decide(first, 1, 1)  # a correction of the first evening's first round
    incremental = club_ratings(club)
    assert RatedPairing.objects.filter(club=club).count() == 6
    RatedPairing.objects.all().delete()
    Player.objects.update(mu=0, sigma=0, rated_pairings=0)
    assert ratings.club_ratings_update(club_id=club.pk) == 6
    assert club_ratings(club) == pytest.approx(incremental)
    assert rating_update(str(club.pk)) == 0  # nothing left to do: safe twice


@pytest.mark.django_db(transaction=True)
def test_a_pairing_without_a_club_is_not_rated():
    tournament = services.tournament_create(
        validation.tournament_spec(
            dict(
                name="Alone",
                variant="tarneeb",
                stages=[{"format": "swiss", "rounds": 1}],
                entries=[{"name": f"T{i}", "players": p} for i, p in enumerate(TEAMS, 1)],
            )
        )
    )
    services.tournament_start(tournament_id=tournament.pk)
    decide(tournament, 1, 0)
    assert not RatedPairing.objects.exists() and not Player.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_correction_after_rated_pairings_starts_from_their_stored_ratings():
    club = clubs.club_create(name="Club", language="fr")
    first = club_evening(club)
    decide(first, 1, 0)
    services.round_draw(tournament_id=first.pk)
    decide(first, 2, 0)
    second = club_evening(club)
    decide(second, 1, 1)
    decide(first, 2, 1)  # a correction after the two first rated pairings
    incremental = club_ratings(club)
    histories = {
        p.name: player_data(club, p.number)["rating_history"]
        for p in Player.objects.filter(club=club)
    }
    for player in Player.objects.filter(club=club):
        points = histories[player.name]
        assert len(points) == player.rated_pairings == 3
        assert [p["pairing"] for p in points] == sorted(p["pairing"] for p in points)
        assert points[-1]["mu"] == round(player.mu, 4)
    RatedPairing.objects.all().delete()
    Player.objects.update(mu=0, sigma=0, rated_pairings=0)
    assert ratings.club_ratings_update(club_id=club.pk) == 6
    assert club_ratings(club) == pytest.approx(incremental)
    assert {
        p.name: player_data(club, p.number)["rating_history"]
        for p in Player.objects.filter(club=club)
    } == histories


@pytest.mark.django_db(transaction=True)
def test_a_replay_overtaken_by_a_newer_one_is_not_stored(monkeypatch):
    """Two updates computed side by side: the one that stores second finds the version
    moved, stores nothing of its stale replay and computes again from what is there."""
    club = clubs.club_create(name="Club", language="fr")
    first = club_evening(club)
    decide(first, 1, 0)
    RatedPairing.objects.all().delete()
    Player.objects.update(mu=0, sigma=0, rated_pairings=0)
    Club.objects.filter(pk=club.pk).update(rated_up_to=0)
    real = ratings.replay
    replays = []

    def replay_while_a_correction_lands(games, start):
        done = real(list(games), start)
        replays.append(len(replays))
        if len(replays) == 1:  # the other update: a correction, rated by its own task
            decide(first, 1, 1)
        return done

    monkeypatch.setattr(ratings, "replay", replay_while_a_correction_lands)
    ratings.club_ratings_update(club_id=club.pk)
    assert len(replays) >= 2  # the first replay was computed, then found stale
    stored = club_ratings(club)
    monkeypatch.setattr(ratings, "replay", real)
    RatedPairing.objects.all().delete()
    Player.objects.update(mu=0, sigma=0, rated_pairings=0)
    Club.objects.filter(pk=club.pk).update(rated_up_to=0)
    assert ratings.club_ratings_update(club_id=club.pk) == 2
    assert club_ratings(club) == stored  # the correction's ratings, not the stale replay's


@pytest.mark.django_db(transaction=True)
def test_storing_a_replay_holds_no_lock_a_table_or_a_new_entry_waits_on(monkeypatch):
    """While a replay is being stored (PostgreSQL), another connection can still lock the
    tournament's and the pairings' rows as a result does, and take the key locks a new
    tournament, player or entry of the club takes: ``NOWAIT`` refuses at once otherwise."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks as PostgreSQL takes them")
    club = clubs.club_create(name="Club", language="fr")
    first = club_evening(club)
    decide(first, 1, 0)
    RatedPairing.objects.all().delete()
    checked = []
    real = ratings._players_store

    def store_while_another_connection_locks(after):
        real(after)
        other = connections.create_connection("default")
        try:
            with other.cursor() as cursor:
                # NOWAIT is not honoured along an update chain: a time limit as well.
                cursor.execute("SET lock_timeout = '2s'")
                for table, column, key, lock in (
                    ("tournament", "id", first.pk, "UPDATE"),
                    ("pairing", "tournament_id", first.pk, "UPDATE"),
                    ("club", "id", club.pk, "KEY SHARE"),
                    ("player", "club_id", club.pk, "KEY SHARE"),
                ):
                    cursor.execute(
                        f"SELECT 1 FROM tournaments_{table} WHERE {column} = %s FOR {lock} NOWAIT",
                        [key],
                    )
                    checked.append(cursor.fetchall() != [])
        finally:
            other.close()

    monkeypatch.setattr(ratings, "_players_store", store_while_another_connection_locks)
    assert ratings.club_ratings_update(club_id=club.pk) == 2
    assert checked == [True, True, True, True]
