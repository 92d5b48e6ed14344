"""The advance: a tournament whose advance fails says so to its director, is not retried
every tick in silence, and never delays the other tournaments."""

from __future__ import annotations

from typing import Any

from tests.tournaments.conftest import tarneeb
from tournaments import services
from tournaments.models import Entry, Pairing, Round, Tournament


def _finish_quietly(tournament: dict[str, Any], number: int) -> None:
    """Results stored as if the worker that should advance the round had been killed."""
    round_ = Round.objects.get(tournament_id=tournament["id"], number=number)
    for pairing in round_.pairings.filter(status="in_progress"):
        Pairing.objects.filter(pk=pairing.pk).update(
            status="finished",
            result="win",
            winner=pairing.entries[0],
            points=[10, 0],
            games_won=[0, 0],
            source="director",
        )


def _broken(director: Any) -> dict[str, Any]:
    """A Swiss whose round 2 cannot be drawn: entry 1's data (one player where the variant
    seats two) makes the draw raise."""
    bad = tarneeb(director, 4)
    director.start(bad)
    Entry.objects.filter(tournament_id=bad["id"], number=1).update(players=["Solo"])
    return bad


def test_a_failed_advance_is_shown_to_the_director(director):
    bad = _broken(director)
    director.play_round(bad, 1)  # the last result is a success (200) all the same
    doc = director.tournament(bad["id"])
    assert doc["round"] == 1 and doc["status"] == "running"
    problem = doc["problem"]
    assert problem["message"].startswith("The next round could not be drawn")
    assert problem["since"] and problem["what_to_do"]
    assert "problem" not in director.tournament(bad["view_id"])  # the director's alone
    page = director.client.get(f"/d/{bad['id']}/").content.decode()
    assert 'id="problem"' in page and "could not be drawn" in page
    # Drawing by hand says why too (409), not a 500.
    drawn = director.post(f"/api/tournaments/{bad['id']}/rounds/next/")
    assert drawn.status_code == 409 and "could not be drawn" in str(drawn.json())


def test_the_tick_leaves_a_marked_tournament_alone_until_the_director_acts(director):
    bad = _broken(director)
    director.play_round(bad, 1)
    since = director.tournament(bad["id"])["problem"]["since"]
    services.clock_tick()
    services.clock_tick()
    assert director.tournament(bad["id"])["problem"]["since"] == since  # not tried again
    # The director corrects the entry: the problem is cleared, the next tick goes on.
    url = f"/api/tournaments/{bad['id']}/entries/1/"
    response = director.patch(url, {"players": ["Solo", "Partner"]})
    assert response.status_code == 200
    assert director.tournament(bad["id"])["problem"] is None
    services.clock_tick()
    doc = director.tournament(bad["id"])
    assert doc["round"] == 2 and doc["problem"] is None


def test_one_bad_tournament_never_delays_the_others(director):
    bad = _broken(director)  # started first: the tick takes its round first
    good = tarneeb(director, 4)
    director.start(good)
    director.play_round(bad, 1)
    Tournament.objects.filter(pk=bad["id"]).update(problem="")  # as if never marked
    _finish_quietly(good, 1)
    assert services.clock_tick() >= 2  # both tried: the bad one fails on its own
    assert director.tournament(good["id"])["round"] == 2
    assert director.tournament(bad["id"])["problem"] is not None


def test_a_correction_made_while_an_advance_was_failing_is_not_undone(director, monkeypatch):
    """The director corrects the entry while an attempt (on the data before it) is failing:
    the failure is not marked over the correction, and the next tick goes on."""
    from tournaments.services import rounds

    bad = _broken(director)
    director.play_round(bad, 1)  # marked: the round could not be drawn
    round_id = Round.objects.get(tournament_id=bad["id"], number=1).pk

    def failing_while_corrected(_round_id: Any) -> None:
        response = director.patch(
            f"/api/tournaments/{bad['id']}/entries/1/", {"players": ["Solo", "Partner"]}
        )
        assert response.status_code == 200
        raise ValueError("entries 1 and 2 have 1 and 2 players: they cannot share a table")

    monkeypatch.setattr(rounds, "_advance", failing_while_corrected)
    assert services.round_advance(round_id=round_id) is None
    assert director.tournament(bad["id"])["problem"] is None
    monkeypatch.undo()
    services.clock_tick()
    assert director.tournament(bad["id"])["round"] == 2
