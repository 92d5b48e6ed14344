"""``POST /api/clubs/{id}/players/`` with no name (an empty body, ``{}``, a list, a body
that is not JSON) is a ``400`` naming ``name`` in the request's language, nothing stored
(issue 28 item 6); a CSV file (multipart) is still the import."""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from tournaments.models import Player
from tournaments.services import clubs

pytestmark = pytest.mark.django_db
REQUIRED = {"en": "This field is required.", "it": "Questo campo è obbligatorio."}


@pytest.mark.parametrize(
    ("raw", "content_type"),
    [
        ("", "application/json"),
        ("{}", "application/json"),
        ("[]", "application/json"),
        ('[{"name": "Bruno"}]', "application/json"),
        ("Bruno", "application/json"),
        ('{"name": "Bruno"', "application/json"),
        ('{"name": null}', "application/json"),
        ('{"name": "  "}', "application/json"),
        ('{"nome": "Bruno"}', "application/json"),
    ],
)
@pytest.mark.parametrize("language", ["en", "it"])
def test_a_new_player_without_a_name_is_refused_naming_it(raw, content_type, language):
    club = clubs.club_create(name="Circolo", language="it")
    client = APIClient(headers={"accept-language": language})
    response = client.post(f"/api/clubs/{club.pk}/players/", raw, content_type=content_type)
    assert response.status_code == 400, response.content
    field = "nome" if "nome" in raw else "name"
    assert list(response.json()) == [field]
    if raw in ("[]", "Bruno") and language == "it":
        assert response.json() == {"name": ["Il corpo deve essere un oggetto JSON."]}
    if raw in ("", "{}"):  # no body at all reads as {}
        assert response.json() == {"name": [REQUIRED[language]]}
    assert Player.objects.count() == 0


def test_a_new_player_from_a_form_without_a_name_is_refused():
    club = clubs.club_create(name="Circolo", language="it")
    response = APIClient().post(f"/api/clubs/{club.pk}/players/", {}, format="multipart")
    assert response.status_code == 400 and list(response.json()) == ["name"]
    response = APIClient().post(f"/api/clubs/{club.pk}/players/", {"name": "Anna"})
    assert response.status_code == 201 and Player.objects.get().name == "Anna"


def test_a_new_player_is_added_with_a_name():
    club = clubs.club_create(name="Circolo", language="it")
    response = APIClient().post(f"/api/clubs/{club.pk}/players/", {"name": "Anna"}, format="json")
    assert response.status_code == 201 and response.json()["name"] == "Anna"


def test_an_unknown_club_is_404_before_its_body() -> None:
    response = APIClient().post(
        f"/api/clubs/{uuid.uuid4()}/players/", "[]", content_type="application/json"
    )
    assert response.status_code == 404
