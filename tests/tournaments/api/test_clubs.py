"""Clubs through the API (clubs.md): the club and its links, players matched by name,
club tournaments, ratings that follow every change, seasons, and the CSV exports."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openskill.models import PlackettLuce

from tests.tournaments.conftest import Director
from tournaments.models import Player

TEAMS = [["Anna", "Bruno"], ["Carla", "Dario"], ["Elsa", "Fabio"], ["Gina", "Hugo"]]


class Club(Director):
    def club(self, **fields: Any) -> dict[str, Any]:
        response = self.post(
            "/api/clubs/", {"name": "Circolo di Ravenna", "language": "it", **fields}
        )
        assert response.status_code == 201, response.json()
        return response.json()

    def evening(self, club: dict[str, Any], teams=TEAMS, **fields: Any) -> dict[str, Any]:
        body = {
            "name": "Venerdì",
            "variant": "tarneeb",
            "hands_per_match": 1,
            "stages": [{"format": "swiss", "rounds": 1}],
            "entries": [{"name": f"T{i}", "players": p} for i, p in enumerate(teams, 1)],
            **fields,
        }
        response = self.post(f"/api/clubs/{club['id']}/tournaments/", body)
        assert response.status_code == 201, response.json()
        return response.json()

    def players(self, club: dict[str, Any]) -> dict[str, dict[str, Any]]:
        return {p["name"]: p for p in self.get(f"/api/clubs/{club['view_id']}/players/").json()}


@pytest.fixture
def api(transactional_db: None) -> Club:
    return Club()


def test_a_club_has_a_directors_key_and_a_public_link(api):
    club = api.club()
    assert {"id", "view_id", "name", "language"} <= set(club)
    public = api.get(f"/api/clubs/{club['view_id']}/").json()
    assert "id" not in public and public["name"] == "Circolo di Ravenna"
    assert public["seasons"] == [] and public["next_tournament"] is None
    assert api.patch(f"/api/clubs/{club['view_id']}/", {"name": "X"}).status_code == 403
    response = api.patch(f"/api/clubs/{club['id']}/", {"name": "Circolo Ravenna"})
    assert response.status_code == 200 and response.json()["name"] == "Circolo Ravenna"
    assert api.get("/api/clubs/nope/").status_code == 404


@pytest.mark.parametrize("name", ["Anna\u202eBo", "", "   ", 7, "a\nb"])
def test_a_bad_name_is_400_naming_the_field_and_stores_nothing(api, name):
    response = api.post("/api/clubs/", {"name": name, "language": "it"})
    assert response.status_code == 400 and "name" in response.json()
    club = api.club()
    response = api.post(f"/api/clubs/{club['id']}/players/", {"name": name})
    assert response.status_code == 400 and "name" in response.json()
    assert not Player.objects.exists()


def test_an_entry_player_with_a_bidi_control_is_400_naming_it(api):
    club = api.club()
    teams = [TEAMS[0], ["Carla", "Da\u202erio"], *TEAMS[2:]]
    body = {"name": "X", "variant": "tarneeb", "stages": [{"format": "swiss", "rounds": 1}]}
    body["entries"] = [{"name": f"T{i}", "players": p} for i, p in enumerate(teams, 1)]
    response = api.post(f"/api/clubs/{club['id']}/tournaments/", body)
    assert response.status_code == 400 and "entries[1].players[1]" in response.json()
    assert not Player.objects.exists()
    assert api.get(f"/api/clubs/{club['id']}/tournaments/").json() == []


def test_players_are_matched_by_name_whatever_the_case_and_spaces(api):
    club = api.club()
    assert api.post(f"/api/clubs/{club['id']}/players/", {"name": "Anna"}).status_code == 201
    again = api.post(f"/api/clubs/{club['id']}/players/", {"name": " ANNA "})
    assert again.status_code == 400 and "name" in again.json()
    teams = [[" anna", "Bruno"], *TEAMS[1:]]
    tournament = api.evening(club, teams=teams, season=None)
    assert tournament["club"] == club["view_id"] and tournament["season"] is None
    players = api.players(club)
    assert players["Anna"]["number"] == 1 and len(players) == 8
    assert players["Bruno"]["tournaments"] == 1
    renamed = api.patch(f"/api/clubs/{club['id']}/players/1/", {"name": "Anna Maria"})
    assert renamed.status_code == 200 and renamed.json()["name"] == "Anna Maria"
    clash = api.patch(f"/api/clubs/{club['id']}/players/1/", {"name": "bruno"})
    assert clash.status_code == 400 and "name" in clash.json()


def _play(api: Club, tournament: dict[str, Any], winners: dict[int, int]) -> None:
    for pairing in api.round(tournament, 1)["pairings"]:
        winner = pairing["entries"][winners.get(pairing["slot"], 0)]
        api.result(tournament, 1, pairing["slot"], winner=winner, points=[10, 3])


def _by_library(api: Club, tournament: dict[str, Any], names: dict[int, list[str]], *more):
    """Every player's (mu, sigma), rated here by the library in the order played (the
    first round of ``tournament``, then of each of ``more``: tournament, names, …)."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    evenings = [(tournament, names), *zip(more[::2], more[1::2], strict=True)]
    for evening, names in evenings:
        _rate_round(api, model, ratings, evening, names)
    return {(name, k): getattr(r, k) for name, r in ratings.items() for k in ("mu", "sigma")}


def _rate_round(api: Club, model, ratings, tournament, names) -> None:
    for pairing in api.round(tournament, 1)["pairings"]:
        teams = [names[n] for n in pairing["entries"]]
        rated = model.rate(
            [[ratings.get(p) or model.rating() for p in team] for team in teams],
            ranks=[1, 2] if pairing["winner"] == pairing["entries"][0] else [2, 1],
        )
        for team, after in zip(teams, rated, strict=True):
            ratings.update(zip(team, after, strict=True))


def _ratings(api: Club, club: dict[str, Any]) -> dict[tuple[str, str], float]:
    return {
        (name, k): p[k]
        for name, p in api.players(club).items()
        if p["rated_pairings"]
        for k in ("mu", "sigma")
    }


def test_ratings_follow_results_and_a_correction_as_if_rated_from_scratch(api):
    club = api.club()
    tournament = api.evening(club, auto_advance=False)
    api.start(tournament)
    _play(api, tournament, {})
    names = {n + 1: team for n, team in enumerate(TEAMS)}
    assert _ratings(api, club) == pytest.approx(_by_library(api, tournament, names), abs=1e-4)
    anna = api.players(club)["Anna"]
    assert anna["rating"] == round(anna["mu"] - 3 * anna["sigma"], 2)
    assert anna["rated_pairings"] == 1
    # The director corrects the first table: the other side won.
    api.result(
        tournament,
        1,
        1,
        winner=api.round(tournament, 1)["pairings"][0]["entries"][1],
        points=[3, 10],
    )
    assert _ratings(api, club) == pytest.approx(_by_library(api, tournament, names), abs=1e-4)
    history = api.get(f"/api/clubs/{club['id']}/players/1/").json()
    assert len(history["rating_history"]) == 1
    assert history["history"][0]["partners"] == ["Bruno"]
    assert history["history"][0]["pairings"][0]["result"] in ("win", "loss")


def test_a_merge_moves_the_entries_and_re_rates(api):
    club = api.club()
    first = api.evening(club, auto_advance=False)
    api.start(first)
    _play(api, first, {})
    typo = [["Ana", "Bruno"], *TEAMS[1:]]
    second = api.evening(club, teams=typo, auto_advance=False)
    api.start(second)
    _play(api, second, {})
    players = api.players(club)
    ana, anna = players["Ana"]["number"], players["Anna"]["number"]
    assert players["Anna"]["rated_pairings"] == 1
    response = api.post(f"/api/clubs/{club['id']}/players/{ana}/merge/", {"into": anna})
    assert response.status_code == 200, response.json()
    assert response.json()["number"] == anna and response.json()["rated_pairings"] == 2
    assert api.get(f"/api/clubs/{club['id']}/players/{ana}/").status_code == 404
    assert len(response.json()["history"]) == 2
    # The merged club rated as the library rates both evenings with Ana as Anna.
    names = {n + 1: team for n, team in enumerate(TEAMS)}
    expected = _by_library(api, first, names, second, names)
    assert _ratings(api, club) == pytest.approx(expected, abs=1e-4)
    assert "Ana" not in api.players(club)
    bad = api.post(f"/api/clubs/{club['id']}/players/{anna}/merge/", {"into": 999})
    assert bad.status_code == 400 and "into" in bad.json()


def test_win_chance_is_stored_when_a_round_is_drawn(api):
    club = api.club()
    first = api.evening(club, auto_advance=False)
    api.start(first)
    assert all(p["win_chance"] is None for p in api.round(first, 1)["pairings"])
    _play(api, first, {})
    second = api.evening(club, auto_advance=False)
    api.start(second)
    chances = [p["win_chance"] for p in api.round(second, 1)["pairings"]]
    assert all(c is not None and sum(c) == pytest.approx(1, abs=1e-3) for c in chances)


def test_a_swap_gives_the_pairings_it_reseats_their_own_win_chance(api):
    """A swap seats new opponents: each pairing it touches gets the chance its entries now
    have (the store step of a drawn round), not the one of the pairing it replaced."""
    club = api.club()
    seeded = [{"name": f"T{i}", "players": p, "seed": i} for i, p in enumerate(TEAMS, 1)]
    first = api.evening(club, auto_advance=False, entries=seeded)
    api.start(first)
    _play(api, first, {})  # teams 1 and 2 beat teams 3 and 4
    second = api.evening(club, auto_advance=False, entries=seeded)
    api.start(second)
    before = api.round(second, 1)["pairings"]
    assert [p["entries"] for p in before] == [[1, 3], [2, 4]]
    swapped = api.post(f"/api/tournaments/{second['id']}/rounds/1/swap/", {"entries": [3, 2]})
    assert swapped.status_code == 200, swapped.json()
    after = api.round(second, 1)["pairings"]
    assert [p["entries"] for p in after] == [[1, 2], [3, 4]]
    for old, new in zip(before, after, strict=True):  # winners met winners: even chances
        assert abs(new["win_chance"][0] - 0.5) < abs(old["win_chance"][0] - 0.5)
        assert sum(new["win_chance"]) == pytest.approx(1, abs=1e-3)


def test_a_copy_takes_the_settings_not_the_entries_and_a_season_ranks_players(api):
    club = api.club()
    season = api.post(
        f"/api/clubs/{club['id']}/seasons/",
        {"name": "Inverno 2026", "scoring": "placement", "points": [25, 18, 15], "best_of": None},
    )
    assert season.status_code == 201 and season.json()["number"] == 1
    first = api.evening(club, season=1)
    assert first["season"] == 1
    api.start(first)
    _play(api, first, {})
    copy = api.post(
        f"/api/clubs/{club['id']}/tournaments/", {"copy_of": first["id"], "name": "Next Friday"}
    )
    assert copy.status_code == 201, copy.json()
    assert copy.json()["entries"] == [] and copy.json()["hands_per_match"] == 1
    rows = api.get(f"/api/clubs/{club['view_id']}/seasons/1/standings/").json()
    assert [r["rank"] for r in rows] == list(range(1, 9))
    assert rows[0]["points"] == 25 and rows[0]["wins"] == 1 and rows[0]["why"]
    bad = api.post(f"/api/clubs/{club['id']}/tournaments/", {"copy_of": "x", "name": "N"})
    assert bad.status_code == 400 and "copy_of" in bad.json()
    bad = api.post(f"/api/clubs/{club['id']}/seasons/", {"name": "S", "scoring": "elo"})
    assert bad.status_code == 400 and "scoring" in bad.json()
    huge = {"name": "S", "scoring": "match_points", "best_of": 10**12}
    bad = api.post(f"/api/clubs/{club['id']}/seasons/", huge)
    assert bad.status_code == 400 and "best_of" in bad.json()
    text = api.get(f"/api/clubs/{club['view_id']}/seasons/1/standings/?format=csv")
    assert text.content.startswith("\ufeff".encode())


def _csv(response) -> list[list[str]]:
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert response.content.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_a_csv_round_trip_with_arabic_and_persian_names(api):
    club = api.club()
    names = ["سارا", "رامي", "مریم", "Zoë"]
    upload = SimpleUploadedFile("names.csv", "\n".join(names).encode("utf-8"))
    response = api.client.post(f"/api/clubs/{club['id']}/players/", {"file": upload})
    assert response.status_code == 200, response.json()
    assert response.json() == {"new": names, "existing": []}
    exported = api.client.get(
        f"/api/clubs/{club['view_id']}/players.csv", HTTP_ACCEPT_LANGUAGE="fr"
    )
    rows = _csv(exported)
    assert len(rows[0]) == 8 and rows[0][2] != "rating"
    assert [row[1] for row in rows[1:]] == names
    back = SimpleUploadedFile("players.csv", exported.content)
    response = api.client.post(f"/api/clubs/{club['id']}/players/", {"file": back})
    assert response.json() == {"new": [], "existing": names}
    public = api.client.post(f"/api/clubs/{club['view_id']}/players/", {"file": back})
    assert public.status_code == 403
    bad = SimpleUploadedFile("bad.csv", "Ok\nBad\u202eName\n".encode())
    response = api.client.post(f"/api/clubs/{club['id']}/players/", {"file": bad})
    assert response.status_code == 400 and "file" in response.json()
    assert Player.objects.count() == 4


def test_a_tournaments_standings_and_results_as_csv(api):
    club = api.club()
    tournament = api.evening(club, auto_advance=False)
    api.start(tournament)
    _play(api, tournament, {})
    standings = _csv(api.get(f"/api/tournaments/{tournament['view_id']}/standings/?format=csv"))
    assert len(standings) == 5 and standings[1][0] == "1"
    results = _csv(api.get(f"/api/tournaments/{tournament['view_id']}/results.csv"))
    assert len(results) == 3 and results[1][4] and results[1][5] == "10–3"
    assert api.get(f"/api/tournaments/{tournament['view_id']}/standings/").status_code == 200
