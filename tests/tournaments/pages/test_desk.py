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
    assert "/tournaments/new/coinche/" in page and "/tournaments/new/trionfo/" not in page
    form = client.get("/tournaments/new/coinche/").content.decode()
    assert 'name="option-target"' in form  # the variant's declared options, as set-up shows
    assert "Swiss then top 4" in form and "French concours" in form
    assert client.get("/tournaments/new/trionfo/").status_code == 404


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
        ({"advance": "1"}, "advance", "advance"),
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
        {"outcome": "draw", "points_0": "1", "points_1": "1", "reason": "x" * 201},
    )
    assert response.status_code == 400
    assert re.search(r'id="error-result">[^<]*draw', response.content.decode())
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
    for pairing in selectors.rounds_data(tournament, director=True)[0]["pairings"]:
        services.pairing_result_set(
            tournament_id=tournament.pk,
            round_number=1,
            slot=pairing["slot"],
            winner=pairing["entries"][0],
            points=[100, 50],
            reason="test",
        )
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


def test_a_table_without_a_match_in_the_round_in_play_says_so(client):
    """The semi-finals of the top 4 are played at tables 1 and 2: the cards of tables 3
    and 4 say there is no match there now, not a next round that may never come."""
    tournament = _tournament(client, auto_advance="")
    urls = _cards(client, tournament)
    client.post(f"/d/{tournament.pk}/start/")
    for number in (1, 2, 3):
        for pairing in selectors.rounds_data(tournament, director=True)[number - 1]["pairings"]:
            services.pairing_result_set(
                tournament_id=tournament.pk,
                round_number=number,
                slot=pairing["slot"],
                winner=pairing["entries"][0],
                points=[100, 50],
                reason="",
            )
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
