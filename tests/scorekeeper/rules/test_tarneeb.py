"""Tarneeb and Egyptian Tarneeb: the worked examples of rules/tarneeb.md, every option,
the auctions and the messages a player sees."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import RuleViolation, find_variant, play, replay, start

from .tarneeb_support import play_at, table, violation

CONTRACT_GAMES = ["tarneeb", "tarneeb_egyptian"]


def hand(
    declarer: int, bid: int, tricks: int, trump: str = "hearts", **more: Any
) -> dict[str, Any]:
    return {"declarer": declarer, "bid": bid, "trump": trump, "tricks": tricks, **more}


# -- worked examples (team 0 = seats 0, 2) ---------------------------------------------------
STANDARD_EXAMPLES = [
    # options, before, payload, delta, after, game winner
    ({}, (0, 0), hand(1, 7, 8), (0, 8), (0, 8), None),
    ({}, (0, 8), hand(0, 9, 7), (-9, 6), (-9, 14), None),
    ({"sweep": "instant"}, (-9, 14), hand(2, 8, 13), (13, 0), (4, 14), 0),
    ({"sweep": "bonus"}, (30, 20), hand(3, 13, 12), (2, -16), (32, 4), None),
]


@pytest.mark.parametrize(
    ("options", "before", "payload", "delta", "after", "winner"), STANDARD_EXAMPLES
)
def test_standard_worked_examples(
    options: dict[str, Any],
    before: tuple[int, int],
    payload: dict[str, Any],
    delta: tuple[int, int],
    after: tuple[int, int],
    winner: int | None,
) -> None:
    played, state = play_at(table("tarneeb", **options), payload, scores=before)
    assert played.delta == delta
    assert played.scores_after == after
    assert played.game_winner == winner
    assert played.ended_game == (winner is not None)
    assert state.finished == (winner is not None)


def test_standard_examples_played_in_a_row() -> None:
    t = table("tarneeb")
    hands, state = replay(t, [hand(1, 7, 8), hand(0, 9, 7), hand(2, 8, 13)])
    assert [h.scores_after for h in hands] == [(0, 8), (-9, 14), (4, 14)]
    assert state.finished and state.winner == 0


EGYPTIAN_EXAMPLES = [
    # before, payload, delta
    ((0, 0), hand(0, 9, 10, "spades", doubled=True), (20, 0)),
    ((0, 0), hand(0, 9, 10, "spades"), (10, 0)),
    ((0, 0), hand(0, 9, 7, "spades", doubled=True), (-18, 6)),
    ((0, 0), hand(1, 8, 6, "no_trump", doubled=True), (7, -16)),
]


@pytest.mark.parametrize(("before", "payload", "delta"), EGYPTIAN_EXAMPLES)
def test_egyptian_worked_examples(
    before: tuple[int, int], payload: dict[str, Any], delta: tuple[int, int]
) -> None:
    played, _ = play_at(table("tarneeb_egyptian"), payload, scores=before)
    assert played.delta == delta


@pytest.mark.parametrize("slug", CONTRACT_GAMES)
def test_all_passed_is_redealt_by_the_same_dealer(slug: str) -> None:
    t = table(slug, first_dealer=2)
    played, state = play(t, start(t), {"thrown_in": True})
    assert played.thrown_in and played.delta == (0, 0)
    assert (state.next.dealer, state.next.first_to_speak) == (2, 3)
    _, state = play(t, state, hand(1, 7, 7))
    assert state.next.dealer == 3


# -- options -----------------------------------------------------------------------------------
@pytest.mark.parametrize("slug", CONTRACT_GAMES)
def test_option_target(slug: str) -> None:
    payload = hand(0, 8, 9)
    assert not play_at(table(slug), payload, scores=(25, 0))[1].finished
    played, state = play_at(table(slug, target=31), payload, scores=(25, 0))
    assert played.game_winner == 0 and state.winner == 0


SWEEPS = [
    # sweep, bid, tricks, delta for team 1, wins at once
    ("instant", 8, 13, (0, 13), True),
    ("instant", 13, 13, (0, 13), True),
    ("instant_if_bid_13", 8, 13, (0, 13), False),
    ("instant_if_bid_13", 13, 13, (0, 13), True),
    ("bonus", 8, 13, (0, 16), False),
    ("bonus", 13, 13, (0, 26), False),
    ("bonus", 13, 9, (8, -16), False),
    ("bonus", 9, 8, (5, -9), False),
    ("instant", 13, 12, (1, -13), False),
]


@pytest.mark.parametrize("slug", CONTRACT_GAMES)
@pytest.mark.parametrize(("sweep", "bid", "tricks", "delta", "instant"), SWEEPS)
def test_option_sweep(
    slug: str, sweep: str, bid: int, tricks: int, delta: tuple[int, int], instant: bool
) -> None:
    played, _ = play_at(table(slug, sweep=sweep), hand(3, bid, tricks), scores=(0, 0))
    assert played.delta == delta
    assert played.ended_game == instant
    assert played.game_winner == (1 if instant else None)


@pytest.mark.parametrize("slug", CONTRACT_GAMES)
@pytest.mark.parametrize(("sweep", "bid"), [("instant", 9), ("instant_if_bid_13", 13)])
def test_option_no_instant_win_when_negative(slug: str, sweep: str, bid: int) -> None:
    payload = hand(1, bid, 13)
    played, _ = play_at(table(slug, sweep=sweep), payload, scores=(10, -4))
    assert played.game_winner == 1
    t = table(slug, sweep=sweep, no_instant_win_when_negative=True)
    played, state = play_at(t, payload, scores=(10, -4))
    assert played.delta == (0, 13) and played.scores_after == (10, 9)
    assert not played.ended_game and not state.finished
    # A team at zero or above still wins at once.
    assert play_at(t, payload, scores=(10, 0))[0].game_winner == 1


def test_egyptian_doubled_sweep_scores_double() -> None:
    played, _ = play_at(
        table("tarneeb_egyptian", sweep="bonus"),
        hand(0, 13, 13, "spades", doubled=True),
        scores=(0, 0),
    )
    assert played.delta == (52, 0)


def test_option_no_trump() -> None:
    error = violation(table("tarneeb"), hand(0, 8, 8, "no_trump"))
    assert error.field == "trump" and "no_trump" in error.message
    played, _ = play_at(table("tarneeb", no_trump=True), hand(0, 8, 8, "no_trump"))
    assert played.delta == (8, 0)
    assert "no trumps" in played.summary


def test_egyptian_always_allows_no_trump_and_has_no_standard_only_options() -> None:
    played, _ = play_at(table("tarneeb_egyptian"), hand(0, 8, 8, "no_trump"))
    assert played.delta == (8, 0)
    for option in ({"no_trump": True}, {"bidding": "until_three_passes"}):
        with pytest.raises(RuleViolation) as caught:
            table("tarneeb_egyptian", **option)
        assert caught.value.field == "options"


def test_options_are_declared_with_defaults() -> None:
    described = {o.name: o.describe() for o in find_variant("tarneeb").options}
    assert described["target"]["default"] == 41
    assert described["sweep"]["choices"] == ["instant", "instant_if_bid_13", "bonus"]
    assert described["bidding"]["default"] == "single_round"
    with pytest.raises(RuleViolation):
        table("tarneeb", sweep="sometimes")


# -- the standard auction ----------------------------------------------------------------------
VALID_AUCTIONS = [
    # bidding, dealer, calls, declarer, bid
    ("single_round", 0, [7, "pass", 8, "pass"], 3, 8),
    ("single_round", 0, ["pass", 8, "pass", 8], 0, 8),  # the dealer equals the highest bid
    ("single_round", 2, [7, 9, 10, "pass"], 1, 10),
    ("single_round", 0, [7, "pass", "pass", "pass"], 1, 7),
    ("until_three_passes", 0, [7, "pass", "pass", "pass"], 1, 7),
    ("until_three_passes", 0, [7, 8, "pass", "pass", 9, "pass"], 1, 9),
    ("until_three_passes", 0, ["pass", 7, 8, "pass", 9, "pass"], 2, 9),
    ("until_three_passes", 0, ["pass", "pass", "pass", 7], 0, 7),
    ("until_three_passes", 0, ["pass", "pass", 7, "pass"], 3, 7),
    ("until_three_passes", 3, [7, 8, 9, 10, 11, "pass", "pass", "pass"], 0, 11),
]


@pytest.mark.parametrize(("bidding", "dealer", "calls", "declarer", "bid"), VALID_AUCTIONS)
def test_valid_standard_auctions(
    bidding: str, dealer: int, calls: list[Any], declarer: int, bid: int
) -> None:
    t = table("tarneeb", bidding=bidding)
    payload = hand(declarer, bid, bid, auction=calls, dealer=dealer)
    played, _ = play(t, start(t), payload)
    assert played.dealer == dealer
    assert played.input["auction"] == calls


INVALID_AUCTIONS = [
    # bidding, calls, declarer, bid, words the message must contain
    ("single_round", [8, 8, "pass", "pass"], 2, 8, ["Omar", "bid 8", "does not beat 8"]),
    ("single_round", [7, "pass", "pass"], 1, 7, ["not finished"]),
    ("single_round", [7, "pass", "pass", "pass", 8], 1, 7, ["over before call 5"]),
    ("single_round", [7, "pass", 8, "pass"], 1, 7, ["Sara bidding 7"]),
    ("single_round", [7, "pass", 8, "pass"], 3, 9, ["Lina bidding 9"]),
    ("single_round", ["pass", "pass", "pass", "pass"], 0, 7, ["Rami bidding 7"]),
    ("single_round", [7, "double", "pass", "pass"], 1, 7, ["Entry 2"]),
    ("single_round", [6, "pass", "pass", "pass"], 1, 7, ["Entry 1"]),
    ("until_three_passes", [7, "pass", "pass", 7], 0, 7, ["Rami", "does not beat 7"]),
    ("until_three_passes", [7, "pass", "pass"], 1, 7, ["not finished"]),
    ("until_three_passes", [7, "pass", "pass", "pass", "pass"], 1, 7, ["over before call 5"]),
    # Sara passed and may not come back in: the fifth call is Omar's.
    ("until_three_passes", ["pass", 7, 8, "pass", 9, "pass"], 1, 9, ["Sara bidding 9"]),
]


@pytest.mark.parametrize(("bidding", "calls", "declarer", "bid", "words"), INVALID_AUCTIONS)
def test_invalid_standard_auctions(
    bidding: str, calls: list[Any], declarer: int, bid: int, words: list[str]
) -> None:
    error = violation(table("tarneeb", bidding=bidding), hand(declarer, bid, 7, auction=calls))
    assert error.field == "auction"
    for word in words:
        assert word in error.message


# -- the Egyptian auction ----------------------------------------------------------------------
def b(tricks: int, strain: str) -> dict[str, Any]:
    return {"bid": tricks, "trump": strain}


P = "pass"
VALID_EGYPTIAN_AUCTIONS = [
    # calls (first bidder seat 1), declarer, bid, trump, doubled
    ([b(7, "clubs"), P, P, P], 1, 7, "clubs", False),
    ([b(7, "hearts"), b(7, "spades"), b(7, "no_trump"), P, P, P], 3, 7, "no_trump", False),
    ([b(7, "no_trump"), b(8, "clubs"), P, P, P], 2, 8, "clubs", False),
    ([P, b(7, "clubs"), P, P, b(8, "hearts"), P, P, P], 1, 8, "hearts", False),  # came back
    ([b(7, "clubs"), "double", P, P, P], 1, 7, "clubs", True),
    ([b(7, "clubs"), P, P, "double", P, P, P], 1, 7, "clubs", True),
    ([b(7, "clubs"), "double", b(8, "hearts"), P, P, P], 3, 8, "hearts", False),
    ([b(7, "clubs"), "double", b(8, "hearts"), "double", P, P, P], 3, 8, "hearts", True),
    ([b(9, "spades"), b(9, "spades") | {"bid": 10}, P, P, P], 2, 10, "spades", False),
]


@pytest.mark.parametrize(("calls", "declarer", "bid", "trump", "doubled"), VALID_EGYPTIAN_AUCTIONS)
def test_valid_egyptian_auctions(
    calls: list[Any], declarer: int, bid: int, trump: str, doubled: bool
) -> None:
    t = table("tarneeb_egyptian")
    payload = hand(declarer, bid, bid, trump, doubled=doubled, auction=calls)
    played, _ = play(t, start(t), payload)
    assert played.delta is not None and max(played.delta) == bid * (2 if doubled else 1)


INVALID_EGYPTIAN_AUCTIONS = [
    # calls, (declarer, bid, trump, doubled), words the message must contain
    (
        [b(8, "hearts"), b(8, "diamonds"), P, P, P],
        (1, 8, "hearts", False),
        ["Call 2", "Omar bid 8 diamonds", "does not beat 8 hearts"],
    ),
    (
        ["double", b(7, "clubs"), P, P, P],
        (2, 7, "clubs", False),
        ["Call 1", "Sara doubled", "no bid"],
    ),
    (
        [b(7, "clubs"), P, "double", P, P, P],
        (1, 7, "clubs", True),
        ["Call 3", "Lina may not double his own side's bid"],
    ),
    (
        [b(7, "clubs"), "double", P, "double", P, P, P],
        (1, 7, "clubs", True),
        ["Call 4", "Rami doubled a bid that is already doubled"],
    ),
    ([b(7, "clubs"), P, P], (1, 7, "clubs", False), ["not finished"]),
    ([P, P, P, P], (1, 7, "clubs", False), ["Sara bidding 7 clubs"]),
    ([P, P, P, P, b(7, "clubs")], (1, 7, "clubs", False), ["over before call 5"]),
    ([b(7, "clubs"), P, P, P, P], (1, 7, "clubs", False), ["over before call 5"]),
    ([b(7, "clubs"), P, P, P], (1, 7, "hearts", False), ["Sara bidding 7 hearts"]),
    ([b(7, "clubs"), P, P, P], (1, 7, "clubs", True), ["Sara bidding 7 clubs, doubled"]),
    ([b(7, "clubs"), "double", P, P, P], (1, 7, "clubs", False), ["Sara bidding 7 clubs."]),
    ([b(7, "clubs"), P, P, P], (3, 7, "clubs", False), ["Lina bidding 7 clubs"]),
    ([{"bid": 7}, P, P, P], (1, 7, "clubs", False), ["Entry 1"]),
    ([b(6, "clubs"), P, P, P], (1, 7, "clubs", False), ["Entry 1"]),
    ([b(7, "clubs"), "redouble", P, P, P], (1, 7, "clubs", False), ["Entry 2"]),
]


@pytest.mark.parametrize(("calls", "contract", "words"), INVALID_EGYPTIAN_AUCTIONS)
def test_invalid_egyptian_auctions(
    calls: list[Any], contract: tuple[int, int, str, bool], words: list[str]
) -> None:
    declarer, bid, trump, doubled = contract
    payload = hand(declarer, bid, bid, trump, doubled=doubled, auction=calls)
    error = violation(table("tarneeb_egyptian"), payload)
    assert error.field == "auction"
    for word in words:
        assert word in error.message


def test_egyptian_auction_starts_after_the_dealer() -> None:
    t = table("tarneeb_egyptian", first_dealer=2)
    calls = [b(7, "clubs"), P, P, P]  # seat 3 speaks first
    play(t, start(t), hand(3, 7, 7, "clubs", auction=calls))
    assert violation(t, hand(1, 7, 7, "clubs", auction=calls)).field == "auction"


# -- payload errors: each names its field ------------------------------------------------------
PAYLOAD_ERRORS = [
    ("tarneeb", {"declarer": 4, "bid": 7, "trump": "hearts", "tricks": 7}, "declarer"),
    ("tarneeb", {"declarer": 0, "bid": 6, "trump": "hearts", "tricks": 7}, "bid"),
    ("tarneeb", {"declarer": 0, "bid": 7, "trump": "cups", "tricks": 7}, "trump"),
    ("tarneeb", {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 14}, "tricks"),
    ("tarneeb", {"declarer": 0, "bid": 7, "trump": "hearts"}, "tricks"),
    ("tarneeb", {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 7, "x": 1}, "x"),
    ("tarneeb", {"declarer": 0, "bid": True, "trump": "hearts", "tricks": 7}, "bid"),
    ("tarneeb", {"thrown_in": True, "declarer": 0}, "declarer"),
    ("tarneeb", {"thrown_in": False}, "declarer"),
    ("tarneeb", {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 7, "dealer": 9}, "dealer"),
    (
        "tarneeb_egyptian",
        {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 7, "doubled": "yes"},
        "doubled",
    ),
    (
        "tarneeb_egyptian",
        {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 7, "auction": "pass"},
        "auction",
    ),
]


@pytest.mark.parametrize(("slug", "payload", "field"), PAYLOAD_ERRORS)
def test_payload_errors_name_the_field(slug: str, payload: dict[str, Any], field: str) -> None:
    assert violation(table(slug), payload).field == field


@pytest.mark.parametrize("slug", CONTRACT_GAMES)
def test_summary_names_the_declarer(slug: str) -> None:
    played, _ = play_at(table(slug), hand(2, 9, 7))
    assert played.summary.startswith("Omar bid 9 hearts, took 7")
    assert "down" in played.summary
