"""Match creation is limited per client address: 429, Retry-After, a translated sentence."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache

from scorekeeper.models import Match

BODY = {"variant": "tarneeb", "players": ["Rami", "Sara", "Omar", "Lina"]}
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def three_a_minute(settings):
    settings.THROTTLE_RATES = {"create": "3/minute"}
    for address in ("127.0.0.1", "10.0.0.7", "203.0.113.9", "198.51.100.4"):
        cache.delete(f"throttle_create_{address}")
    yield
    for address in ("127.0.0.1", "10.0.0.7", "203.0.113.9", "198.51.100.4"):
        cache.delete(f"throttle_create_{address}")


def create(api, **meta):
    return api.client.post("/api/matches/", BODY, format="json", **meta)


def test_the_fourth_match_in_a_minute_is_a_429_with_retry_after(api, three_a_minute) -> None:
    assert [create(api).status_code for _ in range(3)] == [201, 201, 201]
    refused = create(api)
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.json()["detail"].startswith("Too many new matches")
    assert Match.objects.count() == 3


def test_the_refusal_is_in_the_request_language(api, three_a_minute) -> None:
    for _ in range(3):
        create(api)
    refused = create(api, HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 429
    assert refused.json()["detail"].startswith("Trop de")


def test_reads_are_not_counted_and_other_addresses_have_their_own_budget(
    api, three_a_minute
) -> None:
    match = create(api).json()
    for _ in range(5):
        assert api.get(f"/api/matches/{match['id']}/").status_code == 200
    assert [create(api).status_code for _ in range(2)] == [201, 201]
    assert create(api).status_code == 429
    assert create(api, REMOTE_ADDR="10.0.0.7").status_code == 201


def test_a_forged_forwarded_for_does_not_escape_the_limit(api, three_a_minute) -> None:
    codes = [create(api, HTTP_X_FORWARDED_FOR=f"192.0.2.{n}").status_code for n in range(4)]
    assert codes == [201, 201, 201, 429]


def test_behind_a_trusted_proxy_the_forwarded_address_counts(api, three_a_minute, settings) -> None:
    settings.PROXY_COUNT = 1
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    for _ in range(3):
        create(api, HTTP_X_FORWARDED_FOR="203.0.113.9", **proxy)
    assert create(api, HTTP_X_FORWARDED_FOR="203.0.113.9", **proxy).status_code == 429
    # A client's own X-Forwarded-For entry comes first; the proxy's last entry is the truth.
    assert create(api, HTTP_X_FORWARDED_FOR="203.0.113.9, 198.51.100.4", **proxy).status_code == 201


def _caches(**env: str) -> str:
    code = "from django.conf import settings; print(settings.CACHES['default']['BACKEND'])"
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"CACHE_URL", "CELERY_BROKER_URL", "DJANGO_SETTINGS_MODULE"}
    }
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); " + code],
        env={**clean, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def test_the_cache_is_redis_when_configured_and_local_memory_otherwise() -> None:
    assert _caches() == "django.core.cache.backends.locmem.LocMemCache"
    redis = "django.core.cache.backends.redis.RedisCache"
    assert _caches(CACHE_URL="redis://127.0.0.1:6379/4") == redis
    assert _caches(CELERY_BROKER_URL="redis://127.0.0.1:6379/4") == redis


def test_a_failing_cache_lets_matches_be_created(api, three_a_minute, monkeypatch) -> None:
    from scorekeeper.throttling import CreateThrottle

    def down(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(CreateThrottle.cache, "get", down)
    assert create(api).status_code == 201


SETUP = {
    **{f"player-{seat}": name for seat, name in enumerate(["Rami", "Sara", "Omar", "Lina"])},
    "games_to_win": "1",
    "first_dealer": "0",
}


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_set_up_page_shares_the_budget(api, three_a_minute, language) -> None:
    """The phone's set-up form creates matches too: the same budget, a 429 page saying so in
    the page's language, and nothing stored."""
    assert [create(api).status_code for _ in range(3)] == [201, 201, 201]
    page = api.client.post("/new/tarneeb/", SETUP, headers={"accept-language": language})
    assert page.status_code == 429
    assert 1 <= int(page.headers["Retry-After"]) <= 60
    expected = "Too many new matches" if language == "en" else "طلبات كثيرة"
    assert expected in page.content.decode()
    assert Match.objects.count() == 3


def test_the_set_up_page_creates_under_the_budget(api, three_a_minute) -> None:
    page = api.client.post("/new/tarneeb/", SETUP)
    assert page.status_code == 302 and Match.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_tournament_form_shares_the_budget(api, three_a_minute) -> None:
    assert [create(api).status_code for _ in range(3)] == [201, 201, 201]
    form = {"name": "Friday", "preset": "knockout", "entries": "A: Anne, Bruno\nB: Chloé, David"}
    page = api.client.post("/tournaments/new/tarneeb/", form)
    assert page.status_code == 429 and "Too many new matches" in page.content.decode()
    assert "Retry-After" in page.headers
