"""The demo club evening: a Swiss of 10 teams in its second round, two tables finished,
loaded once, its desk and public page printed and both open."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments import demo, selectors

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


def _home(client, language: str) -> str:
    return client.get("/", headers={"accept-language": language}).content.decode()


@pytest.mark.parametrize(
    ("language", "title"),
    [("en", "Demo tournament"), ("ar", "بطولة تجريبية"), ("hy", "Ցուցադրական մրցաշար")],
)
def test_the_home_page_links_the_demo_evening_once_it_is_loaded(client, language, title):
    # a fresh site: the home page stands, with no demo evening
    page = client.get("/", headers={"accept-language": language})
    assert page.status_code == 200 and title not in page.content.decode()
    call_command("load_demo_tournament", base_url="http://testserver", stdout=StringIO())
    tournament = demo.evening()
    page = _home(client, language)
    section = page.split('id="demo-1"', 1)[1].split("</section>", 1)[0]
    assert title in section and demo.NAME in section
    assert f'href="/p/{tournament.view_id}/"' in section
    assert f'href="/d/{tournament.pk}/"' in section
    assert client.get(f"/p/{tournament.view_id}/").status_code == 200


def test_a_tournament_named_as_the_demo_is_not_on_the_home_page(director, client):
    """Only the evening the command loads is the demo: a tournament created through the site
    under its name is not linked from the home page (nor is its director's key)."""
    created = director.create(name=demo.NAME)
    assert demo.evening() is None
    page = _home(client, "en")
    assert "Demo tournament" not in page and created["id"] not in page
