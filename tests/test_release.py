"""A release is prepared by one command, and an unprepared one refuses to start (no 500s)."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVE_HOME = (
    "import scorekeeper.wsgi; from django.test import Client; "
    "answer = Client().get('/'); print(answer.status_code, answer.content.decode())"
)


def _run(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE", "DEBUG"}}
    env.update(
        {
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "testserver",
            "STATIC_ROOT": str(tmp_path / "static"),
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        }
    )
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


def test_without_collected_static_the_site_refuses_to_start(tmp_path: Path) -> None:
    started = _run(["-c", SERVE_HOME], tmp_path)
    assert started.returncode != 0
    assert "make release" in started.stderr and "collectstatic" not in started.stdout


def test_the_release_command_prepares_a_site_that_serves_its_pages(tmp_path: Path) -> None:
    released = _run(["manage.py", "release"], tmp_path)
    assert released.returncode == 0, released.stdout + released.stderr
    assert (tmp_path / "static" / "staticfiles.json").exists()
    assert (ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.mo").exists()
    served = _run(["-c", SERVE_HOME], tmp_path)
    assert served.returncode == 0, served.stderr
    status, page = served.stdout.split(" ", 1)
    assert status == "200" and "/static/css/site." in page and "site.css" not in page
    migrated = _run(["manage.py", "migrate", "--check"], tmp_path)
    assert migrated.returncode == 0, migrated.stdout
