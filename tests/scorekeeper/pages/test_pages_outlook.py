"""What the summary says about the game in play, as the engine sees it: la bella's target,
a raised target, a player past the target waiting on his partner."""

from __future__ import annotations

import re

import pytest

from scorekeeper import services
from scorekeeper.models import HandChange
from scorekeeper.rules.blot.bazar import BazarBlot
from scorekeeper.rules.blot.belote import Belote2p
from scorekeeper.rules.maraffa.maraffa import Maraffa

from .test_pages import PLAYERS, tarneeb  # noqa: F401  (the fixture)

ITALIANS = ["Gino", "Bruno", "Carla", "Dario"]


def _deal(battezzante=None, thirds=(23, 12)):
    payload = {"trump": "cups", "thirds": list(thirds)}
    if battezzante is not None:
        payload["battezzante"] = battezzante
    return payload


def _to_la_bella():
    match = services.match_create(
        variant="maraffa", players=ITALIANS, options={"target": 31, "bella_target": 41}
    )
    hands = [_deal(0), *[_deal()] * 4, _deal(3, (5, 30)), *[_deal(thirds=(5, 30))] * 2]
    hands.append({"trump": "coins", "claim": {"team": 1, "thirds": 6}})
    hands.append(_deal(2, (35, 0)))
    for payload in hands:
        services.hand_record(match_id=match.pk, payload=payload)
    return match


def _match(slug, *hands, players=PLAYERS):
    match = services.match_create(variant=slug, players=players)
    for payload in hands:
        services.hand_record(match_id=match.pk, payload=payload)
    return match


def _summary(client, match, language="en"):
    page = client.get(f"/m/{match.pk}/", headers={"accept-language": language}).content.decode()
    summary = page.split('id="summary"', 1)[1].split("</section>", 1)[0]
    return re.sub(r"<script[^>]*>.*?</script>", "", summary, flags=re.S), page


@pytest.mark.django_db
def test_la_bella_shows_its_own_target_in_the_summary_and_the_chart(client):
    match = _to_la_bella()
    summary, page = _summary(client, match)
    assert "la bella decides" in summary
    assert "Game 3, to 41." in summary and "to 31" not in summary
    chart = page.split("<svg viewBox", 1)[1].split("</svg>", 1)[0]
    # The dashed target line sits where 41 is on the chart's scale, not 31.
    target_y = float(re.search(r'y1="([\d.]+)"[^>]*stroke-dasharray="4 3"', chart).group(1))
    zero_y = float(re.search(r'<line [^>]*y1="([\d.]+)"[^>]*stroke="#8a8a8a"', chart).group(1))
    point = re.findall(r'<circle cx="[\d.]+" cy="([\d.]+)"', chart)
    # team 0 is at 11 in la bella: the target line is 41/11 as far from zero, not 31/11
    eleven = min(float(y) for y in point)
    assert (zero_y - target_y) / (zero_y - eleven) == pytest.approx(41 / 11, rel=0.02)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ar"])
def test_la_bella_target_in_arabic_too(client, language):
    match = _to_la_bella()
    summary, _page = _summary(client, match, language)
    assert "41" in summary and "31" not in summary


def _record(match, *hands):
    for bids, tricks in hands:
        services.hand_record(match_id=match.pk, payload={"bids": bids, "tricks": tricks})


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "the target is now 51"), ("ar", "51")],
)
def test_400_says_the_target_rose(client, language, expected):
    match = services.match_create(variant="tarneeb_400", players=PLAYERS)
    _record(
        match,
        ([5, 4, 2, 2], [5, 4, 2, 2]),
        ([4, 5, 2, 2], [4, 5, 2, 2]),
        ([6, 3, 2, 2], [6, 3, 2, 2]),
        ([3, 6, 2, 2], [3, 6, 2, 2]),
        ([6, 6, 2, 2], [6, 6, 1, 0]),  # 41, 41, 6, 6: both partnerships qualify
    )
    summary, _page = _summary(client, match, language)
    assert expected in summary
    assert "Game 1, to 51." in summary or language != "en"
    assert summary.count("51") >= 2  # the target line and the sentence


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "names"), [("en", "Rami needs Omar above 0"), ("ar", "")])
def test_41_says_who_waits_on_his_partner(client, language, names):
    match = services.match_create(variant="tarneeb_41", players=PLAYERS)
    _record(match, ([13, 1, 1, 1], [13, 0, 0, 0]), ([13, 1, 1, 1], [13, 0, 0, 0]))
    summary, _page = _summary(client, match, language)
    sentence = re.search(r'<p class="status waiting standing">(.*?)</p>', summary)
    assert sentence is not None
    assert "<bdi>Rami</bdi>" in sentence.group(1) and "<bdi>Omar</bdi>" in sentence.group(1)
    assert names in re.sub(r"</?bdi>", "", sentence.group(1))


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("slug", ["belote", "coinche"])
def test_a_blot_line_names_the_takers_side_first(client, slug, language):
    match = services.match_create(variant=slug, players=PLAYERS)
    payload = {"declarer": 1, "trump": "hearts", "points": [62, 100]}
    if slug == "coinche":
        payload["bid"] = 80
    services.hand_record(match_id=match.pk, payload=payload)
    page = client.get(f"/m/{match.pk}/", headers={"accept-language": language}).content.decode()
    line = re.search(r'<span class="line">(.*?)</span>', page).group(1)
    assert "Sara &amp; Lina 100–62" in re.sub(r"</?bdi>", "", line), line


@pytest.mark.django_db
def test_a_correction_is_previewed_at_its_place_and_stores_nothing(client, tarneeb):  # noqa: F811
    match = tarneeb
    url = f"/m/{match.pk}/hands/1/preview/"
    corrected = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 6}
    answer = client.post(url, corrected, content_type="application/json")
    assert answer.status_code == 200
    assert answer.json()["number"] == 1 and answer.json()["delta"] == [7, -7]
    assert "took 6" in answer.json()["line"]
    bad = client.post(url, {**corrected, "tricks": 14}, content_type="application/json")
    assert bad.status_code == 400 and "tricks" in bad.json()
    assert (
        client.post(
            f"/m/{match.pk}/hands/3/preview/", corrected, content_type="application/json"
        ).status_code
        == 404
    )
    assert (
        client.post(
            f"/m/{match.view_id}/hands/1/preview/", corrected, content_type="application/json"
        ).status_code
        == 404
    )
    assert HandChange.objects.count() == 0
    assert match.hands.get(number=1).input["tricks"] == 8


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "word"), [("en", "corrected"), ("ar", "مُصحَّح")])
def test_a_corrected_row_is_marked_on_the_sheet(client, language, word):
    match = _match("tarneeb", {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8})
    services.hand_correct(
        match_id=match.pk,
        number=1,
        payload={"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 6},
    )
    page = client.get(f"/m/{match.pk}/", headers={"accept-language": language}).content.decode()
    row = page.split('id="hand-1"', 1)[1].split("</tbody>", 1)[0]
    assert f'<span class="tag corrected-tag">{word}</span>' in row
    assert "corrected" in page.split('id="hand-1" class="', 1)[1].split('"', 1)[0]


@pytest.mark.django_db
def test_the_forms_read_the_declared_numbers_and_words_not_the_variants_name(client, monkeypatch):
    monkeypatch.setattr(Belote2p, "deal_points", 170)
    monkeypatch.setattr(Maraffa, "deal_thirds", 36)
    monkeypatch.setattr(BazarBlot, "declarer_role", "taker")
    monkeypatch.setattr(BazarBlot, "dealing", "cut_not_shuffled")

    def page(slug, players):
        match = services.match_create(variant=slug, players=players)
        return client.get(f"/m/{match.pk}/").content.decode()

    assert "Together at most 170" in page("belote_2p", PLAYERS[:2])
    assert "A deal has 36." in page("maraffa", PLAYERS)
    bazar = page("bazar_blot", PLAYERS)
    assert "<legend>Taker" in bazar and "the pack is not shuffled between deals" in bazar


@pytest.mark.django_db
def test_a_sweep_line_says_the_declared_tricks(client):
    match = _match("tarneeb", {"declarer": 1, "bid": 13, "trump": "hearts", "tricks": 13})
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert "all 13 tricks" in page
    ar = client.get(f"/m/{match.pk}/", headers={"accept-language": "ar"}).content.decode()
    assert "كل الـ13 لمّة" in ar  # noqa: RUF001
