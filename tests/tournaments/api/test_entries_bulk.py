"""Entries in bulk: ``POST …/entries/`` with a list adds all or none, ``201`` with the
list; a refusal names the entry by its index (``entries[3].players[1]``)."""

from __future__ import annotations

import json

import pytest

from tests.tournaments.conftest import entries
from tournaments.models import Entry

BULK = 10_240


def _url(t: dict) -> str:
    return f"/api/tournaments/{t['id']}/entries/"


def test_a_list_of_entries_is_added_whole(director):
    t = director.create(entries=entries(2))
    new = [{"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(3, 6)]
    response = director.post(_url(t), new)
    assert response.status_code == 201, response.json()
    assert [(e["number"], e["name"], e["active"]) for e in response.json()] == [
        (3, "Team 3", True),
        (4, "Team 4", True),
        (5, "Team 5", True),
    ]
    assert [e["number"] for e in director.get(_url(t)).json()] == [1, 2, 3, 4, 5]
    one = director.post(_url(t), {"name": "Team 6", "players": ["a", "b"]})
    assert one.status_code == 201 and one.json()["number"] == 6


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({3: {"name": "Team 4", "players": ["x", "Bad\u202e"]}}, "entries[3].players[1]"),
        ({1: {"name": "Tab\tname", "players": ["x", "y"]}}, "entries[1].name"),
        ({2: {"name": "Team 1", "players": ["x", "y"]}}, "entries[2].name"),
        ({4: {"name": "Team 5", "players": ["x"]}}, "entries[4].players"),
        ({0: {"name": "Team 1", "players": ["x", "y"], "seed": 0}}, "entries[0].seed"),
        ({2: {"name": "Team 3", "players": ["x", "y"], "colour": 1}}, "entries[2].colour"),
        ({2: "Team 3"}, "entries[2]"),
    ],
)
def test_a_refused_entry_is_named_by_its_index_and_nothing_is_added(director, change, field):
    t = director.create(entries=[{"name": "Team 1", "players": ["a", "b"]}])
    new = [{"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(2, 7)]
    for index, entry in change.items():
        new[index] = entry
    response = director.post(_url(t), new)
    assert response.status_code == 400 and list(response.json()) == [field], response.json()
    assert Entry.objects.count() == 1


def test_an_empty_list_is_a_400(director):
    t = director.create()
    response = director.post(_url(t), [])
    assert response.status_code == 400 and "entries" in response.json()


def test_a_list_is_refused_once_entries_are_closed(director):
    t = director.create(entries=entries(4), stages=[{"format": "single_elimination"}])
    director.start(t)
    response = director.post(_url(t), [{"name": "Late", "players": ["a", "b"]}])
    assert response.status_code == 409 and Entry.objects.count() == 4


def test_10240_entries_in_one_request(director):
    t = director.create()
    new = [
        {"name": f"Équipe n° {n}", "players": [f"Joueur {n}a", f"Joueur {n}b"], "seed": n}
        for n in range(1, BULK + 1)
    ]
    assert len(json.dumps(new)) > 64 * 1024  # far above any other body's limit
    # Its speed is measured by `make bench` (entries_10240_bulk_s), not here.
    response = director.post(_url(t), new)
    assert response.status_code == 201, response.json()
    assert len(response.json()) == BULK and response.json()[-1]["number"] == BULK
    assert Entry.objects.count() == BULK


def test_other_bodies_keep_their_limit(director):
    t = director.create(entries=entries(2))
    huge = {"name": "x" * (70 * 1024), "players": ["a", "b"]}
    response = director.post(f"/api/tournaments/{t['id']}/rounds/next/", huge)
    assert response.status_code == 400
