"""The desk takes names by the one rule (``scorekeeper.rules.names``): a bad tournament,
entry or player name is refused on the page, with the pasted line, nothing stored."""

from __future__ import annotations

import html
from typing import Any

import pytest

from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

TEAMS = "\n".join(f"{n}. Team {n}: P{n}a, P{n}b" for n in range(1, 5))


def _post_new(client: Any, **fields: Any) -> Any:
    body = {
        "name": "Friday belote",
        "preset": "round_robin",
        "tiebreaks": "default",
        "entries": TEAMS,
        "break_minutes": "5",
        "games_to_win": "1",
        "at_time": "finish_hand",
        **fields,
    }
    return client.post("/tournaments/new/belote/", body)


@pytest.mark.parametrize("bad", ["Friday\u202e", "Fri\u200bday", "Fri\x07day"])
def test_a_bad_tournament_name_is_refused_on_the_creation_page(client, bad):
    response = _post_new(client, name=bad)
    assert response.status_code == 400
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("Team\u202e 5: a, b", "direction of the text"),
        ("Team 5: a, b\u200b", "zero-width"),
    ],
)
def test_a_bad_pasted_name_is_refused_with_its_line(client, line, words):
    response = _post_new(client, entries=f"{TEAMS}\n{line}")
    page = html.unescape(response.content.decode())
    assert response.status_code == 400 and "Line 5:" in page and words in page
    assert not Tournament.objects.exists() and not Entry.objects.exists()


def test_a_bad_late_entry_is_refused_on_the_desk(client):
    response = _post_new(client)
    tournament = Tournament.objects.get()
    refused = client.post(f"/d/{tournament.pk}/entries/", {"entries": "Team 5: a, b\u202e"})
    page = html.unescape(refused.content.decode())
    assert refused.status_code == 400 and "Line 1:" in page and "direction of the text" in page
    assert tournament.entries.count() == 4 and response.status_code == 302
