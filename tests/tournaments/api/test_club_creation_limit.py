"""A club's new tournament (``POST /api/clubs/{id}/tournaments/``) spends the same creation
budget per address as ``POST /api/tournaments/`` and ``POST /api/matches/`` (issue 28,
item 7): the fourth in a minute at 3 a minute is a ``429`` with ``Retry-After``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tournaments.models import Tournament
from tournaments.services import clubs

pytestmark = pytest.mark.django_db
EVENING = {"name": "Venerdì", "variant": "tarneeb", "stages": [{"format": "swiss", "rounds": 3}]}
MATCH = {"variant": "tarneeb", "players": ["Rami", "Sara", "Omar", "Lina"]}


@pytest.fixture
def three_a_minute(settings) -> Iterator[None]:
    """The limit on (tests/conftest.py lifts it for the other tests), at 3 a minute."""
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "create": "3/minute"}
    cache.delete("throttle_create_127.0.0.1")
    yield
    cache.delete("throttle_create_127.0.0.1")


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_clubs_fourth_tournament_in_a_minute_is_refused(three_a_minute, language):
    club = clubs.club_create(name="Circolo", language="it")
    client = APIClient(headers={"accept-language": language})
    url = f"/api/clubs/{club.pk}/tournaments/"
    assert [client.post(url, EVENING, format="json").status_code for _ in range(3)] == [201] * 3
    refused = client.post(url, EVENING, format="json")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    expected = "Too many new matches" if language == "en" else "Troppi nuovi incontri"
    assert refused.json()["detail"].startswith(expected)
    assert Tournament.objects.filter(club=club).count() == 3
    assert client.get(url).status_code == 200  # reading is never counted


def test_club_tournaments_share_the_budget_with_tournaments_and_matches(three_a_minute):
    club = clubs.club_create(name="Circolo", language="it")
    client = APIClient()
    assert client.post("/api/matches/", MATCH, format="json").status_code == 201
    assert client.post("/api/tournaments/", EVENING, format="json").status_code == 201
    url = f"/api/clubs/{club.pk}/tournaments/"
    assert client.post(url, EVENING, format="json").status_code == 201
    assert client.post(url, {"copy_of": "x", "name": "Y"}, format="json").status_code == 429
    assert client.post("/api/tournaments/", EVENING, format="json").status_code == 429
    assert Tournament.objects.count() == 2
