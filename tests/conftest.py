from __future__ import annotations

import contextlib
from typing import Any

import pytest

from tests.worker import _worker_marker, live_worker  # noqa: F401 (fixtures)

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]


class Api:
    """A thin client for the JSON API that the tests read like a club script."""

    def __init__(self) -> None:
        from rest_framework.test import APIClient  # needs settings: rules tests run without

        self.client = APIClient()

    def get(self, url: str) -> Any:
        return self.client.get(url)

    def post(self, url: str, data: Any = None, **headers: str) -> Any:
        return self.client.post(url, data, format="json", headers=headers or None)

    def put(self, url: str, data: Any) -> Any:
        return self.client.put(url, data, format="json")

    def delete(self, url: str) -> Any:
        return self.client.delete(url)

    def raw(self, method: str, url: str, body: bytes | str, content_type: str) -> Any:
        return getattr(self.client, method)(url, body, content_type=content_type)

    def new_match(
        self, variant: str = "tarneeb", players: list[str] | None = None, **fields: Any
    ) -> dict[str, Any]:
        response = self.post(
            "/api/matches/", {"variant": variant, "players": players or PLAYERS, **fields}
        )
        assert response.status_code == 201, response.json()
        return response.json()

    def hand(self, match: dict[str, Any], payload: dict[str, Any], expect: int = 201) -> Any:
        response = self.post(f"/api/matches/{match['id']}/hands/", payload)
        assert response.status_code == expect, response.json()
        return response.json()

    def match(self, match: dict[str, Any]) -> dict[str, Any]:
        return self.get(f"/api/matches/{match['id']}/").json()


@pytest.fixture
def api(db: None) -> Api:
    return Api()


def pytest_configure(config: pytest.Config) -> None:
    # No test is throttled by accident: the limits' own tests set a low rate (and reset the
    # cache) with the settings fixture.
    from django.conf import settings

    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "create": None}


@pytest.fixture(autouse=True)
def _no_code_guessed_yet() -> None:
    """The wrong table codes typed from an address are limited at the site's own rate, on
    in every test (as gunicorn runs): each test starts with none counted."""
    from scorekeeper.throttling import guesses_forget

    with contextlib.suppress(Exception):  # a cache a test stopped: nothing to forget there
        guesses_forget("127.0.0.1")
