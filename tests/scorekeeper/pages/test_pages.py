"""The phone pages through the test client: every page, every language, bad input, weight."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from scorekeeper import rules, services
from scorekeeper.models import Hand, Match

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
LANGUAGES = {"en": "ltr", "ar": "rtl", "fa": "rtl", "hy": "ltr", "it": "ltr", "fr": "ltr"}
MAX_WEIGHT = 150 * 1024


def players_for(variant):
    return [*PLAYERS, "Marco"][: variant.players]


@pytest.fixture
def tarneeb(db):
    match = services.match_create(variant="tarneeb", players=PLAYERS)
    for payload in (
        {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8},
        {"declarer": 0, "bid": 9, "trump": "spades", "tricks": 7},
    ):
        services.hand_record(match_id=match.pk, payload=payload)
    return match


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "direction"), LANGUAGES.items())
def test_the_home_page_answers_in_the_browsers_language(client, language, direction):
    response = client.get("/", headers={"accept-language": f"{language},en;q=0.5"})
    assert response.status_code == 200
    assert f'<html lang="{language}" dir="{direction}">' in response.content.decode()
    assert response.headers["Content-Language"] == language


@pytest.mark.django_db
@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_the_pages_are_translated(client, language):
    english = client.get("/new/tarneeb/", headers={"accept-language": "en"}).content.decode()
    other = client.get("/new/tarneeb/", headers={"accept-language": language}).content.decode()
    assert "Start the match" in english
    assert "Start the match" not in other and "House rules" not in other


@pytest.mark.django_db
def test_the_language_switcher_sets_the_language(client):
    response = client.post("/i18n/setlang/", {"language": "ar", "next": "/new/"})
    assert response.status_code == 302 and response["Location"] == "/new/"
    assert '<html lang="ar" dir="rtl">' in client.get("/new/").content.decode()


@pytest.mark.django_db
def test_rule_violations_are_translated_in_the_api(client, tarneeb):
    response = client.post(
        f"/api/matches/{tarneeb.pk}/hands/",
        {"declarer": 9},
        content_type="application/json",
        headers={"accept-language": "fr"},
    )
    assert response.status_code == 400
    message = response.json()["declarer"][0]
    assert "Must be a whole number" not in message and "0" in message and "3" in message


@pytest.mark.django_db
def test_choose_lists_every_game_with_a_description(client):
    page = client.get("/new/").content.decode()
    for slug in rules.VARIANTS:
        assert f'href="/new/{slug}/"' in page


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(rules.VARIANTS))
def test_setting_up_each_game_starts_a_match(client, slug):
    variant = rules.find_variant(slug)
    page = client.get(f"/new/{slug}/").content.decode()
    for option in variant.options:
        assert f'name="option-{option.name}"' in page
    data = {f"player-{seat}": name for seat, name in enumerate(players_for(variant))}
    for option in variant.options:
        if option.type == "boolean":
            if option.default:
                data[f"option-{option.name}"] = "on"
        else:
            data[f"option-{option.name}"] = "" if option.default is None else str(option.default)
    response = client.post(f"/new/{slug}/", {**data, "first_dealer": "1"})
    assert response.status_code == 302
    match = Match.objects.get()
    assert response["Location"] == f"/m/{match.pk}/"
    assert match.variant == slug and match.first_dealer == 1
    defaults = {o.name: o.default for o in variant.options}
    for option in variant.options:  # "the same as target" is stored resolved
        if option.same_as and defaults[option.name] is None:
            defaults[option.name] = defaults[option.same_as]
    assert match.options == defaults
    page = client.get(response["Location"])
    assert page.status_code == 200 and b'id="hand-form"' in page.content


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data",
    [
        {},
        {"player-0": "Rami", "player-1": "", "player-2": "Omar", "player-3": "Lina"},
        {**{f"player-{s}": n for s, n in enumerate(PLAYERS)}, "option-target": "forty"},
        {**{f"player-{s}": n for s, n in enumerate(PLAYERS)}, "option-target": "0"},
        {**{f"player-{s}": n for s, n in enumerate(PLAYERS)}, "option-sweep": "sometimes"},
        {**{f"player-{s}": n for s, n in enumerate(PLAYERS)}, "option-target": "9" * 40},
        {"player-0": "x" * 500, "player-1": "b", "player-2": "c", "player-3": "d"},
    ],
)
def test_bad_set_up_is_refused_next_to_the_field_and_stores_nothing(client, data):
    response = client.post("/new/tarneeb/", data)
    assert response.status_code == 400
    assert b'class="error"' in response.content or b'class="alert"' in response.content
    assert Match.objects.count() == 0


@pytest.mark.django_db
def test_unknown_game_is_404(client):
    assert client.get("/new/poker/").status_code == 404


@pytest.mark.django_db
def test_the_match_page_shows_the_sheet_and_the_form(client, tarneeb):
    page = client.get(f"/m/{tarneeb.pk}/").content.decode()
    assert "<bdi>Rami</bdi> bid 9 spades, took 7: down" in page
    assert 'id="hand-form"' in page and 'id="undo"' in page and "Enter hand 3" in page
    assert "<bdi>Omar</bdi> deals hand 3." in page and "<bdi>Lina</bdi> speaks first." in page
    assert page.count("<polyline") == 2
    assert f"/m/{tarneeb.view_id}/" in page


@pytest.mark.django_db
def test_the_spectators_page_has_no_forms(client, tarneeb):
    page = client.get(f"/m/{tarneeb.view_id}/").content.decode()
    assert "<bdi>Rami</bdi> bid 9 spades, took 7: down" in page
    assert "<form" not in page.split('class="site-footer"')[0]
    assert str(tarneeb.pk) not in page
    for url in (f"/m/{tarneeb.view_id}/hands/1/correct/",):
        assert client.get(url).status_code == 404
    for url in (f"/m/{tarneeb.view_id}/undo/", f"/m/{tarneeb.view_id}/close/"):
        assert client.post(url, {"number": "2"}).status_code == 404
    assert Hand.objects.filter(match=tarneeb).count() == 2


@pytest.mark.django_db
# (A random token's test id is fixed: pytest-xdist's processes must collect the same ids.)
@pytest.mark.parametrize(
    "token",
    ["nothing", pytest.param(str(uuid.uuid4()), id="uuid"), "0" * 300, "%00", "..", "A" * 32],
)
def test_a_guessed_link_reaches_nothing(client, tarneeb, token):
    for url in (f"/m/{token}/", f"/m/{token}/sheet/", f"/m/{token}/hands/1/correct/"):
        assert client.get(url).status_code == 404
    assert client.post(f"/m/{token}/undo/", {"number": "2"}).status_code == 404


@pytest.mark.django_db
def test_an_altered_key_reaches_nothing(client, tarneeb):
    key = str(tarneeb.pk)
    altered = key[:-1] + ("0" if key[-1] != "0" else "1")
    assert client.get(f"/m/{altered}/").status_code == 404
    assert client.get(f"/m/{key[:-1]}/").status_code == 404


@pytest.mark.django_db
def test_undo_removes_only_the_last_hand(client, tarneeb):
    for number in ("1", "x", "", "-5", "9" * 30):
        response = client.post(f"/m/{tarneeb.pk}/undo/", {"number": number})
        assert response.status_code == 302
    assert Hand.objects.filter(match=tarneeb).count() == 2
    client.post(f"/m/{tarneeb.pk}/undo/", {"number": "2"})
    assert list(Hand.objects.filter(match=tarneeb).values_list("number", flat=True)) == [1]
    page = client.get(f"/m/{tarneeb.pk}/").content.decode()
    assert "Hand 2 was undone." in page
    assert client.get(f"/m/{tarneeb.pk}/undo/").status_code == 405


@pytest.mark.django_db
def test_undo_says_what_it_did_in_the_pages_language(client, tarneeb):
    french = {"accept-language": "fr"}
    stale = client.post(f"/m/{tarneeb.pk}/undo/", {"number": "1"}, headers=french, follow=True)
    assert "Rien n\u2019a été annulé : Seule la dernière donne (n° 2) peut être annulée." in (
        stale.content.decode()
    )
    assert Hand.objects.filter(match=tarneeb).count() == 2
    done = client.post(f"/m/{tarneeb.pk}/undo/", {"number": "2"}, headers=french, follow=True)
    assert "La donne 2 est annulée" in done.content.decode()
    # The message is said once: the next visit does not repeat it.
    assert (
        "La donne 2 est annulée"
        not in client.get(f"/m/{tarneeb.pk}/", headers=french).content.decode()
    )


@pytest.mark.django_db
def test_the_correction_page_holds_the_hand(client, tarneeb):
    page = client.get(f"/m/{tarneeb.pk}/hands/2/correct/").content.decode()
    assert "Correct hand 2" in page and 'id="hand-initial"' in page and '"bid": 9' in page
    for number in ("3", "0", "9" * 30):
        assert client.get(f"/m/{tarneeb.pk}/hands/{number}/correct/").status_code == 404


@pytest.mark.django_db
def test_names_lose_control_characters(client):
    data = {"player-0": "Ra\x00mi", "player-1": "Sara", "player-2": "Omar", "player-3": "Lina"}
    assert client.post("/new/tarneeb/", data).status_code == 302
    assert Match.objects.get().players[0] == "Rami"


@pytest.mark.django_db
def test_the_live_parts_swap_in_place(client, tarneeb):
    response = client.get(f"/m/{tarneeb.pk}/sheet/")
    assert response.status_code == 200
    assert response.content.decode().count('hx-swap-oob="true"') == 3


@pytest.mark.django_db
def test_a_session_is_closed_from_its_page(client):
    match = services.match_create(variant="trionfo", players=[*PLAYERS, "Marco"])
    services.hand_record(
        match_id=match.pk,
        payload={"first": 0, "declarer": 3, "bid": "maso", "trump": "cups", "made": True},
    )
    assert client.post(f"/m/{match.pk}/close/").status_code == 302
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert "<bdi>Lina</bdi> wins!" in page and 'id="hand-form"' not in page
    assert client.post(f"/m/{match.pk}/close/").status_code == 302  # twice: nothing breaks


def _weight(client, url: str) -> int:
    html = client.get(url).content
    total = len(html)
    for asset in set(re.findall(rb'(?:href|src)="/static/([^"]+)"', html)):
        found = finders.find(asset.decode())
        assert found, asset
        total += Path(found).stat().st_size
    return total


@pytest.mark.django_db
def test_no_page_weighs_more_than_150_kb_on_first_load(client, tarneeb):
    blot = services.match_create(variant="bazar_blot", players=PLAYERS)
    for _ in range(20):
        services.hand_record(match_id=tarneeb.pk, payload={"thrown_in": True})
    urls = [
        "/",
        "/new/",
        "/new/tarneeb/",
        "/new/tarneeb_400/",
        f"/m/{tarneeb.pk}/",
        f"/m/{tarneeb.view_id}/",
        f"/m/{tarneeb.pk}/hands/1/correct/",
        f"/m/{blot.pk}/",
    ]
    for url in urls:
        weight = _weight(client, url)
        assert weight < MAX_WEIGHT, (url, weight)


def test_the_stylesheet_uses_logical_properties_only():
    """Right to left comes from `dir` alone: no physical side in the stylesheet."""
    css = (Path(__file__).resolve().parents[3] / "static/css/site.css").read_text()
    names = re.findall(
        r"(?<![\w-])(?:(?:margin|padding|border)-)?(?:left|right|top|bottom)\s*:", css
    )
    values = re.findall(r"(?:float|clear|text-align)\s*:\s*(?:left|right)", css)
    physical = names + values
    assert physical == []
    assert "inset-inline-start" in css and "margin-inline" in css


@pytest.mark.django_db
def test_conflicts_are_translated_in_the_api(client, tarneeb):
    response = client.post(
        f"/api/matches/{tarneeb.pk}/hands/",
        {"number": 1, "declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8},
        content_type="application/json",
        headers={"accept-language": "it"},
    )
    assert response.status_code == 409
    assert response.json()["detail"].startswith("La prossima mano è la numero 3, non la 1")
    english = client.delete(f"/api/matches/{tarneeb.pk}/hands/1/")
    assert english.status_code == 409
    assert english.json()["detail"] == "Only the last hand (number 2) can be undone."
