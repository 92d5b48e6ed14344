"""Maraffa: the worked examples of rules/maraffa.md, each option, the rotation, invariants."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    MatchFinished,
    MatchState,
    RuleViolation,
    Table,
    find_variant,
    make_table,
    play,
    replay,
    start,
)

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
VARIANT = find_variant("maraffa")


def table(games_to_win: int | None = 1, **options: Any) -> Table:
    assert VARIANT is not None
    return make_table(VARIANT, list(PLAYERS), options, games_to_win=games_to_win)


def deal(thirds: tuple[int, int], battezzante: int | None = 0, **more: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {"trump": "cups", "thirds": list(thirds), **more}
    if battezzante is not None:
        payload["battezzante"] = battezzante
    return payload


def sweep(team: int) -> tuple[int, int]:
    return (35, 0) if team == 0 else (0, 35)


def state_after(t: Table, payloads: list[dict[str, Any]]) -> MatchState:
    return replay(t, payloads)[1]


def violation(t: Table, state: MatchState, payload: Any) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        play(t, state, payload)
    return caught.value


# -- worked examples -----------------------------------------------------------------------
def test_example_payload_with_maraffa() -> None:
    t = table()
    hand, state = play(
        t, start(t), {"battezzante": 1, "trump": "cups", "thirds": [23, 12], "maraffa": 1}
    )
    assert hand.delta == (7, 7)
    assert state.game.scores == (7, 7)


@pytest.mark.parametrize(
    ("thirds", "maraffa", "delta"),
    [
        ((22, 13), None, (7, 4)),  # 7⅓ scores 7, the other team 4: the ⅔ is dropped
        ((23, 12), 1, (7, 7)),
        ((35, 0), None, (11, 0)),  # cappotto: no bonus
        ((0, 35), 1, (0, 14)),
        ((17, 18), 0, (8, 6)),
    ],
)
def test_deal_scores(thirds: tuple[int, int], maraffa: int | None, delta: tuple[int, int]) -> None:
    t = table()
    hand, _ = play(t, start(t), deal(thirds, maraffa=maraffa))
    assert hand.delta == delta


def test_thirds_must_add_up_to_35() -> None:
    t = table()
    error = violation(t, start(t), deal((20, 14)))
    assert error.field == "thirds"
    assert "35" in error.message


def test_italian_suits_only() -> None:
    t = table()
    error = violation(t, start(t), {"battezzante": 0, "trump": "hearts", "thirds": [20, 15]})
    assert error.field == "trump"
    assert "coins" in error.message
    assert VARIANT is not None and VARIANT.suits == ("coins", "cups", "swords", "clubs")


def test_claim_for_a_team_that_does_not_exist() -> None:
    t = table()
    payload = {"battezzante": 0, "trump": "coins", "claim": {"team": 2, "thirds": 17}}
    error = violation(t, start(t), payload)
    assert error.field == "claim"
    assert "team" in error.message


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"battezzante": 0, "trump": "coins"}, "thirds"),
        (
            {
                "battezzante": 0,
                "trump": "coins",
                "thirds": [20, 15],
                "claim": {"team": 0, "thirds": 17},
            },
            "claim",
        ),
        ({"battezzante": 4, "trump": "coins", "thirds": [20, 15]}, "battezzante"),
        ({"battezzante": 0, "trump": "coins", "thirds": [20, 15], "maraffa": 2}, "maraffa"),
        ({"battezzante": 0, "trump": "coins", "thirds": [20, 15, 0]}, "thirds"),
        ({"battezzante": 0, "trump": "coins", "thirds": [36, -1]}, "thirds"),
        ({"battezzante": 0, "thirds": [20, 15]}, "trump"),
        ({"battezzante": 0, "trump": "coins", "thirds": [20, 15], "bid": 7}, "bid"),
    ],
)
def test_bad_hands_name_the_field(payload: dict[str, Any], field: str) -> None:
    t = table()
    assert violation(t, start(t), payload).field == field


# -- the claim -----------------------------------------------------------------------------
CLAIM = {"battezzante": 0, "trump": "coins", "claim": {"team": 0, "thirds": 17}, "maraffa": 0}


def at_33_to_0(t: Table) -> MatchState:
    return state_after(t, [deal(sweep(0)), deal(sweep(0), None), deal(sweep(0), None)])


def test_example_claim_right_with_the_maraffa() -> None:
    t = table()
    state = at_33_to_0(t)
    assert state.game.scores == (33, 0)
    hand, after = play(t, state, CLAIM)  # 33 + 17 // 3 + 3 = 41
    assert hand.ended_game and hand.game_winner == 0
    assert hand.delta == (8, 0)  # decided: the claiming team's points and its maraffa
    assert after.games_won == (1, 0)


def test_claim_wrong_without_the_maraffa_loses_the_game() -> None:
    t = table()
    payload = {**CLAIM, "maraffa": None}  # 33 + 5 = 38 < 41
    hand, after = play(t, at_33_to_0(t), payload)
    assert hand.game_winner == 1
    assert hand.delta == (5, 0)
    assert after.games_won == (0, 1)


def test_claim_counts_only_the_claiming_teams_maraffa() -> None:
    t = table()
    hand, _ = play(t, at_33_to_0(t), {**CLAIM, "maraffa": 1})
    assert hand.game_winner == 1
    assert hand.delta == (5, 3)


def test_claim_right_whatever_the_other_team_has() -> None:
    t = table(target=21)
    state = state_after(t, [deal((17, 18)), deal((17, 18), None)])  # 10 to 12
    claim = {"trump": "swords", "claim": {"team": 0, "thirds": 33}}  # 10 + 11 = 21
    hand, _ = play(t, state, claim)
    assert hand.game_winner == 0


def test_strict_claim_needs_a_third_more_and_no_maraffa() -> None:
    t = table(target=31, strict_claim=True)
    state = state_after(t, [deal(sweep(0)), deal(sweep(0), None), deal((15, 20), None)])
    assert state.game.scores == (27, 6)
    # 27 + 12/3 = 31 exactly: not enough under strict_claim (31 and a third needed)
    wrong = {"trump": "coins", "claim": {"team": 0, "thirds": 12}, "maraffa": 0}
    assert play(t, state, wrong)[0].game_winner == 1
    right = {"trump": "coins", "claim": {"team": 0, "thirds": 13}}
    assert play(t, state, right)[0].game_winner == 0


def test_loose_claim_counts_whole_points_and_maraffa() -> None:
    t = table(target=31)
    state = state_after(t, [deal(sweep(0)), deal(sweep(0), None), deal((15, 20), None)])
    exact = {"trump": "coins", "claim": {"team": 0, "thirds": 12}}
    assert play(t, state, exact)[0].game_winner == 0
    with_maraffa = {"trump": "coins", "claim": {"team": 0, "thirds": 3}, "maraffa": 0}
    assert play(t, state, with_maraffa)[0].game_winner == 0  # 27 + 1 + 3


# -- options -------------------------------------------------------------------------------
def test_target_option() -> None:
    t = table(target=31)
    state = state_after(t, [deal(sweep(0)), deal(sweep(0), None)])
    hand, _ = play(t, state, deal((27, 8), None))  # 22 + 9 = 31
    assert hand.ended_game and hand.game_winner == 0


def test_default_target_is_41_and_best_of_three() -> None:
    t = table(games_to_win=None)
    assert t.options["target"] == 41
    assert t.games_to_win == 2
    state = state_after(t, [deal(sweep(0))] + [deal(sweep(0), None)] * 2)
    hand, _ = play(t, state, deal((21, 14), None))  # 33 + 7 = 40
    assert not hand.ended_game


def test_maraffa_by_anyone_is_the_default() -> None:
    t = table()
    assert t.options["maraffa_by"] == "anyone"
    hand, _ = play(t, start(t), deal((20, 15), battezzante=0, maraffa=1))
    assert hand.delta == (6, 8)


def test_maraffa_by_battezzante_refuses_the_other_team() -> None:
    t = table(maraffa_by="battezzante")
    error = violation(t, start(t), deal((20, 15), battezzante=0, maraffa=1))
    assert error.field == "maraffa"
    hand, _ = play(t, start(t), deal((20, 15), battezzante=1, maraffa=1))
    assert hand.delta == (6, 8)


def test_thrown_in_without_mandare_a_monte_is_refused() -> None:
    t = table()
    assert violation(t, start(t), {"battezzante": 2, "thrown_in": True}).field == "thrown_in"


def test_mandare_a_monte_is_a_redeal_by_the_same_dealer() -> None:
    t = table(mandare_a_monte=True)
    _, state = play(t, start(t), deal((20, 15), battezzante=2))
    assert state.next.dealer == 2 and state.next.first_to_speak == 3
    hand, after = play(t, state, {"battezzante": 3, "thrown_in": True})
    assert hand.thrown_in and hand.delta == (0, 0)
    assert after.game.scores == state.game.scores
    assert after.next.dealer == 2 and after.next.first_to_speak == 3


def test_mandare_a_monte_in_the_first_deal_names_the_battezzante_again() -> None:
    t = table(mandare_a_monte=True)
    _, state = play(t, start(t), {"battezzante": 2, "thrown_in": True})
    assert state.next.dealer == 0 and state.next.first_to_speak is None
    assert violation(t, state, {"trump": "cups", "thirds": [20, 15]}).field == "battezzante"


def test_bella_target_defaults_to_target() -> None:
    assert table().options["bella_target"] == 41
    assert table(target=31).options["bella_target"] == 31
    assert table(target=31, bella_target=41).options["bella_target"] == 41


# -- rotation ------------------------------------------------------------------------------
def test_battezzante_required_in_the_first_deal() -> None:
    t = table()
    state = start(t)
    assert state.next.dealer == 0 and state.next.first_to_speak is None
    error = violation(t, state, {"trump": "cups", "thirds": [20, 15]})
    assert error.field == "battezzante"
    assert "4 of coins" in error.message


def test_battezzante_deals_next_and_the_seat_after_him_names_trump() -> None:
    t = table()
    hand, state = play(t, start(t), deal((20, 15), battezzante=2))
    assert hand.dealer == 0 and hand.first_to_speak == 2  # the battezzante named
    assert state.next.dealer == 2 and state.next.first_to_speak == 3
    hand, state = play(t, state, deal((20, 15), battezzante=None))
    assert hand.first_to_speak == 3
    assert state.next.dealer == 3 and state.next.first_to_speak == 0
    _, state = play(t, state, deal((20, 15), battezzante=None))
    assert state.next.dealer == 0 and state.next.first_to_speak == 1


def test_another_battezzante_is_stored_and_the_rotation_goes_on_from_it() -> None:
    t = table()
    _, state = play(t, start(t), deal((20, 15), battezzante=2))
    hand, state = play(t, state, deal((20, 15), battezzante=1))
    assert hand.input["battezzante"] == 1
    assert state.next.dealer == 1 and state.next.first_to_speak == 2


def test_a_dealer_override_moves_the_battezzante() -> None:
    t = table()
    _, state = play(t, start(t), deal((20, 15), battezzante=2))
    hand, state = play(t, state, {**deal((20, 15), battezzante=None), "dealer": 1})
    assert hand.dealer == 1 and hand.first_to_speak == 2
    assert state.next.dealer == 2


def test_each_game_and_la_bella_start_with_a_named_battezzante() -> None:
    t = table(games_to_win=2, target=31, bella_target=41)
    state = start(t)
    for winner in (0, 1):
        state = play(t, state, deal(sweep(winner), battezzante=1))[1]
        state = play(t, state, deal(sweep(winner), battezzante=None))[1]
        hand, state = play(t, state, deal(sweep(winner), battezzante=None))
        assert hand.ended_game and hand.game_winner == winner
        assert state.next.first_to_speak is None
        assert violation(t, state, deal((20, 15), battezzante=None)).field == "battezzante"
    assert state.games_won == (1, 1) and state.game.number == 3
    for _ in range(3):  # 33 is past 31 but la bella is played to 41
        hand, state = play(t, state, deal(sweep(0), battezzante=2))
        assert not hand.ended_game
    hand, state = play(t, state, deal(sweep(0), battezzante=2))
    assert hand.ended_game and state.finished and state.winner == 0
    with pytest.raises(MatchFinished):
        play(t, state, deal(sweep(0)))


def test_both_past_the_target_the_higher_total_wins() -> None:
    t = table(target=10, games_to_win=1)
    state = state_after(t, [deal((21, 14), maraffa=0)])  # 10 to 4 wins at once
    assert state.finished and state.winner == 0
    t = table(target=11, games_to_win=1)
    state = state_after(t, [deal((15, 20))])  # 5 to 6
    hand, state = play(t, state, deal((20, 15), None, maraffa=1))  # 11 to 14
    assert hand.game_winner == 1 and state.finished


def test_equal_totals_past_the_target_play_on() -> None:
    t = table(target=13, games_to_win=1)
    state = state_after(t, [deal((20, 15))])  # 6 to 5
    hand, state = play(t, state, deal((20, 15), None, maraffa=1))  # 12 to 13
    assert hand.game_winner == 1
    t = table(target=7, games_to_win=1)
    hand, state = play(t, start(t), deal((21, 14), maraffa=1))  # 7 to 7: both past 7
    assert state.game.scores == (7, 7)
    assert not hand.ended_game and not state.finished
    hand, state = play(t, state, deal((3, 32), None))
    assert state.finished and state.winner == 1


# -- properties ----------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 35), st.sampled_from([None, 0, 1]))
def test_a_deal_gives_11_points_or_14_with_maraffa(first: int, maraffa: int | None) -> None:
    t = table()
    hand, _ = play(t, start(t), deal((first, 35 - first), maraffa=maraffa))
    assert hand.delta is not None
    assert sum(hand.delta) == (11 if maraffa is None else 14)


DEALS = st.tuples(st.integers(0, 35), st.sampled_from([None, 0, 1]))


@settings(max_examples=40, deadline=None)
@given(st.lists(DEALS, min_size=10, max_size=60), st.integers(0, 3))
def test_best_of_three_ends_exactly_at_two_games(
    deals: list[tuple[int, int | None]], battezzante: int
) -> None:
    t = table(games_to_win=2, target=21)
    state = start(t)
    for first, maraffa in deals:
        if state.finished:
            break
        named = battezzante if state.next.first_to_speak is None else None
        _, state = play(t, state, deal((first, 35 - first), named, maraffa=maraffa))
        assert state.finished == (max(state.games_won) == 2)
        assert len(state.games) == sum(state.games_won) + (0 if state.finished else 1)
    if state.finished:
        assert state.winner is not None and state.games_won[state.winner] == 2


def valid_payloads() -> st.SearchStrategy[dict[str, Any]]:
    common = {
        "battezzante": st.integers(0, 3),
        "trump": st.sampled_from(["coins", "cups", "swords", "clubs"]),
        "maraffa": st.sampled_from([None, 0, 1]),
    }
    thirds = st.integers(0, 35).map(lambda n: [n, 35 - n])
    claim = st.fixed_dictionaries({"team": st.integers(0, 1), "thirds": st.integers(0, 35)})
    return st.one_of(
        st.fixed_dictionaries({**common, "thirds": thirds}),
        st.fixed_dictionaries({**common, "claim": claim}),
        st.fixed_dictionaries({"battezzante": st.integers(0, 3), "thrown_in": st.just(True)}),
    )


@settings(max_examples=80, deadline=None)
@given(valid_payloads(), st.booleans())
def test_every_valid_payload_scores(payload: dict[str, Any], strict: bool) -> None:
    t = table(strict_claim=strict, mandare_a_monte=True)
    state = state_after(t, [deal(sweep(0)), deal((20, 15), None)])
    hand, after = play(t, state, payload)
    if "claim" in payload:
        assert hand.ended_game
    elif payload.get("thrown_in"):
        assert hand.thrown_in and after.next.dealer == hand.dealer
    else:
        assert after.next.dealer == payload["battezzante"]


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-50, 50)
    | st.floats(allow_nan=True)
    | st.sampled_from(["", "coins", "hearts", "x"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["team", "thirds", "x"]), inner, max_size=3)
    ),
    max_leaves=8,
)
KEYS = st.sampled_from(
    ["battezzante", "trump", "thirds", "claim", "maraffa", "thrown_in", "dealer", "other"]
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(KEYS, JSON, max_size=6) | JSON, st.booleans())
def test_any_payload_scores_or_raises_rule_violation(payload: Any, later: bool) -> None:
    t = table(mandare_a_monte=True, maraffa_by="battezzante")
    state = state_after(t, [deal((20, 15))]) if later else start(t)
    try:
        play(t, state, payload)
    except RuleViolation as error:
        assert error.field and error.message
