"""The director's result form on the desk: the games asked only where the stage plays more
than one game, the forfeit first, a forfeit shown as one (desk and public rows), and the
removal of a director's result said and audited as a removal."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, tarneeb
from tournaments.models import ResultChange

pytestmark = pytest.mark.django_db(transaction=True)


def _pairing(html: str, number: int, slot: int) -> str:
    opening = rf'<li class="pairing[^"]*" id="pairing-{number}-{slot}">'
    found = re.search(opening + ".*?</li>", html, re.S)
    assert found, html[:500]
    return html_lib.unescape(found.group(0))


def test_games_are_asked_only_where_the_stage_plays_more_than_one(director: Director) -> None:
    one = tarneeb(director, 4)
    director.start(one)
    page = Client().get(f"/d/{one['id']}/").content.decode()
    assert 'name="games_0"' not in page and "Games won" not in page
    two = tarneeb(
        director, 4, stages=[{"format": "swiss", "rounds": 3, "games_to_win": 2}], name="Bella"
    )
    director.start(two)
    page = Client().get(f"/d/{two['id']}/").content.decode()
    assert 'name="games_0"' in page and 'max="2"' in page


def test_the_forfeit_comes_first_and_shows_as_a_forfeit(director: Director) -> None:
    t = tarneeb(director, 4)
    absent, present = director.start(t)["rounds"][0]["pairings"][0]["entries"]
    client = Client()
    row = _pairing(client.get(f"/d/{t['id']}/").content.decode(), 1, 1)
    assert row.index("/forfeit/") < row.index("Set the result")
    url = f"/d/{t['id']}/rounds/1/pairings/1/"
    assert client.post(url + "forfeit/", {"forfeit": absent, "sure": "on"}).status_code == 302
    row = _pairing(client.get(f"/d/{t['id']}/").content.decode(), 1, 1)
    result = re.search(r'<span class="pairing-result[^"]*">(.*?)</span>', row, re.S).group(1)
    assert f"Forfeit: Team {absent} did not come" in result
    assert not re.search(r"\d", result.replace(f"Team {absent}", ""))  # no points shown
    assert "Forfeit recorded by the director" in row
    public = Client().get(f"/p/{t['view_id']}/").content.decode()
    assert f"Forfeit: Team {absent} did not come" in html_lib.unescape(public)
    entry = Client().get(f"/p/{t['view_id']}/entries/{present}/").content.decode()
    assert f"Forfeit: Team {absent} did not come" in html_lib.unescape(entry)
    assert present


def test_removing_a_directors_result_is_audited_and_shown_as_a_removal(director: Director) -> None:
    t = tarneeb(director, 4)
    first = director.start(t)["rounds"][0]["pairings"][0]["entries"][0]
    client = Client()
    url = f"/d/{t['id']}/rounds/1/pairings/1/"
    body = {"outcome": str(first), "points_0": "300", "points_1": "100"}
    assert client.post(url + "result/", body).status_code == 302
    assert client.post(url + "remove/", {"sure": "on"}).status_code == 302
    assert list(ResultChange.objects.filter(slot=1).values_list("action", flat=True)) == [
        "result",
        "removed",
    ]
    row = _pairing(client.get(f"/d/{t['id']}/").content.decode(), 1, 1)
    assert "Director's result removed" in row
