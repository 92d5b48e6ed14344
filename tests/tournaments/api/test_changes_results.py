"""The director's result (no default winner, games, forfeit, removal), the corrections of a
followed round, confirmation by the other side and the standings of one stage
(../shared/tournaments.md, "Changes during the event")."""

from __future__ import annotations

from scorekeeper.models import Match
from tests.tournaments.conftest import tarneeb, won_by
from tournaments.models import CancelledMatch, ResultChange


def _result_url(t, number, slot):
    return f"/api/tournaments/{t['id']}/rounds/{number}/pairings/{slot}/result/"


def test_the_directors_result_has_no_default_winner(director):
    t = tarneeb(director, 4)
    pairing = director.start(t)["rounds"][0]["pairings"][0]
    assert pairing["games"] is None
    body = director.result(t, 1, 1, expect=400, points=[10, 30])
    assert "winner" in body
    assert director.round(t, 1)["pairings"][0]["status"] == "in_progress"
    done = director.result(t, 1, 1, winner=pairing["entries"][1], points=[10, 30])
    assert done["games"] == [0, 1] and done["warnings"] == []  # the one game, the winner's


def test_games_are_required_and_must_finish_a_best_of_three(director):
    t = tarneeb(
        director,
        4,
        stages=[
            {"format": "swiss", "rounds": 1},
            {"format": "single_elimination", "advance": 2, "games_to_win": 2},
        ],
    )
    first = director.start(t)
    assert first["stages"][1]["games_to_win"] == 2
    key = first["rounds"][0]["pairings"][0]["match"]
    assert Match.objects.get(pk=key).games_to_win == 1  # la bella at the final only
    director.result(t, 1, 1, winner=1, points=[41, 0])
    director.result(t, 1, 2, winner=2, points=[41, 0])
    final = director.round(t, 2)["pairings"][0]
    assert Match.objects.get(pk=final["match"]).games_to_win == 2
    first_entry = final["entries"][0]
    for bad in (None, [1, 1], [2, 2], [1, 2], [3, 0], "2-1"):
        body = {"winner": first_entry, "points": [80, 60]}
        if bad is not None:
            body["games"] = bad
        assert "games" in director.result(t, 2, 1, expect=400, **body), bad
    done = director.result(t, 2, 1, winner=first_entry, points=[80, 60], games=[2, 1])
    assert done["games"] == [2, 1] and done["games_won"] == [2, 1]
    rows = {row["entry"]: row for row in director.tournament(t["id"])["standings"]}
    assert rows[first_entry]["games_won"] == 2


def test_a_forfeit(director):
    t = tarneeb(director, 4)
    pairing = director.start(t)["rounds"][0]["pairings"][0]
    absent, present = pairing["entries"]
    done = director.result(t, 1, 1, forfeit=absent)
    assert done["forfeit"] == absent and done["winner"] == present
    assert done["points"] == [0, 41] and done["games"] == [0, 1]
    assert "forfeit" in director.result(t, 1, 2, expect=400, forfeit=99)
    rows = {row["entry"]: row for row in director.tournament(t["id"])["standings"]}
    assert rows[present]["points_for"] == 41 and rows[absent]["points_for"] == 0
    assert ResultChange.objects.get(action="forfeit").after["forfeit"] == absent


def test_removing_the_directors_result(director):
    t = tarneeb(director, 4, auto_advance=False)
    pairings = director.start(t)["rounds"][0]["pairings"]
    assert director.delete(_result_url(t, 1, 1)).status_code == 409  # none to remove
    director.result(t, 1, 1, winner=pairings[0]["entries"][1], points=[0, 10])
    response = director.delete(_result_url(t, 1, 1))
    assert response.status_code == 200, response.json()
    back = response.json()
    assert (back["status"], back["winner"], back["games"]) == ("in_progress", None, None)
    assert back["decided_by"] == "table"
    director.hand({"id": pairings[0]["match"]}, won_by(0))  # the match is open again
    # A table's result overruled by the director, then the ruling taken back: the hands say.
    director.hand({"id": pairings[1]["match"]}, won_by(0))
    director.result(t, 1, 2, winner=pairings[1]["entries"][1], points=[0, 10])
    back = director.delete(_result_url(t, 1, 2)).json()
    assert back["status"] == "finished" and back["winner"] == pairings[1]["entries"][0]
    assert ResultChange.objects.filter(action="removed").count() == 2
    director.post(f"/api/tournaments/{t['id']}/rounds/next/")
    director.result(t, 1, 2, winner=pairings[1]["entries"][1], points=[0, 10])
    assert director.delete(_result_url(t, 1, 2)).status_code == 409  # followed


def test_a_followed_rounds_table_cannot_change_its_winner(director):
    t = tarneeb(director, 4)
    first = director.start(t)["rounds"][0]["pairings"]
    for pairing in first:
        director.hand({"id": pairing["match"]}, won_by(0))
    assert director.tournament(t["id"])["round"] == 2
    key = first[0]["match"]
    flipped = director.put(f"/api/matches/{key}/hands/1/", won_by(1))
    assert flipped.status_code == 409 and "director" in str(flipped.json())
    same = director.put(f"/api/matches/{key}/hands/1/", {**won_by(0), "tricks": 9})
    assert same.status_code == 200
    assert director.delete(f"/api/matches/{key}/hands/1/").status_code == 409
    # The director can: the rounds drawn stay, and the answer warns.
    fixed = director.result(t, 1, 1, winner=first[0]["entries"][1], points=[0, 20])
    assert fixed["warnings"] and director.tournament(t["id"])["round"] == 2


def test_a_followed_knockout_result_redraws_the_later_pairing_it_touches(director):
    t = tarneeb(director, 8, stages=[{"format": "single_elimination"}])
    first = director.start(t)["rounds"][0]["pairings"]
    assert [p["entries"] for p in first] == [[1, 8], [4, 5], [3, 6], [2, 7]]
    for pairing in first:
        director.result(t, 1, pairing["slot"], winner=min(pairing["entries"]), points=[41, 0])
    semis = director.round(t, 2)["pairings"]
    assert [p["entries"] for p in semis] == [[1, 4], [2, 3]]
    director.result(t, 1, 1, winner=8, points=[0, 41])
    again = director.round(t, 2)["pairings"]
    assert again[0]["entries"] == [4, 8] and again[0]["match"] != semis[0]["match"]
    assert again[1]["match"] == semis[1]["match"]  # untouched
    assert CancelledMatch.objects.filter(match_id=semis[0]["match"]).exists()
    director.hand({"id": again[1]["match"]}, won_by(0))
    response = director.post(_result_url(t, 1, 4), {"winner": 7, "points": [0, 41]})
    assert response.status_code == 409
    assert director.round(t, 1)["pairings"][3]["winner"] == 2


def test_confirmation_by_the_other_side(director):
    t = tarneeb(director, 4, confirm_results=True)
    assert t["confirm_results"] is True
    first = director.start(t)["rounds"][0]["pairings"]
    director.hand({"id": first[0]["match"]}, won_by(0))
    director.hand({"id": first[1]["match"]}, won_by(1))
    pairings = director.round(t, 1)["pairings"]
    assert [p["status"] for p in pairings] == ["awaiting_confirmation"] * 2
    assert pairings[0]["games"] is None
    url = f"/api/matches/{first[0]['match']}/confirm/"
    assert director.post(url, {"agree": "yes"}).status_code == 400
    view = f"/api/matches/{first[0]['match_view']}/confirm/"
    assert director.post(view, {"agree": True}).status_code == 403
    agreed = director.post(url, {"agree": True})
    assert agreed.status_code == 200 and agreed.json()["status"] == "finished"
    assert director.post(url, {"agree": True}).status_code == 409
    disputed = director.post(
        f"/api/matches/{first[1]['match']}/confirm/", {"agree": False, "note": "hand 1 was 9"}
    )
    assert disputed.status_code == 200
    pairings = director.round(t, 1)["pairings"]
    assert [p["status"] for p in pairings] == ["finished", "disputed"]
    assert pairings[1]["note"] == "hand 1 was 9"
    assert director.tournament(t["id"])["round"] == 1  # not complete
    director.result(t, 1, 2, winner=first[1]["entries"][0], points=[20, 0])
    after = director.tournament(t["id"])
    assert after["round"] == 2 and after["rounds"][0]["status"] == "complete"
    assert ResultChange.objects.filter(action__in=["confirmed", "disputed"]).count() == 2


def test_the_standings_of_one_stage(director):
    t = tarneeb(
        director,
        4,
        stages=[
            {"format": "swiss", "rounds": 1},
            {"format": "single_elimination", "advance": 2},
        ],
    )
    director.start(t)
    url = f"/api/tournaments/{t['view_id']}/standings/"
    assert director.get(url + "?stage=1").json()[0]["played"] == 0
    director.result(t, 1, 1, winner=1, points=[41, 0])
    director.result(t, 1, 2, winner=2, points=[41, 0])
    first = director.get(url + "?stage=1").json()
    assert len(first) == 4 and first[0]["played"] == 1 and first[0]["match_points"] == 2
    second = director.get(url + "?stage=2").json()
    assert {row["entry"] for row in second} == {1, 2} and second[0]["played"] == 0
    refused = director.get(url + "?stage=3")  # a tournament has at most two stages
    assert refused.status_code == 400 and list(refused.json()) == ["stage"]
    response = director.get(url + "?stage=x")
    assert response.status_code == 400 and "stage" in response.json()
