"""At the table: with ``confirm_results`` on, the match page asks the other side to agree
with the final score (a plain form), then says confirmed or disputed; and the desk's first
screen (flags, the round in play with its tables' hands and countdown, a drop-out that asks)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, entries, tarneeb, won_by
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_other_side_agrees_at_the_table(director: Director) -> None:
    t = tarneeb(director, 4, confirm_results=True)
    match = director.start(t)["rounds"][0]["pairings"][0]["match"]
    director.hand({"id": match}, won_by(0))
    client = Client()
    page = client.get(f"/m/{match}/").content.decode()
    assert 'id="t-confirm-form"' in page and "do you agree with this result?" in page
    assert "Final score" in page
    response = client.post(f"/p/confirm/{match}/", {"agree": "yes"})
    assert response.status_code == 302 and response["Location"].startswith(f"/m/{match}/")
    assert Pairing.objects.get(match_id=match).status == "finished"
    page = client.get(f"/m/{match}/").content.decode()
    assert "Confirmed: the other side agreed" in page and 't-confirm-form"' not in page


def test_the_other_side_disagrees_and_the_director_decides(director: Director) -> None:
    t = tarneeb(director, 4, confirm_results=True)
    match = director.start(t)["rounds"][0]["pairings"][0]["match"]
    director.hand({"id": match}, won_by(0))
    client = Client()
    client.post(f"/p/confirm/{match}/", {"agree": "no", "note": "hand 1 was 7 tricks"})
    row = Pairing.objects.get(match_id=match)
    assert (row.status, row.note) == ("disputed", "hand 1 was 7 tricks")
    page = client.get(f"/m/{match}/").content.decode()
    assert "Disputed: the director will decide." in page and "hand 1 was 7 tricks" in page
    assert 'id="t-confirm-form"' not in page  # asked once; the director settles it
    # a second answer changes nothing and never fails
    assert client.post(f"/p/confirm/{match}/", {"agree": "yes"}).status_code == 302
    assert Pairing.objects.get(match_id=match).status == "disputed"
    desk = client.get(f"/d/{t['id']}/").content.decode()
    assert desk.index('id="flags"') < desk.index('id="round-1"') < desk.index('id="entries"')
    assert "the result is disputed" in desk


def test_without_the_option_nothing_is_asked(director: Director) -> None:
    t = tarneeb(director, 4)
    match = director.start(t)["rounds"][0]["pairings"][0]["match"]
    director.hand({"id": match}, won_by(0))
    page = Client().get(f"/m/{match}/").content.decode()
    assert "t-confirm" not in page
    assert Client().post(f"/p/confirm/{match}/", {"agree": "no"}).status_code == 302
    assert Pairing.objects.get(match_id=match).status == "finished"


def test_the_desk_shows_the_round_in_play_first(director: Director) -> None:
    swiss = [{"format": "swiss", "rounds": 3}]
    t = director.create(
        variant="tarneeb", hands_per_match=3, entries=entries(4), stages=swiss, round_minutes=30
    )
    match = director.start(t)["rounds"][0]["pairings"][0]["match"]
    director.hand({"id": match}, won_by(0))
    desk = Client().get(f"/d/{t['id']}/").content.decode()
    assert desk.index('id="round-1"') < desk.index('id="entries"')
    assert "Hands played: 1" in desk and "Hands played: 0" in desk
    assert 'class="desk-countdown"' in desk and "data-ends-at=" in desk
    assert 'id="drop-confirm-1"' in desk  # a drop-out asks before it happens
    assert Tournament.objects.get().status == "running"


def test_the_table_card_asks_the_other_side_once_the_last_hand_is_in(
    director: Director,
) -> None:
    t = tarneeb(director, 4, confirm_results=True)
    match = director.start(t)["rounds"][0]["pairings"][0]["match"]
    key = next(row["key"] for row in director.tournament(t["id"])["tables"] if row["table"] == 1)
    client = Client()
    assert client.get(f"/t/{key}/")["Location"] == f"/m/{match}/"  # being played
    director.hand({"id": match}, won_by(0))  # the last hand: the result awaits
    assert Pairing.objects.get(match_id=match).status == "awaiting_confirmation"
    page = client.get(f"/t/{key}/", follow=True).content.decode()
    assert 'id="t-confirm-form"' in page and "do you agree with this result?" in page
    assert client.post(f"/p/confirm/{match}/", {"agree": "no", "note": "7 tricks"})
    page = client.get(f"/t/{key}/", follow=True).content.decode()
    assert "Disputed: the director will decide." in page  # the card says what happened
    assert 'id="t-confirm-form"' not in page
