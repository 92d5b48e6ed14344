"""The creation limit (one budget per address: matches, tournaments, clubs) holds on the
club's pages too: the new club page and the desk's "next evening" (issue 28, item 7)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client

from tournaments import validation
from tournaments.models import Club, Tournament
from tournaments.services import clubs

pytestmark = pytest.mark.django_db
MATCH = {"variant": "tarneeb", "players": ["Rami", "Sara", "Omar", "Lina"]}


@pytest.fixture
def three_a_minute(settings) -> Iterator[None]:
    """The limit on (tests/conftest.py lifts it for the other tests), at 3 a minute."""
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "create": "3/minute"}
    cache.delete("throttle_create_127.0.0.1")
    yield
    cache.delete("throttle_create_127.0.0.1")


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_new_club_page_counts_as_a_creation(three_a_minute, language):
    client = Client(headers={"accept-language": language})
    for n in range(3):
        created = client.post("/clubs/new/", {"name": f"Circolo {n}", "language": "it"})
        assert created.status_code == 302
    refused = client.post("/clubs/new/", {"name": "Circolo 4", "language": "it"})
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    expected = "Too many new matches" if language == "en" else "Troppi nuovi incontri"
    assert expected in refused.content.decode()
    assert Club.objects.count() == 3


def test_next_evening_counts_as_a_creation_and_shares_the_budget(three_a_minute):
    club = clubs.club_create(name="Circolo", language="it")
    clubs.club_tournament_create(
        club_id=club.pk,
        spec=validation.tournament_spec(
            {
                "name": "Venerdì",
                "variant": "tarneeb",
                "stages": [{"format": "swiss", "rounds": 3}],
            }
        ),
    )
    client = Client()
    assert client.post("/api/matches/", MATCH, content_type="application/json").status_code == 201
    for _ in range(2):
        assert client.post(f"/club/{club.pk}/next/").status_code == 302
    refused = client.post(f"/club/{club.pk}/next/")
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 60
    page = refused.content.decode()
    assert "Too many new matches or tournaments" in page and 'role="alert"' in page
    assert Tournament.objects.filter(club=club).count() == 3


def test_under_the_budget_the_pages_create(three_a_minute):
    client = Client()
    assert client.post("/clubs/new/", {"name": "Circolo", "language": "fr"}).status_code == 302
    club = Club.objects.get()
    clubs.club_tournament_create(
        club_id=club.pk,
        spec=validation.tournament_spec(
            {
                "name": "Vendredi",
                "variant": "belote",
                "stages": [{"format": "swiss", "rounds": 3}],
            }
        ),
    )
    assert client.post(f"/club/{club.pk}/next/").status_code == 302
