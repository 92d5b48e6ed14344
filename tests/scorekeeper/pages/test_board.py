"""The phone as a scoreboard: big totals, the leader, the points still needed, games won."""

from __future__ import annotations

import html as entities
import re

import pytest

from scorekeeper import selectors, services
from scorekeeper.pages.board import leader, target_now

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]


def _text(html: str) -> str:
    return entities.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


@pytest.fixture
def tarneeb(db):
    match = services.match_create(variant="tarneeb", players=PLAYERS)
    services.hand_record(
        match_id=match.pk, payload={"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}
    )
    return match


def test_the_board_shows_the_totals_the_leader_and_what_they_need(client, tarneeb):
    page = client.get(f"/m/{tarneeb.pk}/board/", headers={"accept-language": "en"})
    assert page.status_code == 200
    html = page.content.decode()
    target = tarneeb.options["target"]
    assert re.findall(r'data-board-total="\d">([^<]*)<', html) == ["0", "8"]
    lead = _text(re.search(r'id="board-lead">(.*?)</p>', html, re.S).group(1))
    assert lead.strip() == f"In the lead: Sara & Lina · {target - 8} to reach {target}."
    assert "<bdi>Sara &amp; Lina</bdi>" in html
    assert 'hx-trigger="every 10s' in html  # it follows the match by itself


def test_the_spectators_link_opens_the_board_too_and_it_answers_304(client, tarneeb):
    url = f"/m/{tarneeb.view_id}/board/"
    first = client.get(url)
    assert first.status_code == 200 and str(tarneeb.pk) not in first.content.decode()
    assert client.get(url, headers={"if-none-match": first["ETag"]}).status_code == 304


def test_games_won_and_la_bellas_own_target(client, db):
    match = services.match_create(
        variant="maraffa",
        players=PLAYERS,
        games_to_win=2,
        options={"target": 11, "bella_target": 21},
    )
    for winner in (0, 1):
        services.hand_record(
            match_id=match.pk,
            payload={
                "battezzante": 0,
                "trump": "cups",
                "thirds": [33, 2] if winner == 0 else [2, 33],
                "maraffa": winner,
            },
        )
    match.refresh_from_db()
    assert target_now(selectors.match_view(match, writable=True)) == 21
    html = client.get(f"/m/{match.pk}/board/").content.decode()
    assert re.findall(r'class="board-games-number">(\d)<', html) == ["1", "1"]
    assert "to 21" in _text(html) and "la bella decides" in html


def test_a_level_score_has_no_leader_and_a_finished_match_names_its_winner(client, db):
    match = services.match_create(variant="tarneeb", players=PLAYERS, options={"target": 31})
    html = client.get(f"/m/{match.pk}/board/").content.decode()
    assert "Level." in html
    services.hand_record(
        match_id=match.pk, payload={"declarer": 0, "bid": 13, "trump": "spades", "tricks": 13}
    )
    html = client.get(f"/m/{match.pk}/board/").content.decode()
    assert 'id="winner"' in html and "Rami" in html
    assert "board-side leads" not in html


def test_leader_is_none_when_two_share_the_top():
    assert leader([("a", 3), ("b", 3)]) is None
    assert leader([("a", 3), ("b", 5)]) == ("b", 5)
    assert leader([]) is None


def test_the_board_is_translated(client, tarneeb):
    html = client.get(f"/m/{tarneeb.pk}/board/", headers={"accept-language": "ar"}).content
    assert "In the lead" not in html.decode() and 'dir="rtl"' in html.decode()
