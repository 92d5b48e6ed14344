"""A format registered by one module is played through the whole API, services untouched."""

from __future__ import annotations

from tests.tournaments.brackets.ladder import Ladder, registered
from tests.tournaments.conftest import entries


def test_a_new_format_is_played_through_the_api(director):
    with registered(Ladder):
        played(director)


def played(director) -> None:
    t = director.create(entries=entries(4), stages=[{"format": "test_ladder", "rounds": 1}])
    assert t["stages"] == [{"format": "test_ladder", "rounds": 1, "groups": 1}]
    started = director.start(t)
    assert started["status"] == "running"
    first = director.round(t, 1)
    assert [p["entries"] for p in first["pairings"]] == [[1, 2], [3, 4]]


def test_an_unknown_format_is_still_a_400(director):
    response = director.post(
        "/api/tournaments/",
        {"name": "X", "variant": "coinche", "stages": [{"format": "test_ladder"}]},
    )
    assert response.status_code == 400 and "stages.0.format" in response.json()
