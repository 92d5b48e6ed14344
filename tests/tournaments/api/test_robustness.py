"""No request to a tournament endpoint gets a 500, whatever its body."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.scorekeeper.api.test_robustness import JSON
from tests.tournaments.conftest import tarneeb

OK = {200, 201, 204, 400, 403, 404, 405, 409, 415}
KEYS = st.sampled_from(
    [
        "name",
        "variant",
        "stages",
        "entries",
        "options",
        "tiebreaks",
        "winner",
        "draw",
        "points",
        "action",
        "minutes",
        "slot",
        "active",
        "players",
        "seed",
        "format",
        "rounds",
        "advance",
        "reason",
    ]
)
BODY = st.dictionaries(
    KEYS,
    JSON
    | st.integers(-3, 20)
    | st.sampled_from(["swiss", "coinche", "call_time", "extend", "single_elimination"]),
    max_size=6,
)


def _paths(t: dict) -> list[tuple[str, str]]:
    base = f"/api/tournaments/{t['id']}"
    return [
        ("post", "/api/tournaments/"),
        ("post", f"{base}/entries/"),
        ("patch", f"{base}/entries/1/"),
        ("post", f"{base}/rounds/1/clock/"),
        ("post", f"{base}/rounds/1/pairings/1/result/"),
        ("post", f"{base}/rounds/next/"),
        ("post", f"{base}/start/"),
        ("delete", f"{base}/entries/9/"),
    ]


@pytest.mark.parametrize(
    "body",
    [
        "{",
        "",
        "null",
        "[1]",
        '"x"',
        "NaN",
        '{"a": 1e999}',
        "[" * 50_000 + "]" * 50_000,
        b"\xff\xfe",
    ],
)
def test_malformed_bodies_are_refused_cleanly(director, body):
    t = tarneeb(director, 4)
    director.start(t)
    for method, path in _paths(t):
        response = director.raw(method, path, body, "application/json")
        allowed = {400, 404, 409, 415} | ({200} if body == "" and method == "patch" else set())
        assert response.status_code in allowed, (path, response.status_code)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(body=BODY | JSON)
def test_fuzzed_bodies_never_500(director, body):
    t = tarneeb(director, 4, name=f"T{abs(hash(json.dumps(body, default=str))) % 10**9}")
    director.start(t)
    for method, path in _paths(t):
        response = director.raw(method, path, json.dumps(body), "application/json")
        assert response.status_code in OK, (method, path, response.status_code, body)
    for path in (
        f"/api/tournaments/{t['view_id']}/",
        f"/api/tournaments/{t['id']}/rounds/",
        f"/api/tournaments/{t['id']}/standings/",
        "/api/tables/%00/",
        f"/api/tournaments/{t['id']}/rounds/99999999999999999999/",
    ):
        assert director.get(path).status_code in {200, 404}, path


def test_the_schema_describes_the_tournament_api(director):
    response = director.get("/api/schema/?format=json")
    assert response.status_code == 200
    paths = json.loads(response.content)["paths"]
    for path in (
        "/api/tournaments/",
        "/api/tournaments/{token}/",
        "/api/tournaments/{token}/rounds/{number}/pairings/{slot}/result/",
        "/api/tournaments/{token}/rounds/{number}/clock/",
        "/api/tournaments/{token}/standings/",
        "/api/tables/{key}/",
    ):
        assert path in paths, path
