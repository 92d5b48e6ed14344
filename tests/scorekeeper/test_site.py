"""The project around the API: settings, pages, admin, schema, Celery."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]


def _start(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG"}}
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_refuses_to_start_without_a_secret_key():
    refused = _start({"DEBUG": "0"})
    assert refused.returncode != 0
    assert "SECRET_KEY is not set" in refused.stderr
    assert _start({"DEBUG": "0", "SECRET_KEY": "x" * 50}).returncode == 0
    assert _start({}).returncode == 0


@pytest.mark.django_db
def test_home_page_answers(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b'<html lang="en" dir="ltr">' in response.content
    assert b"Tarneeb" in response.content


@pytest.mark.django_db
def test_admin_pages_for_matches_and_hands(admin_client):
    call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    from scorekeeper.models import Hand, Match

    match = Match.objects.first()
    hand = Hand.objects.first()
    assert admin_client.get("/admin/scorekeeper/match/").status_code == 200
    assert admin_client.get(f"/admin/scorekeeper/match/{match.pk}/change/").status_code == 200
    assert admin_client.get("/admin/scorekeeper/hand/").status_code == 200
    assert admin_client.get(f"/admin/scorekeeper/hand/{hand.pk}/change/").status_code == 200
    # Hands change only through the services, which re-score and keep the audit trail.
    edit = admin_client.post(
        f"/admin/scorekeeper/hand/{hand.pk}/change/", {"input": '{"thrown_in": true}'}
    )
    assert edit.status_code == 403
    hand.refresh_from_db()
    assert hand.input != {"thrown_in": True}


@pytest.mark.django_db
def test_demo_data_loads_once():
    from scorekeeper.models import Match

    call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    count = Match.objects.count()
    assert count >= 2 and Match.objects.filter(status="finished").exists()
    call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    assert Match.objects.count() == count


@pytest.mark.django_db
def test_openapi_schema_is_valid_and_served(client, tmp_path):
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml")
    )
    schema = client.get("/api/schema/?format=json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path in (
        "/api/variants/",
        "/api/matches/",
        "/api/matches/{token}/hands/",
        "/api/matches/{token}/hands/{number}/",
        "/api/matches/{token}/close/",
        "/api/matches/{token}/hands/preview/",
    ):
        assert path in paths
    docs = client.get("/api/docs/")
    assert docs.status_code == 200 and b"swagger" in docs.content.lower()
    assert b"cdn" not in docs.content.lower()


def test_celery_runs_in_process_without_a_broker(settings):
    from scorekeeper.celery import app

    if os.environ.get("CELERY_BROKER_URL"):
        with app.connection_for_write() as connection:
            connection.ensure_connection(max_retries=3)
            assert connection.connected
    else:
        assert settings.CELERY_TASK_ALWAYS_EAGER is True
