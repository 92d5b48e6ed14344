"""Idempotency keys are bound to the match, not to how its id was spelled in the URL."""

from __future__ import annotations

import uuid

from scorekeeper.models import Hand

MADE = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}


def test_a_retry_naming_the_match_in_upper_case_stores_the_hand_once(api) -> None:
    match = api.new_match()
    key = {"Idempotency-Key": str(uuid.uuid4())}
    first = api.post(f"/api/matches/{match['id']}/hands/", MADE, **key)
    again = api.post(f"/api/matches/{match['id'].upper()}/hands/", MADE, **key)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Hand.objects.filter(match_id=match["id"]).count() == 1


def test_a_close_retried_in_upper_case_is_the_same_close(api) -> None:
    match = api.new_match("trionfo", players=["A", "B", "C", "D", "E"])
    key = {"Idempotency-Key": str(uuid.uuid4())}
    first = api.post(f"/api/matches/{match['id'].upper()}/close/", None, **key)
    again = api.post(f"/api/matches/{match['id']}/close/", None, **key)
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.headers["Idempotent-Replayed"] == "true"


def test_the_same_key_on_another_match_is_another_request(api) -> None:
    one, two = api.new_match(), api.new_match()
    key = {"Idempotency-Key": str(uuid.uuid4())}
    assert api.post(f"/api/matches/{one['id']}/hands/", MADE, **key).status_code == 201
    other = api.post(f"/api/matches/{two['id']}/hands/", MADE, **key)
    assert other.status_code == 201 and "Idempotent-Replayed" not in other.headers
    assert Hand.objects.filter(match_id=two["id"]).count() == 1


def test_the_schema_says_keys_are_random_and_gives_their_limits(api) -> None:
    schema = api.get("/api/schema/?format=json").json()
    post = schema["paths"]["/api/matches/{token}/hands/"]["post"]
    header = next(p for p in post["parameters"] if p["name"] == "Idempotency-Key")
    assert header["schema"] == {"type": "string", "minLength": 1, "maxLength": 255}
    assert "random" in header["description"]
