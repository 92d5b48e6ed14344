"""Only the director ends a tournament match early, and a finished tournament is closed to
the tables (tournaments.md: "Only the director ends a tournament match early", "A finished
tournament is closed to the tables"), through the real URL stack."""

from __future__ import annotations

from typing import Any

from tests.tournaments.api.test_melee import players
from tests.tournaments.api.test_melee_changes import MADE
from tests.tournaments.conftest import Director, entries, tarneeb, won_by
from tournaments.models import TableKey


def _close(director: Director, match: str) -> Any:
    return director.post(f"/api/matches/{match}/close/")


def _pairing(director: Director, t: dict[str, Any], number: int, slot: int) -> dict[str, Any]:
    return next(p for p in director.round(t, number)["pairings"] if p["slot"] == slot)


def test_a_table_cannot_turn_a_loss_into_a_draw_by_closing_its_match(director):
    t = director.create(variant="tarneeb", entries=entries(4))
    director.start(t)
    first = director.round(t, 1)["pairings"][0]
    match = {"id": first["match"]}
    director.hand(match, won_by(0))  # the side of the second entry is behind
    response = _close(director, first["match"])
    assert response.status_code == 409, response.json()
    assert "director" in response.json()["detail"]
    assert director.match(match)["status"] == "in_progress"
    assert _pairing(director, t, 1, 1)["status"] == "in_progress"
    # With no hand played either: nobody gets a draw from a close.
    second = director.round(t, 1)["pairings"][1]
    assert _close(director, second["match"]).status_code == 409
    assert director.match({"id": second["match"]})["status"] == "in_progress"


def test_a_knockout_match_is_not_ended_by_its_table(director):
    t = director.create(
        variant="tarneeb", entries=entries(4), stages=[{"format": "single_elimination"}]
    )
    director.start(t)
    semi = director.round(t, 1)["pairings"][0]
    director.hand({"id": semi["match"]}, won_by(1))
    assert _close(director, semi["match"]).status_code == 409
    tournament = director.tournament(t["id"])
    assert tournament["status"] == "running" and tournament["champion"] is None
    assert _pairing(director, t, 1, semi["slot"])["status"] == "in_progress"


def test_a_melee_table_is_not_ended_by_its_table(director):
    t = director.create(
        variant="belote", entries=players(8), stages=[{"format": "melee", "rounds": 2}]
    )
    director.start(t)
    table = director.round(t, 1)["pairings"][0]
    director.hand({"id": table["match"]}, MADE)
    assert _close(director, table["match"]).status_code == 409
    standings = director.tournament(t["id"])["standings"]
    assert all(row["match_points"] == 0 for row in standings)


def test_the_close_page_refuses_too_and_stores_nothing(director):
    t = director.create(variant="tarneeb", entries=entries(4))
    director.start(t)
    first = director.round(t, 1)["pairings"][0]
    response = director.client.post(f"/m/{first['match']}/close/")
    assert response.status_code == 302
    assert director.match({"id": first["match"]})["status"] == "in_progress"


def _finished_swiss(director: Director) -> dict[str, Any]:
    """A 4-team Swiss of 2 rounds played at the tables, one hand a match: finished."""
    t = tarneeb(director, 4, stages=[{"format": "swiss", "rounds": 2}])
    director.start(t)
    for number in (1, 2):
        for pairing in director.round(t, number)["pairings"]:
            director.hand({"id": pairing["match"]}, won_by(0))
    finished = director.tournament(t["id"])
    assert finished["status"] == "finished"
    return finished


def test_a_finished_tournament_refuses_a_table_correction_that_changes_a_winner(director):
    t = _finished_swiss(director)
    champion = t["champion"]
    last = director.round(t, 2)["pairings"][0]
    url = f"/api/matches/{last['match']}/hands/1/"
    response = director.put(url, won_by(1))
    assert response.status_code == 409, response.json()
    assert "director" in response.json()["detail"]
    undo = director.delete(url)
    assert undo.status_code == 409
    assert director.tournament(t["id"])["champion"] == champion
    # A correction that keeps the winner is still the table's.
    kept = {**won_by(0), "tricks": 9}
    assert director.put(url, kept).status_code == 200
    # The director still decides.
    loser = last["entries"][1]
    director.result(t, 2, last["slot"], winner=loser, points=[10, 20])
    assert _pairing(director, t, 2, last["slot"])["winner"] == loser


def test_a_finished_tournament_hands_out_no_match_key(director):
    t = _finished_swiss(director)
    for table in t["tables"]:
        data = director.get(f"/api/tables/{table['key']}/").json()
        assert data["match"] is None
        assert data["match_view"]
        assert data["tournament_status"] == "finished"


def test_a_finished_tournaments_short_code_opens_the_public_page(director):
    t = _finished_swiss(director)
    code = TableKey.objects.filter(tournament_id=t["id"]).values_list("code", flat=True)[0]
    for url in (f"/t/?code={code.lower()}", f"/t/{code}/"):
        response = director.client.get(url)
        assert response.status_code == 302
        assert response["Location"] == f"/p/{t['view_id']}/"


def test_a_running_tournaments_short_code_opens_the_table(director):
    t = director.create(variant="tarneeb", entries=entries(4))
    director.start(t)
    key, code = TableKey.objects.filter(tournament_id=t["id"]).values_list("key", "code")[0]
    response = director.client.get(f"/t/?code={code}")
    assert response.status_code == 302 and response["Location"] == f"/t/{key}/"
