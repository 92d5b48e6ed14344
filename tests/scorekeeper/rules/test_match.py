"""The generic match fold: formats, la bella, the dealer, close, replay. No database."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RuleViolation, close, find_variant, make_table, play, replay, start

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
TEAM1_SWEEP = {"declarer": 1, "bid": 13, "trump": "hearts", "tricks": 13}
TEAM0_SWEEP = {"declarer": 0, "bid": 13, "trump": "hearts", "tricks": 13}


def table(**kwargs):
    return make_table(find_variant("tarneeb"), PLAYERS, **kwargs)


def test_best_of_three_goes_to_la_bella():
    t = table(games_to_win=2)
    state = start(t)
    hand, state = play(t, state, TEAM1_SWEEP)
    assert hand.ended_game and hand.game_winner == 1 and hand.game == 1
    assert not state.finished and state.game.number == 2 and state.game.scores == (0, 0)
    assert state.games[0].winner == 1 and state.games[0].scores == (0, 13)
    assert state.games_won == (0, 1)
    hand, state = play(t, state, TEAM0_SWEEP)
    assert hand.game == 2 and state.games_won == (1, 1) and state.game.number == 3
    hand, state = play(t, state, TEAM0_SWEEP)
    assert hand.game == 3 and state.finished and state.winner == 0
    assert [g.winner for g in state.games] == [1, 0, 0]


def test_one_game_match_ends_with_the_game():
    t = table()
    _hand, state = play(t, start(t), TEAM1_SWEEP)
    assert state.finished and state.winner == 1 and len(state.games) == 1


def test_dealer_rotation_and_override():
    t = table(first_dealer=3)
    state = start(t)
    assert (state.next.dealer, state.next.first_to_speak) == (3, 0)
    _hand, state = play(t, state, {"thrown_in": True})
    assert state.next.dealer == 3  # all passed: the same dealer deals again
    _hand, state = play(t, state, {**TEAM1_SWEEP, "tricks": 8, "bid": 7})
    assert state.next.dealer == 0
    hand, state = play(t, state, {"thrown_in": True, "dealer": 2})
    assert hand.dealer == 2 and hand.first_to_speak == 3 and state.next.dealer == 2


def test_replay_reproduces_play_and_names_the_broken_hand():
    t = table(options={"target": 20})
    payloads = [
        {"declarer": 1, "bid": 7, "trump": "clubs", "tricks": 9},
        {"thrown_in": True},
        {"declarer": 0, "bid": 8, "trump": "spades", "tricks": 5},
    ]
    state = start(t)
    played = []
    for payload in payloads:
        hand, state = play(t, state, payload)
        played.append(hand)
    hands, replayed = replay(t, payloads)
    assert hands == played and replayed == state
    with pytest.raises(RuleViolation, match="Hand 2"):
        replay(t, [payloads[0], {"bid": 7}])
    with pytest.raises(RuleViolation, match="after the end"):
        replay(t, [TEAM1_SWEEP, payloads[0]])


def test_state_survives_json():
    t = table(games_to_win=2)
    _hand, state = play(t, start(t), TEAM1_SWEEP)
    assert type(state).from_dict(state.to_dict()) == state


def test_close_abandons_without_a_winner():
    t = table()
    _hand, state = play(t, start(t), {"thrown_in": True})
    closed = close(t, state)
    assert closed.finished and closed.closed and closed.winner is None


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"games_to_win": 0}, "games_to_win"),
        ({"first_dealer": -1}, "first_dealer"),
        ({"options": {"target": -5}}, "options"),
        ({"options": {"bidding": "forever"}}, "options"),
    ],
)
def test_bad_set_up(kwargs, field):
    with pytest.raises(RuleViolation) as error:
        table(**kwargs)
    assert error.value.field == field
