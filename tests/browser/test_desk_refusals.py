"""A refusal whose form has gone from the desk (issue 28, item 12), in a real Chromium at
phone size: an older page's forfeit for a table the redraw made a bye is refused, and the
sentence at the top of the desk is what the director sees, not the table the form's
address points to."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.tournaments.conftest import Director, entries

pytestmark = pytest.mark.browser


def test_a_refusal_whose_form_has_gone_is_seen_at_the_top(page, site, errors):
    director = Director()
    t = director.create(variant="tarneeb", hands_per_match=1, entries=entries(8), round_minutes=30)
    assert director.start(t)["rounds"][0]["pairings"][3]["entries"] == [4, 8]
    desk = f"{site}/d/{t['id']}/"
    page.route("**/rounds/", lambda route: route.abort())  # an older page: it never polls
    page.goto(desk)
    # the service worker has kept the page (its fetch of the desk and the test's writes
    # share one SQLite database)
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "1")
    table4 = page.locator("#pairing-1-4")
    table4.locator(".director-result summary").click()
    table4.locator('form[action*="/forfeit/"] label.chip', has_text="Team 8").click()
    table4.locator('form[action*="/forfeit/"] input[name=sure]').check()
    # meanwhile, another phone: team 8 drops out and round 1 is redrawn (table 4 a bye)
    director.patch(f"/api/tournaments/{t['id']}/entries/8/", {"active": False})
    director.post(f"/api/tournaments/{t['id']}/rounds/1/redraw/")
    table4.locator("button", has_text="Record the forfeit").click()
    refusal = page.locator("#error-forfeit-1-4")
    expect(refusal).to_have_text("A bye has no match to decide.")
    expect(refusal).to_be_in_viewport()
    assert page.url.endswith("#pairing-1-4")
    assert errors == []
