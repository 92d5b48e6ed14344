"""Details of the pages a table notices: numbers in every language, hints, set-up errors."""

from __future__ import annotations

import re

import pytest

from scorekeeper import services
from scorekeeper.models import HandChange, Match
from scorekeeper.pages.handform import FORMS, form_of
from scorekeeper.rules import VARIANTS

from .test_pages import PLAYERS, tarneeb  # noqa: F401  (the fixture)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "it", "ar", "fa", "hy"])
def test_the_chart_numbers_are_not_localised(client, tarneeb, language):  # noqa: F811
    page = client.get(f"/m/{tarneeb.pk}/", headers={"accept-language": language}).content
    svg = page.decode().split("<svg viewBox", 1)[1].split("</svg>", 1)[0]
    numbers = re.findall(r'\b(?:x1|x2|y1|y2|cx|cy)="([^"]*)"', svg)
    assert numbers and all(re.fullmatch(r"-?\d+(\.\d+)?", n) for n in numbers), numbers
    for points in re.findall(r'points="([^"]*)"', svg):
        assert all(re.fullmatch(r"-?\d+(\.\d+)?,-?\d+(\.\d+)?", p) for p in points.split())


@pytest.mark.django_db
def test_a_pickers_hint_stays_with_its_picker(client):
    match = services.match_create(variant="maraffa", players=PLAYERS)
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert page.count("the holder of the 4 of coins") == 1
    session = services.match_create(variant="trionfo", players=[*PLAYERS, "Marco"])
    page = client.get(f"/m/{session.pk}/").content.decode()
    assert page.count("the holder of the 5 of swords") == 1


@pytest.mark.django_db
def test_an_option_out_of_range_is_refused_next_to_its_field(client):
    data = {f"player-{seat}": name for seat, name in enumerate(PLAYERS)}
    response = client.post(
        "/new/tarneeb/", {**data, "option-target": "0"}, headers={"accept-language": "fr"}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "target" not in re.sub(r"<[^>]+>", "", page).split("Tarneeb", 1)[-1].lower()
    assert Match.objects.count() == 0


@pytest.mark.django_db
def test_two_players_with_one_name_are_refused(client):
    data = {f"player-{seat}": name for seat, name in enumerate(["Rami", "Rami", "Omar", "Lina"])}
    response = client.post("/new/tarneeb/", data)
    assert response.status_code == 400
    assert "Rami is there twice" in response.content.decode()
    assert Match.objects.count() == 0


@pytest.mark.django_db
def test_an_unchanged_correction_records_nothing(tarneeb):  # noqa: F811
    hand = tarneeb.hands.get(number=1)
    services.hand_correct(match_id=tarneeb.pk, number=1, payload=dict(hand.input))
    assert HandChange.objects.count() == 0


@pytest.mark.django_db
def test_coinche_reminds_the_table_how_to_deal(client):
    match = services.match_create(variant="coinche", players=PLAYERS)
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert "not shuffled between deals" in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "Sara bid 7 hearts, took 8: made"),
        ("ar", "Sara طلب 7 كبة، وأخذ 8: نجح"),
        ("fr", "Sara a demandé 7 cœur, a fait 8 : réussi"),
    ],
)
def test_the_forms_preview_says_the_hand_in_the_pages_language(client, language, line):
    match = services.match_create(variant="tarneeb", players=PLAYERS)
    response = client.post(
        f"/m/{match.pk}/preview/",
        {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8},
        content_type="application/json",
        headers={"accept-language": language},
    )
    assert response.status_code == 200
    assert response.json()["line"] == line
    assert response.json()["delta"] == [0, 8]
    assert not match.hands.exists()


@pytest.mark.django_db
def test_the_forms_preview_refuses_like_the_api(client):
    match = services.match_create(variant="tarneeb", players=PLAYERS)
    bad = client.post(
        f"/m/{match.pk}/preview/",
        {"declarer": 9},
        content_type="application/json",
        headers={"accept-language": "ar"},
    )
    assert bad.status_code == 400 and "declarer" in bad.json()
    garbage = client.post(f"/m/{match.pk}/preview/", "{", content_type="application/json")
    assert garbage.status_code == 400
    spectator = client.post(
        f"/m/{match.view_id}/preview/", {"declarer": 1}, content_type="application/json"
    )
    assert spectator.status_code == 403
    assert (
        client.post("/m/not-a-link/preview/", {}, content_type="application/json").status_code
        == 404
    )
    assert not match.hands.exists()


def _preview(client, variant, payload, language, players=PLAYERS):
    match = services.match_create(variant=variant, players=players)
    return client.post(
        f"/m/{match.pk}/preview/",
        payload,
        content_type="application/json",
        headers={"accept-language": language},
    )


@pytest.mark.django_db
def test_blot_words_in_a_line_are_translated(client):
    kapot = {
        "declarer": 0,
        "bid": 25,
        "kapot": True,
        "trump": "hearts",
        "points": [162, 0],
        "capot": 0,
        "declarations": [{"seat": 2, "type": "tierce", "high": "K", "suit": "spades"}],
    }
    line = _preview(client, "bazar_blot", kapot, "hy").json()["line"]
    assert "կապուտ" in line and "kapot" not in line
    assert "դամա" not in line and "թագավոր" in line and " K " not in line
    capot = {"declarer": 1, "bid": "capot", "trump": "spades", "points": [0, 162], "capot": 1}
    line = _preview(client, "coinche", capot, "fr").json()["line"]
    assert line.startswith("Sara : capot pique")
    line = _preview(client, "coinche", capot, "ar").json()["line"]
    assert "capot" not in line and "كابوت" in line


@pytest.mark.django_db
def test_a_suit_in_a_refusal_is_named_in_the_pages_language(client):
    called = {
        "first": 0,
        "declarer": 3,
        "bid": "chiamo",
        "trump": "cups",
        "called": "3 of cups",
        "partner": 1,
        "thirds": 21,
    }
    answer = _preview(client, "trionfo", called, "it", players=[*PLAYERS, "Marco"])
    assert answer.status_code == 400
    message = answer.json()["called"][0]
    assert "(coppe)" in message and "cups" not in message


@pytest.mark.django_db
def test_negative_scores_have_a_true_minus_sign(client):
    match = services.match_create(variant="tarneeb", players=PLAYERS)
    services.hand_record(
        match_id=match.pk, payload={"declarer": 1, "bid": 9, "trump": "hearts", "tricks": 7}
    )
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert '<span class="after">\u22129</span>' in page
    assert 'data-total="1">\u22129</span>' in page
    assert ">-9<" not in page


@pytest.mark.django_db
def test_a_line_is_punctuated_in_the_pages_language(client):
    claimed = {"battezzante": 0, "trump": "coins", "claim": {"team": 0, "thirds": 17}, "maraffa": 0}
    answer = _preview(client, "maraffa", claimed, "ar")
    assert answer.status_code == 200, answer.json()
    line = answer.json()["line"]
    assert "؛" in line and ";" not in line


def test_one_registry_chooses_every_variants_hand_form():
    for variant in VARIANTS.values():
        form = form_of(variant)
        assert form is FORMS[variant.hand_kind]
        assert form.template.startswith("includes/hand_")
