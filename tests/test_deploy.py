"""The deployment recipe in deploy/ is consistent: compose, nginx's template, gunicorn's file.

(The recipe running, with slow clients, is deploy/check_slow_clients.py: CI runs it.)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"


def test_compose_runs_web_worker_one_beat_postgresql_redis_and_nginx() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    assert {"web", "worker", "beat", "db", "redis", "nginx", "release"} <= set(services)
    assert "gunicorn" in services["web"]["command"]
    assert services["beat"]["command"][:4] == ["celery", "-A", "scorekeeper", "beat"]
    assert services["web"]["depends_on"]["release"]["condition"] == "service_completed_successfully"
    assert services["release"]["command"] == ["python", "manage.py", "release"]
    assert services["db"]["image"].startswith("postgres") and services["redis"]["image"].startswith(
        "redis"
    )
    assert (ROOT / services["web"]["build"]["dockerfile"]).exists() or (
        DEPLOY / "Dockerfile"
    ).exists()


def test_the_procfile_names_web_worker_and_beat() -> None:
    lines = [
        line
        for line in (DEPLOY / "Procfile").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert [line.split(":")[0] for line in lines] == ["web", "worker", "beat"]


def test_gunicorns_file_is_valid_and_names_the_redacting_logger() -> None:
    config: dict = {}
    exec(compile((DEPLOY / "gunicorn.conf.py").read_text(), "gunicorn.conf.py", "exec"), config)
    assert config["logger_class"] == "scorekeeper.logs.GunicornLogger"
    assert config["wsgi_app"] == "scorekeeper.wsgi:application"
    done = subprocess.run(
        [sys.executable, "-m", "gunicorn", "--check-config", "-c", "deploy/gunicorn.conf.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(
    not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()),
    reason="nginx is missing: apt-get install nginx",
)
def test_the_nginx_template_renders_to_a_valid_configuration(tmp_path: Path) -> None:
    text = (DEPLOY / "nginx.conf").read_text()
    for name, value in {
        "LISTEN": "127.0.0.1:1",
        "UPSTREAM": "127.0.0.1:2",
        "STATIC_ROOT": str(tmp_path),
        "PREFIX": str(tmp_path),
        "SERVER_NAME": "localhost",
    }.items():
        assert f"@{name}@" in text
        text = text.replace(f"@{name}@", value)
    assert not [line for line in text.splitlines() if "@" in line.split("#")[0]]
    (tmp_path / "nginx.conf").write_text(text)
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    done = subprocess.run(
        [nginx, "-t", "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
