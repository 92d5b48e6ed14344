"""The desk's reads of the audit: the flags on a pairing and the whole history."""

from __future__ import annotations

from tests.tournaments.conftest import tarneeb
from tournaments.models import Tournament
from tournaments.selectors import desk


def test_a_first_result_is_not_flagged_as_a_changed_winner(director):
    t = tarneeb(director, 4, auto_advance=False)
    pairing = director.start(t)["rounds"][0]["pairings"][0]
    first, second = pairing["entries"]
    director.result(t, 1, 1, winner=first, points=[10, 0])
    tournament = Tournament.objects.get()
    assert [c["winner_changed"] for c in desk.changed_results(tournament)[(1, 1)]] == [False]
    director.result(t, 1, 1, winner=second, points=[0, 10])
    flags = [c["winner_changed"] for c in desk.changed_results(tournament)[(1, 1)]]
    assert flags == [False, True]


def test_the_history_keeps_every_change_even_of_pairings_redrawn_away(director):
    t = tarneeb(director, 4, auto_advance=False)
    director.start(t)
    director.post(f"/api/tournaments/{t['id']}/rounds/1/redraw/")
    director.post(f"/api/tournaments/{t['id']}/unstart/")
    director.patch(f"/api/tournaments/{t['id']}/", {"name": "Renamed"})
    history = desk.history(Tournament.objects.get())
    assert [row["action"] for row in history] == ["settings", "unstart", "redraw"]
    assert history[2]["round"] == 1 and history[2]["by"] == "director"
