"""The changes' endpoints never answer 500, whatever the body (a fuzz of the bodies a club
script or a broken client could send)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.scorekeeper.api.test_robustness import JSON
from tests.tournaments.conftest import tarneeb

OK = {200, 400, 403, 404, 405, 409, 415}
BODY = st.dictionaries(
    st.sampled_from(
        [
            *("entries", "winner", "draw", "points", "games", "forfeit", "agree", "note"),
            *("name", "auto_advance", "round_minutes", "break_minutes", "confirm_results"),
            "reason",
        ]
    ),
    JSON | st.integers(-3, 20) | st.lists(st.integers(-3, 20), max_size=3),
    max_size=4,
)


def _paths(t: dict, match: str) -> list[tuple[str, str]]:
    base = f"/api/tournaments/{t['id']}"
    return [
        ("patch", f"{base}/"),
        ("post", f"{base}/rounds/1/swap/"),
        ("post", f"{base}/rounds/1/pairings/1/result/"),
        ("delete", f"{base}/rounds/1/pairings/2/result/"),
        ("post", f"/api/matches/{match}/confirm/"),
        ("post", f"{base}/rounds/1/redraw/"),
        ("post", f"{base}/unstart/"),
    ]


@pytest.mark.parametrize("body", ["{", "", "null", "[1]", '"x"', '{"a": 1e999}', b"\xff\xfe"])
def test_malformed_bodies_are_refused_cleanly(director, body):
    t = tarneeb(director, 4, confirm_results=True)
    match = director.start(t)["rounds"][0]["pairings"][0]["match"]
    for method, path in _paths(t, match)[:5]:
        response = director.raw(method, path, body, "application/json")
        assert response.status_code in {200, 400, 404, 409, 415}, (path, response.status_code)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(body=BODY)
def test_fuzzed_bodies_never_500(director, body):
    t = tarneeb(director, 4, confirm_results=True)
    match = director.start(t)["rounds"][0]["pairings"][0]["match"]
    for method, path in _paths(t, match):
        response = director.raw(method, path, json.dumps(body), "application/json")
        assert response.status_code in OK, (method, path, response.status_code, body)
    for stage in ("1", "0", "x", "99999999999999999999", "-1", "%00"):
        url = f"/api/tournaments/{t['view_id']}/standings/?stage={stage}"
        assert director.get(url).status_code in {200, 400, 404}, stage
