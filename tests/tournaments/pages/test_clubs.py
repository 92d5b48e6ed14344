"""A club's pages: the public page and a player's page (with the SVG chart) in Arabic and
French, and the desk's forms (add, merge, import, season, the next evening in one tap)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tournaments import services
from tournaments.models import Player, Round, Tournament
from tournaments.services import clubs

TEAMS = [["سارا", "رامي"], ["مریم", "Zoë"], ["Anna", "Bruno"], ["Carla", "Dario"]]


@pytest.fixture
def club(transactional_db):
    club = clubs.club_create(name="Circolo", language="it")
    clubs.season_create(club_id=club.pk, name="Inverno", scoring="placement", points=[10, 6])
    tournament = clubs.club_tournament_create(
        club_id=club.pk,
        season=1,
        fields={
            "name": "Venerdì",
            "variant": "tarneeb",
            "stages": [{"format": "swiss", "rounds": 1}],
            "entries": [{"name": f"T{i}", "players": p} for i, p in enumerate(TEAMS, 1)],
        },
    )
    services.tournament_start(tournament_id=tournament.pk)
    for pairing in Round.objects.get(tournament=tournament, number=1).pairings.all():
        services.pairing_result_set(
            tournament_id=tournament.pk,
            round_number=1,
            slot=pairing.slot,
            winner=pairing.entries[0],
            points=[10, 3],
        )
    return club


@pytest.mark.parametrize("language", ["ar", "fr"])
def test_the_public_page_and_a_players_page(club, language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    page = client.get(f"/p/c/{club.view_id}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "سارا" in html and "Inverno" in html and "Venerdì" in html
    if language == "ar":
        assert 'dir="rtl"' in html
    player = client.get(f"/p/c/{club.view_id}/players/1/")
    assert player.status_code == 200
    html = player.content.decode()
    assert "<svg" in html and "<polyline" in html and "رامي" in html
    assert client.get(f"/p/c/{club.view_id}/players/99/").status_code == 404


def test_the_desk_adds_merges_imports_and_starts_the_next_evening(club):
    client = Client()
    desk = f"/club/{club.pk}/"
    assert client.get(desk).status_code == 200
    assert client.get(f"/club/{club.view_id}/").status_code == 404
    assert client.post(f"{desk}player/", {"name": "Ana"}).status_code == 302
    ana = Player.objects.get(club=club, name="Ana").number
    refused = client.post(f"{desk}player/", {"name": "ANNA"})
    assert refused.status_code == 400 and "Ana" in refused.content.decode()
    anna = Player.objects.get(club=club, name="Anna").number
    assert client.post(f"{desk}merge/", {"number": ana, "into": anna}).status_code == 302
    assert not Player.objects.filter(club=club, name="Ana").exists()
    upload = SimpleUploadedFile("names.csv", b"Nour\nAnna\n")
    imported = client.post(f"{desk}import/", {"file": upload})
    assert imported.status_code == 200 and "Nour" in imported.content.decode()
    season = {"name": "Estate", "scoring": "match_points", "points": "", "best_of": 3}
    assert client.post(f"{desk}season/", season).status_code == 302
    assert client.post(f"{desk}next/").status_code == 302
    assert Tournament.objects.filter(club=club).count() == 2
    latest = Tournament.objects.filter(club=club).order_by("-created_at").first()
    assert latest.season.number == 1 and latest.status == "registration"


def test_the_projector_shows_each_tables_chance_to_win(club):
    last = Tournament.objects.get(club=club)
    second = clubs.club_tournament_create(
        club_id=club.pk, fields={"name": "Next"}, season=1, copy_of=str(last.pk)
    )
    services.entries_add(
        tournament_id=second.pk,
        entries=[{"name": f"T{i}", "players": p} for i, p in enumerate(TEAMS, 1)],
    )
    services.tournament_start(tournament_id=second.pk)
    html = Client().get(f"/p/{second.view_id}/projector/live/").content.decode()
    assert "win-chance" in html and "%" in html
    first = Client().get(f"/p/{last.view_id}/projector/live/").content.decode()
    assert "win-chance" not in first  # nobody was rated when the first evening was drawn


def test_the_tournament_desk_offers_the_clubs_players_only_for_a_clubs_tournament(club):
    client = Client()
    last = Tournament.objects.get(club=club)
    evening = clubs.club_tournament_create(
        club_id=club.pk, fields={"name": "Next"}, copy_of=str(last.pk)
    )
    html = client.get(f"/d/{evening.pk}/").content.decode()
    offered = html.split('<datalist id="club-players">')[1].split("</datalist>")[0]
    assert offered.count("<option") == Player.objects.filter(club=club).count() == 8
    assert 'value="سارا"' in offered and 'list="club-players"' in html
    alone = services.tournament_create(
        name="Alone",
        variant="tarneeb",
        stages=[{"format": "swiss", "rounds": 1}],
        entries=[{"name": f"T{i}", "players": p} for i, p in enumerate(TEAMS, 1)],
    )
    assert "club-players" not in client.get(f"/d/{alone.pk}/").content.decode()
