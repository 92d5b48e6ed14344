"""Sharing a match: QR codes made on the server (segno, SVG, named by their URL), two links."""

from __future__ import annotations

import re

import pytest
import segno

from scorekeeper import services
from scorekeeper.pages.share import qr_svg

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]


@pytest.fixture
def match(db):
    return services.match_create(variant="tarneeb", players=PLAYERS)


def test_a_qr_code_is_an_svg_named_by_the_url_it_holds():
    url = "http://testserver/m/abc/"
    svg = str(qr_svg(url))
    assert svg.startswith('<svg role="img" ')
    assert f"<title>QR code of {url}</title>" in svg
    assert "<image" not in svg and "http" not in svg.replace(url, "")  # nothing fetched
    # The modules drawn are those of a code holding exactly this URL (version and all).
    version = segno.make(url, error="m").version
    assert f'viewBox="0 0 {(17 + 4 * version + 8) * 4} ' in svg
    assert qr_svg("http://testserver/m/abd/") != svg


def test_the_table_sees_both_links_and_their_codes(client, match):
    page = client.get(f"/m/{match.pk}/share/", headers={"accept-language": "en"}).content.decode()
    spectators = f"http://testserver/m/{match.view_id}/"
    table = f"http://testserver/m/{match.pk}/"
    assert page.count('<svg role="img"') == 2
    assert f"<title>QR code of {spectators}</title>" in page
    assert f"<title>QR code of {table}</title>" in page
    assert f'data-share="{spectators}"' in page and f'data-share="{table}"' in page
    # nothing from a CDN (a random CSRF token may spell "cdn": an address has a dot or a slash)
    assert re.search(r"cdn[./]|[./]cdn", page.lower()) is None


def test_a_spectator_gets_only_the_spectators_link(client, match):
    page = client.get(f"/m/{match.view_id}/share/").content.decode()
    assert page.count('<svg role="img"') == 1
    assert str(match.pk) not in page


def test_the_match_page_has_a_share_button_and_leads_to_the_codes(client, match):
    for token in (match.pk, match.view_id):
        page = client.get(f"/m/{token}/").content.decode()
        assert f'data-share="http://testserver/m/{match.view_id}/"' in page
        assert f'href="/m/{token}/share/"' in page


def test_the_share_page_is_translated_and_unknown_links_are_404(client, match):
    arabic = client.get(f"/m/{match.pk}/share/", headers={"accept-language": "ar"})
    assert re.search(r"<title>رمز QR|QR", arabic.content.decode())
    assert "Share the match" not in arabic.content.decode()
    assert client.get("/m/not-a-match-token-at-all/share/").status_code == 404
