"""A whole match in Arabic: right to left, the table's words, errors in Arabic."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .table import Table

pytestmark = pytest.mark.browser

PLAYERS = ["رامي", "سارة", "عمر", "لينا"]


@pytest.fixture
def arabic(browser):
    context = browser.new_context(viewport=PHONE, locale="ar")
    yield context.new_page()
    context.close()


def test_a_whole_tarneeb_match_in_arabic(arabic, site):
    page = arabic
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = Table(page, site)
    table.start("tarneeb", PLAYERS)
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    expect(page.locator("h1")).to_have_text("طرنيب")
    expect(page.locator("#next")).to_contain_text("رامي يوزّع اليد 1.")
    # Right to left: the first team's total is on the right.
    first, second = page.locator("#totals .total").all()
    assert first.bounding_box()["x"] > second.bounding_box()["x"]
    # A hand without a declarer is refused in Arabic, next to the field, storing nothing.
    table.pick("bid", 7)
    table.pick("trump", "hearts")
    page.locator("#preview-hand").click()
    expect(page.locator('[data-error-for="declarer"]')).to_have_text("هذا الحقل مطلوب.")
    table.pick("declarer", 1)
    table.fill("tricks", 8)
    # The preview says what the hand was in Arabic before it is confirmed.
    assert "سارة طلب 7 كبة، وأخذ 8: نجح" in table.preview()
    table.confirm()
    assert "سارة طلب 7 كبة، وأخذ 8: نجح" in table.row(1)
    for hand in (
        [
            ("pick", "declarer", 3),
            ("pick", "bid", 13),
            ("pick", "trump", "spades"),
            ("fill", "tricks", 13),
        ],
    ):
        table.enter(hand)
    assert table.totals() == [0, 21]
    expect(page.locator("#winner")).to_contain_text("فاز سارة & لينا بالمباراة!")
    assert errors == []
