"""No request of any shape gets a 500: malformed bodies and fuzzed JSON everywhere."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.models import Hand

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=6)
    ),
    max_leaves=20,
)
FIELDS = st.sampled_from(
    [
        "declarer",
        "bid",
        "trump",
        "tricks",
        "auction",
        "thrown_in",
        "dealer",
        "number",
        "doubled",
        "bids",
        "penalised",
    ]
)
HANDISH = st.dictionaries(FIELDS, JSON | st.integers(-3, 15), max_size=6)
OK = {200, 201, 204, 400, 403, 404, 405, 409, 415}


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        ("{", "application/json"),
        ("", "application/json"),
        ("null", "application/json"),
        ("[1, 2]", "application/json"),
        ('"text"', "application/json"),
        ("NaN", "application/json"),
        ('{"tricks": Infinity}', "application/json"),
        ('{"tricks": 1e999}', "application/json"),
        ('{"tricks": ' + "9" * 5000 + "}", "application/json"),
        ("[" * 100_000 + "]" * 100_000, "application/json"),
        ('{"a": "' + "x" * 200_000 + '"}', "application/json"),
        (b"\xff\xfe\x00", "application/json"),
        ('{"declarer": "\\u0000"}', "application/json"),
        ('{"variant": "tarneeb", "players": ["\\u0000", "b", "c", "d"]}', "application/json"),
        ("declarer=1", "application/x-www-form-urlencoded"),
        ("<xml/>", "text/xml"),
    ],
)
def test_malformed_bodies_are_refused_cleanly(api, body, content_type):
    match = api.new_match()
    for path in (
        "/api/matches/",
        f"/api/matches/{match['id']}/hands/",
        f"/api/matches/{match['id']}/hands/preview/",
    ):
        response = api.raw("post", path, body, content_type)
        assert response.status_code in {400, 415}, (path, response.status_code)
    assert Hand.objects.count() == 0


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(payload=HANDISH | JSON)
def test_fuzzed_hands_never_500(api, payload):
    match = api.new_match()
    for method, path in (("post", "hands/"), ("post", "hands/preview/"), ("put", "hands/1/")):
        response = api.raw(
            method, f"/api/matches/{match['id']}/{path}", json.dumps(payload), "application/json"
        )
        assert response.status_code in OK, (method, path, response.status_code)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    body=st.dictionaries(
        st.sampled_from(["variant", "players", "options", "games_to_win", "first_dealer", "other"]),
        JSON | st.sampled_from(["tarneeb", "maraffa", "trionfo"]),
        max_size=5,
    )
)
def test_fuzzed_matches_never_500(api, body):
    response = api.raw("post", "/api/matches/", json.dumps(body), "application/json")
    assert response.status_code in {201, 400}


@pytest.mark.parametrize(
    "body",
    [
        '{"variant": "tarneeb", "players": ["a", "b", "c", "\\ud83d"]}',
        '{"variant": "tarneeb", "players": ["a", "b", "c", "d"], "options": {"\\ud800": 1}}',
    ],
)
def test_lone_surrogates_are_refused_and_nothing_is_stored(api, body):
    from scorekeeper.models import Match

    response = api.raw("post", "/api/matches/", body, "application/json")
    assert response.status_code == 400
    assert Match.objects.count() == 0
    match = api.new_match()
    for path in ("hands/", "hands/preview/"):
        response = api.raw(
            "post", f"/api/matches/{match['id']}/{path}", '{"\\ud800": 1}', "application/json"
        )
        assert response.status_code == 400


def test_writes_without_their_trailing_slash_are_404_not_500(api, settings):
    settings.DEBUG = True  # Django's debug mode turns a slash-less POST into an error
    match = api.new_match()
    hand = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}
    for method, path in (
        ("post", "/api/matches"),
        ("post", f"/api/matches/{match['id']}/hands"),
        ("post", f"/api/matches/{match['id']}/close"),
        ("put", f"/api/matches/{match['id']}/hands/1"),
        ("delete", f"/api/matches/{match['id']}/hands/1"),
        ("post", "/new/tarneeb"),
    ):
        response = getattr(api.client, method)(path, hand, format="json")
        assert response.status_code == 404, (method, path)
    assert api.get(f"/api/matches/{match['id']}").status_code == 301
    assert api.match(match)["hands"] == []
