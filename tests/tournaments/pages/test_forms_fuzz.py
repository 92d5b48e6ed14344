"""Every field of every form the desk and the creation page post, fuzzed through the real
URLs: any text, Arabic-Indic and Persian digits, "²", NUL and other control characters,
10,000 characters. No answer is a 500 (the test client raises what a view lets escape), and
a refused creation stores nothing. Run on SQLite and on PostgreSQL, which refuses NUL."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper import rules
from tests.fuzz import FUZZ_FEW, fuzz
from tournaments import validation
from tournaments.models import Season, Tournament
from tournaments.services import clubs

pytestmark = pytest.mark.django_db

TEAMS = "\n".join(f"{n}. Team {n}: P{n}a, P{n}b" for n in range(1, 9))
CREATE = {
    "name": "Friday belote",
    "preset": "swiss_top",
    "rounds": "3",
    "advance": "4",
    "groups": "2",
    "tiebreaks": "default",
    "auto_advance": "on",
    "entries": TEAMS,
    "break_minutes": "5",
    "hands_per_match": "",
    "round_minutes": "50",
    "games_to_win": "1",
    "at_time": "finish_hand",
    "seed_in_order": "",
    "option-target": "1000",
}


def _created(client: Any, **fields: Any) -> Tournament:
    response = client.post("/tournaments/new/coinche/", {**CREATE, **fields})
    assert response.status_code == 302, response.content.decode()[:2000]
    token = re.fullmatch(r"/d/([^/]+)/", response["Location"]).group(1)
    return Tournament.objects.get(pk=token)


@pytest.mark.parametrize("field", sorted(CREATE))
def test_the_creation_page_never_fails(client, field):
    def post(value: str) -> Any:
        before = Tournament.objects.count()
        response = client.post("/tournaments/new/coinche/", {**CREATE, field: value})
        if response.status_code != 302:
            assert response.status_code == 400
            assert Tournament.objects.count() == before  # nothing stored on error
        return response

    fuzz(post)


def _house_rules() -> list[tuple[str, str, str]]:
    """(game, option, its default as posted): each option where a tournament's game first
    declares it."""
    found: dict[str, tuple[str, str, str]] = {}
    for variant in rules.VARIANTS.values():
        if not variant.team_tournaments or variant.teams is None:
            continue
        for option in variant.options:
            default = "on" if option.default is True else str(option.default or "")
            found.setdefault(option.name, (variant.slug, f"option-{option.name}", default))
    return list(found.values())


@pytest.mark.parametrize(("slug", "field", "default"), _house_rules())
def test_the_creation_pages_house_rules_never_fail(client, slug, field, default):
    body = {**CREATE, field: default}
    del body["option-target"]
    team = 1 if validation.team_size(rules.VARIANTS[slug]) == 1 else 2
    body["entries"] = "\n".join(
        f"Player {n}" if team == 1 else f"Team {n}: P{n}a, P{n}b" for n in range(1, 9)
    )
    assert client.post(f"/tournaments/new/{slug}/", body).status_code == 302

    def post(value: str) -> Any:
        return client.post(f"/tournaments/new/{slug}/", {**body, field: value})

    fuzz(post, FUZZ_FEW)


# (name, url under /d/<token>/, a valid body, whether the tournament is started first)
DESK_FORMS = [
    ("entries", "entries/", {"entries": "New team: Nina, Noé"}, False),
    ("active", "entries/3/", {"active": "0"}, False),
    ("checked_in", "entries/3/check-in/", {"checked_in": "1"}, False),
    ("outcome", "rounds/1/pairings/1/result/", {"outcome": "draw"}, True),
    ("winner", "rounds/1/pairings/1/result/", {"winner": "1"}, True),
    ("points_0", "rounds/1/pairings/1/result/", {"outcome": "draw", "points_1": "3"}, True),
    ("points_1", "rounds/1/pairings/1/result/", {"outcome": "draw", "points_0": "3"}, True),
    ("reason", "rounds/1/pairings/1/result/", {"outcome": "draw"}, True),
    ("action", "rounds/1/clock/", {"minutes": "5"}, True),
    ("minutes", "rounds/1/clock/", {"action": "extend"}, True),
    ("slot", "rounds/1/clock/", {"action": "extend", "minutes": "5"}, True),
    ("anything", "next/", {}, True),
    ("anything", "start/", {}, False),
    ("name", "settings/", {"break_minutes": "5"}, True),
    ("round_minutes", "settings/", {"name": "Friday", "break_minutes": "5"}, True),
    ("break_minutes", "settings/", {"name": "Friday"}, True),
    ("hold", "settings/", {"name": "Friday", "break_minutes": "5"}, False),
    ("confirm_results", "settings/", {"name": "Friday", "break_minutes": "5"}, False),
]


@pytest.mark.parametrize(("field", "url", "body", "started"), DESK_FORMS)
def test_the_desks_forms_never_fail(client, field, url, body, started):
    tournament = _created(client)
    if started:
        assert client.post(f"/d/{tournament.pk}/start/").status_code == 302

    def post(value: str) -> Any:
        return client.post(f"/d/{tournament.pk}/{url}", {**body, field: value})

    fuzz(post)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("rounds", "²", "Swiss rounds: Give a whole number."),
        ("name", "Friday\x00belote", "Name of the tournament: Remove the invisible control"),
        ("name", "Friday\x1bbelote", "Name of the tournament: Remove the invisible control"),
        ("name", "x" * 10_000, "Name of the tournament: At most 120 characters, please"),
        ("hands_per_match", "9" * 10_000, "Hands per match (empty: no limit): This number is"),
        ("advance", "0", "Entries that go on to the knockout: Must be 2 or more."),
        ("preset", "\x00", "Stages: Choose one of the buttons."),
    ],
)
def test_a_refused_field_is_named_in_the_users_words(client, field, value, words):
    response = client.post("/tournaments/new/coinche/", {**CREATE, field: value})
    assert response.status_code == 400
    found = re.search(rf'id="error-{field}">([^<]*)<', response.content.decode())
    assert found and found.group(1).startswith(words), found and found.group(1)
    assert not Tournament.objects.exists()


def test_arabic_indic_and_persian_digits_are_numbers(client):
    tournament = _created(client, rounds="٤", round_minutes="۴۵", hands_per_match="١٢")
    stages = list(tournament.stages.order_by("number").values_list("settings", flat=True))
    assert stages[0]["rounds"] == 4
    assert (tournament.round_minutes, tournament.hands_per_match) == (45, 12)


def test_the_desks_numbers_in_persian_digits(client):
    tournament = _created(client)
    client.post(f"/d/{tournament.pk}/start/")
    ends = tournament.rounds.get(number=1).ends_at
    response = client.post(
        f"/d/{tournament.pk}/rounds/1/clock/", {"action": "extend", "minutes": "\u06f1\u06f0"}
    )
    assert response.status_code == 302
    extended = tournament.rounds.get(number=1).ends_at
    assert (extended - ends).total_seconds() == 600
    refused = client.post(
        f"/d/{tournament.pk}/rounds/1/clock/",
        {"action": "extend", "minutes": "²"},
        HTTP_ACCEPT_LANGUAGE="fa",
    )
    assert refused.status_code == 400
    assert re.search(r'id="error-clock">[^<]*یک عدد صحیح بده', refused.content.decode())
    assert tournament.rounds.get(number=1).ends_at == extended  # nothing changed


# Individual events (format ``melee``): the creation page's ``draw`` and the director's
# result of a table of four (a team named by either player) and of a trionfo table (five
# scores, ``points_0`` … ``points_4``).
MELEE = {
    **CREATE,
    "preset": "melee",
    "draw": "random",
    "entries": "\n".join(f"Player {n}" for n in range(1, 10)),
}


def _melee(client: Any, slug: str) -> Tournament:
    response = client.post(f"/tournaments/new/{slug}/", MELEE)
    assert response.status_code == 302, response.content.decode()[:2000]
    token = re.fullmatch(r"/d/([^/]+)/", response["Location"]).group(1)
    assert client.post(f"/d/{token}/start/").status_code == 302
    return Tournament.objects.get(pk=token)


@pytest.mark.parametrize("field", ["draw", "preset", "entries", "rounds"])
def test_the_melee_creation_page_never_fails(client, field):
    def post(value: str) -> Any:
        before = Tournament.objects.count()
        response = client.post("/tournaments/new/belote/", {**MELEE, field: value})
        if response.status_code != 302:
            assert response.status_code == 400
            assert Tournament.objects.count() == before
        return response

    fuzz(post, FUZZ_FEW)


FIVE = {f"points_{index}": "10" for index in range(5)}


@pytest.mark.parametrize(
    ("slug", "field", "body"),
    [
        ("belote", "outcome", {"points_0": "100", "points_1": "62"}),
        ("belote", "points_1", {"outcome": "draw", "points_0": "81"}),
        ("belote", "games_0", {"outcome": "draw"}),
        ("belote", "forfeit", {"sure": "on"}),
        *[("trionfo", f"points_{index}", FIVE) for index in range(5)],
        ("trionfo", "outcome", FIVE),
    ],
)
def test_the_melee_desks_result_never_fails(client, slug, field, body):
    tournament = _melee(client, slug)
    action = "forfeit" if field == "forfeit" else "result"

    def post(value: str) -> Any:
        url = f"/d/{tournament.pk}/rounds/1/pairings/1/{action}/"
        return client.post(url, {**body, field: value})

    fuzz(post, FUZZ_FEW)


# The club's desk (``/club/<id>/``): (field, how it is sent, url under the desk, a valid body).
CLUB_FORMS = [
    ("variant", "get", "new/", {"season": "1"}),
    ("season", "get", "new/", {"variant": "belote"}),
    ("season", "get", "new/belote/", {}),
    ("name", "post", "season/", {"scoring": "placement", "points": "10,6"}),
    ("scoring", "post", "season/", {"name": "S", "points": "10,6"}),
    ("points", "post", "season/", {"name": "S", "scoring": "placement"}),
    ("best_of", "post", "season/", {"name": "S", "scoring": "placement", "points": "1"}),
    ("number", "post", "season_edit/", {"name": "S", "scoring": "match_points"}),
    ("name", "post", "season_edit/", {"number": "1", "scoring": "match_points"}),
    ("scoring", "post", "season_edit/", {"number": "1", "name": "S"}),
    ("points", "post", "season_edit/", {"number": "1", "name": "S", "scoring": "placement"}),
    ("best_of", "post", "season_edit/", {"number": "1", "name": "S", "scoring": "placement"}),
    ("name", "post", "player/", {}),
    ("number", "post", "rename/", {"name": "Nina"}),
    ("name", "post", "rename/", {"number": "1"}),
    ("number", "post", "merge/", {"into": "2"}),
    ("into", "post", "merge/", {"number": "1"}),
]


@pytest.mark.parametrize(("field", "method", "url", "body"), CLUB_FORMS)
def test_the_club_desks_forms_never_fail(client, field, method, url, body):
    club = clubs.club_create(name="Club", language="fr")
    clubs.season_create(club_id=club.pk, name="Winter", scoring="match_points")
    clubs.player_create(club_id=club.pk, name="Anna")
    clubs.player_create(club_id=club.pk, name="Bruno")

    def post(value: str) -> Any:
        seasons = Season.objects.count()
        if url == "new/belote/":
            response = client.get(f"/club/{club.pk}/{url}", {field: value})
        else:
            response = getattr(client, method)(f"/club/{club.pk}/{url}", {**body, field: value})
        assert response.status_code in (200, 302, 400), response.status_code
        if response.status_code == 400:
            assert Season.objects.count() == seasons  # nothing stored on error
        return response

    fuzz(post)


@pytest.mark.parametrize("field", sorted(CREATE))
def test_the_clubs_creation_page_never_fails(client, field):
    club = clubs.club_create(name="Club", language="fr")
    clubs.season_create(club_id=club.pk, name="Winter", scoring="match_points")

    def post(value: str) -> Any:
        before = Tournament.objects.count()
        response = client.post(f"/club/{club.pk}/new/coinche/?season=1", {**CREATE, field: value})
        if response.status_code != 302:
            assert response.status_code == 400
            assert Tournament.objects.count() == before
        else:
            assert Tournament.objects.filter(club=club).count() == before + 1
        return response

    fuzz(post, FUZZ_FEW)
