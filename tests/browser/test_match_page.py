"""The match page beyond a plain match: offline hands, undo and correction, spectators."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.models import Hand, HandChange, IdempotentRequest

from .conftest import PHONE, match_token
from .table import PLAYERS, Table

pytestmark = pytest.mark.browser

MADE_8 = [
    ("pick", "declarer", 1),
    ("pick", "bid", 7),
    ("pick", "trump", "hearts"),
    ("fill", "tricks", 8),
]
DOWN_9 = [
    ("pick", "declarer", 0),
    ("pick", "bid", 9),
    ("pick", "trump", "spades"),
    ("fill", "tricks", 7),
]
MADE_10 = [
    ("pick", "declarer", 2),
    ("pick", "bid", 8),
    ("pick", "trump", "clubs"),
    ("fill", "tricks", 10),
]


def _fill(table, steps):
    for action, *args in steps:
        getattr(table, action)(*args)


def test_a_hand_entered_offline_waits_and_is_stored_once(page, site, errors):
    table = Table(page, site)
    token = match_token(table.start("tarneeb", PLAYERS))
    table.enter(MADE_8)
    page.context.set_offline(True)
    _fill(table, DOWN_9)
    page.locator("#preview-hand").click()
    expect(page.locator("#preview")).to_contain_text("No network")
    page.locator("#confirm-hand").click()
    expect(page.locator("#queue")).to_be_visible()
    expect(page.locator("#queue")).to_contain_text("1 hand is waiting")
    assert Hand.objects.filter(match_id=token).count() == 1
    page.context.set_offline(False)
    expect(page.locator("#hand-2")).to_be_attached(timeout=15_000)
    expect(page.locator("#queue")).to_be_hidden()
    assert table.totals() == [-9, 14]
    assert list(Hand.objects.filter(match_id=token).values_list("number", flat=True)) == [1, 2]
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('sk-outbox'))") == []
    assert errors == []


def test_a_hand_whose_answer_is_lost_is_sent_again_and_stored_once(page, site, errors):
    table = Table(page, site)
    token = match_token(table.start("tarneeb", PLAYERS))
    lost = []

    def lose_the_answer(route):
        if route.request.method == "POST" and not lost:
            lost.append(route.fetch().status)  # the server stores the hand...
            route.abort("internetdisconnected")  # ...but the phone never hears back
        else:
            route.continue_()

    page.route("**/hands/", lose_the_answer)
    table.enter(MADE_8)  # kept in the outbox, then sent again with the same key
    assert lost == [201]
    assert table.totals() == [0, 8]
    assert Hand.objects.filter(match_id=token).count() == 1
    assert IdempotentRequest.objects.count() == 1
    assert errors == []


def test_undo_and_correction(page, site, errors):
    table = Table(page, site)
    token = match_token(table.start("tarneeb", PLAYERS))
    for hand in (MADE_8, DOWN_9, MADE_10):
        table.enter(hand)
    assert table.totals() == [1, 14]
    # The first tap only asks: nothing is undone until the table says yes.
    page.locator("#undo").click()
    expect(page.locator("#undo-confirm")).to_be_visible()
    expect(page.locator("#hand-3")).to_have_count(1)
    page.locator("#undo").click()
    expect(page.locator("#undo-confirm")).to_be_hidden()
    # "No" and Escape put the question away too, and the focus goes back to the button.
    page.locator("#undo").click()
    page.locator(".undo [data-cancel]").click()
    expect(page.locator("#undo-confirm")).to_be_hidden()
    expect(page.locator("#undo")).to_be_focused()
    page.locator("#undo").click()
    page.locator("#undo-confirm").focus()
    page.keyboard.press("Escape")
    expect(page.locator("#undo-confirm")).to_be_hidden()
    page.locator("#undo").click()
    page.locator("#undo-confirm").click()
    expect(page.locator("#hand-3")).to_have_count(0)
    expect(page.locator("#changes")).to_contain_text("Hand 3 was undone")
    expect(page.locator("#flash")).to_contain_text("Hand 3 is undone")
    assert table.totals() == [-9, 14]
    # Correct hand 1: Sara took 6, not 8 (down): every later hand is scored again.
    page.locator("#hand-1 a.fix").click()
    _on_the_correction_page(page)
    expect(page.locator('#hand-form input[name="declarer"][value="1"]')).to_be_checked()
    expect(page.locator('#hand-form input[name="tricks"]')).to_have_value("8")
    table.fill("tricks", 14)
    page.locator("#preview-hand").click()
    expect(page.locator('[data-error-for="tricks"]')).to_contain_text("0 to 13")
    table.fill("tricks", 6)
    # Without network the correction is not lost in silence: the form says why.
    page.context.set_offline(True)
    page.locator("#preview-hand").click()
    expect(page.locator("#hand-form")).to_contain_text("No network: the correction is not saved")
    page.context.set_offline(False)
    # The correction is previewed first (hand 1 as it would be scored), and nothing is saved.
    shown = table.preview()
    assert "took 6: down" in shown and "−7" in shown and "+7" in shown, shown
    expect(page.locator("#confirm-hand")).to_have_text("Save the correction")
    assert HandChange.objects.filter(match_id=token).count() == 1
    page.locator("#confirm-hand").click()
    page.wait_for_url(f"**/m/{token}/**")
    assert "took 6: down" in table.row(1)
    assert table.totals() == [-2, -1]  # [7, -7] then [-9, +6]
    expect(page.locator("#flash")).to_have_text("Hand 1 is corrected.")
    expect(page.locator("#hand-1 .corrected-tag")).to_have_text("corrected")
    expect(page.locator("#hand-2 .corrected-tag")).to_have_count(0)
    expect(page.locator("#changes")).to_contain_text("Hand 1 was corrected")
    assert HandChange.objects.filter(match_id=token).count() == 2
    page.reload()  # the flash was said once
    expect(page.locator("#flash")).to_be_hidden()
    assert errors == []


def test_a_spectators_link_cannot_write(page, site, errors):
    table = Table(page, site)
    token = match_token(table.start("tarneeb", PLAYERS))
    table.enter(MADE_8)
    view_link = page.locator("#view-link").input_value()
    view_id = match_token(view_link)
    page.goto(f"{site}/m/{view_id}/")
    expect(page.locator(".players")).to_contain_text("spectator")
    assert table.totals() == [0, 8]
    for writer in ("#hand-form", "#undo", "a.fix", "#view-link"):
        expect(page.locator(writer)).to_have_count(0)
    assert (
        page.request.post(f"{site}/api/matches/{view_id}/hands/", data={"thrown_in": True}).status
        == 403
    )
    assert page.request.post(f"{site}/m/{view_id}/undo/", data={"number": "1"}).status in (403, 404)
    altered = token[:-1] + ("0" if token[-1] != "0" else "1")
    assert page.goto(f"{site}/m/{altered}/").status == 404
    # Another last character (a fixed "x" would be no change for a link that ends in x).
    altered_view = view_id[:-1] + ("x" if view_id[-1] != "x" else "y")
    assert page.goto(f"{site}/m/{altered_view}/").status == 404
    assert Hand.objects.filter(match_id=token).count() == 1
    assert errors == []


def _in_view(page, selector):
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    top, bottom = box["y"], box["y"] + box["height"]
    assert top >= 0 and bottom <= PHONE["height"], (selector, top, bottom)


@pytest.mark.parametrize("language", ["en", "ar"])
def test_after_confirming_the_new_scores_are_in_view(phone, site, language):
    page, found = phone(language)
    table = Table(page, site)
    table.start("tarneeb", PLAYERS, options={"target": 20})
    for number in (1, 2, 3):
        _fill(table, MADE_8)
        table.preview()
        assert page.evaluate("window.scrollY") > 300  # the preview is far below the totals
        table.confirm()
        expect(page.locator("#flash")).to_contain_text(str(number))
        if number < 3:
            expect(page.locator("#enter-title")).to_contain_text(str(number + 1))
            selectors = ["#flash", "#totals", "#next"]
        else:
            expect(page.locator("#winner")).to_be_visible()
            selectors = ["#flash", "#totals", "#winner"]
        page.wait_for_function("document.getElementById('flash').getBoundingClientRect().top >= 0")
        for selector in selectors:
            _in_view(page, selector)
    assert table.totals() == [0, 24]
    assert found == []


def _on_the_correction_page(page) -> None:
    """The link followed: the match page has a hand form too (the next hand's), which a
    busy machine would otherwise let the next step fill before the correction page came."""
    page.wait_for_url("**/hands/1/correct/")
    expect(page.locator("#hand-form[data-correcting]")).to_be_attached()


def test_a_correction_in_arabic_is_previewed_saved_and_marked(phone, site):
    page, found = phone("ar")
    table = Table(page, site)
    token = match_token(table.start("tarneeb", PLAYERS))
    table.enter(MADE_8)
    page.locator("#hand-1 a.fix").click()
    _on_the_correction_page(page)
    table.fill("tricks", 6)
    table.preview()
    expect(page.locator("#confirm-hand")).to_have_text("احفظ التصحيح")
    assert HandChange.objects.filter(match_id=token).count() == 0
    page.locator("#confirm-hand").click()
    page.wait_for_url(f"**/m/{token}/**")
    expect(page.locator("#flash")).to_contain_text("1")
    expect(page.locator("#hand-1 .corrected-tag")).to_have_text("مُصحَّح")
    assert table.totals() == [7, -7]
    assert found == []
