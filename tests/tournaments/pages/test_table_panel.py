"""At the table: the tournament panel on the match page says why the match ended or how
long it goes on, names the teams, and never gives a stale instruction."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, entries


def _panel(tournament: dict[str, Any], pairing: dict[str, Any], lang: str = "en") -> str:
    url = f"/p/{tournament['view_id']}/match/{pairing['match_view']}/panel/"
    response = Client().get(url, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_panel_says_why_and_names_the_teams(director: Director) -> None:
    tournament = director.create(
        variant="tarneeb",
        entries=entries(4),
        stages=[{"format": "swiss", "rounds": 3}],
        hands_per_match=2,
    )
    director.start(tournament)
    first = director.round(tournament, 1)["pairings"][0]
    html = _panel(tournament, first)
    assert "0 of 2 hands played: the match ends after hand 2." in html
    assert f"<bdi>Team {first['entries'][0]}</bdi>" in html
    assert f"<bdi>Team {first['entries'][1]}</bdi>" in html
    director.play_round(tournament, 1)
    html = _panel(tournament, first)
    assert "The director entered the result of this match." in html
    assert "go to table" in html  # round 2 is in play
    director.play_round(tournament, 2)
    html = _panel(tournament, first)
    assert "go to table" not in html and "moved on" in html


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["fr", "it", "ar", "fa", "hy"])
def test_the_reason_is_in_the_pages_language(director: Director, lang: str) -> None:
    tournament = director.create(
        variant="tarneeb",
        entries=entries(4),
        stages=[{"format": "swiss", "rounds": 3}],
        hands_per_match=2,
    )
    director.start(tournament)
    first = director.round(tournament, 1)["pairings"][0]
    assert "hands played" not in _panel(tournament, first, lang)
    director.play_round(tournament, 1)
    assert "The director entered" not in _panel(tournament, first, lang)


@pytest.mark.django_db(transaction=True)
def test_a_forfeit_is_said_as_a_forfeit(director: Director) -> None:
    tournament = director.create(
        variant="tarneeb", entries=entries(4), stages=[{"format": "swiss", "rounds": 3}]
    )
    director.start(tournament)
    first = director.round(tournament, 1)["pairings"][0]
    director.result(tournament, 1, first["slot"], forfeit=first["entries"][1])
    html = _panel(tournament, first)
    assert "Ended by a forfeit" in html
    assert "The director entered the result" not in html
