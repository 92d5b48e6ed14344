"""The home page leads to tournaments, in every language of the site."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lang", ["en", "fr", "it", "ar", "fa", "hy"])
def test_the_home_page_links_to_the_tournament_creation(client, lang):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert 'href="/tournaments/new/"' in page
    if lang != "en":
        assert "Run a tournament" not in page
