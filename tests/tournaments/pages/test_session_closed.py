"""A trionfo session that the table closes ends the match; the table's panel says that the
table closed the session, not that a winning score was reached (there is none: the highest
total wins), in every language (issue 29)."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext

from tests.tournaments.api.test_melee_changes import CHIAMO
from tests.tournaments.conftest import Director
from tests.tournaments.pages.test_melee_pages import NAMES, melee, text
from tests.tournaments.pages.test_melee_panel_history import panel

pytestmark = pytest.mark.django_db(transaction=True)

CLOSED = "Ended: the table closed the session."
TARGET = "Ended: the winning score was reached."


@pytest.mark.parametrize("lang", ["en", "ar", "fa", "fr", "hy", "it"])
def test_a_session_closed_by_the_table_says_so(director: Director, lang: str) -> None:
    t = melee(director, NAMES[:5], variant="trionfo", stages=[{"format": "melee", "rounds": 1}])
    (table,) = [p for p in director.round(t, 1)["pairings"] if not p["bye"]]
    director.hand({"id": table["match"]}, CHIAMO)
    assert director.post(f"/api/matches/{table['match']}/close/").status_code == 200
    words = text(panel(t, table, lang))
    with translation.override(lang):
        closed, target = gettext(CLOSED), gettext(TARGET)
    assert closed in words
    assert target not in words


def test_a_session_of_a_set_number_of_hands_says_the_limit(director: Director) -> None:
    t = melee(
        director,
        NAMES[:5],
        variant="trionfo",
        options={"deals": 1},
        stages=[{"format": "melee", "rounds": 1}],
    )
    (table,) = [p for p in director.round(t, 1)["pairings"] if not p["bye"]]
    director.hand({"id": table["match"]}, CHIAMO)
    words = text(panel(t, table))
    assert "Ended at the hand limit (1)." in words
    assert CLOSED not in words
