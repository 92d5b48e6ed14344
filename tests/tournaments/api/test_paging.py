"""Answers a phone can carry (tournaments.md, Speed): ``start`` without its rounds, rounds
and standings by pages (``?page=``, ``?entry=``), bad parameters refused with a 400."""

from __future__ import annotations

import pytest

from tournaments.api import paging

from ..conftest import tarneeb


@pytest.fixture
def small_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paging, "PAIRINGS_PAGE", 3)
    monkeypatch.setattr(paging, "STANDINGS_PAGE", 5)


def _started(director, count: int = 16):
    t = tarneeb(director, count)
    response = director.post(f"/api/tournaments/{t['id']}/start/")
    assert response.status_code == 200, response.json()
    return t, response


def test_start_answers_the_tournament_without_its_lists_and_links_round_one(director):
    t, response = _started(director)
    started = response.json()
    assert (started["status"], started["round"]) == ("running", 1)
    assert not {"rounds", "entries", "standings", "tables"} & started.keys()
    base = f"http://testserver/api/tournaments/{t['id']}/"
    assert started["links"] == {
        "round": base + "rounds/1/",
        "rounds": base + "rounds/",
        "standings": base + "standings/",
        "entries": base + "entries/",
    }
    assert director.get(started["links"]["round"]).json()["number"] == 1


def test_start_answer_does_not_grow_with_the_entries(director):
    _t, small = _started(director, 4)
    _t, large = _started(director, 64)
    assert abs(len(large.content) - len(small.content)) < 100


def test_a_round_is_paged_with_link_and_total_headers(director, small_pages):
    t, _response = _started(director)  # 8 pairings: pages of 3, 3 and 2
    url = f"/api/tournaments/{t['view_id']}/rounds/1/"
    first = director.get(url)
    assert [p["slot"] for p in first.json()["pairings"]] == [1, 2, 3]
    assert first["X-Total-Count"] == "8"
    assert 'page=2>; rel="next"' in first["Link"] and 'page=3>; rel="last"' in first["Link"]
    last = director.get(url + "?page=3")
    assert [p["slot"] for p in last.json()["pairings"]] == [7, 8]
    assert last.json()["number"] == 1 and "next" not in last["Link"]
    assert 'page=2>; rel="prev"' in last["Link"]


def test_entry_finds_its_table_in_a_round_and_in_every_round(director, small_pages):
    t, _response = _started(director)
    found = director.get(f"/api/tournaments/{t['id']}/rounds/1/?entry=11").json()
    (pairing,) = found["pairings"]
    assert 11 in pairing["entries"] and pairing["table"] is not None
    every = director.get(f"/api/tournaments/{t['id']}/rounds/?entry=11")
    assert [r["number"] for r in every.json()] == [1]
    assert every.json()[0]["pairings"] == [pairing]
    assert every["X-Total-Count"] == "1"


def test_the_rounds_are_paged_by_pairings(director, monkeypatch):
    t, _response = _started(director)
    director.play_round(t, 1)  # round 2 drawn: 16 pairings in all
    monkeypatch.setattr(paging, "PAIRINGS_PAGE", 3)
    url = f"/api/tournaments/{t['id']}/rounds/"
    assert director.get(url)["X-Total-Count"] == "16"
    third = director.get(url + "?page=3").json()  # pairings 7 and 8 of round 1, 1 of round 2
    assert [(r["number"], [p["slot"] for p in r["pairings"]]) for r in third] == [
        (1, [7, 8]),
        (2, [1]),
    ]


def test_standings_are_paged_and_searchable_by_entry(director, small_pages):
    t, _response = _started(director)
    url = f"/api/tournaments/{t['view_id']}/standings/"
    first = director.get(url)
    assert len(first.json()) == 5 and first["X-Total-Count"] == "16"
    assert [row["rank"] for row in director.get(url + "?page=4").json()] == [16]
    (row,) = director.get(url + "?entry=7").json()
    assert row["entry"] == 7 and row["name"] == "Team 7"
    assert director.get(url + "?stage=1&page=2").json()[0]["rank"] == 6


def test_an_unknown_entry_finds_nothing(director):
    t, _response = _started(director, 4)
    assert director.get(f"/api/tournaments/{t['id']}/standings/?entry=99").json() == []
    assert director.get(f"/api/tournaments/{t['id']}/rounds/1/?entry=99").json()["pairings"] == []


BAD = [
    ("page=0", "page"),
    ("page=abc", "page"),
    ("page=99999999999999999999999", "page"),
    ("page=2", "page"),  # past the last page
    ("entry=-1", "entry"),
    ("entry=x", "entry"),
]


def test_a_bad_page_or_entry_is_a_400_naming_it(director):
    t, _response = _started(director, 4)
    for path in ("rounds/", "rounds/1/", "standings/", "standings/?stage=1&"):
        for query, field in BAD:
            sep = "" if path.endswith("&") else "?"
            response = director.get(f"/api/tournaments/{t['id']}/{path}{sep}{query}")
            assert response.status_code == 400, (path, query, response.content)
            assert list(response.json()) == [field]
            assert "whole number" in response.json()[field][0]


def test_a_bad_page_is_refused_in_the_request_language(director):
    t, _response = _started(director, 4)
    response = director.client.get(
        f"/api/tournaments/{t['id']}/standings/?page=0", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.json() == {"page": ["Doit être un entier de 1 à 20000."]}
