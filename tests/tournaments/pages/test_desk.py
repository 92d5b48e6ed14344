"""The director's pages through the real URL stack: creating a tournament (presets, pasted
entries), the desk's actions, the table cards and the table keys' page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tournaments import selectors, services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

TEAMS = "\n".join(f"{n}. Team {n}: P{n}a, P{n}b" for n in range(1, 9))


def _post_new(client: Any, slug: str = "belote", **fields: Any) -> Any:
    body = {
        "name": "Friday belote",
        "preset": "swiss_top",
        "rounds": "3",
        "advance": "4",
        "tiebreaks": "default",
        "auto_advance": "on",
        "entries": TEAMS,
        "break_minutes": "5",
        "games_to_win": "1",
        "at_time": "finish_hand",
        **fields,
    }
    return client.post(f"/tournaments/new/{slug}/", body)


def _created(response: Any) -> Tournament:
    assert response.status_code == 302, response.content.decode()[:3000]
    token = re.fullmatch(r"/d/([^/]+)/", response["Location"]).group(1)
    return Tournament.objects.get(pk=token)


def test_the_new_page_lists_games_and_the_house_rules(client):
    page = client.get("/tournaments/new/").content.decode()
    assert "/tournaments/new/coinche/" in page
    form = client.get("/tournaments/new/coinche/").content.decode()
    assert 'name="option-target"' in form  # the variant's declared options, as set-up shows
    assert "Swiss then top 4" in form and "French concours" in form
    # trionfo is played only as an individual event (format melee): its page offers no other
    assert "/tournaments/new/trionfo/" in page
    trionfo = client.get("/tournaments/new/trionfo/").content.decode()
    assert 'value="melee"' in trionfo and 'value="swiss"' not in trionfo
    assert client.get("/tournaments/new/nothing/").status_code == 404


def test_swiss_then_top_4_with_pasted_seeded_entries(client):
    tournament = _created(_post_new(client))
    data = selectors.tournament_data(tournament, director=True)
    assert data["stages"][0]["format"] == "swiss" and data["stages"][0]["rounds"] == 3
    assert data["stages"][1] == {**data["stages"][1], "format": "single_elimination", "advance": 4}
    assert [(e["name"], e["players"], e["seed"]) for e in data["entries"]][:2] == [
        ("Team 1", ["P1a", "P1b"], 1),
        ("Team 2", ["P2a", "P2b"], 2),
    ]
    assert data["tiebreaks"][0] == "match_points" and data["auto_advance"] is True


@pytest.mark.parametrize(
    ("preset", "formats"),
    [
        ("swiss", ["swiss"]),
        ("groups_knockout", ["round_robin", "single_elimination"]),
        ("knockout", ["single_elimination"]),
        ("double_elimination", ["double_elimination"]),
        ("round_robin", ["round_robin"]),
    ],
)
def test_stage_presets(client, preset, formats):
    tournament = _created(_post_new(client, preset=preset, groups="2"))
    data = selectors.tournament_data(tournament, director=True)
    assert [stage["format"] for stage in data["stages"]] == formats


def test_a_plain_swiss_needs_no_knockout(client):
    """A single stage ignores the knockout's number, whatever it holds (issue 19)."""
    tournament = _created(_post_new(client, preset="swiss", rounds="4", advance="0"))
    data = selectors.tournament_data(tournament, director=True)
    assert [(s["format"], s.get("rounds")) for s in data["stages"]] == [("swiss", 4)]
    page = client.get("/tournaments/new/belote/").content.decode()
    for label in ("Swiss", "Swiss then top 4", "Round robin", "Groups then knockout"):
        assert f"<span>{label}</span>" in page
    assert "<span>Knockout</span>" in page and "<span>Double elimination</span>" in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fa", "باید 2 یا بیشتر باشد."),
        ("it", "Deve essere 2 o più."),
        ("ar", "يجب أن يكون 2 أو أكثر."),
        ("fr", "Doit être 2 ou plus."),
        ("hy", "Պետք է լինի 2 կամ ավելի\u0589"),
    ],
)
def test_a_refused_knockout_size_is_said_in_the_users_words(client, language, words):
    client.cookies["django_language"] = language
    response = _post_new(client, advance="0")
    assert response.status_code == 400
    page = response.content.decode()
    found = re.search(r'id="error-advance">([^<]*)<', page)
    assert found and found.group(1).endswith(words), found and found.group(1)
    assert "advance" not in found.group(1)
    field = re.search(r'name="advance"[^>]*aria-invalid="true"[^>]*>\s*<p class="error">', page)
    assert field and f'<p class="error">{words}</p>' in page
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    ("preset", "keys"),
    [
        ("concours", ["points_for", "match_points"]),
        ("gara", ["match_points", "head_to_head", "games_won", "points_diff"]),
    ],
)
def test_tiebreak_presets(client, preset, keys):
    tournament = _created(_post_new(client, tiebreaks=preset))
    assert tournament.tiebreaks == keys


def test_the_format_and_house_rules_are_stored(client):
    tournament = _created(
        _post_new(
            client,
            slug="coinche",
            **{
                "option-target": "1000",
                "games_to_win": "2",
                "hands_per_match": "12",
                "round_minutes": "50",
                "at_time": "one_more_hand",
            },
        )
    )
    assert tournament.options["target"] == 1000 and tournament.games_to_win == 2
    assert (tournament.hands_per_match, tournament.round_minutes) == (12, 50)
    assert tournament.at_time == "one_more_hand"


def test_belote_2p_takes_one_player_per_line(client):
    tournament = _created(
        _post_new(client, slug="belote_2p", entries="Anne\nBruno\nChloé", seed_in_order="on")
    )
    assert [(e.name, e.players, e.seed) for e in tournament.entries.order_by("number")] == [
        ("Anne", ["Anne"], 1),
        ("Bruno", ["Bruno"], 2),
        ("Chloé", ["Chloé"], 3),
    ]


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"entries": "Les As: Anne, Bruno\nLe Carré Anne Bruno"}, "entries", "Line 2"),
        ({"entries": "Les As: Anne, Bruno\nLes As: Chloé, David"}, "entries", "Line 2"),
        ({"entries": "Les As: Anne, Anne"}, "entries", "Line 1"),
        ({"entries": "1. A: a, b\n1. B: c, d"}, "entries", "Line 2"),
        ({"name": ""}, "name", "name"),
        ({"rounds": "0"}, "rounds", ""),
        ({"advance": "1"}, "advance", "knockout: Must be 2 or more."),
        ({"option-target": "abc"}, "option-target", "whole number"),
    ],
)
def test_bad_input_is_shown_by_the_field_and_nothing_is_stored(client, fields, field, words):
    response = _post_new(client, **fields)
    assert response.status_code == 400
    page = response.content.decode()
    found = re.search(rf'id="error-{field}">([^<]*)<', page)
    assert found, page[:4000]
    assert words in found.group(1)
    assert not Tournament.objects.exists()


def test_errors_are_translated(client):
    response = _post_new(client, entries="Les As Anne", HTTP_ACCEPT_LANGUAGE="fr")
    response = client.post(
        "/tournaments/new/belote/",
        {"name": "x", "entries": "Les As Anne"},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 400
    assert "Ligne 1" in response.content.decode()


def _tournament(client: Any, **fields: Any) -> Tournament:
    return _created(_post_new(client, **fields))


def test_the_desk_needs_the_directors_key(client):
    tournament = _tournament(client)
    assert client.get(f"/d/{tournament.pk}/").status_code == 200
    assert client.get(f"/d/{tournament.view_id}/").status_code == 404
    assert client.get("/d/nothing-here/").status_code == 404
    assert client.get(f"/d/{tournament.view_id}/cards/").status_code == 404
    assert client.post(f"/d/{tournament.view_id}/start/").status_code == 404
    assert client.get("/t/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/").status_code == 404


def test_drop_out_and_back(client):
    tournament = _tournament(client)
    assert client.post(f"/d/{tournament.pk}/entries/3/", {"active": "0"}).status_code == 302
    assert not tournament.entries.get(number=3).active
    page = client.get(f"/d/{tournament.pk}/").content.decode()
    assert "Dropped out" in page
    client.post(f"/d/{tournament.pk}/entries/3/", {"active": "1"})
    assert tournament.entries.get(number=3).active


def test_start_shows_the_pairings_with_tables_and_match_links(client):
    tournament = _tournament(client)
    assert client.post(f"/d/{tournament.pk}/start/").status_code == 302
    page = client.get(f"/d/{tournament.pk}/").content.decode()
    assert "Round 1" in page and "Table 4" in page
    round_ = selectors.rounds_data(tournament, director=True)[0]
    for pairing in round_["pairings"]:
        assert f"/m/{pairing['match']}/" in page
    live = client.get(f"/d/{tournament.pk}/rounds/").content.decode()
    assert "Table 1" in live and "<html" not in live
    again = client.post(f"/d/{tournament.pk}/start/")
    assert again.status_code == 409 and "already started" in again.content.decode()


def test_a_directors_forfeit_with_its_reason(client):
    tournament = _tournament(client)
    client.post(f"/d/{tournament.pk}/start/")
    pairing = selectors.rounds_data(tournament, director=True)[0]["pairings"][0]
    winner = pairing["entries"][1]
    response = client.post(
        f"/d/{tournament.pk}/rounds/1/pairings/1/result/",
        {"outcome": str(winner), "points_0": "0", "points_1": "300", "reason": "No-show"},
    )
    assert response.status_code == 302
    done = selectors.rounds_data(tournament, director=True)[0]["pairings"][0]
    assert (done["winner"], done["points"], done["decided_by"]) == (winner, [0, 300], "director")
    page = client.get(f"/d/{tournament.pk}/").content.decode()
    assert "Result set by the director" in page and "No-show" in page


def test_a_bad_directors_result_is_shown_by_its_form(client):
    tournament = _tournament(client, preset="knockout")
    client.post(f"/d/{tournament.pk}/start/")
    response = client.post(
        f"/d/{tournament.pk}/rounds/1/pairings/1/result/",
        {"outcome": "draw", "points_0": "1", "points_1": "1", "reason": "Rain"},
    )
    assert response.status_code == 400
    assert re.search(r'id="error-result">[^<]*draw', response.content.decode())
    long = client.post(
        f"/d/{tournament.pk}/rounds/1/pairings/1/result/",
        {"outcome": "draw", "points_0": "1", "points_1": "1", "reason": "x" * 201},
    )
    assert long.status_code == 400
    assert re.search(r'id="error-result">Reason: [^<]*200', long.content.decode())
    assert (
        client.post(
            f"/d/{tournament.pk}/rounds/1/pairings/99/result/", {"outcome": "1"}
        ).status_code
        == 404
    )


def test_clock_actions(client):
    tournament = _tournament(client, round_minutes="50")
    client.post(f"/d/{tournament.pk}/start/")
    before = tournament.rounds.get(number=1).ends_at
    client.post(f"/d/{tournament.pk}/rounds/1/clock/", {"action": "extend", "minutes": "10"})
    assert (tournament.rounds.get(number=1).ends_at - before).total_seconds() == 600
    client.post(
        f"/d/{tournament.pk}/rounds/1/clock/", {"action": "extend", "minutes": "5", "slot": "2"}
    )
    assert tournament.pairings.get(round__number=1, slot=2).ends_at is not None
    response = client.post(f"/d/{tournament.pk}/rounds/1/clock/", {"action": "call_time"})
    assert response.status_code == 302
    assert tournament.rounds.get(number=1).time_called
    again = client.post(f"/d/{tournament.pk}/rounds/1/clock/", {"action": "extend", "minutes": "5"})
    assert again.status_code == 409 and 'id="error-clock"' in again.content.decode()
    bad = client.post(f"/d/{tournament.pk}/rounds/1/clock/", {"action": "nap"})
    assert bad.status_code == 400


def test_the_next_round_when_auto_advance_is_off(client):
    tournament = _created(_post_new(client, auto_advance=""))
    assert client.post(f"/d/{tournament.pk}/next/").status_code == 409
    client.post(f"/d/{tournament.pk}/start/")
    early = client.post(f"/d/{tournament.pk}/next/")
    assert early.status_code == 409 and "still being played" in early.content.decode()
    _finish_round(tournament, 1)
    assert "Draw the next round" in client.get(f"/d/{tournament.pk}/").content.decode()
    assert client.post(f"/d/{tournament.pk}/next/").status_code == 302
    assert tournament.rounds.filter(number=2).exists()


def _cards(client: Any, tournament: Tournament) -> list[str]:
    page = client.get(f"/d/{tournament.pk}/cards/").content.decode()
    return re.findall(r'<svg [^>]*aria-label="(http://testserver/t/[^"]+/)"', page)


def test_cards_have_one_qr_per_table_naming_its_link(client):
    tournament = _tournament(client)
    response = client.get(f"/d/{tournament.pk}/cards/")
    page = response.content.decode()
    assert response.status_code == 200 and "cards.css" in page
    urls = _cards(client, tournament)
    assert len(urls) == 4 and len(set(urls)) == 4
    for url in urls:
        assert f"<title>{url}</title>" in page and f">{url}</p>" in page
    client.post(f"/d/{tournament.pk}/start/")
    assert _cards(client, tournament) == urls  # the draw keeps the printed keys


def test_the_table_key_opens_the_current_match_and_says_next_round(client):
    tournament = _tournament(client, auto_advance="")
    urls = _cards(client, tournament)
    before = client.get(urls[0])
    assert before.status_code == 200 and "has not started" in before.content.decode()
    client.post(f"/d/{tournament.pk}/start/")
    round_ = selectors.rounds_data(tournament, director=True)[0]
    table_one = next(p for p in round_["pairings"] if p["table"] == 1)
    response = client.get(urls[0])
    assert response.status_code == 302 and response["Location"] == f"/m/{table_one['match']}/"
    services.pairing_result_set(
        tournament_id=tournament.pk,
        round_number=1,
        slot=table_one["slot"],
        winner=table_one["entries"][0],
        points=[100, 50],
        reason="",
    )
    after = client.get(urls[0])
    assert after.status_code == 200 and "Next: round 2." in after.content.decode()
    assert after["Refresh"] == "15"


# The desk's entries: added after the creation, the check-in tick, the start.


def _add(client: Any, tournament: Tournament, text: str, **headers: Any) -> Any:
    return client.post(f"/d/{tournament.pk}/entries/", {"entries": text}, **headers)


def test_entries_added_on_the_desk_with_the_creation_forms_syntax(client):
    tournament = _tournament(client)
    page = client.get(f"/d/{tournament.pk}/").content.decode()
    assert 'id="add-entries"' in page and f'action="/d/{tournament.pk}/entries/"' in page
    response = _add(client, tournament, "9. Team 9: P9a, P9b\n\n  Team 10: P10a , P10b  ")
    assert response.status_code == 302
    # The desk opens at the first new row, the new rows marked and named.
    assert response["Location"] == f"/d/{tournament.pk}/?added=9-10#entry-9"
    assert [
        (e.number, e.name, e.players, e.seed) for e in tournament.entries.filter(number__gt=8)
    ] == [
        (9, "Team 9", ["P9a", "P9b"], 9),
        (10, "Team 10", ["P10a", "P10b"], None),
    ]
    page = client.get(response["Location"]).content.decode()
    assert "Entries (10)" in page and 'id="entries-added">Added: Team 9, Team 10.<' in page
    assert re.search(r'<tr id="entry-9" class="[^"]*is-new', page)
    assert re.search(r'<tr id="entry-8" class="\s*"', page)
    assert "is-new" not in client.get(f"/d/{tournament.pk}/").content.decode()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Team 9: a, b\nTeam 10 a b", "Line 2: write “Team name: Player, Player”."),
        ("Team 9: a, b\n\nteam 1: c, d", "Line 3: Another entry is already called team 1."),
        ("Team 9: a, b\n3. Team 10: c, d", "Line 2: Seed 3 is already taken."),
        ("Team 9: a, b\nTeam 9: c, d", "Line 2: Another entry is already called Team 9."),
        ("Team 9: a, a", "Line 1: Each player needs a different name: a is there twice."),
        ("  \n", "Write at least one entry."),
    ],
)
def test_a_bad_line_is_named_and_nothing_is_added(client, text, words):
    tournament = _tournament(client)
    response = _add(client, tournament, text)
    assert response.status_code == 400
    page = response.content.decode()
    found = re.search(r'id="error-add-entries">([^<]*)<', page)
    assert found and found.group(1) == words, page[-3000:]
    assert 'aria-invalid="true" autofocus' in page  # the phone lands on the list, kept as typed
    assert f">{text}</textarea>" in page
    assert tournament.entries.count() == 8


def test_a_bad_line_is_named_in_the_pages_language(client):
    tournament = _tournament(client)
    response = _add(client, tournament, "Équipe 9 : a, b\nÉquipe 10 a b", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 400 and "Ligne 2" in response.content.decode()


def test_late_entries_while_the_swiss_runs_are_drawn_from_the_next_round(client):
    tournament = _tournament(client, auto_advance="")
    client.post(f"/d/{tournament.pk}/start/")
    page = client.get(f"/d/{tournament.pk}/").content.decode()
    assert 'id="add-entries"' in page and "drawn from the next round on" in page
    assert _add(client, tournament, "Team 9: P9a, P9b\nTeam 10: P10a, P10b").status_code == 302
    round_one = selectors.rounds_data(tournament, director=True)[0]["pairings"]
    assert all(9 not in p["entries"] and 10 not in p["entries"] for p in round_one)
    _finish_round(tournament, 1)
    assert client.post(f"/d/{tournament.pk}/next/").status_code == 302
    drawn = {
        n
        for p in selectors.rounds_data(tournament, director=True)[1]["pairings"]
        for n in p["entries"]
    }
    assert drawn == set(range(1, 11))
    tournament.refresh_from_db()
    late = {
        row["entry"]: row
        for row in selectors.tournament_data(tournament, director=True)["standings"]
    }
    assert (late[9]["played"], late[9]["match_points"]) == (0, 0)  # no points for round 1


@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_entries_after_the_start_of_a_knockout(client, language):
    tournament = _tournament(client, preset="knockout")
    client.post(f"/d/{tournament.pk}/start/")
    page = client.get(f"/d/{tournament.pk}/").content.decode()
    assert 'id="add-entries"' not in page
    response = _add(client, tournament, "Team 9: P9a, P9b", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 409
    words = {
        "en": "Entries are closed: the tournament has started.",
        "fr": "Les inscriptions sont closes : le tournoi a commencé.",
    }[language]
    assert re.search(
        rf'<div class="alert" role="alert" id="error-add-entries"><p>{words}</p>',
        response.content.decode(),
    )
    assert tournament.entries.count() == 8


def _tick(client: Any, tournament: Tournament, number: int, on: bool = True) -> Any:
    return client.post(
        f"/d/{tournament.pk}/entries/{number}/check-in/", {"checked_in": "1" if on else "0"}
    )


def test_the_check_in_tick_and_count(client):
    tournament = _tournament(client)
    page = client.get(f"/d/{tournament.pk}/").content.decode()
    assert "0 of 8 checked in" in page and "Check in Team 3" in page
    # nobody checked in: the start takes everyone, and asks first (issue 29)
    assert 'id="start-confirm"' in page and "Nobody is checked in" in page
    for number in range(1, 8):
        assert _tick(client, tournament, number).status_code == 302
    assert _tick(client, tournament, 7, on=False).status_code == 302
    assert set(tournament.entries.filter(checked_in=True).values_list("number", flat=True)) == {
        1,
        2,
        3,
        4,
        5,
        6,
    }
    page = client.get(f"/d/{tournament.pk}/").content.decode()
    assert "6 of 8 checked in" in page and "Undo the check-in of Team 1" in page
    # The tick posts back to its own row, so the phone stays there.
    assert f'action="/d/{tournament.pk}/entries/3/check-in/#entry-3"' in page
    confirm = re.search(r'id="start-confirm-text">([^<]*)<', page)
    assert confirm and confirm.group(1) == (
        "Start with the 6 checked-in entries; 2 not checked in will be dropped."
    )
    assert 'id="start-confirm"' in page
    # A dropped-out entry counts neither way.
    client.post(f"/d/{tournament.pk}/entries/8/", {"active": "0"})
    assert "6 of 7 checked in" in client.get(f"/d/{tournament.pk}/").content.decode()


def test_the_start_drops_the_entries_not_checked_in(client):
    tournament = _tournament(client)
    for number in range(1, 7):
        _tick(client, tournament, number)
    assert client.post(f"/d/{tournament.pk}/start/").status_code == 302
    assert list(tournament.entries.filter(active=False).values_list("number", flat=True)) == [7, 8]
    pairings = selectors.rounds_data(tournament, director=True)[0]["pairings"]
    assert sorted(n for p in pairings for n in p["entries"]) == [1, 2, 3, 4, 5, 6]
    page = client.get(f"/d/{tournament.pk}/").content.decode()
    assert "checked in" not in page  # the tick is over: no column, no count
    refused = _tick(client, tournament, 1, on=False)
    assert refused.status_code == 409 and "Check-in is over" in refused.content.decode()
    assert tournament.entries.get(number=1).checked_in


def test_a_start_refused_drops_nobody(client):
    tournament = _tournament(client)
    _tick(client, tournament, 1)  # one entry cannot play a tournament alone
    response = client.post(f"/d/{tournament.pk}/start/")
    assert response.status_code == 400 and "at least 2 active entries" in response.content.decode()
    assert tournament.entries.filter(active=True).count() == 8
    assert Tournament.objects.get(pk=tournament.pk).status == "registration"


def test_a_table_without_a_match_in_the_round_in_play_says_so(client):
    """The semi-finals of the top 4 are played at tables 1 and 2: the cards of tables 3
    and 4 say there is no match there now, not a next round that may never come."""
    tournament = _tournament(client, auto_advance="")
    urls = _cards(client, tournament)
    client.post(f"/d/{tournament.pk}/start/")
    for number in (1, 2, 3):
        _finish_round(tournament, number)
        assert client.post(f"/d/{tournament.pk}/next/").status_code == 302
    assert client.get(urls[0]).status_code == 302  # a semi-final
    response = client.get(urls[3])
    page = response.content.decode()
    assert response.status_code == 200 and "No match at this table in this round." in page
    assert "Next: round" not in page


def test_pasted_players_may_be_separated_by_the_arabic_comma(client):
    """An Arabic keyboard types «،» between the players: the line is read all the same."""
    arabic = "\n".join(f"{n}. فريق {n}: لاعب {n}أ، لاعب {n}ب" for n in range(1, 9))
    tournament = _created(_post_new(client, entries=arabic))
    entry = selectors.tournament_data(tournament, director=True)["entries"][0]
    assert (entry["name"], entry["players"], entry["seed"]) == ("فريق 1", ["لاعب 1أ", "لاعب 1ب"], 1)


def test_the_desks_forms_come_back_to_what_they_changed(client):
    """Each form's address names the part of the desk it changes (the browser keeps that
    fragment through the redirect): a phone is not left at the top of a long desk."""
    tournament = _tournament(client, auto_advance="")
    client.post(f"/d/{tournament.pk}/start/")
    html = client.get(f"/d/{tournament.pk}/").content.decode()
    assert f'/d/{tournament.pk}/rounds/1/pairings/1/result/#pairing-1-1"' in html
    assert f'/d/{tournament.pk}/rounds/1/clock/#round-1"' in html
    assert f'/d/{tournament.pk}/rounds/1/clock/#pairing-1-2"' in html
    assert 'id="pairing-1-1"' in html and 'id="round-1"' in html


def _finish_round(tournament, number: int) -> None:
    """Every table of round ``number`` won by its first team, by the director's results."""
    for pairing in selectors.rounds_data(tournament, director=True)[number - 1]["pairings"]:
        if pairing["status"] == "finished":
            continue  # a bye
        services.pairing_result_set(
            tournament_id=tournament.pk,
            round_number=number,
            slot=pairing["slot"],
            winner=pairing["entries"][0],
            points=[100, 50],
            reason="",
        )
