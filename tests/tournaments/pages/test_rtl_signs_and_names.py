"""A negative figure reads the same in every language (a true minus sign, kept on its left
in Arabic and Persian) wherever a tournament shows it: the desk's pairing lines, the
match page's confirmation, the standings' "why"; the match page names a tournament's
teams as their entries and follows its "1 of 2 hands" after each hand; the desk joins the
players with the language's own comma."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from scorekeeper import words
from scorekeeper.templatetags.names import scores
from tests.tournaments.conftest import Director, entries, won_by

MINUS = "\u2212"
# Tarneeb: the declarer's team bids 7 and takes 3 tricks: it goes below zero.
FAILED = {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 3}


def _page(url: str, lang: str = "en") -> str:
    response = Client().get(url, headers={"accept-language": lang})
    assert response.status_code == 200, url
    return response.content.decode()


def _hand(director: Director, key: str, payload: dict[str, Any]) -> None:
    response = director.post(f"/api/matches/{key}/hands/", payload)
    assert response.status_code == 201, response.json()


def _tournament(director: Director, **fields: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    tournament = director.create(
        variant="tarneeb",
        entries=entries(4),
        stages=[{"format": "swiss", "rounds": 3}],
        **{"hands_per_match": 2, **fields},
    )
    director.start(tournament)
    return tournament, director.round(tournament, 1)["pairings"][0]


def test_the_one_helper_writes_a_true_minus_isolated_in_text() -> None:
    assert words.with_minus(-7) == f"{MINUS}7"
    assert words.with_minus(16) == "16" and words.with_minus(None) == ""
    with translation.override("ar"):
        assert words.number_in_text(-7) == f"\u2066{MINUS}7\u2069"
        assert words.number_in_text(7) == "7"
    with translation.override("en"):  # a left-to-right sentence (the API's why) as before
        assert words.number_in_text(-7) == "-7"
    assert scores([16, -7]) == f'<bdi dir="ltr">16</bdi> – <bdi dir="ltr">{MINUS}7</bdi>'


@pytest.mark.parametrize(("lang", "joined"), [("ar", "سامي، ليلى"), ("fa", "سامي، ليلى")])
def test_names_are_joined_by_the_languages_comma(lang: str, joined: str) -> None:
    with translation.override(lang):
        assert words.comma_list(["سامي", "ليلى"]) == joined
    with translation.override("fr"):
        assert words.comma_list(["Anne", "Bruno", "Chloé"]) == "Anne, Bruno, Chloé"


@pytest.mark.parametrize("lang", ["ar", "fa"])
def test_the_desks_lines_have_a_true_minus_and_the_languages_comma(
    director: Director, lang: str
) -> None:
    tournament, first = _tournament(director)
    _hand(director, first["match"], FAILED)
    html = _page(f"/d/{tournament['id']}/", lang)
    assert f'<bdi dir="ltr">{MINUS}' in html  # the running score of the table below zero
    assert '<bdi dir="ltr">-' not in html
    assert "<td>P1a، P1b</td>" in html


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_confirmation_shows_a_true_minus(director: Director, lang: str) -> None:
    tournament, first = _tournament(director, hands_per_match=1, confirm_results=True)
    _hand(director, first["match"], FAILED)
    html = _page(f"/p/{tournament['view_id']}/match/{first['match_view']}/panel/", lang)
    assert f'<bdi dir="ltr" class="t-points">{MINUS}' in html
    assert 'class="t-points">-' not in html


def test_the_why_lines_keep_the_minus_on_the_left(director: Director) -> None:
    tournament = director.create(
        variant="tarneeb",
        entries=entries(4),
        stages=[{"format": "swiss", "rounds": 3}],
        tiebreaks=["match_points", "points_diff"],
    )
    director.start(tournament)
    pairings = director.round(tournament, 1)["pairings"]
    for pairing, points in zip(pairings, ([41, 12], [41, 20]), strict=True):
        director.result(tournament, 1, pairing["slot"], winner=pairing["entries"][0], points=points)
    url = f"/api/tournaments/{tournament['id']}/standings/"
    rows = director.client.get(url, headers={"accept-language": "ar"}).json()
    third = rows[2]["why"]
    assert f"\u2066{MINUS}21\u2069" in third and f"\u2066{MINUS}29\u2069" in third, third
    english = director.client.get(url, headers={"accept-language": "en"}).json()
    assert "(-21 to -29)" in english[2]["why"]
    html = _page(f"/p/{tournament['view_id']}/", "ar")
    assert f"\u2066{MINUS}21\u2069" in html and "(-21" not in html


def test_the_match_page_names_the_entries_and_follows_the_hands(director: Director) -> None:
    first = _tournament(director)[1]
    home, away = first["entries"]
    key = first["match"]
    html = _page(f"/m/{key}/")
    assert f'<span class="name"><bdi>Team {home}</bdi></span>' in html
    assert f'<span class="name"><bdi>Team {away}</bdi></span>' in html
    assert f"P{home}a &amp; P{home}b" not in html.split('id="summary"')[1].split("</section>")[0]
    assert 'id="t-panel"' in html and "0 of 2 hands played" in html

    _hand(director, key, won_by(0))
    live = _page(f"/m/{key}/sheet/")  # what the page swaps in after a hand
    assert '<aside id="t-panel" hx-swap-oob="innerHTML">' in live
    assert "1 of 2 hands played" in live

    _hand(director, key, won_by(0))
    html = _page(f"/m/{key}/")
    assert f"Team {home}</bdi> win the match!" in html
    assert f"P{home}a &amp; P{home}b" not in html.split('id="winner"')[1].split("</p>")[0]


def test_a_friendly_match_keeps_its_players_names(api: Any) -> None:
    match = api.new_match(variant="tarneeb", players=["Anne", "Bruno", "Chloé", "David"])
    html = _page(f"/m/{match['id']}/")
    assert '<span class="name"><bdi>Anne &amp; Chloé</bdi></span>' in html
