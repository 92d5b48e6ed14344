"""Every bad input of the contract's list: 400 naming the field, nothing stored."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.conftest import entries
from tournaments.models import Entry, Stage, Tournament

SWISS = [{"format": "swiss", "rounds": 2}]


def _team(name: str, seed: Any = None, players: Any = None) -> dict[str, Any]:
    data = {"name": name, "players": players if players is not None else [f"{name}1", f"{name}2"]}
    if seed is not None:
        data["seed"] = seed
    return data


BAD = [
    ({"variant": "bridge"}, "variant"),
    ({"variant": "trionfo"}, "variant"),
    ({"variant": 3}, "variant"),
    ({"stages": [{"format": "ladder"}]}, "stages.0.format"),
    ({"stages": [{"rounds": 2}]}, "stages.0.format"),
    ({"options": {"nonsense": 1}}, "options"),
    ({"options": {"target": "high"}}, "options"),
    ({"games_to_win": 3}, "games_to_win"),
    ({"tiebreaks": ["match_points", "luck"]}, "tiebreaks"),
    ({"tiebreaks": ["match_points", "match_points"]}, "tiebreaks"),
    ({"tiebreaks": "match_points"}, "tiebreaks"),
    ({"stages": [{"format": "swiss", "rounds": 0}]}, "stages.0.rounds"),
    ({"stages": [{"format": "swiss", "rounds": "three"}]}, "stages.0.rounds"),
    ({"stages": [{"format": "swiss", "rounds": 2, "colour": "red"}]}, "stages.0.colour"),
    ({"stages": [{"format": "round_robin", "groups": 0}]}, "stages.0.groups"),
    (
        {
            "stages": [
                *SWISS,
                {"format": "single_elimination", "advance": 4},
                {"format": "single_elimination", "advance": 2},
            ]
        },
        "stages",
    ),
    ({"stages": []}, "stages"),
    ({"stages": "swiss"}, "stages"),
    ({"stages": [*SWISS, {"format": "single_elimination"}]}, "stages.1.advance"),
    ({"stages": [{"format": "swiss", "rounds": 2, "advance": 4}]}, "stages.0.advance"),
    ({"entries": [_team("A", players=["A1"])]}, "entries[0].players"),
    ({"entries": [_team("A", players=["A1", "A2", "A3"])]}, "entries[0].players"),
    ({"entries": [_team("A", players=["A1", "A1"])]}, "entries[0].players"),
    ({"entries": [_team("")]}, "entries[0].name"),
    ({"entries": [_team("  ")]}, "entries[0].name"),
    ({"entries": [_team("A"), _team("A")]}, "entries[1].name"),
    ({"entries": [_team("A", seed=0)]}, "entries[0].seed"),
    ({"entries": [_team("A", seed=-2)]}, "entries[0].seed"),
    ({"entries": [_team("A", seed=1.5)]}, "entries[0].seed"),
    ({"entries": [_team("A", seed="1")]}, "entries[0].seed"),
    ({"entries": [_team("A", seed=True)]}, "entries[0].seed"),
    ({"entries": [_team("A", seed=1), _team("B", seed=1)]}, "entries[1].seed"),
    ({"entries": [{"name": "A", "players": ["a", "b"], "colour": 1}]}, "entries[0].colour"),
    ({"entries": ["A"]}, "entries[0]"),
    ({"entries": {"A": 1}}, "entries"),
    ({"name": ""}, "name"),
    ({"name": 12}, "name"),
    ({"colour": "red"}, "colour"),
    ({"at_time": "never"}, "at_time"),
    ({"auto_advance": "yes"}, "auto_advance"),
    ({"hands_per_match": 0}, "hands_per_match"),
    ({"round_minutes": -5}, "round_minutes"),
    ({"break_minutes": "5"}, "break_minutes"),
    ({"bye_points": "x"}, "bye_points"),
]


@pytest.mark.parametrize(("change", "field"), BAD)
def test_bad_tournaments_are_400_naming_the_field(director, change, field):
    body = {"name": "Bad", "variant": "coinche", "stages": SWISS, **change}
    response = director.post("/api/tournaments/", body)
    assert response.status_code == 400, response.json()
    errors = response.json()
    assert any(key == field or key.startswith(field + ".") for key in errors), errors
    assert all(
        isinstance(message, str) and message for value in errors.values() for message in value
    )
    assert not (Tournament.objects.exists() or Entry.objects.exists() or Stage.objects.exists())


def test_a_belote_2p_entry_is_one_player(director):
    response = director.post(
        "/api/tournaments/",
        {"name": "Duel", "variant": "belote_2p", "stages": SWISS, "entries": [_team("A")]},
    )
    assert response.status_code == 400 and "entries[0].players" in response.json()
    ok = director.create(variant="belote_2p", entries=entries(3, size=1))
    assert ok["entries"][0]["players"] == ["P1a"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "Team 1", "players": ["x", "y"]}, "name"),
        ({"name": "team 1 ", "players": ["x", "y"]}, "name"),
        ({"name": "New", "players": ["x", "y"], "seed": 2}, "seed"),
        ({"name": "New", "players": ["x"]}, "players"),
        ({"name": "New"}, "players"),
        ({"players": ["x", "y"]}, "name"),
        ({"name": "New", "players": ["x", "y"], "extra": 1}, "extra"),
    ],
)
def test_bad_entries_are_400(director, body, field):
    t = director.create(entries=entries(2))
    response = director.post(f"/api/tournaments/{t['id']}/entries/", body)
    assert response.status_code == 400 and field in response.json(), response.json()
    assert Entry.objects.count() == 2
    patched = director.patch(f"/api/tournaments/{t['id']}/entries/1/", {"name": "Team 2"})
    assert patched.status_code == 400 and "name" in patched.json()
