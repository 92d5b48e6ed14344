"""What the engine tells a table about the game in play: the target in force, who waits on
his partner, and how the deal moves on (for a phone holding hands the server has not seen)."""

from __future__ import annotations

from scorekeeper import rules
from scorekeeper.rules.match import make_table, play, start

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]


def _after(slug, hands, **options):
    table = make_table(rules.find_variant(slug), PLAYERS, options)
    state = start(table)
    for payload in hands:
        _played, state = play(table, state, payload)
    return table, state.context(table)


def test_41_names_a_player_past_the_target_whose_partner_is_not_above_0():
    hand = {"bids": [13, 1, 1, 1], "tricks": [13, 0, 0, 0]}
    table, ctx = _after("tarneeb_41", [hand, hand])
    assert table.variant.target_in_force(ctx) == 41
    assert table.variant.waiting_on_partner(ctx) == ((0, 2),)


def test_400_raises_the_target_when_both_partnerships_qualify():
    hands = [
        ([5, 4, 2, 2], [5, 4, 2, 2]),
        ([4, 5, 2, 2], [4, 5, 2, 2]),
        ([6, 3, 2, 2], [6, 3, 2, 2]),
        ([3, 6, 2, 2], [3, 6, 2, 2]),
        ([6, 6, 2, 2], [6, 6, 1, 0]),
    ]
    table, ctx = _after("tarneeb_400", [{"bids": b, "tricks": t} for b, t in hands])
    assert table.variant.target_in_force(ctx) == 51 and ctx.target() == 41
    assert table.variant.waiting_on_partner(ctx) == ()


def test_the_rotation_passes_the_deal_on_and_maraffa_names_the_next_dealer():
    table, ctx = _after("tarneeb", [])
    assert table.variant.dealers_after(ctx) == (1, 2, 3, 0)
    table, ctx = _after("maraffa", [])
    assert table.variant.dealers_after(ctx) is None
    assert table.variant.dealer_named_by == "battezzante"
    assert table.variant.first_to_speak(0, ctx.game) is None  # the 4 of coins names trump
    assert table.variant.later_first_to_speak(0, ctx.game) == 1
