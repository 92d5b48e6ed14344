"""A club's pages: the public page and a player's page (with the SVG chart) in Arabic and
French, and the desk's forms (add, merge, import, season, the next evening in one tap)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone, translation
from django.utils.translation import gettext

from scorekeeper import rules, words
from tournaments import services, validation
from tournaments.brackets import get_format
from tournaments.models import Player, RatingsDue, Round, Season, Tournament
from tournaments.pages import clubs as pages_clubs
from tournaments.services import clubs, ratings

TEAMS = [["سارا", "رامي"], ["مریم", "Zoë"], ["Anna", "Bruno"], ["Carla", "Dario"]]


@pytest.fixture
def club(transactional_db):
    club = clubs.club_create(name="Circolo", language="it")
    clubs.season_create(club_id=club.pk, name="Inverno", scoring="placement", points=[10, 6])
    tournament = clubs.club_tournament_create(
        club_id=club.pk,
        season=1,
        spec=validation.tournament_spec(
            {
                "name": "Venerdì",
                "variant": "tarneeb",
                "stages": [{"format": "swiss", "rounds": 1}],
                "entries": [{"name": f"T{i}", "players": p} for i, p in enumerate(TEAMS, 1)],
            }
        ),
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
    assert imported.status_code == 302 and imported["Location"] == desk  # PRG
    said = client.get(desk).content.decode()
    assert "Added (1): Nour" in said and "Already there (1): Anna" in said
    assert "Added (1)" not in client.get(desk).content.decode()  # said once
    season = {"name": "Estate", "scoring": "match_points", "points": "", "best_of": 3}
    assert client.post(f"{desk}season/", season).status_code == 302
    assert client.post(f"{desk}next/").status_code == 302
    assert Tournament.objects.filter(club=club).count() == 2
    latest = Tournament.objects.filter(club=club).order_by("-created_at").first()
    assert latest.season.number == 1 and latest.status == "registration"
    assert latest.name == timezone.localdate().isoformat()  # named by its date
    assert latest.entries.count() == 0


def test_the_next_evening_with_the_same_players_in_one_tap(club):
    client = Client()
    last = Tournament.objects.get(club=club)
    Player.objects.filter(club=club, name="Zoë").update(name="Zoé")  # renamed since
    assert client.post(f"/club/{club.pk}/next/", {"same_players": "1"}).status_code == 302
    latest = Tournament.objects.filter(club=club).order_by("-created_at").first()
    assert latest.pk != last.pk and latest.name == timezone.localdate().isoformat()
    entries = list(latest.entries.order_by("number").values_list("name", "players"))
    assert entries[1] == ("T2", ["مریم", "Zoé"]) and len(entries) == 4
    desk = client.get(f"/d/{latest.pk}/").content.decode()
    assert "سارا" in desk  # the director removes the absent there


def test_an_individual_events_next_evening_keeps_its_players(transactional_db):
    club = clubs.club_create(name="Ակումբ", language="hy")
    names = ["Անի", "Արամ", "Գոռ", "Դավիթ", "Էլեն"]
    clubs.player_create(club_id=club.pk, name="Արամ")  # the club's, typed "արամ" below
    clubs.club_tournament_create(
        club_id=club.pk,
        spec=validation.tournament_spec(
            {
                "name": "Ուրբաթ",
                "variant": "trionfo",
                "stages": [{"format": "melee", "rounds": 1}],
                "entries": [{"name": n.lower() if n == "Արամ" else n} for n in names],
            }
        ),
    )
    assert Client().post(f"/club/{club.pk}/next/", {"same_players": "1"}).status_code == 302
    latest = Tournament.objects.filter(club=club).order_by("-created_at").first()
    assert [e.players for e in latest.entries.order_by("number")] == [[n] for n in names]


def test_the_desk_says_its_key_is_secret_and_offers_trionfo_and_every_export(club):
    html = Client().get(f"/club/{club.pk}/").content.decode()
    assert "director's key" in html and "keep it secret" in html
    assert 'value="trionfo"' in html
    last = Tournament.objects.get(club=club)
    assert f"/api/clubs/{club.view_id}/players.csv" in html
    assert f"/api/tournaments/{last.view_id}/standings/?format=csv" in html
    assert f"/api/tournaments/{last.view_id}/results.csv" in html
    assert f"/api/clubs/{club.view_id}/seasons/1/standings/?format=csv" in html
    assert "Same players as last time".lower() in html.lower()


def test_the_public_page_links_players_to_their_pages_and_every_export(club):
    client = Client()
    html = client.get(f"/p/c/{club.view_id}/").content.decode()
    assert f'href="/p/c/{club.view_id}/players/1/"' in html
    assert f'href="/api/clubs/{club.view_id}/players/' not in html  # never the JSON
    last = Tournament.objects.get(club=club)
    for url in (
        f"/api/tournaments/{last.view_id}/standings/?format=csv",
        f"/api/tournaments/{last.view_id}/results.csv",
        f"/api/clubs/{club.view_id}/seasons/1/standings/?format=csv",
        f"/api/clubs/{club.view_id}/players.csv",
    ):
        assert html.count(f'href="{url}"') == 1, url  # once, in the page's body
        answer = client.get(url)
        assert answer.status_code == 200 and answer.content.startswith(b"\xef\xbb\xbf"), url
    # the last evening's standings: each team's players linked to their pages
    for number in Player.objects.filter(club=club).values_list("number", flat=True):
        assert f'href="/p/c/{club.view_id}/players/{number}/"' in html


@pytest.mark.parametrize("language", ["fa", "it"])
def test_the_new_club_form_speaks_the_pages_language(transactional_db, language):
    html = Client(HTTP_ACCEPT_LANGUAGE=language).get("/clubs/new/").content.decode()
    assert f'<option value="{language}" selected>' in html


def test_the_projector_shows_each_tables_chance_to_win(club):
    last = Tournament.objects.get(club=club)
    second = clubs.club_tournament_create(
        club_id=club.pk,
        name="Next",
        season=1,
        copy_of=str(last.pk),
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
    evening = clubs.club_tournament_create(club_id=club.pk, name="Next", copy_of=str(last.pk))
    html = client.get(f"/d/{evening.pk}/").content.decode()
    offered = html.split('<datalist id="club-players">')[1].split("</datalist>")[0]
    assert offered.count("<option") == Player.objects.filter(club=club).count() == 8
    assert 'value="سارا"' in offered and 'list="club-players"' in html
    alone = services.tournament_create(
        validation.tournament_spec(
            dict(
                name="Alone",
                variant="tarneeb",
                stages=[{"format": "swiss", "rounds": 1}],
                entries=[{"name": f"T{i}", "players": p} for i, p in enumerate(TEAMS, 1)],
            )
        )
    )
    assert "club-players" not in client.get(f"/d/{alone.pk}/").content.decode()


NEW = {
    "name": "Primo venerdì",
    "preset": "swiss",
    "rounds": "2",
    "advance": "4",
    "groups": "2",
    "tiebreaks": "default",
    "auto_advance": "on",
    "entries": "\n".join(f"T{i}: {a}, {b}" for i, (a, b) in enumerate(TEAMS, 1)),
    "break_minutes": "5",
    "hands_per_match": "",
    "round_minutes": "50",
    "games_to_win": "1",
    "at_time": "finish_hand",
    "seed_in_order": "",
}


def test_a_clubs_first_tournament_is_created_from_its_desk(transactional_db):
    club = clubs.club_create(name="Nuovo circolo", language="it")
    clubs.season_create(club_id=club.pk, name="Primavera", scoring="match_points")
    client = Client()
    desk = client.get(f"/club/{club.pk}/").content.decode()
    assert 'name="variant"' in desk and 'name="season"' in desk
    chosen = client.get(f"/club/{club.pk}/new/", {"variant": "tarneeb", "season": "1"})
    assert chosen.status_code == 302
    assert chosen["Location"] == f"/club/{club.pk}/new/tarneeb/?season=1"
    page = client.get(chosen["Location"])
    assert page.status_code == 200
    html = page.content.decode()
    assert "Nuovo circolo" in html and "Primavera" in html and 'name="entries"' in html
    created = client.post(chosen["Location"], NEW)
    assert created.status_code == 302, created.content.decode()[:3000]
    tournament = Tournament.objects.get(club=club)
    assert created["Location"] == f"/d/{tournament.pk}/"
    assert tournament.season.number == 1 and tournament.name == "Primo venerdì"
    assert Player.objects.filter(club=club).count() == 8  # the entries name the players
    # The desk lists it, in words: its game, its format, its season.
    desk = client.get(f"/club/{club.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f'href="/d/{tournament.pk}/"' in desk
    with translation.override("fr"):
        game = words.game_name(rules.VARIANTS["tarneeb"])
        swiss = gettext(get_format("swiss").label)  # the format's own word
    assert (
        f"{game} · {swiss} · Primavera" in desk and "swiss" not in desk.split("club-tournaments")[1]
    )
    # Without a season, and a refused creation stores nothing.
    plain = client.get(f"/club/{club.pk}/new/", {"variant": "tarneeb", "season": ""})
    assert plain["Location"] == f"/club/{club.pk}/new/tarneeb/"
    refused = client.post(plain["Location"], {**NEW, "rounds": "²"})
    assert refused.status_code == 400 and Tournament.objects.filter(club=club).count() == 1
    second = client.post(plain["Location"], {**NEW, "name": "Secondo"})
    assert second.status_code == 302
    assert Tournament.objects.get(club=club, name="Secondo").season is None


@pytest.mark.parametrize(
    "query",
    [
        {"variant": "tarneeb", "season": "9"},
        {"variant": "nothing", "season": ""},
        {"variant": "\x00", "season": "²"},
        {},
    ],
)
def test_a_bad_choice_of_game_or_season_is_400_on_the_desk(club, query):
    response = Client().get(f"/club/{club.pk}/new/", query)
    assert response.status_code == 400 and 'name="variant"' in response.content.decode()
    assert Client().get(f"/club/{club.pk}/new/tarneeb/?season=9").status_code == 400
    assert Client().get(f"/club/{club.pk}/new/nothing/").status_code == 404
    assert Client().get(f"/club/{club.view_id}/new/tarneeb/").status_code == 404


def test_a_season_is_edited_from_the_desk(club):
    client = Client()
    edit = {"number": 1, "name": "Inverno 2027", "scoring": "average_placement", "points": ""}
    assert client.post(f"/club/{club.pk}/season_edit/", edit).status_code == 302
    season = Season.objects.get(club=club, number=1)
    assert (season.name, season.scoring, season.points) == ("Inverno 2027", "average_placement", [])
    missing = client.post(f"/club/{club.pk}/season_edit/", {**edit, "number": 7})
    assert missing.status_code == 400
    assert "The club has no season of this number." in missing.content.decode()
    bad = client.post(f"/club/{club.pk}/season_edit/", {**edit, "points": "10, x"})
    assert bad.status_code == 400
    assert Season.objects.get(club=club, number=1).scoring == "average_placement"


@pytest.mark.parametrize("language", ["en", "ar", "fa", "hy", "it", "fr"])
def test_a_seasons_scoring_and_a_tournaments_game_are_words_in_each_language(club, language):
    clubs.season_create(club_id=club.pk, name="Estate", scoring="match_points")
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    desk = client.get(f"/club/{club.pk}/").content.decode()
    public = client.get(f"/p/c/{club.view_id}/").content.decode()
    with translation.override(language):
        placement = str(pages_clubs.SCORING_LABELS["placement"])
        match_points = str(pages_clubs.SCORING_LABELS["match_points"])
        game = words.game_name(rules.VARIANTS["tarneeb"])
    if language != "en":  # a real translation, not the English words
        assert placement != "Points by placement" and match_points != "Match points"
    assert f"Inverno · {placement}" in desk and f"Estate · {match_points}" in desk
    assert f"{match_points}</p>" in public  # the latest season's, on the public page
    for code in ("placement", "match_points", "average_placement", "tarneeb", "swiss"):
        for html in (desk, public):
            assert f"· {code}" not in html and f">{code}<" not in html
    assert game in desk


def test_the_desk_says_the_ratings_are_behind_while_a_change_is_due_and_late(club):
    """A change of the club's results whose rating update was lost (its ``RatingsDue``
    row older than ``TOURNAMENT_STUCK_SECONDS``): the desk says so, in the page's language,
    until an update clears it."""
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    desk = f"/club/{club.pk}/"
    assert 'id="problem"' not in client.get(desk).content.decode()
    tournament = Tournament.objects.get(club=club)
    long_ago = timezone.now() - timedelta(minutes=5)
    RatingsDue.objects.create(club=club, tournament=tournament, since=long_ago, created_at=long_ago)
    html = client.get(desk).content.decode()
    assert 'id="problem"' in html and "les classements Elo du club sont en retard" in html
    ratings.club_ratings_update(club_id=club.pk)
    assert not RatingsDue.objects.exists()
    assert 'id="problem"' not in client.get(desk).content.decode()
