"""Individual events (format ``melee``) at the table and on a player's page: the match
page's tournament panel names the table's two teams (partners together) or trionfo's five
players, as the desk does, and its final score is the teams'; a player's history names, in
every round, the partner and both opponents (or the four table-mates and the player's
place at the table), the score and the result, and a round sat out. In English and in
Persian (right to left, Latin digits)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, won_by
from tests.tournaments.pages.test_melee_pages import (
    EASTERN_DIGITS,
    NAMES,
    PERSIAN,
    melee,
    named,
    text,
)

pytestmark = pytest.mark.django_db(transaction=True)


def panel(t: dict[str, Any], pairing: dict[str, Any], lang: str = "en") -> str:
    url = f"/p/{t['view_id']}/match/{pairing['match_view']}/panel/"
    response = Client().get(url, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


def entry_page(t: dict[str, Any], number: int, lang: str = "en") -> str:
    client = Client()
    client.cookies["django_language"] = lang
    response = client.get(f"/p/{t['view_id']}/entries/{number}/")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("lang", "names", "vs"), [("en", NAMES, "vs"), ("fa", PERSIAN, "در برابر")]
)
def test_the_panel_names_the_two_teams(director: Director, lang, names, vs) -> None:
    t = melee(director, names)
    pairing = next(p for p in director.round(t, 1)["pairings"] if p.get("teams"))
    (a, c), (b, d) = pairing["teams"]
    by = named(t)
    html = panel(t, pairing, lang)
    words = text(html)
    assert f"{by[a]} & {by[c]} {vs} {by[b]} & {by[d]}" in words
    assert f"<bdi>{by[a]}</bdi> – <bdi>{by[b]}</bdi>" not in html  # not four single names
    assert EASTERN_DIGITS.search(html) is None
    # the match page itself carries the same panel
    page = Client().get(f"/m/{pairing['match']}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert f"{by[a]} & {by[c]} {vs} {by[b]} & {by[d]}" in text(page)
    if lang == "fa":
        assert 'dir="rtl"' in page


def test_the_panel_of_a_trionfo_table_names_its_five_players(director: Director) -> None:
    t = melee(director, NAMES[:6], variant="trionfo", stages=[{"format": "melee", "rounds": 2}])
    (table,) = [p for p in director.round(t, 1)["pairings"] if len(p["entries"]) == 5]
    by = named(t)
    assert " · ".join(by[n] for n in table["entries"]) in text(panel(t, table))


def test_the_final_score_to_confirm_is_the_teams(director: Director) -> None:
    t = melee(director, NAMES[:8], variant="tarneeb", hands_per_match=1, confirm_results=True)
    pairing = director.round(t, 1)["pairings"][0]
    (a, c), (b, d) = pairing["teams"]
    director.hand({"id": pairing["match"]}, won_by(0))
    by = named(t)
    words = text(panel(t, pairing))
    assert f"Final score: {by[a]} & {by[c]} " in words
    assert f" – {by[b]} & {by[d]} " in words


def test_a_players_history_names_partner_and_both_opponents(director: Director) -> None:
    t = melee(director, NAMES)
    round_ = director.round(t, 1)
    pairing = next(p for p in round_["pairings"] if p.get("teams"))
    (a, c), (b, d) = pairing["teams"]
    director.result(t, 1, pairing["slot"], winner=d, points=[40, 122])
    by = named(t)
    words = text(entry_page(t, a))
    assert "Partner and opponents" in words
    assert (
        f"Round 1 table {pairing['table']} with {by[c]} against {by[b]} & {by[d]} lost 40 – 122"
        in words
    )
    words = text(entry_page(t, d))
    assert f"with {by[b]} against {by[a]} & {by[c]} won 122 – 40" in words
    # each name links to that player's page
    html = entry_page(t, a)
    for number in (b, c, d):
        assert f"/p/{t['view_id']}/entries/{number}/" in html
    # the one who sits the round out is told so
    resting = round_["sit_out"][0]
    words = text(entry_page(t, resting))
    assert words.count("Round 1") == 1 and "sat out this round" in words  # said once
    assert " bye " not in words


def test_a_persian_players_history_reads_right_to_left(director: Director) -> None:
    t = melee(director, PERSIAN)
    round_ = director.round(t, 1)
    pairing = next(p for p in round_["pairings"] if p.get("teams"))
    (a, c), (b, d) = pairing["teams"]
    director.result(t, 1, pairing["slot"], winner=a, points=[162, 0])
    by = named(t)
    html = entry_page(t, a, "fa")
    assert 'dir="rtl"' in html and EASTERN_DIGITS.search(html) is None
    words = text(html)
    assert "یار و حریفان" in words
    assert f"با {by[c]} در برابر {by[b]} & {by[d]} برد 162 – 0" in words
    assert "در این دور بیرون نشست" in text(entry_page(t, round_["sit_out"][0], "fa"))


def test_a_trionfo_players_history_names_the_table_and_the_place(director: Director) -> None:
    t = melee(director, NAMES[:6], variant="trionfo", stages=[{"format": "melee", "rounds": 2}])
    (table,) = [p for p in director.round(t, 1)["pairings"] if len(p["entries"]) == 5]
    director.result(t, 1, table["slot"], points=[12, 30, 5, 30, 8])
    by = named(t)
    first, second = table["entries"][:2]
    words = text(entry_page(t, first))
    mates = " · ".join(by[n] for n in table["entries"] if n != first)
    assert "Table-mates" in words and f"{mates} place 3 of 5 12" in words
    assert "shared place 1 of 5" in text(entry_page(t, second))
    words = text(entry_page(t, first, "fa"))
    assert "میزی" in words  # the table-mates' heading
    assert "رتبهٔ 3 از 5" in words


@pytest.mark.parametrize(("lang", "word"), [("en", "partners"), ("fa", "یارها")])
def test_the_standings_count_each_players_partners(director: Director, lang, word) -> None:
    t = melee(director, NAMES)
    pairing = next(p for p in director.round(t, 1)["pairings"] if p.get("teams"))
    director.result(t, 1, pairing["slot"], winner=pairing["teams"][0][0], points=[162, 0])
    client = Client()
    client.cookies["django_language"] = lang
    for url in (f"/p/{t['view_id']}/projector/", f"/p/{t['view_id']}/"):
        html = client.get(url).content.decode()
        assert f'<th scope="col" class="num more">{word}</th>' in html, url  # folded on a phone
    # the last cell of the public standings' first row: one partner so far
    standings = html.split('id="standings-title"', 1)[1]
    row = standings.split("<tbody>", 1)[1].split("</tr>", 1)[0]
    assert row.rstrip().endswith('<td class="num more">1</td>')


@pytest.mark.parametrize("games", [1, 2])
def test_the_desk_asks_for_games_won_only_in_a_best_of_three(director: Director, games) -> None:
    t = melee(director, NAMES[:8], games_to_win=games)
    desk = Client().get(f"/d/{t['id']}/").content.decode()
    assert ("Games won (best of three)" in desk) is (games == 2)
    assert 'name="points_1"' in desk
