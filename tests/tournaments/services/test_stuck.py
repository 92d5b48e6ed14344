"""A stuck job is visible (issue 28 item 9): with the broker down, the next round, the
standings or the club's ratings that should have followed a result have not; once they
have waited past ``TOURNAMENT_STUCK_SECONDS`` the director's ``problem`` (the API and the
desk) says so, with the age and what to do."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.test import override_settings
from django.utils import timezone

from tests.tournaments.clubnight import club_evening
from tests.tournaments.conftest import tarneeb
from tests.tournaments.services.test_enqueue import broker_down
from tournaments import services
from tournaments.models import Pairing, Tournament, TournamentState
from tournaments.services import clubs


def _ago(minutes: int) -> Any:
    return timezone.now() - timedelta(minutes=minutes)


def test_a_round_whose_next_round_never_came_says_so_with_its_age(director):
    t = tarneeb(director, 4)
    director.start(t)
    with broker_down():
        director.play_round(t, 1)  # the advance is lost: the broker refused it
    doc = director.tournament(t["id"])
    assert doc["round"] == 1 and doc["problem"] is None  # not yet: a worker takes < 1 s
    Pairing.objects.filter(tournament_id=t["id"]).update(finished_at=_ago(3))
    problem = director.tournament(t["id"])["problem"]
    assert problem["kind"] == "next_round"
    assert "unreachable" in problem["message"] and "3\xa0minutes" in problem["message"]
    assert "Draw the next round" in problem["what_to_do"]
    assert problem["since"]
    assert "problem" not in director.tournament(t["view_id"])  # the director's alone
    # The desk says it at the top and offers the draw, auto_advance on or not.
    page = director.client.get(f"/d/{t['id']}/").content.decode()
    assert 'id="problem"' in page and "next round has been waiting for 3" in page
    assert f"/d/{t['id']}/next/" in page  # the draw button, though auto_advance is on
    # In the director's language.
    french = director.client.get(f"/api/tournaments/{t['id']}/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "la ronde suivante attend depuis 3" in french.json()["problem"]["message"]
    drawn = director.post(f"/api/tournaments/{t['id']}/rounds/next/")
    assert drawn.status_code == 201
    doc = director.tournament(t["id"])
    assert doc["round"] == 2 and doc["problem"] is None


def test_the_wait_is_a_setting(director):
    t = tarneeb(director, 4)
    director.start(t)
    with broker_down():
        director.play_round(t, 1)
    Pairing.objects.filter(tournament_id=t["id"]).update(finished_at=_ago(3))
    with override_settings(TOURNAMENT_STUCK_SECONDS=600):
        assert director.tournament(t["id"])["problem"] is None
    with override_settings(TOURNAMENT_STUCK_SECONDS=60):
        assert director.tournament(t["id"])["problem"]["kind"] == "next_round"


def test_standings_behind_their_results_say_so(director):
    t = tarneeb(director, 4, auto_advance=False)
    pairing = director.start(t)["rounds"][0]["pairings"][0]
    with broker_down():  # one result of two: the standings' refresh is lost
        director.result(t, 1, 1, winner=pairing["entries"][0], points=[10, 0])
    assert director.tournament(t["id"])["problem"] is None
    TournamentState.objects.filter(pk=t["id"]).update(changed_at=_ago(5))
    problem = director.tournament(t["id"])["problem"]
    assert problem["kind"] == "standings" and "5\xa0minutes" in problem["message"]
    assert "standings have been behind the results" in problem["message"]
    assert "Check the worker" in problem["what_to_do"]
    # The clock's tick brings them up to date: nothing to say any more.
    services.clock_tick()
    doc = director.tournament(t["id"])
    assert doc["problem"] is None and doc["standings_version"] == doc["version"]


def _club_evening() -> Tournament:
    return club_evening(clubs.club_create(name="Club", language="en"))


def test_ratings_behind_the_clubs_results_say_so(director):
    tournament = _club_evening()
    t = {"id": str(tournament.pk)}
    pairing = director.round(t, 1)["pairings"][0]
    with broker_down():  # the rating update is lost (and the standings' refresh)
        director.result(t, 1, 1, winner=pairing["entries"][0], points=[10, 0])
    assert director.tournament(t["id"])["problem"] is None
    Pairing.objects.filter(tournament=tournament).exclude(finished_at=None).update(
        finished_at=_ago(2)
    )
    problem = director.tournament(t["id"])["problem"]
    assert problem["kind"] == "ratings" and "2\xa0minutes" in problem["message"]
    assert "club's ratings have been behind" in problem["message"]
    services.clock_tick()  # the tick rates the result left behind: nothing to say any more
    assert director.tournament(t["id"])["problem"] is None


def test_the_last_rounds_stuck_end_is_put_right_by_the_draw_button(director):
    t = tarneeb(director, 4, stages=[{"format": "swiss", "rounds": 1}])
    director.start(t)
    with broker_down():
        director.play_round(t, 1)  # the end of the tournament is lost with the advance
    Pairing.objects.filter(tournament_id=t["id"]).update(finished_at=_ago(2))
    assert director.tournament(t["id"])["problem"]["kind"] == "next_round"
    drawn = director.post(f"/api/tournaments/{t['id']}/rounds/next/")
    assert drawn.status_code == 409 and "finished" in str(drawn.json())
    doc = director.tournament(t["id"])
    assert doc["status"] == "finished" and doc["champion"] is not None
    assert doc["problem"] is None
