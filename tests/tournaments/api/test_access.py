"""Access: the tournament's id is the director's key, its view_id reads only (every write
is 403), and a table key opens only the match now played at its own table."""

from __future__ import annotations

from scorekeeper.models import Hand
from tests.tournaments.conftest import tarneeb, won_by
from tournaments.models import Entry, Pairing, ResultChange, Round, Tournament


def _writes(token: str) -> list[tuple[str, str, dict]]:
    base = f"/api/tournaments/{token}"
    return [
        ("post", f"{base}/start/", {}),
        ("post", f"{base}/entries/", {"name": "Sneaky", "players": ["S", "T"]}),
        ("patch", f"{base}/entries/1/", {"active": False}),
        ("delete", f"{base}/entries/1/", {}),
        ("post", f"{base}/rounds/next/", {}),
        ("post", f"{base}/rounds/1/pairings/1/result/", {"winner": 1, "points": [1, 0]}),
        ("post", f"{base}/rounds/1/clock/", {"action": "call_time"}),
    ]


def _snapshot() -> tuple:
    return (
        list(Tournament.objects.values_list("status", "state__version", "round")),
        list(Entry.objects.values_list("number", "active")),
        Round.objects.count(),
        list(Pairing.objects.values_list("status", "winner", "time_called")),
        ResultChange.objects.count(),
    )


def test_every_write_through_the_public_link_is_403(director):
    t = tarneeb(director, 5)
    for started in (False, True):
        if started:
            director.start(t)
        before = _snapshot()
        for method, url, body in _writes(t["view_id"]):
            response = getattr(director.client, method)(url, body, format="json")
            assert response.status_code == 403, (method, url, response.status_code)
            assert "detail" in response.json()
        assert _snapshot() == before


def test_a_table_key_opens_its_own_tables_match_only(director):
    t = tarneeb(director, 4, auto_advance=False)
    started = director.start(t)
    tables = {row["table"]: row["key"] for row in started["tables"]}
    pairings = {p["table"]: p for p in started["rounds"][0]["pairings"]}
    for table, key in tables.items():
        seen = director.get(f"/api/tables/{key}/").json()
        assert seen["tournament"] == t["view_id"] and seen["table"] == table
        assert seen["round"] == 1 and seen["match"] == pairings[table]["match"]
        assert seen["match_view"] == pairings[table]["match_view"]
        assert seen["entries"] == pairings[table]["entries"]
    # The key is not a key to the tournament nor to a match.
    key = tables[1]
    assert director.get(f"/api/tournaments/{key}/").status_code == 404
    assert director.post(f"/api/tournaments/{key}/start/").status_code == 404
    assert director.post(f"/api/matches/{key}/hands/", won_by(0)).status_code == 404
    assert Hand.objects.count() == 0
    # The card stays on the table: the next round's match at table 1 is what it opens.
    director.play_round(t, 1)
    between = director.get(f"/api/tables/{key}/").json()
    assert between["round"] == 1 and between["status"] == "finished"
    director.post(f"/api/tournaments/{t['id']}/rounds/next/")
    now = director.get(f"/api/tables/{key}/").json()
    second = director.round(t, 2)["pairings"][0]
    assert now["round"] == 2 and now["match"] == second["match"] != pairings[1]["match"]


def test_a_table_without_a_match_this_round_says_what_comes_next(director):
    t = tarneeb(director, 4, auto_advance=False)
    started = director.start(t)
    key = started["tables"][1]["key"]
    for number in (3, 4):
        director.patch(f"/api/tournaments/{t['id']}/entries/{number}/", {"active": False})
    director.play_round(t, 1)
    director.post(f"/api/tournaments/{t['id']}/rounds/next/")
    seen = director.get(f"/api/tables/{key}/").json()
    assert seen["match"] is None and seen["next"]
    french = director.client.get(f"/api/tables/{key}/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert french["next"] != seen["next"]
