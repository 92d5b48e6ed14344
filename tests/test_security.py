"""Headers: the CSP, no-store where a key is, HTTPS switches, and check --deploy clean."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.http import HttpResponse
from django.utils.cache import add_never_cache_headers
from django.utils.http import parse_http_date

from scorekeeper.security import never_cache

ROOT = Path(__file__).resolve().parent.parent
BODY = {"variant": "tarneeb", "players": ["Rami", "Sara", "Omar", "Lina"]}
# The production variables the README documents (with a real host and secret key).
PRODUCTION = {
    "DEBUG": "0",
    "ALLOWED_HOSTS": "scores.example.org",
    "PROXY_COUNT": "1",
    "SECURE_SSL_REDIRECT": "1",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
}
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>")


@pytest.fixture
def match(api) -> dict:
    return api.new_match()


def test_pages_and_answers_carry_the_policy(client, match) -> None:
    for url in ("/", f"/m/{match['id']}/", "/api/variants/", f"/api/matches/{match['id']}/"):
        policy = client.get(url).headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "object-src 'none'" in policy


def test_no_page_has_an_inline_script_and_htmx_evaluates_nothing(client, match) -> None:
    pages = [
        "/",
        "/new/",
        "/new/tarneeb/",
        f"/m/{match['id']}/",
        f"/m/{match['view_id']}/",
        "/api/docs/",
    ]
    for url in pages:
        html = client.get(url).content.decode()
        assert not INLINE_SCRIPT.findall(html), url
    html = client.get(f"/m/{match['id']}/").content.decode()
    assert '"allowEval": false' in html and '"includeIndicatorStyles": false' in html


def test_every_answer_that_carries_a_key_is_no_store(client, api, match) -> None:
    keyed = [
        client.get(f"/m/{match['id']}/"),
        client.get(f"/m/{match['view_id']}/"),
        client.get(f"/m/{match['id']}/sheet/"),
        client.get(f"/api/matches/{match['id']}/"),
        client.get(f"/api/matches/{match['id']}/hands/"),
        api.post("/api/matches/", BODY),
    ]
    started = client.post(
        "/new/tarneeb/", {f"player-{seat}": name for seat, name in enumerate(BODY["players"])}
    )
    assert started.status_code == 302 and "/m/" in started["Location"]
    for response in [*keyed, started]:
        assert "no-store" in response.headers.get("Cache-Control", ""), response
    for url in ("/", "/api/variants/", "/api/schema/"):
        assert "no-store" not in client.get(url).headers.get("Cache-Control", "")


def test_no_store_is_written_as_django_writes_it() -> None:
    """``never_cache`` (the middleware's shortcut) gives the headers Django's would."""
    for own in ({}, {"Cache-Control": "public, max-age=60"}, {"Expires": "0"}):
        ours, django = HttpResponse(headers=own), HttpResponse(headers=own)
        never_cache(ours)
        add_never_cache_headers(django)
        assert ours["Cache-Control"] == django["Cache-Control"]
        if own.get("Expires"):
            assert ours["Expires"] == django["Expires"] == own["Expires"]
        else:
            assert abs(parse_http_date(ours["Expires"]) - parse_http_date(django["Expires"])) <= 1


def test_a_spectators_live_part_may_be_kept_for_its_etag(client, match) -> None:
    """Through the public link the polled live part names no key: no-store would keep the
    browser from holding a copy, and so from ever asking with If-None-Match."""
    spectator = client.get(f"/m/{match['view_id']}/sheet/")
    assert spectator.headers["Cache-Control"] == "no-cache" and spectator["ETag"]
    again = client.get(f"/m/{match['view_id']}/sheet/", HTTP_IF_NONE_MATCH=spectator["ETag"])
    assert again.status_code == 304 and "no-store" not in again.headers.get("Cache-Control", "")
    keyed = client.get(f"/m/{match['id']}/sheet/")
    assert "no-store" in keyed.headers["Cache-Control"]


def test_the_https_redirect_and_hsts_are_switched_on_by_settings(client, db, settings) -> None:
    settings.SECURE_SSL_REDIRECT, settings.SECURE_HSTS_SECONDS = True, 3600
    redirected = client.get("/new/")
    assert redirected.status_code == 301 and redirected["Location"] == "https://testserver/new/"
    assert "max-age=3600" in client.get("/new/", secure=True)["Strict-Transport-Security"]


def test_x_forwarded_proto_is_trusted_only_behind_a_declared_proxy(client, db, settings) -> None:
    settings.SECURE_SSL_REDIRECT = True
    assert settings.SECURE_PROXY_SSL_HEADER is None
    assert client.get("/", HTTP_X_FORWARDED_PROTO="https").status_code == 301
    assert (
        _settings("SECURE_PROXY_SSL_HEADER", PROXY_COUNT="1")
        == "('HTTP_X_FORWARDED_PROTO', 'https')"
    )
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert client.get("/", HTTP_X_FORWARDED_PROTO="https").status_code == 200


def test_the_environment_switches_https_on() -> None:
    assert _settings("SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS") == "False 0"
    assert (
        _settings(
            "SECURE_SSL_REDIRECT",
            "SECURE_HSTS_SECONDS",
            SECURE_SSL_REDIRECT="1",
            SECURE_HSTS_SECONDS="31536000",
        )
        == "True 31536000"
    )


def test_check_deploy_is_clean_with_the_documented_production_variables() -> None:
    env = {**_clean_env(), **PRODUCTION, "SECRET_KEY": secrets.token_urlsafe(50)}
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def _clean_env() -> dict[str, str]:
    names = {
        "DEBUG",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "PROXY_COUNT",
        "DJANGO_SETTINGS_MODULE",
        "DJANGO_ALLOW_ASYNC_UNSAFE",  # set by the browser tests, refused by --deploy
        *(name for name in os.environ if name.startswith("SECURE_")),
    }
    return {k: v for k, v in os.environ.items() if k not in names}


def _settings(*names: str, **env: str) -> str:
    code = (
        "import django; django.setup(); from django.conf import settings; "
        f"print(*(getattr(settings, n) for n in {names!r}))"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        check=True,
        text=True,
        capture_output=True,
        env={**_clean_env(), "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env},
    ).stdout.strip()
