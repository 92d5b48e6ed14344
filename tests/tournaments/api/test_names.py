"""One rule for names (``scorekeeper.rules.names``): a tournament's, an entry's and its
players' names are refused as a match's players are, the field named with its index, in
the request's language, nothing stored."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.conftest import entries
from tournaments.models import Entry, Tournament

ZWNJ = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # Persian: the ZWNJ is kept
BAD = {
    "bidi": "Les\u202eAs",
    "isolate": "\u2066Les As",
    "zero-width": "Les\u200bAs",
    "control": "Les\x07As",
    "newline": "Les\nAs",
    "line separator": "Les\u2028As",
    "tab": "Les\tAs",
}
SWISS = [{"format": "swiss", "rounds": 2}]


def _create(director: Any, **fields: Any) -> Any:
    body = {"name": "Friday", "variant": "coinche", "stages": SWISS, **fields}
    return director.post("/api/tournaments/", body)


def _refused(response: Any, field: str) -> None:
    assert response.status_code == 400, response.json()
    assert list(response.json()) == [field], response.json()
    assert not Tournament.objects.exists() and not Entry.objects.exists()


@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
def test_a_bad_tournament_name_is_refused(director, bad):
    _refused(_create(director, name=bad), "name")


@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
def test_a_bad_entry_name_is_refused_naming_the_entry(director, bad):
    teams = entries(4)
    teams[0]["name"] = bad
    _refused(_create(director, entries=teams), "entries[0].name")


@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
def test_a_bad_player_name_is_refused_naming_the_entry_and_the_player(director, bad):
    teams = entries(5)
    teams[3]["players"][1] = bad
    _refused(_create(director, entries=teams), "entries[3].players[1]")


def test_names_are_stored_nfc_and_zwnj_is_kept(director):
    teams = entries(2)
    teams[0]["name"], teams[1]["players"][0] = ZWNJ, "Rene\u0301"
    t = director.create(name=f"  {ZWNJ} ", entries=teams)
    assert t["name"] == ZWNJ and t["entries"][0]["name"] == ZWNJ
    assert t["entries"][1]["players"][0] == "Ren\u00e9"


def test_a_player_name_longer_than_a_matchs_is_refused_before_the_start(director):
    teams = entries(2)
    teams[1]["players"][1] = "x" * 41  # a match's player has at most 40 characters
    _refused(_create(director, entries=teams), "entries[1].players[1]")


def test_a_refusal_is_in_the_requests_language(director):
    response = director.post(
        "/api/tournaments/",
        {"name": "Les\u202eAs", "variant": "coinche", "stages": SWISS},
        **{"Accept-Language": "fr"},
    )
    assert response.status_code == 400
    assert response.json()["name"] == [
        "Un nom ne peut pas contenir de caractères invisibles qui changent le sens du texte."
    ]


@pytest.mark.parametrize("bad", ["Late\u202e", "La\u200bte", "La\nte"])
def test_a_late_entry_with_a_bad_name_is_refused_and_the_round_goes_on(director, bad):
    t = director.create(entries=entries(4))
    director.start(t)
    url = f"/api/tournaments/{t['id']}/entries/"
    named = director.post(url, {"name": bad, "players": ["a", "b"]})
    assert named.status_code == 400 and list(named.json()) == ["name"]
    player = director.post(url, {"name": "Late", "players": ["a", bad]})
    assert player.status_code == 400 and list(player.json()) == ["players[1]"]
    renamed = director.patch(f"{url}1/", {"name": bad})
    assert renamed.status_code == 400 and list(renamed.json()) == ["name"]
    assert Entry.objects.count() == 4 and not Entry.objects.filter(name__contains="\u202e")
    director.play_round(t, 1)
    assert director.tournament(t["id"])["round"] == 2
