"""Trionfo with a tournament's limits (clubs.md: "trionfo takes hands_per_match and time
called like any tournament: the match ends after that many hands and each player's result
is their own final score"), and a setting the start would refuse is refused at creation."""

from __future__ import annotations

import pytest

from tests.tournaments.api.test_melee import players
from tests.tournaments.api.test_melee_changes import CHIAMO, DI_PIU_LOST, _tables, _url
from tests.tournaments.api.test_melee_events import (
    SEED,
    TRIONFO_HANDS,
    TRIONFO_ROUNDS,
    TRIONFO_STANDINGS,
    _play,
    _row,
)
from tournaments.models import Stage, Tournament


def test_a_trionfo_event_with_hands_per_match_starts_and_finishes(director):
    """The 12-player event of test_melee_events, its sessions ended by hands_per_match 2
    instead of the variant's own `deals`: the same tables, scores and standings."""
    t = director.create(
        variant="trionfo",
        hands_per_match=2,
        bye_points=3,
        entries=players(12),
        stages=[{"format": "melee", "rounds": 3}],
    )
    assert t["hands_per_match"] == 2
    Stage.objects.filter(tournament_id=t["id"]).update(seed=SEED)
    director.start(t)
    _play(director, t, TRIONFO_ROUNDS, TRIONFO_HANDS, 12)
    final = director.tournament(t["id"])
    assert final["status"] == "finished" and final["champion"] == 5
    assert final["standings"] == [_row(values) for values in TRIONFO_STANDINGS]


def test_a_trionfo_table_with_a_hand_limit_is_not_closed_by_the_table(director):
    t = director.create(
        variant="trionfo",
        hands_per_match=3,
        entries=players(5),
        stages=[{"format": "melee", "rounds": 1}],
    )
    director.start(t)
    (table,) = _tables(director.round(t, 1))
    director.hand({"id": table["match"]}, CHIAMO)
    closed = director.post(f"/api/matches/{table['match']}/close/", {})
    assert closed.status_code == 409


@pytest.mark.parametrize("at_time", ["finish_hand", "one_more_hand"])
def test_time_called_ends_a_trionfo_table_with_a_hand_limit(director, at_time):
    t = director.create(
        variant="trionfo",
        hands_per_match=10,
        round_minutes=30,
        at_time=at_time,
        entries=players(5),
        stages=[{"format": "melee", "rounds": 1}],
    )
    director.start(t)
    (table,) = _tables(director.round(t, 1))
    director.hand({"id": table["match"]}, CHIAMO)
    called = director.post(_url(t, "rounds/1/clock/"), {"action": "call_time"})
    assert called.status_code == 200, called.json()
    director.hand({"id": table["match"]}, DI_PIU_LOST)
    if at_time == "one_more_hand":
        assert _tables(director.round(t, 1))[0]["status"] == "in_progress"
        director.hand({"id": table["match"]}, {"thrown_in": True})
    pairing = _tables(director.round(t, 1))[0]
    assert pairing["status"] == "finished" and pairing["points"] == [1, 4, 3, -9, 1]
    assert director.tournament(t["id"])["status"] == "finished"


STAGE_GAMES = "stages.0.games_to_win"


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"stages": [{"format": "melee", "rounds": 2, "games_to_win": 2}]}, STAGE_GAMES),
        ({"games_to_win": 2}, "games_to_win"),
        ({"hands_per_match": 0}, "hands_per_match"),
        ({"at_time": "never"}, "at_time"),
        ({"options": {"deals": 0}}, "options"),
    ],
)
def test_a_setting_the_start_would_refuse_is_refused_at_creation(director, fields, field):
    body = {
        "name": "Trionfo",
        "variant": "trionfo",
        "entries": players(5),
        "stages": [{"format": "melee", "rounds": 2}],
        **fields,
    }
    response = director.post("/api/tournaments/", body)
    assert response.status_code == 400, response.json()
    assert field in response.json(), response.json()
    assert not Tournament.objects.exists()
