"""The director's result, hardened (issue 28 item 11): its removal under confirmation, the
games of a one-game match, and a result given while its round is drawn again."""

from __future__ import annotations

from typing import Any

from tests.tournaments.conftest import tarneeb, won_by
from tournaments import services
from tournaments.models import Round
from tournaments.services import fastpath, locks


def _result_url(t: dict[str, Any], number: int, slot: int) -> str:
    return f"/api/tournaments/{t['id']}/rounds/{number}/pairings/{slot}/result/"


def test_removing_a_directors_result_under_confirmation_awaits_the_other_side(director):
    t = tarneeb(director, 4, confirm_results=True, auto_advance=False)
    first = director.start(t)["rounds"][0]["pairings"]
    director.hand({"id": first[0]["match"]}, won_by(0))  # the table's result: awaiting
    loser = first[0]["entries"][1]
    director.result(t, 1, 1, winner=loser, points=[0, 10])  # the director overrules it
    director.result(t, 1, 2, winner=first[1]["entries"][0], points=[10, 0])
    # Every result in: the round is complete; the removal sends it back to play.
    assert director.round(t, 1)["status"] == "complete"
    back = director.delete(_result_url(t, 1, 1))
    assert back.status_code == 200, back.json()
    back = back.json()
    assert back["status"] == "awaiting_confirmation" and back["winner"] == first[0]["entries"][0]
    assert back["decided_by"] == "table" and back["games"] is None
    assert director.round(t, 1)["status"] == "playing"
    drawn = director.post(f"/api/tournaments/{t['id']}/rounds/next/")
    assert drawn.status_code == 409  # not from a result awaiting its confirmation
    # Nothing left of the hands: in progress again, not awaiting.
    gone = director.delete(_result_url(t, 1, 2)).json()
    assert (gone["status"], gone["winner"]) == ("in_progress", None)
    # The other side agrees: the pairing counts again.
    agreed = director.post(f"/api/matches/{first[0]['match']}/confirm/", {"agree": True})
    assert agreed.status_code == 200
    assert director.round(t, 1)["pairings"][0]["status"] == "finished"


def test_a_directors_result_of_a_one_game_match_shows_the_game_won(director):
    t = tarneeb(director, 4, auto_advance=False)
    first = director.start(t)["rounds"][0]["pairings"]
    assert t["games_to_win"] == 1
    won = director.result(t, 1, 1, winner=first[0]["entries"][1], points=[10, 30])
    assert won["games"] == [0, 1] and won["games_won"] == [0, 1]
    drawn = director.result(t, 1, 2, draw=True, points=[20, 20])
    assert drawn["games"] == [0, 0]
    rows = {row["entry"]: row for row in director.tournament(t["id"])["standings"]}
    assert rows[first[0]["entries"][1]]["games_won"] == 1
    assert rows[first[0]["entries"][0]]["games_won"] == 0
    # Given by the director, the one game must be the winner's.
    again = {"winner": first[0]["entries"][0], "points": [30, 10]}
    assert "games" in director.result(t, 1, 1, expect=400, games=[0, 1], **again)
    assert director.result(t, 1, 1, games=[1, 0], **again)["games"] == [1, 0]


def test_a_directors_result_during_a_redraw_of_its_round_is_409_not_404(director, monkeypatch):
    """The redraw holds the round's matches and deletes its pairings; the director's result
    whose locking read waited on them finds its row gone (PostgreSQL checks the read's
    conditions again on the rows as they then are: ``test_director_race`` does it with real
    locks), then the pairing replaced: a 409 saying why."""
    t = tarneeb(director, 4)
    director.start(t)
    redrawn: list[int] = []

    def redraw_meanwhile(where: Any) -> Any:
        if not redrawn:  # the redraw commits while the read waits (rolled back with the 409)
            redrawn.append(0)
            redrawn[0] = services.round_redraw(tournament_id=t["id"], round_number=1).number
        return None  # the row it waited on went

    monkeypatch.setattr(locks, "_seated_locked", redraw_meanwhile)
    # The locked path (PostgreSQL's fast path meets the same redraw in
    # ``test_director_fastpath``): its unlocked try finds nothing.
    monkeypatch.setattr(fastpath, "optimistic", lambda *args: fastpath.Tried())
    for method in ("post", "delete"):
        redrawn.clear()
        body = {"winner": 1, "points": [10, 0]} if method == "post" else None
        args = (_result_url(t, 1, 1), body) if body else (_result_url(t, 1, 1),)
        response = getattr(director, method)(*args)
        assert redrawn == [1]
        assert response.status_code == 409, (method, response.json())
        assert "drawn again" in str(response.json())
    monkeypatch.undo()
    # Nothing stored: the new round is as drawn, and takes the director's result.
    round_ = director.round(t, 1)
    assert all(p["status"] == "in_progress" for p in round_["pairings"])
    assert Round.objects.filter(tournament_id=t["id"]).count() == 1
    entries = round_["pairings"][0]["entries"]
    director.result(t, 1, 1, winner=entries[0], points=[10, 0])
