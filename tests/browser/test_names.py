"""Names typed at the table keep their joiners and stay isolated, in English and Arabic."""

from __future__ import annotations

import pytest

from scorekeeper.models import Match

from .conftest import PHONE
from .table import Table

pytestmark = pytest.mark.browser

ZWNJ_NAME = "علی" + "\u200c" + "رضا"
PLAYERS = [ZWNJ_NAME, "Sara", "عمر", "Lina"]


@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_half_space_survives_and_names_are_isolated(browser, site, language):
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    page.goto(site + "/new/tarneeb/")
    Table(page, site).setup(PLAYERS)
    assert Match.objects.get().players == PLAYERS
    names = page.locator(".players bdi").all_inner_texts()
    assert names == PLAYERS
    # A name never takes the number beside it into its own direction: each total's name
    # and score are separate isolated boxes.
    assert page.locator("#totals .name bdi").count() == 2
    assert ZWNJ_NAME in page.locator("#next").inner_text()
    context.close()
