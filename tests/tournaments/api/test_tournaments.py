"""The tournament API of ../shared/tournaments.md: create, entries, start, rounds, results,
clock and standings, through the real URL stack."""

from __future__ import annotations

import pytest

from scorekeeper.models import Match
from tests.tournaments.conftest import entries, tarneeb, won_by
from tournaments.models import Entry, Round, Tournament


def test_create_answers_201_with_every_default_resolved(director):
    t = director.create(entries=entries(4))
    assert t["status"] == "registration" and t["stage"] is None and t["round"] is None
    assert t["champion"] is None and t["rounds"] == [] and t["tables"] == []
    assert t["options"]["target"] == 501  # every option resolved
    assert t["stages"] == [{"format": "swiss", "rounds": 3, "pairing": "standings"}]
    assert t["tiebreaks"] == [
        "match_points",
        "points_diff",
        "points_for",
        "buchholz",
        "head_to_head",
    ]
    assert (t["bye_points"], t["auto_advance"], t["at_time"]) == (0, True, "finish_hand")
    assert (t["break_minutes"], t["round_minutes"], t["hands_per_match"]) == (5, None, None)
    assert [e["number"] for e in t["entries"]] == [1, 2, 3, 4]
    assert t["entries"][0] == {
        "number": 1,
        "name": "Team 1",
        "players": ["P1a", "P1b"],
        "seed": 1,
        "active": True,
    }
    # The standings list every entry from the start, all zeros.
    assert [row["entry"] for row in t["standings"]] == [1, 2, 3, 4]
    assert all(row["played"] == 0 and row["match_points"] == 0 for row in t["standings"])


def test_only_name_variant_and_stages_are_required(director):
    t = director.create(name="Mini", variant="belote_2p", stages=[{"format": "swiss", "rounds": 1}])
    assert t["entries"] == [] and t["view_id"] != t["id"]
    for missing in ("name", "variant", "stages"):
        body = {"name": "x", "variant": "coinche", "stages": [{"format": "swiss", "rounds": 1}]}
        del body[missing]
        response = director.post("/api/tournaments/", body)
        assert response.status_code == 400 and missing in response.json()


def test_the_public_link_shows_no_keys(director):
    t = tarneeb(director, 4)
    director.start(t)
    public = director.tournament(t["view_id"])
    assert "id" not in public and "tables" not in public
    assert all("match" not in p and p["match_view"] for p in public["rounds"][0]["pairings"])
    private = director.tournament(t["id"])
    keys = [p["match"] for p in private["rounds"][0]["pairings"]]
    assert all(Match.objects.filter(pk=key).exists() for key in keys)
    assert [row["table"] for row in private["tables"]] == [1, 2]


def test_unknown_tournaments_rounds_and_slots_are_404(director):
    t = tarneeb(director, 4)
    director.start(t)
    for url in (
        "/api/tournaments/nope/",
        "/api/tournaments/" + "a" * 30 + "/",
        "/api/tournaments/00000000-0000-0000-0000-000000000000/",
        f"/api/tournaments/{t['id']}/rounds/9/",
        f"/api/tournaments/{t['id']}/entries/99/",
        "/api/tables/unknown-key/",
    ):
        assert director.get(url).status_code == 404, url
    assert director.result(t, 9, 1, expect=404, winner=1, points=[1, 0])
    assert director.result(t, 1, 9, expect=404, winner=1, points=[1, 0])
    response = director.post(f"/api/tournaments/{t['id']}/rounds/9/clock/", {"action": "call_time"})
    assert response.status_code == 404


def test_entries_are_numbered_in_order_and_numbers_are_never_reused(director):
    t = director.create(entries=entries(2))
    url = f"/api/tournaments/{t['id']}/entries/"
    added = director.post(url, {"name": "Late", "players": ["X", "Y"]})
    assert added.status_code == 201 and added.json()["number"] == 3
    assert director.delete(f"{url}3/").status_code == 204
    again = director.post(url, {"name": "Later", "players": ["Z", "W"], "seed": 7})
    assert again.json() == {
        "number": 4,
        "name": "Later",
        "players": ["Z", "W"],
        "seed": 7,
        "active": True,
    }
    assert [e["number"] for e in director.tournament(t["id"])["entries"]] == [1, 2, 4]
    assert director.delete(f"{url}3/").status_code == 404


def test_drop_out_and_back(director):
    t = tarneeb(director, 5)
    director.start(t)
    url = f"/api/tournaments/{t['id']}/entries/2/"
    response = director.patch(url, {"active": False})
    assert response.status_code == 200 and response.json()["active"] is False
    row = next(r for r in director.tournament(t["id"])["standings"] if r["entry"] == 2)
    assert row["active"] is False
    director.play_round(t, 1)
    assert all(2 not in p["entries"] for p in director.round(t, 2)["pairings"])
    assert director.patch(url, {"active": True}).json()["active"] is True
    director.play_round(t, 2)
    assert any(2 in p["entries"] for p in director.round(t, 3)["pairings"])
    assert director.delete(url).status_code == 409  # removing is only before the start
    assert director.patch(url, {"active": "no"}).status_code == 400


def test_late_entries_join_a_swiss_stage_and_are_refused_elsewhere(director):
    t = tarneeb(director, 4)
    director.start(t)
    url = f"/api/tournaments/{t['id']}/entries/"
    late = director.post(url, {"name": "Late", "players": ["X", "Y"]})
    assert late.status_code == 201
    assert all(5 not in p["entries"] for p in director.round(t, 1)["pairings"])
    director.play_round(t, 1)
    assert any(5 in p["entries"] for p in director.round(t, 2)["pairings"])
    row = next(r for r in director.tournament(t["id"])["standings"] if r["entry"] == 5)
    assert row["played"] <= 1 and row["match_points"] <= 2
    rr = tarneeb(director, 4, stages=[{"format": "round_robin"}])
    director.start(rr)
    response = director.post(
        f"/api/tournaments/{rr['id']}/entries/", {"name": "Late", "players": ["X", "Y"]}
    )
    assert response.status_code == 409


def test_start_draws_round_one_and_only_once(director):
    t = tarneeb(director, 8)
    started = director.start(t)
    assert (started["status"], started["stage"], started["round"]) == ("running", 1, 1)
    first = started["rounds"][0]
    assert first["number"] == 1 and first["stage"] == 1 and first["status"] == "playing"
    assert [p["entries"] for p in first["pairings"]] == [[1, 5], [2, 6], [3, 7], [4, 8]]
    assert [p["table"] for p in first["pairings"]] == [1, 2, 3, 4]
    assert director.start(t, expect=409)
    assert Round.objects.count() == 1


@pytest.mark.parametrize(
    ("count", "stages", "field"),
    [
        (1, [{"format": "swiss", "rounds": 1}], "entries"),
        (4, [{"format": "swiss", "rounds": 4}], "stages.0.rounds"),
        (
            4,
            [{"format": "swiss", "rounds": 2}, {"format": "single_elimination", "advance": 8}],
            "stages.1.advance",
        ),
    ],
)
def test_start_refuses_stages_the_entries_cannot_play(director, count, stages, field):
    t = tarneeb(director, count, stages=stages)
    response = director.post(f"/api/tournaments/{t['id']}/start/")
    assert response.status_code == 400 and field in response.json(), response.json()
    assert Tournament.objects.get().status == "registration" and Round.objects.count() == 0


def test_a_bye_is_finished_at_once_and_counts(director):
    t = tarneeb(director, 7, bye_points=150)
    first = director.start(t)["rounds"][0]
    bye = first["pairings"][-1]
    assert bye["entries"] == [7] and bye["bye"] is True and bye["table"] is None
    assert bye["match"] is None and bye["match_view"] is None
    assert (bye["status"], bye["result"], bye["winner"]) == ("finished", "win", 7)
    assert [p["entries"] for p in first["pairings"][:3]] == [[1, 4], [2, 5], [3, 6]]
    row = next(r for r in director.tournament(t["id"])["standings"] if r["entry"] == 7)
    assert (row["played"], row["wins"], row["points_for"]) == (1, 1, 150)


def test_a_tables_hand_finishes_its_pairing_and_the_last_one_draws_the_next_round(director):
    t = tarneeb(director, 4)
    first = director.start(t)["rounds"][0]["pairings"]
    director.hand({"id": first[0]["match"]}, won_by(0))
    done = director.round(t, 1)["pairings"][0]
    assert (done["status"], done["result"], done["winner"]) == ("finished", "win", 1)
    assert done["points"][0] > done["points"][1]
    assert director.tournament(t["id"])["round"] == 1
    director.hand({"id": first[1]["match"]}, won_by(1))
    assert director.round(t, 1)["pairings"][1]["winner"] == 3 + 1  # the second entry: 4
    after = director.tournament(t["id"])
    assert after["round"] == 2 and after["rounds"][0]["status"] == "complete"
    assert [r["entry"] for r in after["standings"][:2]] == [1, 4]


def test_a_correction_moves_the_standings_and_an_undo_reopens_the_round(director):
    t = tarneeb(director, 4, auto_advance=False)
    first = director.start(t)["rounds"][0]["pairings"]
    for pairing in first:
        director.hand({"id": pairing["match"]}, won_by(0))
    assert director.round(t, 1)["status"] == "complete"
    key = first[0]["match"]
    response = director.put(f"/api/matches/{key}/hands/1/", won_by(1))
    assert response.status_code == 200
    assert director.round(t, 1)["pairings"][0]["winner"] == first[0]["entries"][1]
    standings = director.tournament(t["id"])["standings"]
    assert standings[0]["entry"] in (first[0]["entries"][1], first[1]["entries"][0])
    assert director.delete(f"/api/matches/{key}/hands/1/").status_code == 204
    again = director.round(t, 1)
    assert again["status"] == "playing" and again["pairings"][0]["status"] == "in_progress"
    assert director.post(f"/api/tournaments/{t['id']}/rounds/next/").status_code == 409
    director.hand({"id": key}, won_by(0))
    assert director.post(f"/api/tournaments/{t['id']}/rounds/next/").status_code == 201
    # Once the next round is drawn, undoing the hand that ended a match is refused.
    assert director.delete(f"/api/matches/{key}/hands/1/").status_code == 409
    assert Match.objects.get(pk=key).status == "finished"


def test_rounds_next_without_auto_advance(director):
    t = tarneeb(director, 4, auto_advance=False, stages=[{"format": "swiss", "rounds": 2}])
    director.start(t)
    url = f"/api/tournaments/{t['id']}/rounds/next/"
    assert director.post(url).status_code == 409  # round 1 is still playing
    director.play_round(t, 1)
    assert director.tournament(t["id"])["round"] == 1  # no automatic draw
    drawn = director.post(url)
    assert drawn.status_code == 201 and drawn.json()["number"] == 2
    rounds = director.get(f"/api/tournaments/{t['id']}/rounds/").json()
    assert [r["number"] for r in rounds] == [1, 2]
    director.play_round(t, 2)
    final = director.tournament(t["id"])
    assert final["status"] == "finished" and final["champion"] is not None
    assert director.post(url).status_code == 409


def test_the_directors_result(director):
    t = tarneeb(director, 4)
    pairing = director.start(t)["rounds"][0]["pairings"][0]
    outsider = next(n for n in (1, 2, 3, 4) if n not in pairing["entries"])
    assert "winner" in director.result(t, 1, 1, expect=400, winner=outsider, points=[1, 0])
    director.result(t, 1, 1, expect=400, winner=1, points=[1])
    director.result(t, 1, 1, expect=400, winner=1)
    director.result(t, 1, 1, expect=400, winner=1, draw=True, points=[1, 1])
    done = director.result(
        t, 1, 1, winner=pairing["entries"][1], points=[120, 300], reason="no-show"
    )
    assert done["status"] == "finished" and done["result"] == "win"
    assert done["winner"] == pairing["entries"][1] and done["points"] == [120, 300]
    assert done["games_won"] == [0, 1] and done["decided_by"] == "director"
    match = Match.objects.get(pk=pairing["match"])
    assert match.status == "finished"
    response = director.post(f"/api/matches/{pairing['match']}/hands/", won_by(0))
    assert response.status_code == 409
    draw = director.result(t, 1, 2, draw=True, points=[200, 200])
    assert (draw["result"], draw["winner"]) == ("draw", None)
    from tournaments.models import ResultChange

    assert ResultChange.objects.filter(by="director").count() == 2
    assert ResultChange.objects.first().reason == "no-show"


def test_the_clock(director):
    t = tarneeb(director, 4, round_minutes=50)
    first = director.start(t)["rounds"][0]
    assert first["ends_at"] > first["starts_at"]
    url = f"/api/tournaments/{t['id']}/rounds/1/clock/"
    longer = director.post(url, {"action": "extend", "minutes": 5})
    assert longer.status_code == 200 and longer.json()["ends_at"] > first["ends_at"]
    slot = director.post(url, {"action": "extend", "minutes": 10, "slot": 2}).json()
    assert slot["pairings"][1]["ends_at"] > longer.json()["ends_at"]
    for bad, field in (
        ({"action": "stop"}, "action"),
        ({"action": "extend"}, "minutes"),
        ({"action": "extend", "minutes": 0}, "minutes"),
        ({"action": "call_time", "slot": "x"}, "slot"),
    ):
        response = director.post(url, bad)
        assert response.status_code == 400 and field in response.json(), bad
    called = director.post(url, {"action": "call_time"})
    assert called.status_code == 200 and called.json()["time_called"] is True
    keys = [p["match"] for p in first["pairings"]]
    assert all(Match.objects.get(pk=key).time_called_after == 0 for key in keys)
    assert director.post(url, {"action": "extend", "minutes": 5}).status_code == 409


def test_standings_and_why_in_the_requests_language(director):
    t = tarneeb(director, 4)
    director.start(t)
    director.play_round(t, 1)
    rows = director.get(f"/api/tournaments/{t['view_id']}/standings/").json()
    assert [row["rank"] for row in rows] == [1, 2, 3, 4]
    assert rows[0]["match_points"] == 2 and rows[-1]["match_points"] == 0
    assert "Team" in rows[0]["why"]
    french = director.client.get(
        f"/api/tournaments/{t['view_id']}/standings/", HTTP_ACCEPT_LANGUAGE="fr"
    ).json()
    assert french[0]["why"] != rows[0]["why"]


def test_idempotent_creation(director):
    body = {"name": "Once", "variant": "coinche", "stages": [{"format": "swiss", "rounds": 1}]}
    first = director.post("/api/tournaments/", body, **{"Idempotency-Key": "k1"})
    again = director.post("/api/tournaments/", body, **{"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 201
    assert first.json()["id"] == again.json()["id"] and Tournament.objects.count() == 1
    other = director.post(
        "/api/tournaments/", {**body, "name": "Twice"}, **{"Idempotency-Key": "k1"}
    )
    assert other.status_code == 409


def test_entries_list_and_detail(director):
    t = director.create(entries=entries(3))
    listed = director.get(f"/api/tournaments/{t['view_id']}/entries/").json()
    assert [e["number"] for e in listed] == [1, 2, 3]
    assert director.get(f"/api/tournaments/{t['view_id']}/entries/2/").json()["name"] == "Team 2"
    assert Entry.objects.count() == 3
