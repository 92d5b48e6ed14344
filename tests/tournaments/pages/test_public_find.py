"""A page a phone can carry (tournaments.md, Speed): the public page's first load holds no
whole list; "find your table" asks for the few names that hold what is typed, and the
brackets come after the page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, entries
from tournaments.pages import public_parts

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_version_cache(settings: Any) -> None:
    settings.TOURNAMENT_POLL_CACHE_SECONDS = 0


def _started(director: Director, count: int = 8, **fields: Any) -> dict[str, Any]:
    rows = entries(count)
    rows[2]["name"] = "Les Chênes"
    tournament = director.create(variant="tarneeb", entries=rows, **fields)
    director.post(f"/api/tournaments/{tournament['id']}/start/")
    return director.tournament(tournament["id"])


def _names(html: str) -> list[str]:
    return re.findall(r'<span class="find-name">([^<]*)</span>', html)


def _table_of(tournament: dict[str, Any], entry: int) -> int:
    pairings = tournament["rounds"][0]["pairings"]
    return next(p["table"] for p in pairings if entry in p["entries"])


def test_the_first_load_holds_no_find_list_and_no_brackets(director: Director) -> None:
    tournament = _started(director, stages=[{"format": "single_elimination"}])
    html = Client().get(f"/p/{tournament['view_id']}/").content.decode()
    assert '<ul id="find-list" class="find-list"></ul>' in html
    assert re.search(r'id="live-bracket" data-part data-lazy [^>]*data-etag=""></div>', html)
    assert "<svg" not in html
    bracket = Client().get(f"/p/{tournament['view_id']}/live/bracket/").content.decode()
    assert "<svg" in bracket  # fetched by the page once shown


def test_find_answers_the_names_that_hold_what_is_typed(director: Director) -> None:
    tournament = _started(director)
    url = f"/p/{tournament['view_id']}/live/tables/"
    found = Client().get(url, {"q": "p7A "})
    assert found.status_code == 200
    assert _names(found.content.decode()) == ["P7a"]
    assert f"table {_table_of(tournament, 7)}" in found.content.decode()
    chene = _names(Client().get(url, {"q": "chene"}).content.decode())
    assert chene == ["Les Chênes", "P3a", "P3b"]  # the team's players are found with it
    assert _names(Client().get(url, {"q": ""}).content.decode()) == []
    assert _names(Client().get(url).content.decode()) == []


def test_find_shows_a_few_names_at_most(director: Director, monkeypatch) -> None:
    monkeypatch.setattr(public_parts, "FIND_ROWS", 5)
    tournament = _started(director, 16)
    found = Client().get(f"/p/{tournament['view_id']}/live/tables/", {"q": "p"})
    assert len(_names(found.content.decode())) == 5


def test_find_is_under_the_tables_etag_and_answers_304(director: Director) -> None:
    tournament = _started(director)
    base = f"/p/{tournament['view_id']}/live/"
    found = Client().get(f"{base}tables/", {"q": "Team"})
    assert found["ETag"] == Client().get(f"{base}tables/", {"q": "P1a"})["ETag"]
    named = found["ETag"].replace('"', "&quot;")  # the live part names it
    assert f'data-find-tables="{named}"' in Client().get(base).content.decode()
    again = Client().get(f"{base}tables/", {"q": "Team"}, HTTP_IF_NONE_MATCH=found["ETag"])
    assert again.status_code == 304


def test_find_refuses_a_query_longer_than_any_name(director: Director) -> None:
    tournament = _started(director, 4)
    response = Client().get(f"/p/{tournament['view_id']}/live/tables/", {"q": "x" * 201})
    assert response.status_code == 400
    assert Client().get("/p/nosuchlink/live/tables/", {"q": "a"}).status_code == 404
