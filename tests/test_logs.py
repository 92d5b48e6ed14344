"""Keys out of the logs: a match's key appears shortened to 6 characters, never whole."""

from __future__ import annotations

import logging
import uuid
from types import SimpleNamespace

import pytest

from scorekeeper.logs import GunicornLogger, redact


def test_a_404_warning_shows_the_key_shortened(client, db, caplog) -> None:
    key = str(uuid.uuid4())
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.get(f"/api/matches/{key}/").status_code == 404
        assert (
            client.post(
                f"/api/matches/{key.upper()}/hands/", {}, content_type="application/json"
            ).status_code
            == 404
        )
    messages = [record.getMessage() for record in caplog.records]
    assert len(messages) == 2
    assert all(f"{key[:6]}…" in m or f"{key[:6].upper()}…" in m for m in messages)
    assert not any(key in m.lower() or key.replace("-", "") in m.lower() for m in messages)


def test_the_development_servers_access_log_shortens_keys(caplog) -> None:
    key = str(uuid.uuid4())
    server = logging.getLogger("django.server")
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    server.addHandler(handler)
    try:
        server.info('"%s" %s %s', f"GET /m/{key}/ HTTP/1.1", "200", "512")
    finally:
        server.removeHandler(handler)
    assert records and key not in records[0].getMessage()
    assert f"/m/{key[:6]}…/" in records[0].getMessage()


def test_gunicorns_access_log_shortens_the_path_query_and_referrer() -> None:
    key, view = str(uuid.uuid4()), "Ab3dEfGhIjKlMnOpQrStUvWxYz012345"
    logger = GunicornLogger.__new__(GunicornLogger)
    req = SimpleNamespace(
        method="GET",
        path=f"/api/matches/{key}/",
        query="",
        version=(1, 1),
        headers=[("REFERER", f"https://scores.example.org/m/{view}/")],
    )
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/api/matches/{key}/",
        "PATH_INFO": f"/api/matches/{key}/",
        "QUERY_STRING": f"next=/m/{key}/",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_REFERER": f"https://scores.example.org/m/{view}/",
    }
    resp = SimpleNamespace(status="200 OK", response_length=10, sent=10, headers=[])
    atoms = logger.atoms(resp, req, environ, SimpleNamespace(seconds=0, microseconds=1000))
    text = " ".join(str(value) for value in atoms.values())
    assert key not in text and view not in text
    assert f"/api/matches/{key[:6]}…/" in atoms["r"] and f"/m/{view[:6]}…/" in atoms["f"]


@pytest.mark.parametrize(
    "text",
    [
        "/new/tarneeb_egyptian/",
        "/static/js/htmx.min.0a1b2c3d4e5f.js",
        "/api/variants/bazar_blot/",
        "/api/schema/",
    ],
)
def test_words_and_static_files_stay_whole(text: str) -> None:
    assert redact(text) == text


def _leaks(records: list[logging.LogRecord], key: str) -> list[str]:
    """Every captured record's text (message, args, formatted line) holding ``key`` whole."""
    formatter = logging.Formatter("%(name)s %(levelname)s %(message)s")
    found = []
    for record in records:
        texts = [record.getMessage(), repr(record.args), formatter.format(record)]
        found += [text for text in texts if key.lower() in text.lower()]
    return found


def test_no_log_record_carries_a_key_whole_csrf_and_bad_requests_included(db, caplog) -> None:
    from django.test import Client

    from scorekeeper import services

    match = services.match_create(variant="tarneeb", players=["A", "B", "C", "D"])
    key, stranger = str(match.pk), str(uuid.uuid4())
    strict = Client(enforce_csrf_checks=True)
    with caplog.at_level(logging.DEBUG):  # the root: every logger's records
        assert strict.post(f"/m/{key}/undo/", {"number": 1}).status_code == 403
        assert strict.get(f"/api/matches/{stranger}/").status_code == 404
        bad = strict.post(f"/api/matches/{key}/hands/", "[1]", content_type="application/json")
        assert bad.status_code == 400
        logging.getLogger("celery.app.trace").warning("Task failed for /m/%s/", key)
    names = {record.name for record in caplog.records}
    assert {"django.security.csrf", "django.request", "celery.app.trace"} <= names
    assert not _leaks(caplog.records, key) and not _leaks(caplog.records, stranger)
    csrf = next(r for r in caplog.records if r.name == "django.security.csrf")
    assert f"/m/{key[:6]}…/undo/" in csrf.getMessage()
