"""The public page while Redis is down (issue 28, item 6): the parts are rendered without
the cache that keeps them, never a 500; the table's pages as well."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, entries

pytestmark = pytest.mark.django_db(transaction=True)
# Nothing listens there: every command is refused at once, as when Redis is stopped.
DEAD = {
    "BACKEND": "django.core.cache.backends.redis.RedisCache",
    "LOCATION": "redis://127.0.0.1:1/0",
}
PARTS = [
    "",
    "live/",
    "live/?standings=2",
    "live/tables/?q=Team",
    "live/bracket/",
    "projector/",
    "projector/live/",
    "entries/1/",
]


@pytest.fixture
def tournament(director: Director, settings: Any) -> dict[str, Any]:
    settings.TOURNAMENT_POLL_CACHE_SECONDS = 0
    created = director.create(variant="tarneeb", entries=entries(8))
    director.start(created)
    pairing = director.round(created, 1)["pairings"][0]
    director.result(created, 1, pairing["slot"], winner=pairing["entries"][0], points=[321, 123])
    return created


@pytest.mark.parametrize("part", PARTS)
def test_every_public_part_is_served_while_the_cache_is_down(settings, tournament, part):
    settings.CACHES = {**settings.CACHES, "default": DEAD, "public": DEAD}
    client = Client()
    for language in ("en", "ar"):
        response = client.get(f"/p/{tournament['view_id']}/{part}", HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, response.content[:300]
    assert "Team 1" in response.content.decode() or part == "live/bracket/"


def test_a_part_rendered_without_the_cache_is_the_one_it_kept(settings, tournament):
    url = f"/p/{tournament['view_id']}/live/"
    up = Client().get(url)
    settings.CACHES = {**settings.CACHES, "default": DEAD, "public": DEAD}
    down = Client().get(url)
    assert down.status_code == 200 and down["ETag"] == up["ETag"]


def test_a_typed_code_is_looked_up_while_the_cache_is_down(settings, tournament):
    settings.CACHES = {**settings.CACHES, "default": DEAD, "public": DEAD}
    assert Client().get("/t/?code=ZZZZZZ").status_code == 200
    assert Client().get("/t/ZZZZZZ/").status_code == 404
