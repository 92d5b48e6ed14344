"""The desk's settings (what the tournament's PATCH allows, the hold releasable at any
time), the start that asks first when nobody is checked in, and the creation form's
confirmation by the other side and best of three in the knockout only."""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, tarneeb, won_by
from tournaments import selectors
from tournaments.models import ResultChange, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

TEAMS = "\n".join(f"{n}. Team {n}: P{n}a, P{n}b" for n in range(1, 9))


def _settings(client: Client, t: dict, **changed: Any) -> Any:
    body = {
        "name": "Friday tarneeb",
        "hands_per_match": "1",  # as tarneeb() creates it: the form posts it back
        "round_minutes": "",
        "break_minutes": "5",
        **changed,
    }
    return client.post(f"/d/{t['id']}/settings/", {k: v for k, v in body.items() if v is not None})


def test_the_settings_save_what_the_patch_allows(director: Director) -> None:
    t = tarneeb(director, 4, name="Friday tarneeb")
    director.start(t)
    client = Client()
    page = client.get(f"/d/{t['id']}/").content.decode()
    assert 'id="settings"' in page and 'name="confirm_results"' in page and 'name="hold"' in page
    response = _settings(
        client,
        t,
        name="Saturday",
        round_minutes="40",
        break_minutes="3",
        confirm_results="on",
        hold="on",
    )
    assert response.status_code == 302
    row = Tournament.objects.get()
    assert (row.name, row.round_minutes, row.break_minutes) == ("Saturday", 40, 3)
    assert row.confirm_results is True and row.auto_advance is False
    assert ResultChange.objects.filter(action="settings").count() == 1
    page = html_lib.unescape(client.get(f"/d/{t['id']}/").content.decode())
    assert "Settings saved." in page and 'value="Saturday"' in page


def test_a_refused_setting_is_said_by_the_section_and_nothing_is_stored(
    director: Director,
) -> None:
    t = tarneeb(director, 4, name="Friday tarneeb")
    client = Client()
    refused = _settings(client, t, name="", round_minutes="40")
    page = refused.content.decode()
    assert refused.status_code == 400 and 'id="error-settings"' in page
    assert re.search(r'<details class="desk-section desk-settings" id="settings" open>', page)
    assert Tournament.objects.get().round_minutes is None
    assert _settings(client, t, break_minutes="many").status_code == 400


def test_the_hold_is_released_while_a_round_is_complete(director: Director) -> None:
    t = tarneeb(director, 4, auto_advance=False, name="Friday tarneeb")
    director.start(t)
    director.play_round(t, 1)
    assert director.tournament(t["id"])["round"] == 1  # held: round 1 complete, no round 2
    client = Client()
    page = client.get(f"/d/{t['id']}/").content.decode()
    assert re.search(r'name="hold" id="settings-hold" checked', page)
    assert _settings(client, t).status_code == 302  # the hold unticked
    assert Tournament.objects.get().auto_advance is True
    assert director.tournament(t["id"])["round"] == 2  # a complete round advances at once


def test_the_start_with_nobody_checked_in_asks_first(director: Director) -> None:
    t = tarneeb(director, 4)
    page = html_lib.unescape(Client().get(f"/d/{t['id']}/").content.decode())
    step = re.search(r'<details class="confirm-step start-step".*?</details>', page, re.S)
    assert step, "the start is a confirm step"
    assert "Nobody is checked in: start with every entry (4)?" in step.group(0)
    assert 'id="start-confirm"' in step.group(0) and "/start/" in step.group(0)


def _post_new(client: Client, **fields: Any) -> Tournament:
    body = {
        "name": "Friday belote",
        "preset": "swiss_top",
        "rounds": "3",
        "advance": "4",
        "tiebreaks": "default",
        "auto_advance": "on",
        "entries": TEAMS,
        "break_minutes": "5",
        "games_to_win": "1",
        "at_time": "finish_hand",
        **fields,
    }
    response = client.post("/tournaments/new/belote/", body)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Tournament.objects.get(pk=response["Location"].split("/")[2])


def test_the_creation_form_sets_the_confirmation_and_la_bella_for_the_knockout_only(
    director: Director,
) -> None:
    client = Client()
    form = client.get("/tournaments/new/belote/").content.decode()
    assert 'name="confirm_results"' in form and 'value="knockout"' in form
    tournament = _post_new(client, confirm_results="on", games_to_win="knockout")
    data = selectors.tournament_data(tournament, director=True)
    assert data["confirm_results"] is True and data["games_to_win"] == 1
    assert data["stages"][0].get("games_to_win", 1) == 1
    assert data["stages"][1]["games_to_win"] == 2
    plain = _post_new(client, name="Plain")
    assert selectors.tournament_data(plain, director=True)["confirm_results"] is False


def test_the_hand_limit_is_changed_on_the_desk_as_by_the_patch(director: Director) -> None:
    t = tarneeb(director, 4, name="Friday tarneeb")  # one hand per match
    director.start(t)
    client = Client()
    page = client.get(f"/d/{t['id']}/").content.decode()
    assert re.search(r'id="settings-hands-per-match" name="hands_per_match"[^>]*value="1"', page)
    assert _settings(client, t, hands_per_match="6").status_code == 302
    assert Tournament.objects.get().hands_per_match == 6
    assert ResultChange.objects.get(action="settings").after == {"hands_per_match": 6}
    match = director.tournament(t["id"])["rounds"][0]["pairings"][0]["match"]
    for _ in range(2):
        director.hand({"id": match}, won_by(0))  # the table is at hand 3
    body = {"name": "Friday tarneeb", "break_minutes": "5", "hands_per_match": "2"}
    refused = client.post(f"/d/{t['id']}/settings/", body, HTTP_ACCEPT_LANGUAGE="hy")
    page = html_lib.unescape(refused.content.decode())
    assert refused.status_code == 400 and 'id="error-settings"' in page
    assert "3" in page and "սեղանն արդեն" in page  # in the page's language, the table named
    assert re.search(r'name="hands_per_match"[^>]*value="2" aria-invalid="true"', page)
    assert Tournament.objects.get().hands_per_match == 6
    assert _settings(client, t, hands_per_match="").status_code == 302  # no limit
    assert Tournament.objects.get().hands_per_match is None
