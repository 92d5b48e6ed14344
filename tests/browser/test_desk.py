"""The director's evening through the pages, in a real Chromium: an 8-team Swiss of 3 rounds
with a top-4 knockout created with pasted entries, the table cards opened (their QR codes'
text alternatives name the table links), the start, and a director's forfeit at one table."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .teams import LATIN

pytestmark = pytest.mark.browser

TEAMS = "\n".join(f"{n}. {name}: {a}, {b}" for n, (name, a, b) in enumerate(LATIN, 1))


def create_swiss(page, site: str) -> str:
    """Through the pages: the game, the format, the preset, the pasted entries; the desk."""
    page.goto(site + "/tournaments/new/")
    page.locator('a[href="/tournaments/new/belote/"]').click()
    page.locator("#name").fill("Vendredi belote")
    page.locator('label:has(> input[name="preset"][value="swiss_top"])').click()
    page.locator("#rounds").fill("3")
    page.locator("#advance").fill("4")
    page.locator("#entries").fill(TEAMS)
    page.locator("#tournament-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/d/[^/]+/$"))
    return re.search(r"/d/([^/]+)/", page.url).group(1)


def test_a_directors_evening(page, site, errors):
    bad = page.goto(site + "/tournaments/new/belote/")
    assert bad is not None and bad.ok
    page.locator("#name").fill("Vendredi belote")
    page.locator("#entries").fill("Les As: Anne, Bruno\nLe Carré Chloé David")
    page.locator("#tournament-form button[type=submit]").click()
    expect(page.locator("#error-entries")).to_contain_text("Line 2")

    token = create_swiss(page, site)
    expect(page.locator(".desk-table tbody tr")).to_have_count(8)
    expect(page.locator("h1")).to_have_text("Vendredi belote")

    page.locator(".desk-links a", has_text="Table cards").click()
    qr = page.locator(".table-card svg[role=img]")
    expect(qr).to_have_count(4)
    links = [qr.nth(i).get_attribute("aria-label") for i in range(4)]
    assert all(re.fullmatch(re.escape(site) + r"/t/[^/]+/", link) for link in links)
    expect(page.locator(".table-card-url").first).to_have_text(links[0])

    page.goto(f"{site}/d/{token}/")
    page.locator("#start-button", has_text="Start: draw round 1").click()
    # nobody is checked in: the start asks first
    expect(page.locator("#start-confirm-text")).to_contain_text("Nobody is checked in")
    page.locator("#start-confirm").click()
    expect(page.locator(".pairing")).to_have_count(4)
    expect(page.locator("#pairing-1-1 .table-no")).to_have_text("Table 1")

    # Table 1's card lands on the match now played there.
    page.goto(links[0])
    page.wait_for_url(re.compile(r"/m/[^/]+/$"))

    page.goto(f"{site}/d/{token}/")
    pairing = page.locator("#pairing-1-2")
    pairing.locator("summary").click()
    pairing.locator('input[name="outcome"]').nth(1).check()
    pairing.locator('input[name="points_1"]').fill("162")
    pairing.locator('input[name="reason"]').fill("No-show")
    pairing.locator("button", has_text="Set the result").click()
    expect(page.locator("#pairing-1-2 .flag")).to_contain_text("No-show")
    expect(page.locator("#pairing-1-2 .pairing-result")).to_contain_text("0 – 162")
    assert errors == []


def test_late_entries_and_the_check_in_on_a_phone(page, site, errors):
    """An entry typed on the desk (a bad line first), then 8 of the 9 checked in: the phone
    stays on what changed, and the start says who will be dropped."""
    token = create_swiss(page, site)
    page.locator("#add-entries-list").fill("Pique Rita Sami")
    page.locator("#add-entries button[type=submit]").click()
    expect(page.locator("#error-add-entries")).to_contain_text("Line 1")
    expect(page.locator("#add-entries-list")).to_be_focused()
    expect(page.locator("#add-entries-list")).to_be_in_viewport()
    page.locator("#add-entries-list").fill("9. Pique: Rita, Sami")
    page.locator("#add-entries button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/d/{token}/\?added=9-9#entry-9$"))
    expect(page.locator("#entry-9")).to_have_class(re.compile("is-new"))
    expect(page.locator("#entry-9")).to_be_in_viewport()
    expect(page.locator("#entries-added")).to_contain_text("Pique")

    for number in range(1, 9):
        page.locator(f"#entry-{number} button", has_text="Check in").click()
        expect(page.locator(f"#entry-{number} button", has_text="Checked in")).to_be_visible()
        expect(page.locator(f"#entry-{number}")).to_be_in_viewport()
    expect(page.locator("#check-in-count")).to_have_text("8 of 9 checked in")

    page.locator("#start-button").click()
    expect(page.locator("#start-confirm-text")).to_have_text(
        "Start with the 8 checked-in entries; 1 not checked in will be dropped."
    )
    page.locator("#start-confirm").click()
    expect(page.locator(".pairing")).to_have_count(4)
    expect(page.locator("#entry-9")).to_have_class(re.compile("dropped"))
    assert errors == []
