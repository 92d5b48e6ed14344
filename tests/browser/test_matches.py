"""A whole match of every variant, played through the phone pages as a table would."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .table import PLAYERS, Table

pytestmark = pytest.mark.browser


def test_tarneeb_to_41(page, site, errors):
    table = Table(page, site)
    table.start("tarneeb", PLAYERS)
    expect(page.locator("#next")).to_contain_text("Rami deals hand 1")
    hands = [
        (1, 7, "hearts", 8),
        (0, 9, "spades", 7),
        None,
        (3, 12, "clubs", 12),
        (1, 12, "diamonds", 12),
    ]
    for hand in hands:
        if hand is None:
            table.enter([("mode", "thrown_in")])
            continue
        declarer, bid, trump, tricks = hand
        table.enter(
            [
                ("pick", "declarer", declarer),
                ("pick", "bid", bid),
                ("pick", "trump", trump),
                ("fill", "tricks", tricks),
            ]
        )
    assert table.totals() == [-9, 38]
    assert "Rami bid 9 spades, took 7: down" in table.row(2)
    assert "All passed" in table.row(3)
    table.enter(
        [
            ("pick", "declarer", 3),
            ("pick", "bid", 7),
            ("pick", "trump", "hearts"),
            ("fill", "tricks", 7),
        ]
    )
    assert "Sara & Lina win the match" in table.winner()
    assert table.totals() == [-9, 45]
    expect(page.locator("#hand-form")).to_have_count(0)
    expect(page.locator(".chart svg polyline")).to_have_count(2)
    assert errors == []


def test_egyptian_tarneeb_with_a_double(page, site, errors):
    table = Table(page, site)
    table.start("tarneeb_egyptian", PLAYERS)
    table.enter(
        [
            ("pick", "declarer", 0),
            ("pick", "bid", 9),
            ("pick", "trump", "spades"),
            ("switch", "doubled"),
            ("fill", "tricks", 10),
        ]
    )
    assert table.totals() == [20, 0]
    assert "×2" in table.row(1)
    table.enter(
        [
            ("pick", "declarer", 2),
            ("pick", "bid", 8),
            ("pick", "trump", "no_trump"),
            ("switch", "doubled"),
            ("fill", "tricks", 11),
        ]
    )
    assert table.totals() == [42, 0]
    assert "Rami & Omar win the match" in table.winner()
    assert errors == []


def test_400_with_a_too_low_bid_total(page, site, errors):
    table = Table(page, site)
    table.start("tarneeb_400", PLAYERS)
    expect(page.locator("label[for=bid-0]")).to_contain_text("at least 2")
    table.enter([("fill", f"bids.{seat}", 2) for seat in range(4)])
    assert "too low, thrown in" in table.row(1)
    bids, tricks = [3, 2, 4, 3], [4, 1, 5, 3]
    table.enter(
        [("fill", f"bids.{s}", bids[s]) for s in range(4)]
        + [("fill", f"tricks.{s}", tricks[s]) for s in range(4)]
    )
    assert table.totals() == [3, -2, 4, 3]
    bids, tricks = [12, 2, 2, 2], [12, 1, 0, 0]
    table.enter(
        [("fill", f"bids.{s}", bids[s]) for s in range(4)]
        + [("fill", f"tricks.{s}", tricks[s]) for s in range(4)]
    )
    assert table.totals() == [39, -4, 2, 1]
    expect(page.locator("label[for=bid-0]")).to_contain_text("at least 3")
    # A bid under the player's minimum is refused next to the bids, and nothing is stored.
    for seat, bid in enumerate([2, 2, 5, 3]):
        table.fill(f"bids.{seat}", bid)
    page.locator("#preview-hand").click()
    expect(page.locator('[data-error-for="bids"]')).to_contain_text("Rami")
    bids, tricks = [3, 2, 5, 2], [3, 2, 6, 2]
    table.enter(
        [("fill", f"bids.{s}", bids[s]) for s in range(4)]
        + [("fill", f"tricks.{s}", tricks[s]) for s in range(4)]
    )
    assert table.totals() == [42, -2, 12, 3]
    assert "Rami & Omar win the match" in table.winner()
    assert errors == []


def test_41(page, site, errors):
    table = Table(page, site)
    table.start("tarneeb_41", PLAYERS)
    expect(page.locator("label[for=bid-0]")).to_contain_text("at least 1")
    for bids, tricks in (
        ([1, 2, 7, 2], [1, 1, 8, 3]),
        ([1, 1, 13, 1], [0, 0, 13, 0]),
        ([1, 1, 8, 1], [1, 1, 8, 3]),
    ):
        table.enter(
            [("fill", f"bids.{s}", bids[s]) for s in range(4)]
            + [("fill", f"tricks.{s}", tricks[s]) for s in range(4)]
        )
    assert table.totals() == [1, -2, 56, 2]
    assert "Rami & Omar win the match" in table.winner()
    assert errors == []


def test_maraffa_best_of_three_to_la_bella_with_a_claim(page, site, errors):
    table = Table(page, site)
    table.start("maraffa", PLAYERS, options={"target": 11}, best_of_three=True)
    expect(page.locator("#next")).to_contain_text("4 of coins")
    # Game 1: the counting helper makes the thirds (2 aces, 17 figures, last trick = 26... )
    table.pick("battezzante", 0)
    table.pick("trump", "cups")
    page.locator("details.helper summary").click()
    table.fill("_aces", 5 - 3)
    table.fill("_figures", 14)
    table.pick("_last", 0)
    page.locator("[data-count-thirds]").click()
    expect(page.locator('input[name="thirds.0"]')).to_have_value("23")
    table.pick("maraffa", 1)
    table.preview()
    table.confirm()
    assert table.totals() == [7, 7]
    table.enter([("pick", "trump", "coins"), ("fill", "thirds.0", 30)])
    expect(page.locator(".games-won")).to_contain_text("Rami & Omar 1")
    # Game 2: the first deal names the battezzante again.
    table.enter([("pick", "battezzante", 1), ("pick", "trump", "swords"), ("fill", "thirds.0", 5)])
    table.enter([("pick", "trump", "clubs"), ("fill", "thirds.0", 5)])
    expect(page.locator(".games-won")).to_contain_text("la bella")
    # La bella: a right claim wins it.
    table.enter(
        [
            ("mode", "claim"),
            ("pick", "battezzante", 2),
            ("pick", "trump", "coins"),
            ("pick", "claim.team", 0),
            ("fill", "claim.thirds", 33),
        ]
    )
    assert "right" in table.row(5)
    assert "Rami & Omar win the match" in table.winner()
    assert errors == []


def test_trionfo_closed(page, site, errors):
    table = Table(page, site)
    table.start("trionfo", [*PLAYERS, "Marco"])
    table.enter(
        [
            ("pick", "first", 0),
            ("pick", "declarer", 2),
            ("pick", "bid", "chiamo"),
            ("pick", "trump", "coins"),
            ("pick", "_called_rank", "3"),
            ("pick", "_called_suit", "swords"),
            ("pick", "partner", 4),
            ("fill", "thirds", 21),
        ]
    )
    assert table.totals() == [-1, -1, 2, -1, 1]
    table.enter(
        [
            ("pick", "declarer", 1),
            ("pick", "bid", "di_piu"),
            ("pick", "trump", "swords"),
            ("fill", "thirds", 10),
        ]
    )
    table.enter(
        [
            ("pick", "declarer", 3),
            ("pick", "bid", "maso"),
            ("pick", "trump", "cups"),
            ("pick", "made", True),
        ]
    )
    assert table.totals() == [-3, -13, 0, 17, -1]
    page.locator("#close-session").click()
    expect(page.locator("#close-confirm")).to_be_visible()
    expect(page.locator("#hand-form")).to_be_visible()
    page.locator("#close-confirm").click()
    assert "Lina wins" in table.winner()
    expect(page.locator("#hand-form")).to_have_count(0)
    assert errors == []


def test_bazar_blot_with_declarations_and_a_coinche(page, site, errors):
    table = Table(page, site)
    table.start("bazar_blot", PLAYERS, options={"target": 40})
    table.enter(
        [
            ("pick", "declarer", 0),
            ("pick", "bid", 12),
            ("pick", "trump", "hearts"),
            ("fill", "points.0", 104),
            ("declaration", 0, {"seat": 2, "type": "tierce", "high": "K", "suit": "spades"}),
            ("pick", "belote", 0),
        ]
    )
    assert table.totals() == [26, 6]
    assert "tierce king (Omar)" in table.row(1) and "belote (Rami)" in table.row(1)
    table.enter(
        [
            ("pick", "declarer", 1),
            ("pick", "bid", 10),
            ("pick", "trump", "clubs"),
            ("pick", "coinche", 2),
            ("fill", "points.0", 92),
        ]
    )
    assert "coinche" in table.row(2) and "down" in table.row(2)
    assert table.totals() == [62, 6]
    assert "Rami & Omar win the match" in table.winner()
    assert errors == []


def test_belote_with_dedans(page, site, errors):
    table = Table(page, site)
    table.start("belote", PLAYERS, options={"target": 200})
    table.enter([("pick", "declarer", 1), ("pick", "trump", "hearts"), ("fill", "points.0", 100)])
    assert "dedans" in table.row(1)
    assert table.totals() == [162, 0]
    table.enter(
        [
            ("pick", "declarer", 0),
            ("pick", "trump", "spades"),
            ("fill", "points.0", 90),
            ("pick", "belote", 0),
        ]
    )
    assert table.totals() == [272, 72]
    assert "Rami & Omar win the match" in table.winner()
    assert errors == []


def test_belote_for_two(page, site, errors):
    table = Table(page, site)
    table.start("belote_2p", ["Rami", "Sara"], options={"target": 20})
    table.enter(
        [
            ("pick", "declarer", 0),
            ("pick", "trump", "hearts"),
            ("fill", "points.0", 100),
            ("fill", "points.1", 40),
        ]
    )
    table.enter(
        [
            ("pick", "declarer", 1),
            ("pick", "trump", "clubs"),
            ("fill", "points.0", 30),
            ("fill", "points.1", 90),
            ("pick", "belote", 1),
        ]
    )
    assert table.totals() == [13, 15]
    table.enter(
        [
            ("pick", "declarer", 1),
            ("pick", "trump", "diamonds"),
            ("fill", "points.0", 120),
            ("fill", "points.1", 30),
        ]
    )
    assert table.totals() == [28, 15]
    assert "Rami wins" in table.winner()
    assert errors == []


def test_coinche_with_a_capot(page, site, errors):
    table = Table(page, site)
    table.start("coinche", PLAYERS)
    table.enter(
        [
            ("pick", "declarer", 0),
            ("pick", "bid", "capot"),
            ("pick", "trump", "spades"),
            ("pick", "capot", 0),
        ]
    )
    assert table.totals() == [500, 0]
    assert "capot" in table.row(1)
    table.enter(
        [
            ("pick", "declarer", 1),
            ("pick", "bid", 80),
            ("pick", "trump", "hearts"),
            ("fill", "points.0", 60),
        ]
    )
    assert table.totals() == [560, 180]
    assert "Rami & Omar win the match" in table.winner()
    assert errors == []
