"""Names as the table typed them: joiners kept on the set-up page, isolated wherever shown."""

from __future__ import annotations

import re

import pytest

from scorekeeper import services
from scorekeeper.models import Match
from scorekeeper.templatetags.names import isolate_names

ZWNJ_NAME = "علی" + "\u200c" + "رضا"  # Persian: Ali-Reza with a half-space
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji made of three by ZWJ
ARABIC = ["رامي", "سارة", "عمر", "لينا"]


@pytest.mark.django_db
def test_a_half_space_and_an_emoji_joiner_survive_the_set_up_page(client):
    data = {"player-0": ZWNJ_NAME, "player-1": FAMILY, "player-2": "Omar\x00", "player-3": "Lina\n"}
    assert client.post("/new/tarneeb/", data).status_code == 302
    assert Match.objects.get().players == [ZWNJ_NAME, FAMILY, "Omar", "Lina"]


@pytest.mark.django_db
def test_the_set_up_page_keeps_what_the_api_keeps(client, api):
    through_api = api.new_match(players=[ZWNJ_NAME, FAMILY, "Omar", "Lina"])["players"]
    data = {f"player-{seat}": name for seat, name in enumerate(through_api)}
    client.post("/new/tarneeb/", data)
    assert Match.objects.order_by("created_at").last().players == through_api


@pytest.fixture
def arabic_match(db):
    match = services.match_create(
        variant="tarneeb", players=ARABIC, options={"target": 31}, games_to_win=1
    )
    for payload in (
        {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8},
        {"declarer": 0, "bid": 13, "trump": "spades", "tricks": 13},
    ):
        services.hand_record(match_id=match.pk, payload=payload)
    return match


def _outside_bdi(html: str, name: str) -> list[str]:
    """Pieces of the page where the name shows outside a <bdi> (attributes left aside)."""
    text = re.sub(r"<bdi>.*?</bdi>", "", html, flags=re.S)
    text = re.sub(r"<[^>]*>", " ", text)  # attributes (data-players, title) are not shown
    text = re.sub(r"<script.*?</script>", "", text, flags=re.S)
    return [line.strip() for line in text.splitlines() if name in line]


def test_names_render_inside_bdi_on_an_english_page(client, arabic_match):
    page = client.get(f"/m/{arabic_match.pk}/", headers={"accept-language": "en"}).content.decode()
    assert "<bdi>رامي</bdi> · <bdi>سارة</bdi>" in page  # the players' line
    assert "<bdi>رامي &amp; عمر</bdi>" in page  # a team's total
    assert 'id="winner"' in page
    winner = re.search(r'id="winner">(.*?)</p>', page).group(1)
    assert "<bdi>رامي</bdi>" in winner and "<bdi>عمر</bdi>" in winner
    body = page.split("<main", 1)[1].split('<script id="hand-words"', 1)[0]
    for name in ARABIC:
        assert _outside_bdi(body, name) == [], name


def test_the_hand_forms_chips_isolate_names(client, db):
    match = services.match_create(variant="tarneeb", players=ARABIC)
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert "<span><bdi>رامي</bdi></span>" in page
    assert "<bdi>لينا deals hand 1.</bdi>" not in page
    assert "<bdi>لينا</bdi> deals hand 1." in page or "<bdi>رامي</bdi> deals hand 1." in page


def test_isolate_names_escapes_and_never_cuts_inside_a_word_or_an_entity():
    html = isolate_names("Rami & Ramiz <b>amp</b>", ["Rami", "amp"])
    assert html == "<bdi>Rami</bdi> &amp; Ramiz &lt;b&gt;<bdi>amp</bdi>&lt;/b&gt;"
    assert isolate_names("Ali Reza took 8", ["Ali", "Ali Reza"]) == "<bdi>Ali Reza</bdi> took 8"
