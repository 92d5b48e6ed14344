"""Changes during the event (../shared/tournaments.md): redraw, swap, undo the start and the
tournament's settings, through the real URL stack."""

from __future__ import annotations

from scorekeeper.models import Match
from tests.tournaments.conftest import entries, tarneeb, won_by
from tournaments.models import CancelledMatch, ResultChange


def _url(t, tail):
    return f"/api/tournaments/{t['id']}/{tail}"


def test_redraw_draws_the_round_in_play_again_and_cancels_its_matches(director):
    t = tarneeb(director, 8, stages=[{"format": "swiss", "rounds": 3, "pairing": "random"}])
    before = director.start(t)["rounds"][0]
    tables = {row["table"]: row["key"] for row in director.tournament(t["id"])["tables"]}
    response = director.post(_url(t, "rounds/1/redraw/"))
    assert response.status_code == 200, response.json()
    after = response.json()
    assert after["number"] == 1 and after["status"] == "playing"
    assert after["seed"] != before["seed"]  # a new random draw
    old = {p["match"] for p in before["pairings"]}
    assert not old & {p["match"] for p in after["pairings"]}
    assert sorted(n for p in after["pairings"] for n in p["entries"]) == list(range(1, 9))
    # The old matches take no more hands, say they were cancelled; the table keys follow.
    gone = before["pairings"][0]["match"]
    assert director.post(f"/api/matches/{gone}/hands/", won_by(0)).status_code == 409
    assert CancelledMatch.objects.filter(match_id=gone, round_number=1).exists()
    table = director.get(f"/api/tables/{tables[1]}/").json()
    assert table["match"] == next(p["match"] for p in after["pairings"] if p["table"] == 1)
    record = ResultChange.objects.get(action="redraw")
    assert record.round_number == 1 and len(record.before) == len(record.after) == 4
    assert len(director.tournament(t["id"])["rounds"]) == 1


def test_redraw_is_refused_once_a_hand_or_a_result_is_recorded(director):
    t = tarneeb(director, 4, auto_advance=False)
    first = director.start(t)["rounds"][0]["pairings"]
    director.hand({"id": first[0]["match"]}, won_by(0))
    assert director.post(_url(t, "rounds/1/redraw/")).status_code == 409
    director.result(t, 1, 2, winner=first[1]["entries"][0], points=[10, 0])
    assert director.post(_url(t, "rounds/1/redraw/")).status_code == 409
    assert director.post(_url(t, "rounds/7/redraw/")).status_code == 404
    assert director.post(f"/api/tournaments/{t['view_id']}/rounds/1/redraw/").status_code == 403
    director.post(_url(t, "rounds/next/"))
    # Round 1 is no longer the round in play.
    assert director.post(_url(t, "rounds/1/redraw/")).status_code == 409


def test_the_redraw_of_a_second_stage_takes_the_qualifiers_again(director):
    t = tarneeb(
        director,
        4,
        stages=[
            {"format": "swiss", "rounds": 1},
            {"format": "single_elimination", "advance": 2},
        ],
    )
    first = director.start(t)["rounds"][0]["pairings"]
    assert [p["entries"] for p in first] == [[1, 3], [2, 4]]
    director.result(t, 1, 1, winner=1, points=[41, 0])
    director.result(t, 1, 2, winner=2, points=[41, 30])
    assert director.round(t, 2)["pairings"][0]["entries"] in ([1, 2], [2, 1])
    # A wrong result found after the knockout was drawn: put right, then redrawn.
    fixed = director.result(t, 1, 1, winner=3, points=[0, 41])
    assert fixed["warnings"] and "2" in fixed["warnings"][0]
    response = director.post(_url(t, "rounds/2/redraw/"))
    assert response.status_code == 200, response.json()
    assert sorted(response.json()["pairings"][0]["entries"]) == [2, 3]


def test_a_swap_between_two_pairings_seats_new_matches(director):
    t = tarneeb(director, 8)
    first = director.start(t)["rounds"][0]["pairings"]
    assert [p["entries"] for p in first] == [[1, 5], [2, 6], [3, 7], [4, 8]]
    response = director.post(_url(t, "rounds/1/swap/"), {"entries": [5, 6]})
    assert response.status_code == 200, response.json()
    body = response.json()
    assert [p["entries"] for p in body["pairings"][:2]] == [[1, 6], [2, 5]]
    assert body["warnings"] == []
    assert body["pairings"][0]["match"] != first[0]["match"]
    assert body["pairings"][2]["match"] == first[2]["match"]  # untouched
    assert Match.objects.get(pk=body["pairings"][0]["match"]).players[1] == "P6a"
    assert director.post(f"/api/matches/{first[0]['match']}/hands/", won_by(0)).status_code == 409
    seats = director.post(_url(t, "rounds/1/swap/"), {"entries": [3, 7]}).json()
    assert seats["pairings"][2]["entries"] == [7, 3]
    assert ResultChange.objects.filter(action="swap").count() == 2


def test_a_swap_with_the_bye(director):
    t = tarneeb(director, 7)
    first = director.start(t)["rounds"][0]["pairings"]
    assert first[-1]["entries"] == [7]
    body = director.post(_url(t, "rounds/1/swap/"), {"entries": [7, 4]}).json()
    assert body["pairings"][0]["entries"] == [1, 7]
    bye = body["pairings"][-1]
    assert bye["entries"] == [4] and bye["winner"] == 4 and bye["status"] == "finished"
    rows = {row["entry"]: row for row in director.tournament(t["id"])["standings"]}
    assert rows[4]["played"] == 1 and rows[7]["played"] == 0


def test_a_swap_warns_of_rematches_and_unequal_score_groups(director):
    t = tarneeb(director, 4)
    director.start(t)
    director.result(t, 1, 1, winner=1, points=[41, 0])
    director.result(t, 1, 2, winner=2, points=[41, 0])
    assert [p["entries"] for p in director.round(t, 2)["pairings"]] == [[1, 2], [3, 4]]
    response = director.client.post(
        _url(t, "rounds/2/swap/"), {"entries": [2, 3]}, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 200, response.json()
    warnings = response.json()["warnings"]
    assert len(warnings) == 4  # two rematches, two pairs from different score groups
    assert any("Team 1" in w and "Team 3" in w for w in warnings)
    english = director.post(_url(t, "rounds/2/swap/"), {"entries": [2, 3]}).json()["warnings"]
    assert english == []  # back where they were: no rematch, level groups
    assert director.post(_url(t, "rounds/2/swap/"), {"entries": [3, 2]}).json()["warnings"]
    assert set(warnings).isdisjoint(
        director.post(_url(t, "rounds/2/swap/"), {"entries": [2, 3]}).json()["warnings"]
    )


def test_a_swap_is_refused_where_it_cannot_be_made(director):
    t = tarneeb(director, 8)
    first = director.start(t)["rounds"][0]["pairings"]
    url = _url(t, "rounds/1/swap/")
    for bad in ({"entries": [1]}, {"entries": [1, 1]}, {"entries": "1,2"}, {"entries": [1, 99]}):
        response = director.post(url, bad)
        assert response.status_code == 400 and "entries" in response.json(), bad
    director.hand({"id": first[0]["match"]}, won_by(0))
    assert director.post(url, {"entries": [5, 6]}).status_code == 409
    assert director.post(url, {"entries": [2, 7]}).status_code == 200
    knockout = tarneeb(director, 4, stages=[{"format": "single_elimination"}])
    director.start(knockout)
    assert director.post(_url(knockout, "rounds/1/swap/"), {"entries": [1, 2]}).status_code == 409


def test_undo_the_start(director):
    t = tarneeb(director, 4)
    first = director.start(t)["rounds"][0]["pairings"]
    response = director.post(_url(t, "unstart/"))
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["status"], body["round"], body["stage"], body["rounds"]) == (
        "registration",
        None,
        None,
        [],
    )
    assert director.post(f"/api/matches/{first[0]['match']}/hands/", won_by(0)).status_code == 409
    late = director.post(_url(t, "entries/"), entries(5)[-1] | {"name": "Late", "seed": 9})
    assert late.status_code == 201
    assert director.delete(_url(t, "entries/1/")).status_code == 204
    again = director.start(t)
    assert again["status"] == "running" and len(again["rounds"]) == 1
    assert director.post(_url(t, "unstart/")).status_code == 200
    assert director.post(_url(t, "unstart/")).status_code == 409  # not started
    second = director.start(t)["rounds"][0]["pairings"]
    director.hand({"id": second[0]["match"]}, won_by(0))
    assert director.post(_url(t, "unstart/")).status_code == 409
    assert ResultChange.objects.filter(action="unstart").count() == 2


def test_hold_and_the_settings(director):
    t = tarneeb(director, 4, stages=[{"format": "swiss", "rounds": 2}])
    director.start(t)
    held = director.patch(_url(t, ""), {"auto_advance": False})
    assert held.status_code == 200 and held.json()["auto_advance"] is False
    director.play_round(t, 1)
    assert director.tournament(t["id"])["round"] == 1  # held
    released = director.patch(_url(t, ""), {"auto_advance": True})
    assert released.status_code == 200 and released.json()["round"] == 2  # at once
    changed = director.patch(
        _url(t, ""),
        {"name": "Renamed", "round_minutes": 30, "break_minutes": 2, "confirm_results": True},
    ).json()
    assert (changed["name"], changed["round_minutes"], changed["break_minutes"]) == (
        "Renamed",
        30,
        2,
    )
    assert changed["confirm_results"] is True
    in_play = director.round(t, 2)
    assert in_play["ends_at"] is not None and in_play["ends_at"] > in_play["starts_at"]
    for bad, field in (
        ({"auto_advance": "yes"}, "auto_advance"),
        ({"name": ""}, "name"),
        ({"round_minutes": 0}, "round_minutes"),
        ({"status": "finished"}, "status"),
    ):
        response = director.patch(_url(t, ""), bad)
        assert response.status_code == 400 and field in response.json(), bad
    public = director.patch(f"/api/tournaments/{t['view_id']}/", {"name": "x"})
    assert public.status_code == 403
    record = ResultChange.objects.filter(action="settings").last()
    assert record.before["name"] == "Friday coinche" and record.after["name"] == "Renamed"
