"""The table cards: one per A4 page unless asked, each with a short code that ``/t/`` takes
typed by hand (any case) when the QR cannot be scanned; a finished table promises nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tournaments.models import TABLE_CODE_ALPHABET, TableKey, Tournament

pytestmark = pytest.mark.django_db

TEAMS = "\n".join(f"{n}. Team {n}: P{n}a, P{n}b" for n in range(1, 9))


def _tournament(client: Any) -> Tournament:
    response = client.post(
        "/tournaments/new/belote/",
        {
            "name": "Friday belote",
            "preset": "swiss_top",
            "rounds": "3",
            "advance": "4",
            "tiebreaks": "default",
            "auto_advance": "",
            "entries": TEAMS,
            "break_minutes": "5",
            "games_to_win": "1",
            "at_time": "finish_hand",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    token = re.fullmatch(r"/d/([^/]+)/", response["Location"]).group(1)
    return Tournament.objects.get(pk=token)


def test_cards_print_one_per_page_by_default_and_2_or_4_on_request(client):
    tournament = _tournament(client)
    page = client.get(f"/d/{tournament.pk}/cards/").content.decode()
    assert 'class="card-sheet per-page-1"' in page
    assert "?per_page=2" in page and "?per_page=4" in page
    four = client.get(f"/d/{tournament.pk}/cards/?per_page=4").content.decode()
    assert 'class="card-sheet per-page-4"' in four
    odd = client.get(f"/d/{tournament.pk}/cards/?per_page=3").content.decode()
    assert 'class="card-sheet per-page-1"' in odd


@pytest.mark.parametrize(("per_page", "sheets"), [(1, [1, 1, 1, 1]), (2, [2, 2]), (4, [4])])
def test_the_cards_come_in_sheets_of_1_2_or_4_and_a_print_button(client, per_page, sheets):
    """Each printed A4 sheet is its own box of cards (the print styles give it one page), so a
    card never moves onto the next sheet; the print button's script is the site's own file."""
    tournament = _tournament(client)
    page = client.get(f"/d/{tournament.pk}/cards/?per_page={per_page}").content.decode()
    found = [part.count('class="table-card"') for part in page.split('<div class="card-page">')[1:]]
    assert found == sheets
    assert "data-print hidden" in page and "/static/js/print.js" in page
    assert "onclick" not in page


def test_each_card_carries_a_short_code_without_look_alike_letters(client):
    tournament = _tournament(client)
    page = client.get(f"/d/{tournament.pk}/cards/").content.decode()
    codes = re.findall(r'class="table-card-code-value">([^<]+)<', page)
    stored = list(
        TableKey.objects.filter(tournament=tournament).order_by("table").values_list("code")
    )
    assert codes == [code for (code,) in stored] and len(set(codes)) == 4
    for code in codes:
        assert len(code) == 6 and set(code) <= set(TABLE_CODE_ALPHABET)
        assert not set(code) & set("0O1IL")
    assert "http://testserver/t/" in page


def test_the_code_typed_by_hand_opens_the_tables_page_in_any_case(client):
    tournament = _tournament(client)
    client.get(f"/d/{tournament.pk}/cards/")
    table_key = TableKey.objects.get(tournament=tournament, table=2)
    form = client.get("/t/")
    assert form.status_code == 200 and 'name="code"' in form.content.decode()
    typed = client.get("/t/", {"code": f" {table_key.code.lower()[:3]}-{table_key.code[3:]} "})
    assert typed.status_code == 302 and typed["Location"] == f"/t/{table_key.key}/"
    direct = client.get(f"/t/{table_key.code.lower()}/")
    assert direct.status_code == 302 and direct["Location"] == f"/t/{table_key.key}/"
    assert client.get(f"/t/{table_key.key}/").status_code == 200


@pytest.mark.parametrize("lang", ["en", "fr", "it", "ar", "fa", "hy"])
def test_a_wrong_code_says_so_in_the_pages_language(client, lang):
    wrong = client.get("/t/", {"code": "ZZZZZZ"}, HTTP_ACCEPT_LANGUAGE=lang)
    assert wrong.status_code == 200
    assert 'role="alert"' in wrong.content.decode()
    if lang != "en":
        assert "No table has this code" not in wrong.content.decode()
    assert client.get("/t/ZZZZZZ/").status_code == 404


def test_after_the_final_the_table_page_promises_no_next_match(client):
    tournament = _tournament(client)
    client.get(f"/d/{tournament.pk}/cards/")
    table_key = TableKey.objects.get(tournament=tournament, table=1)
    Tournament.objects.filter(pk=tournament.pk).update(status="finished")
    page = client.get(f"/t/{table_key.key}/").content.decode()
    assert "The tournament is finished." in page
    assert "opens the table&#x27;s next match" not in page
    assert "opens the table's next match" not in page
