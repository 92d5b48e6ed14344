"""The desk's controls for the changes during the event, through the real URL stack: each a
plain form, with no winner chosen in advance and a confirmation for what cannot be undone."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, tarneeb, won_by
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def _desk(t: dict) -> str:
    return f"/d/{t['id']}/"


def test_the_directors_result_has_no_winner_chosen_in_advance(director: Director) -> None:
    t = tarneeb(director, 4)
    director.start(t)
    client = Client()
    html = client.get(_desk(t)).content.decode()
    radios = re.findall(r'<input type="radio" name="outcome"[^>]*>', html)
    assert radios and not any("checked" in radio for radio in radios)
    url = f"{_desk(t)}rounds/1/pairings/1/result/"
    response = client.post(url, {"points_0": "10", "points_1": "0"})
    assert response.status_code == 400 and "there is no default" in response.content.decode()
    assert Pairing.objects.get(round__number=1, slot=1).status == "in_progress"


def test_a_winner_with_fewer_points_asks_for_a_confirmation(director: Director) -> None:
    t = tarneeb(director, 4)
    first = director.start(t)["rounds"][0]["pairings"][0]["entries"][0]
    client = Client()
    url = f"{_desk(t)}rounds/1/pairings/1/result/"
    body = {"outcome": str(first), "points_0": "3", "points_1": "10"}
    asked = client.post(url, body)
    page = asked.content.decode()
    assert asked.status_code == 400 and 'name="fewer"' in page
    assert 'value="3"' in page and 'value="10"' in page  # the form comes back as posted
    assert client.post(url, {**body, "fewer": "on"}).status_code == 302
    row = Pairing.objects.get(round__number=1, slot=1)
    assert (row.winner, row.points, row.source) == (first, [3, 10], "director")


def test_redraw_and_undo_the_start_ask_to_be_sure(director: Director) -> None:
    t = tarneeb(director, 8)
    before = director.start(t)["rounds"][0]["pairings"]
    client = Client()
    html = client.get(_desk(t)).content.decode()
    assert "Redraw this round" in html and "Undo the start" in html
    assert client.post(f"{_desk(t)}rounds/1/redraw/").status_code == 400
    assert client.post(f"{_desk(t)}rounds/1/redraw/", {"sure": "on"}).status_code == 302
    after = director.round(t, 1)["pairings"]
    assert {p["match"] for p in before}.isdisjoint(p["match"] for p in after)
    assert client.post(f"{_desk(t)}unstart/").status_code == 400
    assert client.post(f"{_desk(t)}unstart/", {"sure": "on"}).status_code == 302
    assert Tournament.objects.get().status == "registration"


def test_swap_and_hold_from_the_desk(director: Director) -> None:
    t = tarneeb(director, 8)
    director.start(t)
    client = Client()
    assert client.post(f"{_desk(t)}rounds/1/swap/", {"first": 5, "second": 6}).status_code == 302
    assert [p["entries"] for p in director.round(t, 1)["pairings"][:2]] == [[1, 6], [2, 5]]
    refused = client.post(f"{_desk(t)}rounds/1/swap/", {"first": 5, "second": 99})
    assert refused.status_code == 400 and "does not play" in refused.content.decode()
    assert client.post(f"{_desk(t)}hold/").status_code == 302
    assert Tournament.objects.get().auto_advance is False
    assert "Draw the next rounds by themselves again" in client.get(_desk(t)).content.decode()
    client.post(f"{_desk(t)}hold/", {"auto_advance": "on"})
    assert Tournament.objects.get().auto_advance is True


def test_forfeit_and_removal_of_the_directors_result(director: Director) -> None:
    t = tarneeb(director, 4)
    absent, present = director.start(t)["rounds"][0]["pairings"][0]["entries"]
    client = Client()
    url = f"{_desk(t)}rounds/1/pairings/1/"
    assert client.post(url + "forfeit/", {"forfeit": absent}).status_code == 400
    assert client.post(url + "forfeit/", {"forfeit": absent, "sure": "on"}).status_code == 302
    row = Pairing.objects.get(round__number=1, slot=1)
    assert (row.forfeit, row.winner) == (absent, present)
    assert "Remove the director's result" in client.get(_desk(t)).content.decode()
    assert client.post(url + "remove/", {"sure": "on"}).status_code == 302
    assert Pairing.objects.get(round__number=1, slot=1).status == "in_progress"


def test_the_director_confirms_or_disputes_a_result(director: Director) -> None:
    t = tarneeb(director, 4, confirm_results=True)
    first = director.start(t)["rounds"][0]["pairings"]
    director.hand({"id": first[0]["match"]}, won_by(0))
    director.hand({"id": first[1]["match"]}, won_by(0))
    client = Client()
    assert "awaiting confirmation" in client.get(_desk(t)).content.decode()
    url = f"{_desk(t)}rounds/1/pairings/"
    assert client.post(url + "2/confirm/", {"agree": "0"}).status_code == 302
    assert "disputed" in client.get(_desk(t)).content.decode()
    assert client.post(url + "1/confirm/", {"agree": "1"}).status_code == 302
    assert client.post(url + "2/confirm/", {"agree": "1"}).status_code == 302
    assert Tournament.objects.get().round == 2
