"""A refusal on the desk is always said: by the form that made it, or, when that form is not
on the page any more (the event went back to registration, the round was redrawn), in a
line at the top of the desk, in the page's language (issue 28, item 12)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from tests.tournaments.conftest import Director, tarneeb

pytestmark = pytest.mark.django_db(transaction=True)


def _desk(t: dict) -> str:
    return f"/d/{t['id']}/"


def _top(html: str, form: str) -> str | None:
    """The refusal's line at the top of the desk, if there is one."""
    found = re.search(rf'<div class="alert" role="alert" id="error-{form}"><p>([^<]*)</p>', html)
    return unescape(found.group(1)) if found else None


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "The tournament has not started yet."),
        ("fr", "Le tournoi n'a pas encore commencé."),
    ],
)
def test_a_refusal_after_going_back_to_registration_is_said_at_the_top(
    director: Director, language: str, words: str
) -> None:
    t = tarneeb(director, 4)
    director.start(t)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    assert client.post(f"{_desk(t)}unstart/", {"sure": "on"}).status_code == 302
    # a second phone still shows round 1 and its "Undo the start": its form is gone here
    again = client.post(f"{_desk(t)}unstart/", {"sure": "on"})
    assert again.status_code == 409
    assert _top(again.content.decode(), "unstart") == words


@pytest.mark.parametrize(
    ("language", "refused"),
    [
        ("en", ("Choose the winner, or a draw.", "A bye has no match to decide.")),
        (
            "fr",
            (
                "Choisissez le vainqueur, ou un match nul.",
                "Une exemption n'a pas de match à décider.",
            ),
        ),
    ],
)
def test_a_refusal_for_a_table_the_redraw_made_a_bye_is_said_at_the_top(
    director: Director, language: str, refused: tuple[str, str]
) -> None:
    t = tarneeb(director, 8)
    assert director.start(t)["rounds"][0]["pairings"][3]["entries"] == [4, 8]
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    assert client.post(f"{_desk(t)}entries/8/", {"active": "0"}).status_code == 302
    assert client.post(f"{_desk(t)}rounds/1/redraw/", {"sure": "on"}).status_code == 302
    assert director.round(t, 1)["pairings"][3]["bye"]  # table 4's forms are gone
    # the forms of table 4 as an older page showed them (4 against 8)
    result = client.post(
        f"{_desk(t)}rounds/1/pairings/4/result/",
        {"outcome": "8", "points_0": "31", "points_1": "10"},
    )
    assert result.status_code == 400
    assert _top(result.content.decode(), "result-1-4") == refused[0]
    forfeit = client.post(f"{_desk(t)}rounds/1/pairings/4/forfeit/", {"forfeit": "8", "sure": "on"})
    assert forfeit.status_code == 409
    assert _top(forfeit.content.decode(), "forfeit-1-4") == refused[1]


def test_a_refusal_by_a_form_on_the_page_is_said_there_only(director: Director) -> None:
    t = tarneeb(director, 8)
    director.start(t)
    refused = Client().post(f"{_desk(t)}rounds/1/swap/", {"first": 5, "second": 99})
    html = refused.content.decode()
    assert refused.status_code == 400 and _top(html, "swap-1") is None
    assert (
        len(re.findall(r"<p class=\"error\" role=\"alert\" data-refusal>[^<]*does not play", html))
        == 1
    )
