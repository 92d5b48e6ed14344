"""Query parameters are declared (``api.queries``), never parsed by hand: ``?stage=`` of
the standings (through the director's id and the public link), ``?format=`` of the
standings and the season's standings. A bad one is a ``400`` naming it in the request's
language, never a ``500`` (issue 28 item 6)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.fuzz import FUZZ_FEW, fuzz
from tournaments.services import clubs

pytestmark = pytest.mark.django_db
TWO_STAGES = {
    "name": "Venerdì",
    "variant": "tarneeb",
    "stages": [
        {"format": "swiss", "rounds": 1},
        {"format": "single_elimination", "advance": 2},
    ],
    "entries": [{"name": f"T{n}", "players": [f"A{n}", f"B{n}"]} for n in range(1, 5)],
}
NUMBER = {
    "en": "Must be a whole number from 1 to 2.",
    "it": "Deve essere un intero da 1 a 2.",
}


@pytest.fixture
def tournament() -> dict[str, str]:
    return APIClient().post("/api/tournaments/", TWO_STAGES, format="json").json()


BAD = ["²", "-²", "٣", "\u06f1", "①", "1.0", "-1", "0", "3", "9" * 40, "x", ""]


@pytest.mark.parametrize("link", ["id", "view_id"])
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("value", BAD)
def test_a_bad_stage_is_a_400_naming_it(tournament, link, language, value):
    client = APIClient(headers={"accept-language": language})
    response = client.get(f"/api/tournaments/{tournament[link]}/standings/", {"stage": value})
    assert response.status_code == 400, response.content
    assert response.json() == {"stage": [NUMBER[language]]}


@pytest.mark.parametrize("link", ["id", "view_id"])
def test_a_stage_is_answered_as_json_or_csv(tournament, link):
    url = f"/api/tournaments/{tournament[link]}/standings/"
    client = APIClient()
    assert [row["entry"] for row in client.get(url, {"stage": "1"}).json()] == [1, 2, 3, 4]
    assert client.get(url, {"stage": "2"}).status_code == 200
    exported = client.get(url, {"stage": "1", "format": "csv"})
    assert exported.status_code == 200 and exported["Content-Type"].startswith("text/csv")


def test_a_stage_the_tournament_has_not_is_404() -> None:
    one = {**TWO_STAGES, "stages": [{"format": "swiss", "rounds": 1}]}
    created = APIClient().post("/api/tournaments/", one, format="json").json()
    response = APIClient().get(f"/api/tournaments/{created['id']}/standings/?stage=2")
    assert response.status_code == 404


@pytest.mark.parametrize("language", ["en", "it"])
def test_an_unknown_format_is_a_400_naming_it(tournament, language):
    client = APIClient(headers={"accept-language": language})
    club = clubs.club_create(name="Circolo", language="it")
    season = clubs.season_create(club_id=club.pk, name="Inverno", scoring="match_points")
    for url in (
        f"/api/tournaments/{tournament['view_id']}/standings/",
        f"/api/clubs/{club.view_id}/seasons/{season.number}/standings/",
        f"/api/clubs/{club.view_id}/players/",
    ):
        response = client.get(url, {"format": "xls"})
        assert response.status_code == 400, (url, response.content)
        assert list(response.json()) == ["format"]
        assert ("Must be one of" in response.json()["format"][0]) is (language == "en")


def test_any_stage_typed_is_never_a_500(tournament):
    client = APIClient()
    url = f"/api/tournaments/{tournament['view_id']}/standings/"
    fuzz(lambda value: client.get(url, {"stage": value}), FUZZ_FEW)
