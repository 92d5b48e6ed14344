"""The outbox module (static/js/hand/outbox.js) on its own, imported into a blank page:
hands queue in order, wait through a lost network, are sent exactly once, and a refused or
pushed-aside hand is kept apart. The server is a fake ``send`` that the test scripts."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# A fake server: `answers` is the list of states it gives in turn ("stored", "network",
# 400, 409); it numbers stored hands itself and records every key it was sent.
SETUP = """
async ({answers, server}) => {
  const { Outbox } = await import("/static/js/hand/outbox.js");
  const memory = new Map();
  const storage = { getItem: (k) => memory.has(k) ? memory.get(k) : null,
    setItem: (k, v) => memory.set(k, String(v)), removeItem: (k) => memory.delete(k) };
  const sent = [];
  const state = { server, answers: [...answers] };
  const send = async (item) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const answer = state.answers.length ? state.answers.shift() : "stored";
    if (answer === "network") return { state: "network" };
    sent.push(item.key);
    if (answer === "stored") {
      state.server += 1;
      return { state: "stored", status: 201, data: { number: item.body.number } };
    }
    return { state: "refused", status: answer, data: { detail: ["no"] } };
  };
  window.box = new Outbox("m1", { storage, send, serverNumber: () => state.server });
  window.sent = sent;
  window.describe = (item, result) => "refused " + item.body.number + " " + result.status;
}
"""


def outbox(page: Page, site: str, answers: list[Any], server: int = 1) -> None:
    page.route(
        f"{site}/outbox-test/",
        lambda route: route.fulfill(
            body="<!doctype html><title>outbox</title>", content_type="text/html"
        ),
    )
    page.goto(f"{site}/outbox-test/")
    page.evaluate(SETUP, {"answers": answers, "server": server})


def hand(page: Page, key: str, number: int) -> None:
    page.evaluate("([key, number]) => box.add({ key, body: { bid: 7, number } })", [key, number])


def numbers(page: Page) -> list[int]:
    return page.evaluate("box.items().map((item) => item.body.number)")


def test_hands_wait_in_the_order_of_their_numbers(page: Page, site: str, errors: list[str]):
    outbox(page, site, [])
    hand(page, "b", 3)
    hand(page, "a", 2)
    assert numbers(page) == [2, 3]
    assert page.evaluate("box.nextNumber(2)") == 4
    assert page.evaluate("box.nextNumber(1)") == 1
    assert errors == []


def test_a_lost_network_keeps_the_hands_and_the_next_flush_sends_them(
    page: Page, site: str, errors: list[str]
):
    outbox(page, site, ["network"])
    hand(page, "a", 1)
    first = page.evaluate("box.flush(describe)")
    assert first["stored"] == [] and not first["changed"] and numbers(page) == [1]
    second = page.evaluate("box.flush(describe)")
    assert second["stored"] == [1] and numbers(page) == []
    assert page.evaluate("sent") == ["a"]
    assert errors == []


def test_each_hand_is_sent_exactly_once_even_when_flushes_overlap(
    page: Page, site: str, errors: list[str]
):
    outbox(page, site, [])
    for key, number in (("a", 1), ("b", 2), ("c", 3)):
        hand(page, key, number)
    results = page.evaluate("Promise.all([box.flush(describe), box.flush(describe)])")
    assert results[1]["busy"] and results[0]["stored"] == [1, 2, 3]
    assert page.evaluate("box.flush(describe)")["stored"] == []
    assert page.evaluate("sent") == ["a", "b", "c"]
    assert errors == []


def test_a_refused_hand_is_kept_and_the_later_ones_wait_until_it_is_dismissed(
    page: Page, site: str, errors: list[str]
):
    outbox(page, site, [400])
    hand(page, "a", 1)
    hand(page, "b", 2)
    result = page.evaluate("box.flush(describe)")
    assert result["stored"] == [] and result["changed"]
    assert numbers(page) == [2]  # waits for hand 1, which left a hole
    refused = page.evaluate("box.refused()")
    assert [(r["key"], r["number"], r["status"], r["text"]) for r in refused] == [
        ("a", 1, 400, "refused 1 400")
    ]
    page.evaluate("box.dismiss('a')")
    assert page.evaluate("box.refused()") == [] and numbers(page) == [1]  # moved up one
    assert page.evaluate("box.flush(describe)")["stored"] == [1]
    assert page.evaluate("sent") == ["a", "b"]
    assert errors == []


def test_a_hand_entered_again_for_its_number_replaces_the_refused_one(
    page: Page, site: str, errors: list[str]
):
    outbox(page, site, [400])
    hand(page, "a", 1)
    page.evaluate("box.flush(describe)")
    hand(page, "a2", 1)
    assert page.evaluate("box.refused()") == []
    assert page.evaluate("box.flush(describe)")["stored"] == [1]
    assert errors == []


def test_a_hand_pushed_aside_by_another_phone_is_kept_and_the_rest_go_on(
    page: Page, site: str, errors: list[str]
):
    outbox(page, site, [409])
    hand(page, "a", 1)
    hand(page, "b", 2)
    result = page.evaluate("box.flush(describe)")
    assert result["stored"] == [2] and numbers(page) == []
    refused = page.evaluate("box.refused()")
    assert [(r["key"], r["status"], r["body"]["number"]) for r in refused] == [("a", 409, 1)]
    assert page.evaluate("sent") == ["a", "b"]
    assert errors == []
