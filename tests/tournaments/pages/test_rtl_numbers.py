# ruff: noqa: RUF001
"""Numbers read the same way in every language: one digit system per page (Latin digits in
every language, decided), and the creation page's example names people of the page's
language, pasted back as a valid entry."""

from __future__ import annotations

import re

import pytest

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

EASTERN_DIGITS = re.compile("[\u0660-\u0669\u06f0-\u06f9]")


@pytest.mark.parametrize("lang", ["fa", "ar", "hy", "it", "fr", "en"])
def test_the_creation_page_uses_latin_digits_only(client, lang):
    page = client.get("/tournaments/new/belote/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert EASTERN_DIGITS.search(page) is None
    assert re.search(r"[0-9]", page)


EXAMPLES = {
    "fa": ("عقاب‌ها", ["سارا", "بهرام"]),
    "ar": ("الصقور", ["سامي", "ليلى"]),
    "hy": ("Արծիվներ", ["Անի", "Արամ"]),
    "it": ("Gli Assi", ["Giulia", "Marco"]),
}


@pytest.mark.parametrize("lang", sorted(EXAMPLES))
def test_the_paste_example_names_people_of_the_pages_language(client, lang):
    page = client.get("/tournaments/new/belote/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    name, players = EXAMPLES[lang]
    assert "Les As" not in page and "Anne" not in page
    example = re.search(r"«(1\. [^»]+)»", page).group(1)
    assert name in example and all(player in example for player in players)
    lines = [example] + [f"{n}. T{n}: A{n}, B{n}" for n in range(2, 5)]
    response = client.post(
        "/tournaments/new/belote/",
        {
            "name": "Evening",
            "preset": "swiss_top",
            "rounds": "3",
            "advance": "2",
            "tiebreaks": "default",
            "entries": "\n".join(lines),
            "break_minutes": "5",
            "games_to_win": "1",
            "at_time": "finish_hand",
        },
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament = Tournament.objects.latest("created_at")
    first = tournament.entries.get(number=1)
    assert (first.name, first.players) == (name, players)


def test_the_standings_read_right_to_left_with_their_signs_on_the_left(director):
    """In Persian the W-D-L numbers follow the heading's order (each isolated: wins on the
    right), and a negative figure keeps its minus sign on its left (isolated left to right)."""
    from django.test import Client

    from tests.tournaments.conftest import tarneeb

    tournament = tarneeb(director, 4)
    director.start(tournament)
    for pairing in director.round(tournament, 1)["pairings"]:
        director.result(
            tournament, 1, pairing["slot"], winner=pairing["entries"][0], points=[41, 12]
        )
    html = Client().get(f"/p/{tournament['view_id']}/", headers={"accept-language": "fa"})
    html = html.content.decode()
    assert '<td class="num wdl more"><bdi>1</bdi>-<bdi>0</bdi>-<bdi>0</bdi></td>' in html
    assert '<td class="num wdl more"><bdi>0</bdi>-<bdi>0</bdi>-<bdi>1</bdi></td>' in html
    assert '<td class="num more"><bdi dir="ltr">\u221229</bdi></td>' in html  # 12 - 41
    assert '<td class="num more">29</td>' in html
