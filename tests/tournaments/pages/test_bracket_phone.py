"""The bracket on a 390 px phone: the rounds stacked one under the other (the drawing hidden
on a narrow screen), the points in an LTR isolate so a sign stays on the number's left."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, entries


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["fa", "it"])
def test_the_public_page_stacks_the_brackets_rounds(director: Director, language: str) -> None:
    tournament = director.create(
        variant="tarneeb", entries=entries(4), stages=[{"format": "single_elimination"}]
    )
    director.start(tournament)
    director.play_round(tournament, 1)  # the final is drawn: two columns
    html = "".join(  # the page, and its brackets (fetched by the page once shown)
        Client().get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for url in (f"/p/{tournament['view_id']}/", f"/p/{tournament['view_id']}/live/bracket/")
    )
    stack = html.split('<div class="bracket-stack">')[1].split("</figure>")[0]
    heads = re.findall(r"<h3>([^<]+)</h3>", stack)
    assert len(heads) == 2
    matches = re.findall(r"<li>(.*?)</li>", stack, re.S)
    assert len(matches) == 3  # two semi-finals, then the final
    first = matches[0]
    assert first.count('class="bracket-side') == 2
    assert re.search(r'<bdi dir="ltr" class="pts">-?\d+</bdi>', first)
    assert 'class="scroll bracket-wide"' in html


def test_the_narrow_screen_rule_hides_the_drawing_and_shows_the_stack() -> None:
    text = (Path(__file__).parents[3] / "static/css/tournament-public.css").read_text()
    narrow = text.split("@media (max-width: 40rem)")[1].split("}\n}")[0]
    assert ".bracket-wide { display: none; }" in narrow
    assert ".bracket-stack { display: block; }" in narrow
