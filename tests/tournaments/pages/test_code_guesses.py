"""A table card's short code is limited like a login (tournaments.md, Access): at most 10
wrong codes a minute from one address, then 429 saying when to try again, in the page's
language; a right code is not counted; the site's own settings (the limit on)."""

from __future__ import annotations

import pytest
from django.conf import settings as site
from django.test import Client

from tests.tournaments.pages.test_cards import _tournament
from tournaments.models import TableKey, Tournament

pytestmark = pytest.mark.django_db

WRONG = ["ZZZZZZ", "ZZZZZY", "ZZZZZX", "ZZZZZW", "ZZZZZV"]


@pytest.fixture
def code(client: Client) -> TableKey:
    """A tournament's table 1, its code and key (the cards printed)."""
    assert site.THROTTLE_RATES["code"] == "10/minute"  # the site's default, as gunicorn runs
    tournament = _tournament(client)
    client.get(f"/d/{tournament.pk}/cards/")
    return TableKey.objects.get(tournament=tournament, table=1)


def _wrong(client: Client, count: int, **meta: str) -> list[int]:
    """``count`` wrong codes, typed at /t/ and as /t/<code>/ in turn: their statuses."""
    statuses = []
    for n in range(count):
        typed = WRONG[n % len(WRONG)]
        url = f"/t/?code={typed}" if n % 2 else f"/t/{typed}/"
        statuses.append(client.get(url, **meta).status_code)
    return statuses


def test_the_eleventh_wrong_code_in_a_minute_is_a_429_saying_when(client, code):
    assert set(_wrong(client, 10)) == {200, 404}
    for url in ("/t/?code=ZZZZZZ", "/t/ZZZZZZ/", f"/t/?code={code.code}", f"/t/{code.code}/"):
        refused = client.get(url)
        assert refused.status_code == 429, url  # a right code too: the guessing stops
        assert 1 <= int(refused["Retry-After"]) <= 60
        assert "Too many wrong codes" in refused.content.decode()
        assert f"Try again in {refused['Retry-After']} s" in refused.content.decode()
    # the table's key (the QR) is not a code: unguessable, never refused
    assert client.get(f"/t/{code.key}/").status_code == 200


@pytest.mark.parametrize("language", ["fr", "ar"])
def test_the_refusal_is_in_the_pages_language(client, code, language):
    _wrong(client, 10)
    refused = client.get("/t/?code=ZZZZZZ", HTTP_ACCEPT_LANGUAGE=language)
    assert refused.status_code == 429
    assert "Too many wrong codes" not in refused.content.decode()
    assert refused["Retry-After"] in refused.content.decode()


def test_a_right_code_is_not_counted(client, code):
    for _ in range(15):
        found = client.get(f"/t/?code={code.code}")
        assert found.status_code == 302 and found["Location"] == f"/t/{code.key}/"
    assert set(_wrong(client, 10)) == {200, 404}
    assert client.get(f"/t/{code.code.lower()}/").status_code == 429


def test_other_addresses_have_their_own_count(client, code):
    _wrong(client, 10)
    assert client.get("/t/?code=ZZZZZZ").status_code == 429
    other = {"REMOTE_ADDR": "10.0.0.7"}
    try:
        assert client.get(f"/t/?code={code.code}", **other).status_code == 302
        assert client.get("/t/?code=ZZZZZZ", **other).status_code == 200
    finally:
        from scorekeeper.throttling import guesses_forget

        guesses_forget("10.0.0.7")


def test_a_code_of_a_finished_tournament_opens_the_public_page(client, code):
    Tournament.objects.filter(pk=code.tournament_id).update(status="finished")
    opened = client.get(f"/t/{code.code}/")
    assert opened.status_code == 302
    assert opened["Location"] == f"/p/{code.tournament.view_id}/"


def test_a_failing_cache_lets_the_code_through(client, code, monkeypatch):
    from django.core.cache import cache

    def down(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(cache, "incr", down)
    monkeypatch.setattr(cache, "add", down)
    assert client.get(f"/t/?code={code.code}").status_code == 302
    assert client.get("/t/?code=ZZZZZZ").status_code == 200
