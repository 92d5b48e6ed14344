"""The spectators' page refreshes itself cheaply: a poll while shown, 304 when nothing changed."""

from __future__ import annotations

import pytest

from scorekeeper import services

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
HAND = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}


@pytest.fixture
def match(db):
    match = services.match_create(variant="tarneeb", players=PLAYERS)
    services.hand_record(match_id=match.pk, payload=HAND)
    return match


def test_the_spectators_page_polls_only_while_it_is_shown(client, match):
    page = client.get(f"/m/{match.view_id}/").content.decode()
    assert 'id="live-poll"' in page
    assert f'hx-get="/m/{match.view_id}/sheet/"' in page
    assert 'hx-trigger="every 10s, shown"' in page and "data-poll" in page
    # No trigger filter: htmx evaluates nothing under the site's CSP (allowEval off).
    assert "[document." not in page and "/static/js/live.js" in page
    # The table's own phone refreshes after each hand it enters: it does not poll.
    assert 'id="live-poll"' not in client.get(f"/m/{match.pk}/").content.decode()


def test_nothing_changed_is_a_304_and_a_new_hand_a_200(client, match):
    url = f"/m/{match.view_id}/sheet/"
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert "no-cache" in first["Cache-Control"]
    again = client.get(url, headers={"if-none-match": etag})
    assert again.status_code == 304
    assert again.content == b""
    services.hand_record(match_id=match.pk, payload={**HAND, "declarer": 0})
    after = client.get(url, headers={"if-none-match": etag})
    assert after.status_code == 200
    assert after["ETag"] != etag
    assert 'id="hand-2"' in after.content.decode()


def test_an_undo_and_another_language_are_new_versions(client, match):
    url = f"/m/{match.view_id}/sheet/"
    etag = client.get(url)["ETag"]
    french = client.get(url, headers={"if-none-match": etag, "accept-language": "fr"})
    assert french.status_code == 200
    services.hand_undo(match_id=match.pk, number=1)
    assert client.get(url, headers={"if-none-match": etag}).status_code == 200


def test_an_unknown_link_is_still_a_404(client, db):
    assert client.get("/m/nothing-here-at-all-xx/sheet/").status_code == 404
