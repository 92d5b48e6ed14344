"""Individual events (format ``melee``) on the pages: the desk, the table cards, the public
page and the projector show each table's two teams (partners together) or a trionfo
table's five players in seat order, and who sits the round out; the desk's controls work
for a mêlée round from the page. In English and in Persian (right to left, Latin digits,
each score isolated in the order of the names)."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, won_by
from tournaments.models import Entry, Pairing, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco", "Gina", "Ugo", "Zeno"]
PERSIAN = ["سارا", "بهرام", "مریم", "رضا", "نازنین", "کاوه", "لیلا", "امید", "زهره"]
EASTERN_DIGITS = re.compile("[\u0660-\u0669\u06f0-\u06f9]")


def melee(director: Director, names: list[str], **fields: Any) -> dict[str, Any]:
    fields.setdefault("variant", "belote")
    fields.setdefault("stages", [{"format": "melee", "rounds": 3}])
    t = director.create(entries=[{"name": name} for name in names], **fields)
    director.start(t)
    return t


def named(t: dict[str, Any]) -> dict[int, str]:
    return dict(Entry.objects.filter(tournament_id=t["id"]).values_list("number", "name"))


def text(html: str) -> str:
    """The page's words without tags (the names are isolated in ``<bdi>``)."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html)))


def teams_line(pairing: dict[str, Any], names: dict[int, str]) -> str:
    (a, c), (b, d) = pairing["teams"]
    return f"{names[a]} & {names[c]} vs {names[b]} & {names[d]}"


def pages(client: Client, t: dict[str, Any], lang: str = "en") -> dict[str, str]:
    found = {}
    client.cookies["django_language"] = lang
    for name, url in (
        ("desk", f"/d/{t['id']}/"),
        ("cards", f"/d/{t['id']}/cards/"),
        ("public", f"/p/{t['view_id']}/"),
        ("projector", f"/p/{t['view_id']}/projector/"),
    ):
        response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        found[name] = response.content.decode()
    return found


def test_a_melee_round_shows_its_teams_and_who_sits_out_everywhere(director):
    t = melee(director, NAMES)
    round_ = director.round(t, 1)
    names = named(t)
    tables = [p for p in round_["pairings"] if p.get("teams")]
    assert len(tables) == 2 and len(round_["sit_out"]) == 1
    resting = names[round_["sit_out"][0]]
    found = pages(Client(), t)
    for name, html in found.items():
        words = text(html)
        for pairing in tables:
            assert teams_line(pairing, names) in words, name
        assert f"Sitting out: {resting}" in words, name
    # nine players: two tables, so two cards (not one per two players)
    assert found["cards"].count('class="table-card"') == 2
    assert '<th scope="col">Player</th>' in found["public"]


def test_a_trionfo_table_shows_its_five_players_in_seat_order(director):
    t = melee(director, NAMES[:6], variant="trionfo", stages=[{"format": "melee", "rounds": 2}])
    round_ = director.round(t, 1)
    names = named(t)
    (table,) = [p for p in round_["pairings"] if len(p["entries"]) == 5]
    seats = " · ".join(names[n] for n in table["entries"])
    for name, html in pages(Client(), t).items():
        words = text(html)
        assert seats in words, name
        assert f"Sitting out: {names[round_['sit_out'][0]]}" in words, name


def test_the_persian_desk_says_it_right_to_left_with_latin_digits(director):
    t = melee(director, PERSIAN)
    round_ = director.round(t, 1)
    names = named(t)
    pairing = next(p for p in round_["pairings"] if p.get("teams"))
    (a, c), (b, d) = pairing["teams"]
    client = Client()
    url = f"/d/{t['id']}/rounds/1/pairings/{pairing['slot']}/result/"
    body = {"outcome": str(b), "points_0": "0", "points_1": "162"}
    assert client.post(url, body).status_code == 302
    for name, html in pages(client, t, "fa").items():
        assert 'dir="rtl"' in html, name
        assert EASTERN_DIGITS.search(html) is None, name
        words = text(html)
        assert f"{names[a]} & {names[c]} در برابر {names[b]} & {names[d]}" in words, name
        assert f"بیرون از بازی در این دور: {names[round_['sit_out'][0]]}" in words, name
    desk = pages(client, t, "fa")["desk"]
    # each score isolated, in the order of the names (the first team's on the right)
    assert '<bdi dir="ltr">0</bdi> – <bdi dir="ltr">162</bdi>' in desk
    public = pages(client, t, "fa")["public"]
    assert '<bdi dir="ltr">0</bdi> – <bdi dir="ltr">162</bdi>' in public


def test_the_directors_result_names_a_team_by_either_player(director):
    t = melee(director, NAMES)
    pairing = next(p for p in director.round(t, 1)["pairings"] if p.get("teams"))
    (a, c), (b, d) = pairing["teams"]
    client = Client()
    desk = client.get(f"/d/{t['id']}/").content.decode()
    names = named(t)
    # the winner's buttons are the two teams, not four players
    assert f"<span>{names[a]} &amp; {names[c]}</span>" in desk
    assert f"<span>{names[b]} &amp; {names[d]}</span>" in desk
    url = f"/d/{t['id']}/rounds/1/pairings/{pairing['slot']}/result/"
    # the second team named by its second player (seat 3), points in the order of teams
    assert (
        client.post(url, {"outcome": str(d), "points_0": "40", "points_1": "122"}).status_code
        == 302
    )
    row = Pairing.objects.get(tournament_id=t["id"], round__number=1, slot=pairing["slot"])
    assert row.winner in (b, d) and row.points == [40, 122] and row.source == "director"
    # a winner from seat 2 with fewer points asks to be confirmed (never a 500)
    other = next(
        p
        for p in director.round(t, 1)["pairings"]
        if p.get("teams") and p is not pairing and p["slot"] != pairing["slot"]
    )
    url = f"/d/{t['id']}/rounds/1/pairings/{other['slot']}/result/"
    seat_two = other["teams"][0][1]
    asked = client.post(url, {"outcome": str(seat_two), "points_0": "10", "points_1": "90"})
    assert asked.status_code == 400 and 'name="fewer"' in asked.content.decode()
    body = {"outcome": str(seat_two), "points_0": "10", "points_1": "90", "fewer": "on"}
    assert client.post(url, body).status_code == 302


def test_the_directors_result_of_a_trionfo_table_is_five_scores(director):
    t = melee(director, NAMES[:6], variant="trionfo", stages=[{"format": "melee", "rounds": 2}])
    (table,) = [p for p in director.round(t, 1)["pairings"] if len(p["entries"]) == 5]
    client = Client()
    desk = client.get(f"/d/{t['id']}/").content.decode()
    assert 'name="points_4"' in desk and 'name="outcome"' not in desk
    assert 'name="forfeit"' not in desk  # the five scores decide
    url = f"/d/{t['id']}/rounds/1/pairings/{table['slot']}/result/"
    scores = {f"points_{i}": str(v) for i, v in enumerate([12, 30, 5, 30, 8])}
    assert client.post(url, scores).status_code == 302
    row = Pairing.objects.get(tournament_id=t["id"], round__number=1, slot=table["slot"])
    assert row.points == [12, 30, 5, 30, 8] and row.source == "director"
    words = text(client.get(f"/d/{t['id']}/").content.decode())
    assert "12 · 30 · 5 · 30 · 8" in words


def test_a_player_swaps_with_the_one_who_sits_out_from_the_desk(director):
    t = melee(director, NAMES)
    client = Client()
    round_ = director.round(t, 1)
    resting = round_["sit_out"][0]
    seated = next(p for p in round_["pairings"] if p.get("teams"))["entries"][0]
    response = client.post(f"/d/{t['id']}/rounds/1/swap/", {"first": seated, "second": resting})
    assert response.status_code == 302
    assert director.round(t, 1)["sit_out"] == [seated]
    words = text(client.get(f"/d/{t['id']}/").content.decode())
    assert f"Sitting out: {named(t)[seated]}" in words


def test_two_seated_players_swap_from_the_desk(director):
    t = melee(director, NAMES[:8])
    first, second = [p for p in director.round(t, 1)["pairings"]][:2]
    a, b = first["entries"][0], second["entries"][1]
    response = Client().post(f"/d/{t['id']}/rounds/1/swap/", {"first": a, "second": b})
    assert response.status_code == 302
    after = {p["slot"]: p["entries"] for p in director.round(t, 1)["pairings"]}
    assert b in after[first["slot"]] and a in after[second["slot"]]


def test_redraw_drop_out_and_late_entry_from_the_desk(director):
    t = melee(director, NAMES)
    client = Client()
    desk = f"/d/{t['id']}/"
    before = director.round(t, 1)["pairings"]
    assert client.post(f"{desk}rounds/1/redraw/").status_code == 400  # not ticked
    assert client.post(f"{desk}rounds/1/redraw/", {"sure": "on"}).status_code == 302
    after = director.round(t, 1)
    assert {p["match"] for p in before if p["match"]}.isdisjoint(
        p["match"] for p in after["pairings"]
    )
    assert len(after["sit_out"]) == 1 and "Sitting out" in text(client.get(desk).content.decode())
    # a drop-out, and late entries (from the next round), one name per line
    assert client.post(f"{desk}entries/2/", {"active": "0"}).status_code == 302
    assert not Entry.objects.get(tournament_id=t["id"], number=2).active
    page = client.get(desk).content.decode()
    assert "One player per line" in page
    added = client.post(f"{desk}entries/", {"entries": "Ottavio\nPia"})
    assert added.status_code == 302, added.content.decode()[:3000]
    assert Entry.objects.get(tournament_id=t["id"], name="Pia").players == ["Pia"]


def test_a_result_awaiting_confirmation_is_confirmed_from_the_desk(director):
    t = melee(director, NAMES[:8], variant="tarneeb", hands_per_match=1, confirm_results=True)
    tables = director.round(t, 1)["pairings"]
    assert len(tables) == 2 and director.round(t, 1)["sit_out"] == []
    for pairing in tables:
        director.hand({"id": pairing["match"]}, won_by(0))
    client = Client()
    html = client.get(f"/d/{t['id']}/").content.decode()
    assert "awaiting confirmation" in html and "Sitting out" not in text(html)
    url = f"/d/{t['id']}/rounds/1/pairings/"
    assert client.post(url + "2/confirm/", {"agree": "0"}).status_code == 302
    assert "disputed" in client.get(f"/d/{t['id']}/").content.decode()
    assert client.post(url + "1/confirm/", {"agree": "1"}).status_code == 302
    assert client.post(url + "2/confirm/", {"agree": "1"}).status_code == 302
    assert Tournament.objects.get(pk=t["id"]).round == 2


@pytest.mark.parametrize("slug", ["belote", "trionfo"])
def test_a_melee_is_created_from_the_new_tournament_page(client, slug):
    body = {
        "name": "Gara individuale",
        "preset": "melee",
        "rounds": "3",
        "draw": "standings",
        "tiebreaks": "default",
        "entries": "\n".join(NAMES),
        "break_minutes": "5",
        "games_to_win": "1",
        "at_time": "finish_hand",
    }
    page = client.get(f"/tournaments/new/{slug}/").content.decode()
    assert 'value="melee"' in page and 'name="draw"' in page
    response = client.post(f"/tournaments/new/{slug}/", body)
    assert response.status_code == 302, response.content.decode()[:3000]
    tournament = Tournament.objects.get()
    stage = tournament.stages.get()
    assert stage.format == "melee" and stage.settings["draw"] == "standings"
    assert stage.settings["seats"] == (5 if slug == "trionfo" else 4)
    assert tournament.entries.get(number=1).players == ["Anna"]


def test_trionfo_is_offered_among_the_games(client):
    assert "/tournaments/new/trionfo/" in client.get("/tournaments/new/").content.decode()


def test_a_team_forfeits_from_the_desk(director):
    t = melee(director, NAMES[:8], options={"target": 501})
    pairing = director.round(t, 1)["pairings"][0]
    (a, c), (b, d) = pairing["teams"]
    client = Client()
    desk = client.get(f"/d/{t['id']}/").content.decode()
    names = named(t)
    forfeit = desk.split(f'id="pairing-1-{pairing["slot"]}"', 1)[1].split("/forfeit/", 1)[1]
    assert f"<span>{names[b]} &amp; {names[d]}</span>" in forfeit.split("</fieldset>")[0]
    url = f"/d/{t['id']}/rounds/1/pairings/{pairing['slot']}/forfeit/"
    assert client.post(url, {"forfeit": str(d), "sure": "on"}).status_code == 302
    row = Pairing.objects.get(tournament_id=t["id"], round__number=1, slot=pairing["slot"])
    assert row.winner in (a, c) and row.forfeit == d
