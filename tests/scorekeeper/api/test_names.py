"""Player names through the API: refused with a 400 naming the field, stored NFC."""

from __future__ import annotations

from scorekeeper.models import Match


def test_a_bidi_override_in_a_name_is_a_400_and_stores_nothing(api) -> None:
    response = api.post(
        "/api/matches/", {"variant": "tarneeb", "players": ["Rami\u202e", "Sara", "Omar", "Lina"]}
    )
    assert response.status_code == 400
    assert "direction of the text" in response.json()["players"][0]
    assert not Match.objects.exists()


def test_the_refusal_is_in_the_request_language(api) -> None:
    response = api.client.post(
        "/api/matches/",
        {"variant": "tarneeb", "players": ["Ra\u200bmi", "Sara", "Omar", "Lina"]},
        format="json",
        headers={"Accept-Language": "fr"},
    )
    assert response.status_code == 400
    assert "zero-width" not in response.json()["players"][0]


def test_names_are_stored_nfc_and_equal_ones_are_one_name(api) -> None:
    match = api.new_match(players=["Rene\u0301", "Sara", "Omar", "Lina"])
    assert match["players"][0] == "Ren\u00e9"
    response = api.post(
        "/api/matches/",
        {"variant": "tarneeb", "players": ["Ren\u00e9", "Rene\u0301", "Omar", "Lina"]},
    )
    assert response.status_code == 400
