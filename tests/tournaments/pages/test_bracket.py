"""The bracket SVG: rounds progress left to right, and right to left in an RTL page (Arabic,
Persian), mirrored by placing the boxes, never by mirroring the glyphs."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, entries
from tournaments.pages import bracket


def _side(name: str, points: int | None = None, won: bool = False) -> dict[str, Any]:
    return {"name": name, "points": points, "won": won}


COLUMNS = [
    {
        "name": "Semi-final",
        "pairings": [
            {"sides": [_side("Les As", 300, True), _side("Le Carré", 120)]},
            {"sides": [_side("Trèfle", 250, True), _side("Pique", 200)]},
        ],
    },
    {"name": "Final", "pairings": [{"sides": [_side("Les As"), _side("Trèfle")]}]},
]


def _boxes(svg: str) -> list[int]:
    """The x of every box, in the order drawn (the first round's first)."""
    return [int(x) for x in re.findall(r'<rect x="(\d+)"', svg)]


def _texts(svg: str, name: str) -> list[tuple[int, str]]:
    """(x, text-anchor) of each text drawing ``name``."""
    found = re.findall(rf'<text class="[^"]*" x="(\d+)" y="\d+"( text-anchor="\w+")?>{name}<', svg)
    return [(int(x), anchor.split('"')[1] if anchor else "start") for x, anchor in found]


def test_left_to_right_the_first_round_is_on_the_left() -> None:
    svg = str(bracket.svg(COLUMNS, "Bracket", "bye"))
    first, *_, final = _boxes(svg)
    assert first == 0 and final > first
    assert 'direction="ltr"' in svg
    assert _texts(svg, "Le Carré") == [(8, "start")]  # the name from the box's left edge


def test_right_to_left_the_first_round_is_on_the_right() -> None:
    svg = str(bracket.svg(COLUMNS, "Bracket", "bye", rtl=True))
    width = int(re.search(r'width="(\d+)"', svg).group(1))
    first, second, final = _boxes(svg)
    assert first == second > final == 0
    assert first + bracket.BOX_W + bracket.GAP_X == width  # the rightmost column
    # The text is placed, not mirrored: no transform; anchors read left to right whatever
    # the page's direction (Chromium ignores an inherited one), the name ending at the box's
    # right edge and the points starting at its left edge.
    assert "transform" not in svg and "scale(" not in svg
    assert 'direction="ltr"' in svg
    assert _texts(svg, "Le Carré") == [(first + bracket.BOX_W - 8, "end")]
    assert _texts(svg, "120") == [(first + 8, "start")]
    # The lines run from the semi-finals' left edges to the final's right edge.
    links = re.findall(r'<path class="link" d="M(\d+) \d+ H\d+ V\d+ H(\d+)"/>', svg)
    assert links == [(str(first), str(bracket.BOX_W))] * 2


@pytest.mark.django_db(transaction=True)
def test_the_public_page_in_arabic_draws_the_bracket_right_to_left(director: Director) -> None:
    tournament = director.create(
        variant="tarneeb", entries=entries(4), stages=[{"format": "single_elimination"}]
    )
    director.start(tournament)
    director.play_round(tournament, 1)  # the final is drawn: two columns
    html = {  # the page, and its brackets (fetched by the page once shown)
        language: "".join(
            Client().get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
            for url in (f"/p/{tournament['view_id']}/", f"/p/{tournament['view_id']}/live/bracket/")
        )
        for language in ("ar", "en")
    }
    assert 'dir="rtl"' in html["ar"] and 'direction="ltr"' in html["ar"]
    first_ar = _boxes(html["ar"].split('<svg class="bracket"')[1])[0]
    first_en = _boxes(html["en"].split('<svg class="bracket"')[1])[0]
    assert first_en == 0 and first_ar == bracket.BOX_W + bracket.GAP_X  # two rounds: on the right
