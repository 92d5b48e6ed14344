"""A match cancelled by a redraw or a swap: its page says so and points to the new table."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, tarneeb

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_redrawn_matchs_page_points_to_the_new_tables(director: Director) -> None:
    t = tarneeb(director, 8, stages=[{"format": "swiss", "rounds": 3, "pairing": "random"}])
    old = director.start(t)["rounds"][0]["pairings"][0]
    director.post(f"/api/tournaments/{t['id']}/rounds/1/redraw/")
    now = {n: p["table"] for p in director.round(t, 1)["pairings"] for n in p["entries"]}
    html = Client().get(f"/m/{old['match_view']}/").content.decode()
    assert "This match was cancelled" in html
    for number in old["entries"]:
        assert f"Team {number}: go to table {now[number]}" in html
    french = Client().get(f"/m/{old['match']}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Ce match est annulé" in french


def test_after_an_undone_start_the_page_says_cancelled_with_no_table(director: Director) -> None:
    t = tarneeb(director, 4)
    old = director.start(t)["rounds"][0]["pairings"][0]
    director.post(f"/api/tournaments/{t['id']}/unstart/")
    html = Client().get(f"/m/{old['match_view']}/").content.decode()
    assert "This match was cancelled" in html and "go to table" not in html
