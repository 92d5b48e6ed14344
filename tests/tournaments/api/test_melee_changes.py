"""Individual events (format ``melee``) and the changes during the event
(tournaments.md, clubs.md): trionfo tables played hand by hand, redraw, swaps (two players,
a player and one who sits out, two seats of one table), drop-outs, late entries, the
director's result and its removal, confirmation and the clock, through the real URL stack."""

from __future__ import annotations

from typing import Any

from tests.tournaments.api.test_melee import players, rows
from tournaments.models import CancelledMatch, ResultChange

# Belote (rules/blot.md): the taker's side makes it with more card points than the other.
MADE = {"declarer": 0, "trump": "hearts", "points": [100, 62]}  # team 0 scores 100, team 1 62
DOWN = {"declarer": 1, "trump": "spades", "points": [92, 70]}  # team 1 down: team 0 scores 162

# Trionfo (rules/maraffa.md): seat 1 calls seat 2 and wins (+2, +1, the popolo -1 each);
# seat 3 plays di_piu alone and loses (-8, the four others +2 each).
CHIAMO = {
    "first": 0,
    "declarer": 1,
    "bid": "chiamo",
    "trump": "coins",
    "called": "3 of swords",
    "partner": 2,
    "thirds": 21,
}
DI_PIU_LOST = {"declarer": 3, "bid": "di_piu", "trump": "cups", "thirds": 9}


def _url(t: dict[str, Any], tail: str) -> str:
    return f"/api/tournaments/{t['id']}/{tail}"


def _tables(round_: dict[str, Any]) -> list[dict[str, Any]]:
    return [p for p in round_["pairings"] if not p["bye"]]


def _everyone_once(round_: dict[str, Any], active: set[int]) -> None:
    seated = [n for p in _tables(round_) for n in p["entries"]] + round_["sit_out"]
    assert sorted(seated) == sorted(active)


def test_a_trionfo_table_played_hand_by_hand_gives_places_and_own_scores(director):
    t = director.create(
        variant="trionfo",
        options={"deals": 2},
        entries=players(6),
        stages=[{"format": "melee", "rounds": 1}],
    )
    director.start(t)
    (table,) = _tables(director.round(t, 1))
    match = {"id": table["match"]}
    director.hand(match, CHIAMO)  # [-1, 2, 1, -1, -1]
    director.hand(match, DI_PIU_LOST)  # + [2, 2, 2, -8, 2] = [1, 4, 3, -9, 1]
    pairing = _tables(director.round(t, 1))[0]
    assert pairing["status"] == "finished" and pairing["decided_by"] == "table"
    assert pairing["points"] == [1, 4, 3, -9, 1]
    assert pairing["winner"] == table["entries"][1] and pairing["result"] == "win"
    standing = rows(director, t)
    a, b, c, d, e = table["entries"]
    # Places: b 4, c 3, a and e share the third and fourth ((2 + 1) / 2), d 0.
    expected = {a: (1.5, 1), b: (4, 4), c: (3, 3), d: (0, -9), e: (1.5, 1)}
    for player, (match_points, points) in expected.items():
        row = standing[player]
        assert (row["match_points"], row["points_for"]) == (match_points, points), player
        assert row["points_against"] == (1 + 4 + 3 - 9 + 1) - points
    (sitter,) = director.round(t, 1)["sit_out"]
    assert standing[sitter]["match_points"] == 2 and standing[sitter]["points_for"] == 0
    assert director.tournament(t["id"])["status"] == "finished"


def test_a_trionfo_table_closed_by_the_table(director):
    t = director.create(
        variant="trionfo", entries=players(5), stages=[{"format": "melee", "rounds": 1}]
    )
    director.start(t)
    (table,) = _tables(director.round(t, 1))
    match = {"id": table["match"]}
    director.hand(match, CHIAMO)
    assert director.post(f"/api/matches/{table['match']}/close/").status_code == 200
    pairing = _tables(director.round(t, 1))[0]
    assert pairing["points"] == [-1, 2, 1, -1, -1]
    standing = rows(director, t)
    a, b, c, d, e = table["entries"]
    assert [standing[n]["match_points"] for n in (a, b, c, d, e)] == [1, 4, 3, 1, 1]


def test_a_melee_round_is_redrawn(director):
    t = director.create(
        variant="belote", entries=players(10), stages=[{"format": "melee", "rounds": 3}]
    )
    before = director.start(t)["rounds"][0]
    for _attempt in range(5):  # a new random draw (the same one again is possible, rarely)
        response = director.post(_url(t, "rounds/1/redraw/"))
        assert response.status_code == 200, response.json()
        after = response.json()
        if [p["entries"] for p in after["pairings"]] != [p["entries"] for p in before["pairings"]]:
            break
    else:
        raise AssertionError("five redraws gave the same draw")
    _everyone_once(after, set(range(1, 11)))
    assert len(after["sit_out"]) == 2
    for pairing in _tables(after):
        a, b, c, d = pairing["entries"]
        assert pairing["teams"] == [[a, c], [b, d]]
    assert not {p["match"] for p in _tables(before)} & {p["match"] for p in _tables(after)}
    assert CancelledMatch.objects.filter(round_number=1).count() >= 2
    director.hand({"id": _tables(after)[0]["match"]}, MADE)
    assert director.post(_url(t, "rounds/1/redraw/")).status_code == 409


def test_swaps_in_a_melee_re_form_the_teams_and_move_the_sit_out(director):
    t = director.create(
        variant="belote", entries=players(9), stages=[{"format": "melee", "rounds": 2}]
    )
    director.start(t)
    first = director.round(t, 1)
    one, two = _tables(first)
    (sitter,) = first["sit_out"]
    a, b, c, d = one["entries"]
    e, f, g, h = two["entries"]
    # Two players of two tables: each takes the other's seat (and so the other's partner).
    response = director.post(_url(t, "rounds/1/swap/"), {"entries": [a, f]})
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["warnings"] == []  # round 1: nobody has met anybody
    new_one, new_two = _tables(body)
    assert new_one["entries"] == [f, b, c, d] and new_one["teams"] == [[f, c], [b, d]]
    assert new_two["entries"] == [e, a, g, h] and new_two["teams"] == [[e, g], [a, h]]
    assert new_one["match"] != one["match"] and new_two["match"] != two["match"]
    # Two seats of one table: partners change.
    body = director.post(_url(t, "rounds/1/swap/"), {"entries": [b, c]}).json()
    assert _tables(body)[0]["teams"] == [[f, b], [c, d]]
    # A seated player and the one who sits out: the sit-out moves.
    body = director.post(_url(t, "rounds/1/swap/"), {"entries": [sitter, d]}).json()
    assert body["sit_out"] == [d]
    assert _tables(body)[0]["entries"] == [f, c, b, sitter]
    assert _tables(body)[0]["teams"] == [[f, b], [c, sitter]]
    _everyone_once(body, set(range(1, 10)))
    standing = rows(director, t)
    assert standing[d]["played"] == 1 and standing[d]["match_points"] == 2
    assert standing[sitter]["played"] == 0
    assert ResultChange.objects.filter(action="swap").count() == 3
    # Once a hand is recorded at a table, its players stay.
    director.hand({"id": _tables(body)[0]["match"]}, MADE)
    assert director.post(_url(t, "rounds/1/swap/"), {"entries": [f, e]}).status_code == 409
    assert director.post(_url(t, "rounds/1/swap/"), {"entries": [e, d]}).status_code == 200


def test_a_melee_swap_warns_of_a_partner_or_an_opponent_met_before(director):
    t = director.create(
        variant="belote",
        hands_per_match=1,
        entries=players(8),
        stages=[{"format": "melee", "rounds": 2}],
    )
    director.start(t)
    for pairing in _tables(director.round(t, 1)):
        director.hand({"id": pairing["match"]}, MADE)
    second = director.round(t, 2)
    assert second["status"] == "playing"
    partners = {frozenset(team) for p in _tables(director.round(t, 1)) for team in p["teams"]}
    one = _tables(second)[0]
    # Put back together a team of round 1: the first player of table 1 takes the seat of
    # his round-1 partner's new partner.
    a = one["entries"][0]
    old_partner = next(next(iter(pair - {a})) for pair in partners if a in pair)
    where = next(p for p in _tables(second) if old_partner in p["entries"])
    seat = where["entries"].index(old_partner)
    mate = where["entries"][(seat + 2) % 4]
    body = director.post(_url(t, "rounds/2/swap/"), {"entries": [a, mate]}).json()
    assert any("partners" in w for w in body["warnings"]), body["warnings"]
    assert any(frozenset(team) in partners for p in _tables(body) for team in p["teams"])


def test_drop_outs_and_late_entries_in_a_melee(director):
    t = director.create(
        variant="belote",
        hands_per_match=1,
        entries=players(9),
        stages=[{"format": "melee", "rounds": 3}],
    )
    director.start(t)
    first = director.round(t, 1)
    leaver = _tables(first)[0]["entries"][0]
    patched = director.patch(_url(t, f"entries/{leaver}/"), {"active": False})
    assert patched.status_code == 200 and patched.json()["active"] is False
    late = director.post(_url(t, "entries/"), {"name": "Late Lucia"})
    assert late.status_code == 201, late.json()
    assert late.json()["number"] == 10 and late.json()["players"] == ["Late Lucia"]
    assert director.round(t, 1)["sit_out"] == first["sit_out"]  # round 1 stays as drawn
    for pairing in _tables(first):
        director.hand({"id": pairing["match"]}, MADE)
    second = director.round(t, 2)
    active = set(range(1, 11)) - {leaver}
    _everyone_once(second, active)
    assert leaver not in {n for p in second["pairings"] for n in p["entries"]}
    assert 10 in {n for p in _tables(second) for n in p["entries"]} | set(second["sit_out"])
    assert len(second["sit_out"]) == 1 and second["sit_out"] != first["sit_out"]
    standing = rows(director, t)
    assert standing[leaver]["active"] is False and standing[leaver]["played"] == 1
    assert standing[10]["played"] == 0 and standing[10]["match_points"] == 0
    # Back from the next draw.
    director.patch(_url(t, f"entries/{leaver}/"), {"active": True})
    for pairing in _tables(second):
        director.hand({"id": pairing["match"]}, DOWN)
    third = director.round(t, 3)
    _everyone_once(third, set(range(1, 11)))
    assert len(third["sit_out"]) == 2
    assert not set(third["sit_out"]) & (set(first["sit_out"]) | set(second["sit_out"]))


def test_the_directors_result_in_a_melee_is_set_and_removed(director):
    t = director.create(
        variant="belote",
        hands_per_match=2,
        entries=players(8),
        stages=[{"format": "melee", "rounds": 2}],
        auto_advance=False,
    )
    director.start(t)
    one, two = _tables(director.round(t, 1))
    director.hand({"id": one["match"]}, MADE)
    a, b, c, d = one["entries"]
    # Either partner names the winning team; points in the order of teams.
    pairing = director.result(t, 1, one["slot"], winner=d, points=[90, 300])
    assert pairing["winner"] == b and pairing["decided_by"] == "director"  # the team's seat 1
    standing = rows(director, t)
    assert [standing[n]["match_points"] for n in (a, b, c, d)] == [0, 2, 0, 2]
    assert [standing[n]["points_for"] for n in (a, b, c, d)] == [90, 300, 90, 300]
    # Removed: back to what the hands say (one hand of two: the match is open again).
    response = director.delete(_url(t, f"rounds/1/pairings/{one['slot']}/result/"))
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "in_progress"
    director.hand({"id": one["match"]}, MADE)
    finished = _tables(director.round(t, 1))[0]
    assert finished["winner"] == a and finished["points"] == [200, 124]
    director.result(t, 1, two["slot"], draw=True, points=[81, 81])
    assert director.round(t, 1)["status"] == "complete"
    standing = rows(director, t)
    assert [standing[n]["match_points"] for n in (a, b, c, d)] == [2, 0, 2, 0]
    assert all(standing[n]["match_points"] == 1 for n in two["entries"])
    response = director.post(_url(t, "rounds/next/"))
    assert response.status_code == 201, response.json()


def test_confirmation_in_a_melee(director):
    t = director.create(
        variant="trionfo",
        options={"deals": 1},
        confirm_results=True,
        entries=players(10),
        stages=[{"format": "melee", "rounds": 2}],
    )
    director.start(t)
    one, two = _tables(director.round(t, 1))
    director.hand({"id": one["match"]}, CHIAMO)
    director.hand({"id": two["match"]}, CHIAMO)
    pairings = _tables(director.round(t, 1))
    assert [p["status"] for p in pairings] == ["awaiting_confirmation"] * 2
    agreed = director.post(f"/api/matches/{one['match']}/confirm/", {"agree": True})
    assert agreed.status_code == 200, agreed.json()
    disputed = director.post(
        f"/api/matches/{two['match']}/confirm/", {"agree": False, "note": "seat 3 won"}
    )
    assert disputed.status_code == 200
    assert [p["status"] for p in _tables(director.round(t, 1))] == ["finished", "disputed"]
    assert director.tournament(t["id"])["round"] == 1
    director.result(t, 1, two["slot"], points=[0, 1, 2, 3, 4])
    assert director.tournament(t["id"])["round"] == 2
    standing = rows(director, t)
    assert standing[one["entries"][1]]["match_points"] == 4
    assert standing[two["entries"][4]]["match_points"] == 4


def test_the_clock_in_a_melee(director):
    t = director.create(
        variant="belote",
        round_minutes=30,
        entries=players(8),
        stages=[{"format": "melee", "rounds": 2}],
    )
    director.start(t)
    one, two = _tables(director.round(t, 1))
    url = _url(t, "rounds/1/clock/")
    extended = director.post(url, {"action": "extend", "minutes": 10, "slot": two["slot"]})
    assert extended.status_code == 200, extended.json()
    called = director.post(url, {"action": "call_time"})
    assert called.status_code == 200, called.json()
    assert called.json()["time_called"] is True
    # Time called: the hand in play is the last; the side ahead wins.
    director.hand({"id": one["match"]}, MADE)
    director.hand({"id": two["match"]}, DOWN)
    first = _tables(director.round(t, 1))
    assert [p["status"] for p in first] == ["finished", "finished"]
    assert first[0]["winner"] == one["entries"][0] and first[0]["points"] == [100, 62]
    assert first[1]["winner"] == two["entries"][0] and first[1]["points"] == [162, 0]
    assert director.round(t, 2)["status"] == "playing"


def test_the_clock_ends_a_trionfo_table(director):
    t = director.create(
        variant="trionfo",
        round_minutes=30,
        entries=players(5),
        stages=[{"format": "melee", "rounds": 1}],
    )
    director.start(t)
    (table,) = _tables(director.round(t, 1))
    director.hand({"id": table["match"]}, CHIAMO)
    called = director.post(_url(t, "rounds/1/clock/"), {"action": "call_time"})
    assert called.status_code == 200, called.json()
    director.hand({"id": table["match"]}, DI_PIU_LOST)
    pairing = _tables(director.round(t, 1))[0]
    assert pairing["status"] == "finished" and pairing["points"] == [1, 4, 3, -9, 1]


def test_a_drop_out_in_the_round_in_play_then_a_redraw_of_round_two(director):
    t = director.create(
        variant="belote",
        hands_per_match=1,
        entries=players(8),
        stages=[{"format": "melee", "rounds": 3}],
    )
    director.start(t)
    for pairing in _tables(director.round(t, 1)):
        director.hand({"id": pairing["match"]}, MADE)
    second = director.round(t, 2)
    assert second["sit_out"] == []
    leaver = _tables(second)[1]["entries"][3]
    director.patch(_url(t, f"entries/{leaver}/"), {"active": False})
    response = director.post(_url(t, "rounds/2/redraw/"))
    assert response.status_code == 200, response.json()
    again = response.json()
    _everyone_once(again, set(range(1, 9)) - {leaver})
    assert len(_tables(again)) == 1 and len(again["sit_out"]) == 3
    partners = {frozenset(team) for p in _tables(director.round(t, 1)) for team in p["teams"]}
    assert not partners & {frozenset(team) for team in _tables(again)[0]["teams"]}
    assert director.round(t, 2)["pairings"] == again["pairings"]


def test_a_forfeit_at_a_melee_table_and_a_trionfo_forfeit_refused(director):
    t = director.create(
        variant="belote", entries=players(8), stages=[{"format": "melee", "rounds": 1}]
    )
    director.start(t)
    one = _tables(director.round(t, 1))[0]
    a, b, c, d = one["entries"]
    pairing = director.result(t, 1, one["slot"], forfeit=c)  # team [a, c] did not play
    assert pairing["forfeit"] == c and pairing["winner"] == b
    assert pairing["points"] == [0, 501]
    standing = rows(director, t)
    assert [standing[n]["match_points"] for n in (a, b, c, d)] == [0, 2, 0, 2]
    five = director.create(
        variant="trionfo", entries=players(5), stages=[{"format": "melee", "rounds": 1}]
    )
    director.start(five)
    (table,) = _tables(director.round(five, 1))
    body = director.result(five, 1, table["slot"], expect=400, forfeit=table["entries"][0])
    assert "forfeit" in body


def test_a_trionfo_correction_after_the_end_changes_the_places(director):
    # Two rounds, held: the tournament is not finished after the first (a finished one is
    # closed to the tables' changes of a winner).
    t = director.create(
        variant="trionfo",
        options={"deals": 2},
        entries=players(5),
        stages=[{"format": "melee", "rounds": 2}],
        auto_advance=False,
    )
    director.start(t)
    (table,) = _tables(director.round(t, 1))
    match = {"id": table["match"]}
    director.hand(match, CHIAMO)
    director.hand(match, DI_PIU_LOST)
    assert _tables(director.round(t, 1))[0]["points"] == [1, 4, 3, -9, 1]
    # The second hand was won after all: seat 3 +8, the others -2.
    won = {**DI_PIU_LOST, "thirds": 24}
    response = director.put(f"/api/matches/{table['match']}/hands/2/", won)
    assert response.status_code == 200, response.json()
    pairing = _tables(director.round(t, 1))[0]
    assert pairing["points"] == [-3, 0, -1, 7, -3] and pairing["winner"] == table["entries"][3]
    standing = rows(director, t)
    a, b, c, d, e = table["entries"]
    assert [standing[n]["match_points"] for n in (a, b, c, d, e)] == [0.5, 3, 2, 4, 0.5]


def test_a_melee_swap_drawn_by_standings_warns_of_unequal_score_groups(director):
    t = director.create(
        variant="belote",
        hands_per_match=1,
        entries=players(8),
        stages=[{"format": "melee", "rounds": 2, "draw": "standings"}],
    )
    director.start(t)
    first = _tables(director.round(t, 1))
    for pairing in first:
        director.hand({"id": pairing["match"]}, MADE)  # team 0 wins at each table
    winners = {n for p in first for n in p["teams"][0]}
    second = _tables(director.round(t, 2))
    teams = [set(team) for p in second for team in p["teams"]]
    assert all(team <= winners or not team & winners for team in teams)  # same groups
    winner = next(n for n in second[0]["entries"] if n in winners)
    loser = next(n for n in second[1]["entries"] if n not in winners)
    response = director.client.post(
        _url(t, "rounds/2/swap/"),
        {"entries": [winner, loser]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 200, response.json()
    warnings = response.json()["warnings"]
    unequal = [w for w in warnings if "groupe de points" in w]  # in the request's language
    assert len(unequal) == 2, warnings  # both new teams mix 2 and 0 match points
    assert any(f"Player {winner} (2" in w for w in unequal)
