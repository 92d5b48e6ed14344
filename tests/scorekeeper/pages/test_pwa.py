"""The installable app's manifest and service worker, through the URL stack."""

from __future__ import annotations

import json
import re

import pytest


@pytest.mark.django_db
def test_the_manifest_makes_an_installable_app(client):
    response = client.get("/manifest.webmanifest", headers={"accept-language": "ar"})
    assert response["Content-Type"].startswith("application/manifest+json")
    data = json.loads(response.content)
    assert data["name"] == "Scorekeeper" and data["display"] == "standalone"
    assert data["start_url"] == "/" and data["scope"] == "/"
    assert data["lang"] == "ar" and data["dir"] == "rtl"
    assert data["theme_color"] and data["background_color"]
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"any", "192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in data["icons"])


@pytest.mark.django_db
def test_every_page_links_the_manifest_and_registers_the_worker(client):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert "/static/js/pwa.js" in page


@pytest.mark.django_db
def test_the_service_worker_is_served_from_the_root_and_keeps_the_static_files(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", body).group(1))
    for needed in (
        "/static/css/site.css",
        "/static/js/hand/main.js",
        "/static/js/hand/outbox.js",
        "/static/js/htmx.min.js",
        "/static/js/site.js",
        "/static/img/icon.svg",
        "/",
    ):
        assert needed in precache
    # Writes and the API never go through the copy on the phone.
    assert 'request.method !== "GET"' in body and '"/api/"' in body


@pytest.mark.django_db
def test_a_page_answering_a_form_is_marked_not_to_be_kept(client):
    """pwa.js asks the worker to keep the page it shows; a refusal shown at a form's
    address (which takes only a POST) is marked so that it is not fetched again."""
    shown = client.get("/tournaments/new/belote/").content.decode()
    assert "data-answer-to-post" not in shown
    refused = client.post("/tournaments/new/belote/", {"name": ""})
    assert refused.status_code == 400
    assert "data-answer-to-post" in refused.content.decode()
