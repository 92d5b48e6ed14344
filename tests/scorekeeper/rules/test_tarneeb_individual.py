"""Tarneeb 400 and Tarneeb 41: the worked examples of rules/tarneeb.md, the tables of
points, the minimums, the grand, winning and every option."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import RuleViolation, find_variant, play, replay, start

from .tarneeb_support import play_at, table, violation

INDIVIDUAL = ["tarneeb_400", "tarneeb_41"]

# The tables of rules/tarneeb.md, copied here as the tests' own reference.
SPEC_POINTS_400 = dict(zip(range(2, 13), [2, 3, 4, 10, 12, 14, 16, 27, 30, 33, 36], strict=True))
SPEC_POINTS_41 = dict(
    zip(range(1, 14), [1, 2, 3, 4, 5, 6, 14, 16, 18, 20, 22, 24, 26], strict=True)
)


def deal(bids: list[int], tricks: list[int] | None = None, **more: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {"bids": bids, **more}
    if tricks is not None:
        payload["tricks"] = tricks
    return payload


# -- worked examples ---------------------------------------------------------------------------
def test_400_worked_example() -> None:
    t = table("tarneeb_400")
    played, state = play(t, start(t), deal([3, 2, 4, 3], [4, 1, 5, 3]))
    assert played.player_delta == (3, -2, 4, 3)
    assert played.delta == (7, 1)
    assert state.game.player_scores == (3, -2, 4, 3)
    assert state.game.scores == (7, 1)


def test_400_worked_example_seat_2_at_32() -> None:
    t = table("tarneeb_400")
    at = {"player_scores": (0, 0, 32, 0)}
    error = violation(t, deal([3, 3, 2, 3], [3, 3, 3, 4]), **at)
    assert error.field == "bids"
    assert "Omar has 32 points and must bid at least 3" in error.message
    error = violation(t, deal([3, 2, 3, 3], [3, 3, 3, 4]), **at)  # 11: the total must be 12
    assert error.field == "bids" and "11" in error.message and "12" in error.message
    thrown, _ = play_at(t, deal([3, 2, 3, 3]), **at)
    assert thrown.thrown_in
    played, _ = play_at(t, deal([3, 3, 3, 3], [3, 3, 3, 4]), **at)
    assert played.player_delta == (3, 3, 3, 3)


def test_41_worked_example() -> None:
    t = table("tarneeb_41")
    played, _ = play(t, start(t), deal([1, 2, 7, 2], [1, 1, 8, 3]))
    assert played.player_delta == (1, -2, 14, 2)
    assert played.delta == (15, 0)


# -- the tables of points ----------------------------------------------------------------------
@pytest.mark.parametrize(("bid", "points"), SPEC_POINTS_400.items())
def test_400_table_of_points(bid: int, points: int) -> None:
    t = table("tarneeb_400")
    bids = [bid, 3, 3, 3]
    made, _ = play(t, start(t), deal(bids, [bid, 13 - bid, 0, 0]))
    failed, _ = play(t, start(t), deal(bids, [bid - 1, 14 - bid, 0, 0]))
    assert made.player_delta is not None and failed.player_delta is not None
    assert (made.player_delta[0], failed.player_delta[0]) == (points, -points)


@pytest.mark.parametrize(("bid", "points"), SPEC_POINTS_41.items())
def test_41_table_of_points(bid: int, points: int) -> None:
    t = table("tarneeb_41")
    bids = [bid, 4, 4, 4]
    made, state = play(t, start(t), deal(bids, [bid, 13 - bid, 0, 0]))
    failed, _ = play(t, start(t), deal(bids, [bid - 1, 14 - bid, 0, 0]))
    assert made.player_delta is not None and failed.player_delta is not None
    assert (made.player_delta[0], failed.player_delta[0]) == (points, -points)
    assert not state.finished  # no instant win for 13 in 41


# -- the bidder's minimum (400) and the bid of 1 (41) ------------------------------------------
@pytest.mark.parametrize(
    ("points", "minimum"),
    [(-20, 2), (29, 2), (30, 3), (39, 3), (40, 4), (49, 4), (50, 5), (130, 5)],
)
def test_400_minimum_bid_by_score(points: int, minimum: int) -> None:
    t = table("tarneeb_400", min_total_bids=10)
    at = {"player_scores": (0, points, 0, 0)}
    play_at(t, deal([3, minimum, 3, 3], [3, 4, 3, 3]), **at)
    if minimum > 2:
        error = violation(t, deal([3, minimum - 1, 3, 3], [3, 4, 3, 3]), **at)
        assert error.field == "bids"
        assert error.message == (f"Sara has {points} points and must bid at least {minimum}.")


def test_400_minimum_names_the_player() -> None:
    error = violation(table("tarneeb_400"), deal([2, 2, 3, 2]), player_scores=(0, 0, 40, 0))
    assert "Omar has 40 points and must bid at least 4" in error.message


def test_400_refuses_a_bid_of_1_and_41_allows_it_whatever_the_score() -> None:
    assert violation(table("tarneeb_400"), deal([1, 4, 4, 4], [1, 4, 4, 4])).field == "bids"
    played, _ = play_at(
        table("tarneeb_41"), deal([1, 4, 4, 4], [1, 4, 4, 4]), player_scores=(60, -10, -20, 5)
    )
    assert played.player_delta == (1, 4, 4, 4)


def test_400_minimum_applies_to_thrown_in_bids() -> None:
    error = violation(table("tarneeb_400"), deal([2, 2, 2, 2]), player_scores=(50, 0, 0, 0))
    assert error.field == "bids" and "Rami has 50 points" in error.message


# -- the minimum total; thrown-in hands --------------------------------------------------------
@pytest.mark.parametrize(
    ("highest", "total"), [(0, 11), (29, 11), (30, 12), (45, 13), (50, 14), (90, 14)]
)
def test_400_rising_minimum_total(highest: int, total: int) -> None:
    t = table("tarneeb_400")
    at = {"player_scores": (0, 0, 0, highest)}
    enough = [2, 2, 2, total - 6]
    short = [2, 2, 2, total - 7]
    played, _ = play_at(t, deal(enough, [2, 2, 2, 7]), **at)
    assert not played.thrown_in
    thrown, _ = play_at(t, deal(short), **at)
    assert thrown.thrown_in


@pytest.mark.parametrize("fixed", range(10, 17))
def test_400_fixed_minimum_total(fixed: int) -> None:
    t = table("tarneeb_400", min_total_bids=fixed)
    at = {"player_scores": (35, 0, 0, 0)}  # the rising minimum would be 12
    assert not play_at(t, deal([3, 2, 2, fixed - 7], [3, 2, 2, 6]), **at)[0].thrown_in
    assert play_at(t, deal([3, 2, 2, fixed - 8]), **at)[0].thrown_in


def test_400_min_total_bids_is_a_declared_choice() -> None:
    option = next(o for o in find_variant("tarneeb_400").options if o.name == "min_total_bids")
    assert option.describe()["choices"] == ["rising", *range(10, 17)]
    assert "rising" in option.help and "fixed" in option.help
    for bad in (9, 17, "11", True):
        with pytest.raises(RuleViolation):
            table("tarneeb_400", min_total_bids=bad)


def test_41_minimum_total_is_11() -> None:
    t = table("tarneeb_41")
    assert play_at(t, deal([1, 1, 1, 7]), player_scores=(50, 0, 0, 0))[0].thrown_in
    assert not play_at(t, deal([1, 1, 1, 8], [1, 1, 1, 10]))[0].thrown_in


@pytest.mark.parametrize("slug", INDIVIDUAL)
def test_thrown_in_hand_scores_nothing_and_passes_the_deal(slug: str) -> None:
    t = table(slug, first_dealer=3)
    for payload in (deal([2, 2, 2, 2]), deal([2, 2, 2, 2], thrown_in=True)):
        played, state = play(t, start(t), payload)
        assert played.thrown_in
        assert played.player_delta == (0, 0, 0, 0) and played.delta == (0, 0)
        assert (state.next.dealer, state.next.first_to_speak) == (0, 1)


THROWN_IN_ERRORS = [
    (deal([2, 2, 2, 2], [4, 3, 3, 3]), "bids", "add up to 8"),
    (deal([3, 3, 3, 3]), "tricks", "add up to 12"),
    (deal([3, 3, 3, 3], thrown_in=True), "thrown_in", "add up to 12"),
    (deal([3, 3, 3, 3], [3, 3, 3, 3]), "tricks", "not 12"),
    (deal([3, 3, 3, 3], [3, 3, 3, 5]), "tricks", "not 14"),
]


@pytest.mark.parametrize("slug", INDIVIDUAL)
@pytest.mark.parametrize(("payload", "field", "words"), THROWN_IN_ERRORS)
def test_total_and_tricks_errors(
    slug: str, payload: dict[str, Any], field: str, words: str
) -> None:
    error = violation(table(slug), payload)
    assert error.field == field and words in error.message


# -- the grand: a bid of 13 in 400 -------------------------------------------------------------
GRANDS = [
    # bids, tricks, player delta, winning partnership
    ([2, 13, 2, 2], [0, 13, 0, 0], (-2, 0, -2, -2), 1),
    ([13, 2, 2, 2], [12, 1, 0, 0], (0, -2, -2, -2), 1),
    ([3, 3, 3, 13], [3, 3, 3, 4], (3, 3, 3, 0), 0),
    ([13, 2, 13, 2], [13, 0, 0, 0], (0, -2, 0, -2), 0),  # the grand made decides
    ([13, 13, 2, 2], [6, 6, 1, 0], (0, 0, -2, -2), None),  # both partnerships failed one
]


@pytest.mark.parametrize(("bids", "tricks", "player_delta", "winner"), GRANDS)
def test_400_grand_decides_the_game(
    bids: list[int], tricks: list[int], player_delta: tuple[int, ...], winner: int | None
) -> None:
    t = table("tarneeb_400")
    played, state = play(t, start(t), deal(bids, tricks))
    assert played.player_delta == player_delta
    assert played.game_winner == winner
    assert state.finished == (winner is not None)


# -- winning -----------------------------------------------------------------------------------
WINS = [
    # slug, player scores before, bids, tricks, winner
    ("tarneeb_400", (38, 0, 5, 0), [3, 3, 3, 3], [3, 3, 3, 4], 0),
    ("tarneeb_400", (38, 0, -5, 0), [3, 3, 3, 3], [3, 3, 3, 4], None),  # partner at -2
    ("tarneeb_400", (38, 0, -3, 0), [3, 3, 3, 3], [3, 3, 3, 4], None),  # partner at 0
    ("tarneeb_400", (60, 0, -30, 0), [5, 3, 3, 3], [5, 3, 2, 3], None),  # grows, still no win
    ("tarneeb_400", (0, 20, 0, 38), [2, 4, 3, 3], [2, 4, 4, 3], 1),
    ("tarneeb_41", (38, 0, 5, 0), [3, 3, 3, 3], [3, 3, 3, 4], 0),
    ("tarneeb_41", (38, 0, -3, 0), [3, 3, 3, 3], [3, 3, 3, 4], None),
    ("tarneeb_41", (30, 5, 2, 34), [7, 2, 1, 7], [8, 2, 1, 2], 0),  # 44, 7, 3, 20
]


@pytest.mark.parametrize(("slug", "before", "bids", "tricks", "winner"), WINS)
def test_a_player_at_the_target_wins_when_his_partner_is_above_0(
    slug: str, before: tuple[int, ...], bids: list[int], tricks: list[int], winner: int | None
) -> None:
    played, state = play_at(table(slug), deal(bids, tricks), player_scores=before)
    assert played.game_winner == winner
    assert state.finished == (winner is not None)


@pytest.mark.parametrize("slug", INDIVIDUAL)
def test_option_target(slug: str) -> None:
    payload = deal([4, 3, 3, 3], [4, 3, 3, 3])
    assert play_at(table(slug), payload, player_scores=(38, 0, 5, 0))[1].winner == 0
    assert not play_at(table(slug, target=45), payload, player_scores=(38, 0, 5, 0))[1].finished
    assert play_at(table(slug, target=45), payload, player_scores=(41, 0, 5, 0))[1].winner == 0


BOTH = {"player_scores": (38, 38, 5, 5)}
BOTH_DEAL = deal([3, 3, 3, 3], [3, 3, 3, 4])  # after: 41, 41, 8, 8


def test_400_both_qualify_raise_target() -> None:
    t = table("tarneeb_400")
    played, state = play_at(t, BOTH_DEAL, **BOTH)
    assert played.player_scores_after == (41, 41, 8, 8)
    assert not played.ended_game and state.game.extra == {"target": 51}
    # Next hand: 51 is the target, so Rami's 45 no longer wins.
    _, state = play(t, state, deal([4, 4, 3, 3], [10, 1, 1, 1]))
    assert state.game.player_scores == (45, 37, 5, 5)
    assert not state.finished


def test_400_raised_target_is_kept_and_raised_again() -> None:
    t = table("tarneeb_400")
    at = {"player_scores": (48, 45, 8, 9), "extra": {"target": 51}}
    played, state = play_at(t, deal([4, 4, 3, 3], [4, 4, 2, 3]), **at)  # 52, 49, 5, 12
    assert played.game_winner == 0 and state.winner == 0
    played, state = play_at(
        t, deal([4, 4, 3, 3], [4, 4, 3, 2]), player_scores=(48, 48, 8, 9), extra={"target": 51}
    )  # 52, 52: both qualify again
    assert not played.ended_game and state.game.extra == {"target": 61}


def test_400_player_who_falls_below_the_raised_target_no_longer_qualifies() -> None:
    t = table("tarneeb_400")
    at = {"player_scores": (55, 52, 8, 9), "extra": {"target": 51}}
    played, state = play_at(t, deal([5, 5, 2, 2], [5, 4, 2, 2]), **at)
    assert played.player_scores_after == (65, 42, 10, 11)
    assert played.game_winner == 0 and state.winner == 0


def test_400_both_qualify_higher_total() -> None:
    t = table("tarneeb_400", both_qualify="higher_total")
    played, state = play_at(t, BOTH_DEAL, player_scores=(38, 38, 5, 10))
    assert played.scores_after == (49, 54) and played.game_winner == 1
    played, state = play_at(t, BOTH_DEAL, **BOTH)  # 49 against 49: play on
    assert not played.ended_game and state.game.extra == {}


def test_41_both_qualify_higher_total_equal_plays_on() -> None:
    t = table("tarneeb_41")
    assert play_at(t, BOTH_DEAL, player_scores=(38, 38, 10, 5))[0].game_winner == 0
    played, state = play_at(t, BOTH_DEAL, **BOTH)
    assert not played.ended_game and state.game.extra == {}


def test_a_match_goes_on_to_the_next_game_with_fresh_player_scores() -> None:
    t = table("tarneeb_400", games_to_win=2)
    hands, state = replay(t, [deal([2, 13, 2, 2], [0, 13, 0, 0]), deal([3, 2, 4, 3], [4, 1, 5, 3])])
    assert hands[0].ended_game and hands[0].game_winner == 1
    assert state.game.number == 2 and state.game.player_scores == (3, -2, 4, 3)
    assert state.games_won == (0, 1) and not state.finished


# -- slow_play_penalty -------------------------------------------------------------------------
@pytest.mark.parametrize("slug", INDIVIDUAL)
def test_option_slow_play_penalty(slug: str) -> None:
    payload = deal([3, 2, 4, 3], [4, 1, 5, 3], penalised=[0, 1])
    error = violation(table(slug), payload)
    assert error.field == "penalised" and "slow_play_penalty" in error.message
    played, _ = play_at(table(slug), deal([3, 2, 4, 3], [4, 1, 5, 3], penalised=[]))
    assert played.player_delta == (3, -2, 4, 3)
    played, _ = play_at(table(slug, slow_play_penalty=True), payload)
    assert played.player_delta == (0, 0, 4, 3)
    assert "(penalised)" in played.summary


PENALTY_ERRORS = [
    deal([3, 2, 4, 3], [4, 1, 5, 3], penalised=[1, 1]),
    deal([3, 2, 4, 3], [4, 1, 5, 3], penalised=[4]),
    deal([3, 2, 4, 3], [4, 1, 5, 3], penalised=[True]),
    deal([3, 2, 4, 3], [4, 1, 5, 3], penalised=2),
    deal([3, 2, 4, 3], [4, 1, 5, 3], penalised=[0, 1, 2, 3, 0]),
    deal([2, 2, 2, 2], penalised=[1]),
]


@pytest.mark.parametrize("slug", INDIVIDUAL)
@pytest.mark.parametrize("payload", PENALTY_ERRORS)
def test_penalised_errors(slug: str, payload: dict[str, Any]) -> None:
    assert violation(table(slug, slow_play_penalty=True), payload).field == "penalised"


def test_400_penalised_grand_decides_nothing() -> None:
    t = table("tarneeb_400", slow_play_penalty=True)
    played, state = play(t, start(t), deal([2, 13, 2, 2], [0, 13, 0, 0], penalised=[1]))
    assert played.player_delta == (-2, 0, -2, -2)
    assert not state.finished


# -- payload errors name their field -----------------------------------------------------------
PAYLOAD_ERRORS = [
    ({"tricks": [4, 1, 5, 3]}, "bids"),
    ({"bids": [3, 2, 4], "tricks": [4, 1, 5, 3]}, "bids"),
    ({"bids": [3, 2, 4, 14], "tricks": [4, 1, 5, 3]}, "bids"),
    ({"bids": [3, 2, 4, "3"], "tricks": [4, 1, 5, 3]}, "bids"),
    ({"bids": [3, 2, 4, 3], "tricks": [4, 1, 5, -1]}, "tricks"),
    ({"bids": [3, 2, 4, 3], "tricks": None}, "tricks"),
    ({"bids": [3, 2, 4, 3], "tricks": [4, 1, 5, 3], "declarer": 1}, "declarer"),
    ({"bids": [3, 2, 4, 3], "tricks": [4, 1, 5, 3], "thrown_in": "no"}, "thrown_in"),
    ({"bids": [3, 2, 4, 3], "tricks": [4, 1, 5, 3], "dealer": -1}, "dealer"),
]


@pytest.mark.parametrize("slug", INDIVIDUAL)
@pytest.mark.parametrize(("payload", "field"), PAYLOAD_ERRORS)
def test_payload_errors_name_the_field(slug: str, payload: dict[str, Any], field: str) -> None:
    assert violation(table(slug), payload).field == field


def test_summary_names_every_player() -> None:
    played, _ = play_at(table("tarneeb_41"), deal([1, 2, 7, 2], [1, 1, 8, 3]))
    assert played.summary == (
        "Rami bid 1, took 1: +1; Sara bid 2, took 1: -2; "
        "Omar bid 7, took 8: +14; Lina bid 2, took 3: +2"
    )
