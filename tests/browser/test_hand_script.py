"""The hand form's script: what is confirmed is what the form shows, refused and conflicting
hands are shown (and kept), and waiting hands move the form on to the next number."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import services
from scorekeeper.models import Hand

from .conftest import match_token
from .table import PLAYERS, Table

pytestmark = pytest.mark.browser

HAND_1 = [
    ("pick", "declarer", 1),
    ("pick", "bid", 7),
    ("pick", "trump", "hearts"),
    ("fill", "tricks", 8),
]
HAND_2 = [
    ("pick", "declarer", 0),
    ("pick", "bid", 9),
    ("pick", "trump", "spades"),
    ("fill", "tricks", 7),
]
HAND_3 = [
    ("pick", "declarer", 2),
    ("pick", "bid", 8),
    ("pick", "trump", "clubs"),
    ("fill", "tricks", 10),
]
# How long a check waits for what the phone sends once it is back online (its outbox, then
# the sheet fetched again): the network is back at once, but a busy machine (make test's
# two processes a core, each with its browser) may answer late.
BACK_ONLINE_MS = 30_000
NO_TRUMP = [("pick", "declarer", 3), ("pick", "bid", 7), ("fill", "tricks", 7)]


def _fill(table: Table, steps: list[tuple[Any, ...]]) -> None:
    for action, *args in steps:
        getattr(table, action)(*args)


def _stored(page: Page, site: str, token: str) -> list[dict[str, Any]]:
    response = page.request.get(f"{site}/api/matches/{token}/")
    assert response.ok
    return response.json()["hands"]


def _keep_offline(page: Page, table: Table, steps: list[tuple[Any, ...]]) -> None:
    _fill(table, steps)
    page.locator("#preview-hand").click()
    expect(page.locator("#preview")).to_contain_text("No network")
    page.locator("#confirm-hand").click()
    expect(page.locator("#preview")).to_be_hidden()


def _previewed_again_then_stored(
    page: Page, site: str, table: Table, token: str, tricks: int
) -> None:
    """Confirm showed the preview again and stored nothing; the next Confirm stores it."""
    expect(page.locator("#preview")).to_be_visible()
    assert Hand.objects.filter(match_id=token).count() == 0
    table.confirm()
    assert [hand["input"]["tricks"] for hand in _stored(page, site, token)] == [tricks]


def _title(page: Page) -> Any:
    return expect(page.locator("#enter-title"))


def test_a_stepper_after_the_preview_changes_what_is_confirmed(page, site, errors):
    table = Table(page, site)
    token = match_token(table.start("tarneeb", PLAYERS))
    _fill(table, HAND_1)
    table.preview()
    # One more trick with the stepper: the preview is gone, it no longer tells the truth.
    page.locator('button[data-step="1"][aria-controls="tricks"]').click()
    expect(page.locator("#tricks")).to_have_value("9")
    expect(page.locator("#preview")).to_be_hidden()
    # A tap on Confirm that was already on its way previews the hand again, storing nothing.
    with page.expect_response("**/preview/"):
        page.locator("#confirm-hand").dispatch_event("click")
    _previewed_again_then_stored(page, site, table, token, tricks=9)
    assert errors == []


def test_confirm_never_sends_a_payload_the_form_no_longer_shows(page, site, errors):
    table = Table(page, site)
    token = match_token(table.start("tarneeb", PLAYERS))
    _fill(table, HAND_1)
    table.preview()
    # A change that fires no event at all: Confirm previews the hand again, stores nothing.
    page.evaluate("document.getElementById('tricks').value = '10'")
    with page.expect_response("**/preview/"):
        page.locator("#confirm-hand").click()
    _previewed_again_then_stored(page, site, table, token, tricks=10)
    assert errors == []


def test_a_hand_previewed_with_the_enter_key_can_be_confirmed(page, site, errors):
    table = Table(page, site)
    token = match_token(table.start("tarneeb", PLAYERS))
    _fill(table, HAND_1[:-1])
    page.locator("#tricks").fill("")  # the bid filled it in
    page.locator("#tricks").press_sequentially("9")
    page.locator("#tricks").press("Enter")
    # The preview takes the focus; the field's late change event leaves the preview alone.
    expect(page.locator("#preview")).to_be_visible()
    expect(page.locator("#preview")).to_be_focused()
    table.confirm()
    assert [hand["input"]["tricks"] for hand in _stored(page, site, token)] == [9]
    assert errors == []


def test_the_thirds_counter_drops_the_preview(page, site, errors):
    table = Table(page, site)
    table.start("maraffa", PLAYERS)
    table.pick("battezzante", 0)
    table.pick("trump", "cups")
    table.fill("thirds.0", 20)
    table.preview()
    page.locator("details.helper summary").click()
    page.locator("#hand-form [data-count-thirds]").click()
    expect(page.locator('input[name="thirds.0"]')).to_have_value("0")
    expect(page.locator("#preview")).to_be_hidden()
    assert errors == []


ALREADY = {
    "en": "Hand 1 was already stored by another phone: Sara bid 7 hearts, took 8: made",
    "ar": "سبق أن سُجّلت اليد 1 من هاتف آخر:",
}


@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_second_phone_is_told_the_hand_was_stored_and_not_offered_it_again(phone, site, language):
    (page, found), (other, other_found) = phone(language), phone(language)
    first, second = Table(page, site), Table(other, site)
    url = first.start("tarneeb", PLAYERS)
    token = match_token(url)
    other.goto(url)
    _fill(second, HAND_1)  # both phones enter the same hand
    second.preview()
    first.enter(HAND_1)
    other.locator("#confirm-hand").click()
    notice = other.locator("#refused")
    expect(notice).to_contain_text(ALREADY[language])
    expect(notice).to_contain_text(other.locator("#hand-1 .line").inner_text())
    # Its live parts are drawn again: hand 1 of the other phone, and an empty form for hand 2.
    expect(other.locator("#hand-1")).to_be_attached()
    assert second.number() == 2
    assert second.totals() == first.totals()
    expect(other.locator('#hand-form input[name="declarer"]:checked')).to_have_count(0)
    expect(other.locator('#hand-form input[name="bid"]:checked')).to_have_count(0)
    expect(other.locator("#preview")).to_be_hidden()
    expect(notice).to_be_in_viewport()
    assert [hand["input"]["declarer"] for hand in _stored(page, site, token)] == [1]
    # The table dismisses the note; reloaded, the phone has nothing left to show or restore.
    other.locator("#refused [data-dismiss-refused]").click()
    expect(other.locator("#refused .alert")).to_have_count(0)
    other.reload()
    expect(other.locator("#refused .alert")).to_have_count(0)
    expect(other.locator('#hand-form input[name="declarer"]:checked')).to_have_count(0)
    assert Hand.objects.filter(match_id=token).count() == 1
    assert found == [] and other_found == []


def test_waiting_hands_move_the_form_to_the_next_number(page, site, errors):
    table = Table(page, site)
    token = match_token(table.start("tarneeb", PLAYERS))
    table.enter(HAND_1)
    _title(page).to_have_text("Enter hand 2")
    page.context.set_offline(True)
    _keep_offline(page, table, HAND_2)
    queue = page.locator("#queue")
    expect(queue).to_contain_text("1 hand is waiting")
    _title(page).to_have_text("Enter hand 3")
    # The banner is at the top of the form, where the next hand is entered.
    assert page.evaluate("document.getElementById('queue').closest('#enter') !== null")
    notes = "document.getElementById('hand-notes').nextElementSibling.id"
    assert page.evaluate(notes) == "hand-form"
    _keep_offline(page, table, HAND_3)
    expect(queue).to_contain_text("2 hands are waiting")
    _title(page).to_have_text("Enter hand 4")
    assert Hand.objects.filter(match_id=token).count() == 1
    page.context.set_offline(False)
    expect(page.locator("#hand-3")).to_be_attached(timeout=BACK_ONLINE_MS)
    expect(queue).to_be_hidden()
    expect(page.locator("#flash")).to_have_text("Hands 2, 3 are stored.")
    _title(page).to_have_text("Enter hand 4")
    assert table.number() == 4
    assert [hand["input"]["declarer"] for hand in _stored(page, site, token)] == [1, 0, 2]
    assert errors == []


def test_a_refused_waiting_hand_is_named_and_comes_back_to_the_form(page, site, errors):
    table = Table(page, site)
    token = match_token(table.start("tarneeb", PLAYERS))
    table.enter(HAND_1)
    page.context.set_offline(True)
    _keep_offline(page, table, NO_TRUMP)  # hand 2, without its trump
    _keep_offline(page, table, HAND_3)  # hand 3
    _title(page).to_have_text("Enter hand 4")
    page.context.set_offline(False)
    notice = page.locator("#refused")
    expect(notice).to_contain_text(
        "A waiting hand was refused: Hand 2 (Trump): ", timeout=BACK_ONLINE_MS
    )
    # Hand 3 waits for hand 2, which is back in the form with what was wrong.
    expect(page.locator("#queue")).to_contain_text("1 hand is waiting")
    _title(page).to_have_text("Enter hand 2")
    expect(page.locator('#hand-form input[name="declarer"][value="3"]')).to_be_checked()
    expect(page.locator("#tricks")).to_have_value("7")
    expect(page.locator('[data-error-for="trump"]')).to_be_visible()
    assert Hand.objects.filter(match_id=token).count() == 1
    # The refusal survives a reload of the page.
    page.reload()
    expect(notice).to_contain_text("Hand 2 (Trump)")
    _title(page).to_have_text("Enter hand 2")
    # Entered again with its trump: hand 2 is stored, then the waiting hand 3.
    table.pick("trump", "diamonds")
    table.preview()
    page.locator("#confirm-hand").click()
    expect(page.locator("#hand-3")).to_be_attached(timeout=BACK_ONLINE_MS)
    expect(page.locator("#queue")).to_be_hidden()
    expect(page.locator("#refused .alert")).to_have_count(0)
    _title(page).to_have_text("Enter hand 4")
    hands = _stored(page, site, token)
    assert [(h["number"], h["input"]["declarer"]) for h in hands] == [(1, 1), (2, 3), (3, 2)]
    assert hands[1]["input"]["trump"] == "diamonds"
    kept = "Object.keys(localStorage).filter(k => /^sk-(outbox|refused)-/.test(k))"
    assert page.evaluate(kept) == []
    assert errors == []


def test_a_dismissed_refused_hand_lets_the_next_ones_through(page, site, errors):
    table = Table(page, site)
    token = match_token(table.start("tarneeb", PLAYERS))
    page.context.set_offline(True)
    _keep_offline(page, table, NO_TRUMP)  # hand 1, refused
    _keep_offline(page, table, HAND_2)  # hand 2, becomes hand 1 once hand 1 is dropped
    page.context.set_offline(False)
    notice = page.locator("#refused")
    expect(notice).to_contain_text("Hand 1 (Trump)", timeout=BACK_ONLINE_MS)
    _title(page).to_have_text("Enter hand 1")
    notice.locator("button[data-dismiss-refused]").click()
    expect(page.locator("#hand-1")).to_be_attached(timeout=BACK_ONLINE_MS)
    expect(page.locator("#refused .alert")).to_have_count(0)
    expect(page.locator("#queue")).to_be_hidden()
    _title(page).to_have_text("Enter hand 2")
    expect(page.locator('#hand-form input[name="declarer"]:checked')).to_have_count(0)
    assert [hand["input"]["declarer"] for hand in _stored(page, site, token)] == [0]
    assert errors == []


def test_a_hand_that_ends_the_game_says_so_and_the_phone_remembers_it(page, site, errors):
    table = Table(page, site)
    token = match_token(table.start("tarneeb", PLAYERS))
    for _ in range(4):
        services.hand_record(
            match_id=token, payload={"declarer": 1, "bid": 10, "trump": "hearts", "tricks": 10}
        )
    page.reload()
    _fill(table, HAND_1)
    page.locator("#preview-hand").click()
    expect(page.locator("#preview-line")).to_contain_text("Sara bid 7 hearts, took 8: made")
    expect(page.locator("#preview-line .ends-game")).to_have_text("This hand ends the game.")
    expect(page.locator("#preview-points")).to_contain_text("(after: 48)")
    page.locator("#confirm-hand").click()
    expect(page.locator("#winner")).to_be_visible()
    # The phone's list of recent matches learns that this one is over, without a reload.
    page.goto(site + "/")
    expect(page.locator("#recent-list")).to_contain_text("(finished)")
    assert errors == []


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_thirds_counter_refuses_a_fifth_ace_and_names_each_team(phone, site, language):
    page, found = phone(language)
    table = Table(page, site)
    table.start("maraffa", PLAYERS)
    table.pick("battezzante", 0)
    table.pick("trump", "cups")
    page.locator("details.helper summary").click()
    table.fill("_aces", 5)
    table.fill("_figures", 3)
    page.locator("[data-count-thirds]").click()
    refusal = page.locator('[data-error-for="_count"]')
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("4")
    expect(refusal).to_contain_text("20")
    expect(page.locator('input[name="thirds.0"]')).to_have_value("")
    table.fill("_figures", 21)
    table.fill("_aces", 2)
    page.locator("[data-count-thirds]").click()
    expect(refusal).to_be_visible()
    table.fill("_figures", 14)
    table.pick("_last", 0)
    page.locator("[data-count-thirds]").click()
    expect(refusal).to_be_hidden()
    expect(page.locator('input[name="thirds.0"]')).to_have_value("23")
    expect(page.locator('input[name="thirds.1"]')).to_have_value("12")
    # Each team is named beside its own thirds and points (23 thirds: 7; 12: 4).
    lines = page.locator("[data-pair] .complement").all_inner_texts()
    assert "Rami & Omar" in lines[0] and lines[0].endswith("7"), lines
    assert "Sara & Lina" in lines[1] and lines[1].endswith("4"), lines
    # Either team's thirds can be typed.
    table.fill("thirds.1", 5)
    expect(page.locator('input[name="thirds.0"]')).to_have_value("30")
    assert found == []


def _keep(page: Page, table: Table, steps: list[tuple[Any, ...]]) -> None:
    _fill(table, steps)
    page.locator("#preview-hand").click()
    expect(page.locator("#preview")).to_be_visible()
    page.locator("#confirm-hand").click()
    expect(page.locator("#preview")).to_be_hidden()


MARAFFA_1 = [("pick", "battezzante", 2), ("pick", "trump", "cups"), ("fill", "thirds.0", 20)]
MARAFFA_2 = [("pick", "trump", "coins"), ("fill", "thirds.0", 10)]


@pytest.mark.parametrize(
    ("language", "slug", "hands"),
    [
        ("en", "tarneeb", [HAND_2, [("mode", "thrown_in")], HAND_3]),
        ("ar", "tarneeb", [HAND_2, [("mode", "thrown_in")], HAND_3]),
        ("en", "maraffa", [MARAFFA_1, MARAFFA_2]),
    ],
)
def test_who_deals_next_moves_on_with_the_waiting_hands(phone, site, language, slug, hands):
    page, found = phone(language)
    table = Table(page, site)
    table.start(slug, PLAYERS)
    deals = page.locator("#next [data-deals]")
    said = []
    page.context.set_offline(True)
    for steps in hands:
        before = deals.inner_text()
        _keep(page, table, steps)
        expect(deals).not_to_have_text(before)
        said.append(deals.inner_text())
    expect(deals).to_contain_text(str(len(hands) + 1))
    page.context.set_offline(False)
    expect(page.locator(f"#hand-{len(hands)}")).to_be_attached(timeout=BACK_ONLINE_MS)
    # What the phone said offline is what the server says once it has the hands.
    expect(deals).to_have_text(said[-1])
    page.reload()
    expect(deals).to_have_text(said[-1])
    assert found == []
