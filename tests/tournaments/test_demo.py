"""The demo club evening: a Swiss of 10 teams in its second round, two tables finished,
loaded once, its desk and public page printed and both open."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments import selectors

pytestmark = pytest.mark.django_db


def test_the_demo_evening_is_a_swiss_in_round_two_with_tables_finished(client):
    out = StringIO()
    call_command("load_demo_tournament", base_url="http://testserver", stdout=out)
    desk = re.search(r"desk \(the director's key\): http://testserver(/d/[^/]+/)", out.getvalue())
    public = re.search(r"public page: http://testserver(/p/[^/]+/)", out.getvalue())
    assert desk and public
    assert client.get(desk.group(1)).status_code == 200
    page = client.get(public.group(1))
    assert page.status_code == 200 and "Aces" in page.content.decode()
    tournament = selectors.tournament_by_token(desk.group(1).split("/")[2])[0]
    assert (tournament.status, tournament.round) == ("running", 2)
    pairings = selectors.rounds_data(tournament, director=True)[1]["pairings"]
    statuses = [p["status"] for p in pairings]
    assert len(pairings) == 5 and statuses.count("finished") == 2
    again = StringIO()
    call_command("load_demo_tournament", base_url="http://testserver", stdout=again)
    assert desk.group(0) in again.getvalue()  # loaded once: the same evening printed
