"""After every change the reloaded desk says what was done (once), shows the warnings the
services answered, and offers, as a form, the action each suggests."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, tarneeb, won_by
from tournaments.models import Entry, Pairing

pytestmark = pytest.mark.django_db(transaction=True)


def _desk(t: dict) -> str:
    return f"/d/{t['id']}/"


def _notice(html: str) -> str:
    found = re.search(r'<section class="desk-notice".*?</section>', html, re.S)
    return html_lib.unescape(found.group(0)) if found else ""


def _after(client: Client, url: str, body: dict) -> str:
    """Post a desk form (PRG kept: a redirect) and read the notice of the reloaded desk."""
    response = client.post(url, body)
    assert response.status_code == 302, response.content.decode()[:2000]
    return _notice(client.get(response["Location"]).content.decode())


def test_a_result_that_changed_the_standings_offers_to_redraw_the_round_in_play(
    director: Director,
) -> None:
    t = tarneeb(director, 4)
    director.start(t)
    director.play_round(t, 1)  # the first entries win; round 2 is drawn from it
    assert director.tournament(t["id"])["round"] == 2
    loser = director.round(t, 1)["pairings"][0]["entries"][1]
    client = Client()
    body = {"outcome": str(loser), "points_0": "0", "points_1": "300"}
    response = client.post(f"{_desk(t)}rounds/1/pairings/1/result/", body)
    # a warning: the desk opens at it (the notice), not at the table's form
    assert response.status_code == 302 and response["Location"].endswith("#notice")
    notice = _notice(client.get(response["Location"]).content.decode())
    assert "Director's result set: round 1, table 1." in notice
    assert "Round 2 was drawn from the standings this result has changed" in notice
    assert 'id="offer-redraw"' in notice and "/rounds/2/redraw/" in notice
    assert "Redraw this round" in notice
    # said once: the next reload shows it no more
    assert _notice(client.get(_desk(t)).content.decode()) == ""
    # the offer works: the round in play is drawn again
    assert _after(client, f"{_desk(t)}rounds/2/redraw/", {"sure": "on"}).count("redrawn") == 1


def test_a_swap_that_makes_a_rematch_says_so_and_offers_to_swap_back(director: Director) -> None:
    t = tarneeb(director, 4)
    director.start(t)
    director.play_round(t, 1)
    first_round = [p["entries"] for p in director.round(t, 1)["pairings"]]
    second_round = [p["entries"] for p in director.round(t, 2)["pairings"]]
    # swap so that a pairing of round 1 meets again
    a, b = first_round[0]
    mate = next(pair for pair in second_round if a in pair)
    other = next(pair for pair in second_round if b in pair)
    partner = next(entry for entry in mate if entry != a)
    client = Client()
    notice = _after(client, f"{_desk(t)}rounds/2/swap/", {"first": partner, "second": b})
    assert "changed places in round 2" in notice
    assert "have already met" in notice
    assert 'id="offer-swap"' in notice
    assert f'name="first" value="{partner}"' in notice and f'name="second" value="{b}"' in notice
    assert other  # the pairings of round 2 were two


def test_a_drop_out_in_the_round_in_play_offers_its_opponent_the_bye_or_the_win(
    director: Director,
) -> None:
    t = tarneeb(director, 5)  # five entries: one has the bye
    pairings = director.start(t)["rounds"][0]["pairings"]
    absent, opponent = next(p for p in pairings if not p["bye"])["entries"]
    client = Client()
    notice = _after(client, f"{_desk(t)}entries/{absent}/", {"active": "0"})
    assert f"Team {absent} dropped out" in notice
    assert 'id="offer-swap"' in notice  # a swap with the entry that has the bye
    assert 'id="offer-redraw"' in notice  # nothing is recorded in the round yet
    assert 'id="offer-forfeit"' in notice
    assert f"Give Team {opponent} the win: forfeit of Team {absent}" in notice
    slot = next(p for p in pairings if absent in p["entries"])["slot"]
    done = _after(
        client, f"{_desk(t)}rounds/1/pairings/{slot}/forfeit/", {"forfeit": absent, "sure": "on"}
    )
    assert f"Team {absent} did not come, Team {opponent} wins" in done
    row = Pairing.objects.get(round__number=1, slot=slot)
    assert (row.forfeit, row.winner) == (absent, opponent)


def test_every_change_says_what_was_done(director: Director) -> None:
    t = tarneeb(director, 4, confirm_results=True)
    client = Client()
    assert "Round 1 is drawn." in _after(client, f"{_desk(t)}start/", {})
    pairings = director.round(t, 1)["pairings"]
    url = f"{_desk(t)}rounds/1/pairings/"
    absent = pairings[0]["entries"][0]
    said = _after(client, url + "1/forfeit/", {"forfeit": absent, "sure": "on"})
    assert "Forfeit recorded" in said
    said = _after(client, url + "1/remove/", {"sure": "on"})
    assert "Director's result removed: round 1, table 1" in said
    director.hand({"id": pairings[1]["match"]}, won_by(0))
    assert "Result marked disputed" in _after(client, url + "2/confirm/", {"agree": "0"})
    assert "Result confirmed" in _after(client, url + "2/confirm/", {"agree": "1"})
    assert "Held" in _after(client, f"{_desk(t)}hold/", {})
    assert "by themselves again" in _after(client, f"{_desk(t)}hold/", {"auto_advance": "on"})
    assert "Time called in round 1." in _after(
        client, f"{_desk(t)}rounds/1/clock/", {"action": "call_time"}
    )
    assert "is back" in _after(client, f"{_desk(t)}entries/4/", {"active": "1"})
    assert Entry.objects.filter(active=True).count() == 4
