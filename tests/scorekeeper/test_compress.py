"""Every page and JSON answer is compressed when the browser takes gzip (tournaments.md,
Speed), except for a signed-in session (BREACH: ``scorekeeper.middleware``)."""

from __future__ import annotations

import gzip
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def test_a_json_answer_is_gzip_encoded_when_asked(db):
    response = Client().get("/api/variants/", **GZIP)
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    variants = json.loads(gzip.decompress(response.content))
    assert {"tarneeb", "coinche"} <= {variant["slug"] for variant in variants}


def test_an_html_page_is_gzip_encoded_when_asked(db):
    response = Client().get("/", **GZIP)
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(response.content)


def test_nothing_is_compressed_for_a_browser_that_does_not_ask(db):
    response = Client().get("/api/variants/")
    assert not response.has_header("Content-Encoding")
    assert json.loads(response.content)


@pytest.mark.django_db
def test_a_signed_in_session_is_never_compressed():
    user = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw-long-1")
    client = Client()
    client.force_login(user)
    response = client.get("/admin/", **GZIP)
    assert response.status_code == 200 and b"boss" in response.content
    assert not response.has_header("Content-Encoding")
    assert Client().get("/admin/login/", **GZIP)["Content-Encoding"] == "gzip"
