"""Declarations: which side's combinations count, and which combinations no deal can hold."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import find_variant, play, start
from scorekeeper.rules.blot.cards import NO_TRUMP, card_points

from .blot_support import bazar, coinche, combo, score, table, taker, violation

FOUR_PLAYER_GAMES = ["bazar_blot", "belote", "coinche"]


def hand(slug: str, declarations: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    """A made deal by seat 0 with these declarations."""
    if slug == "bazar_blot":
        return bazar(0, 8, [110, 52], declarations=declarations, **more)
    if slug == "coinche":
        return coinche(0, 80, [110, 52], declarations=declarations, **more)
    if slug == "belote_2p":
        return taker(0, [110, 40], declarations=declarations, **more)
    return taker(0, [110, 52], declarations=declarations, **more)


def counted(slug: str, declarations: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    return dict(score(slug, hand(slug, declarations, **more)).details["declarations"])


def test_every_deal_holds_162() -> None:
    assert {card_points(trump) for trump in ("hearts", NO_TRUMP)} == {162}


@pytest.mark.parametrize("slug", FOUR_PLAYER_GAMES)
def test_a_four_beats_a_hundred(slug: str) -> None:
    result = counted(slug, [combo(0, "hundred", "J", "hearts"), combo(1, "four", "Q")])
    assert result["counted_side"] == 1
    assert [c["seat"] for c in result["counted"]] == [1]
    assert result["reason"] == (
        "team 1's four Qs beats team 0's hundred to the J of hearts: "
        "a stronger kind of combination."
    )


@pytest.mark.parametrize("slug", FOUR_PLAYER_GAMES)
def test_kinds_then_top_card(slug: str) -> None:
    assert (
        counted(slug, [combo(0, "tierce", "A", "hearts"), combo(3, "fifty", "10", "clubs")])[
            "counted_side"
        ]
        == 1
    )
    result = counted(slug, [combo(0, "tierce", "Q", "hearts"), combo(1, "tierce", "K", "clubs")])
    assert result["counted_side"] == 1 and "a higher card" in result["reason"]


@pytest.mark.parametrize("slug", FOUR_PLAYER_GAMES)
def test_same_top_card_trump_wins(slug: str) -> None:
    declarations = [combo(0, "tierce", "K", "clubs"), combo(1, "tierce", "K", "hearts")]
    result = counted(slug, declarations)  # hearts are trump
    assert result["counted_side"] == 1 and "in trump" in result["reason"]
    assert counted(slug, declarations, trump="clubs")["counted_side"] == 0


@pytest.mark.parametrize(("dealer", "side"), [(0, 1), (1, 0), (2, 0), (3, 0)])
def test_same_top_card_neither_trump_the_seat_nearer_the_first_leader(
    dealer: int, side: int
) -> None:
    # Seat 0 against seat 1; the first leader is the seat after the dealer.
    declarations = [combo(0, "fifty", "J", "clubs"), combo(1, "fifty", "J", "spades")]
    by_payload = counted("belote", declarations, dealer=dealer)
    assert by_payload["counted_side"] == side
    assert "shown first" in by_payload["reason"]
    t = table("belote", first_dealer=dealer)
    played, _state = play(t, start(t), hand("belote", declarations))
    assert played.details["declarations"]["counted_side"] == side


def test_the_counted_side_counts_all_its_combinations() -> None:
    result = counted(
        "belote",
        [
            combo(0, "tierce", "K", "clubs"),
            combo(1, "fifty", "10", "clubs"),
            combo(3, "tierce", "A", "spades"),
            combo(1, "tierce", "A", "diamonds"),
        ],
    )
    assert result["counted_side"] == 1
    assert [(c["seat"], c["type"], c["value"]) for c in result["counted"]] == [
        (1, "fifty", 50),
        (1, "tierce", 20),
        (3, "tierce", 20),
    ]
    assert result["value"] == 90


@pytest.mark.parametrize(
    ("slug", "value"), [("bazar_blot", 2), ("belote", 20), ("coinche", 20), ("belote_2p", 20)]
)
def test_belote_always_counts_for_its_holder(slug: str, value: int) -> None:
    played = score(slug, hand(slug, [combo(0, "hundred", "A", "clubs")], belote=1))
    assert played.details["declarations"]["counted_side"] == 0
    assert played.details["belote"] == {"seat": 1, "side": 1, "value": value}


def test_four_eights_beat_everything_in_bazar_blot_and_are_worth_nothing() -> None:
    played = score(
        "bazar_blot",
        hand(
            "bazar_blot",
            [combo(0, "four", "J"), combo(1, "four", "8"), combo(3, "tierce", "A", "spades")],
        ),
    )
    details = played.details["declarations"]
    assert details["counted_side"] == 1
    assert [(c["high"], c["value"]) for c in details["counted"]] == [("8", 0), ("A", 2)]
    assert played.delta == (11 + 8, 5 + 2)


@pytest.mark.parametrize("slug", ["belote", "belote_2p", "coinche"])
def test_four_eights_are_no_combination_outside_bazar_blot(slug: str) -> None:
    error = violation(slug, hand(slug, [combo(1, "four", "8")]))
    assert error.field == "declarations"
    assert "only in Bazar Blot" in error.message


@pytest.mark.parametrize(
    ("slug", "better", "worse"),
    [
        ("bazar_blot", "8", "J"),
        ("bazar_blot", "J", "9"),
        ("bazar_blot", "9", "A"),
        ("bazar_blot", "A", "10"),
        ("bazar_blot", "10", "K"),
        ("bazar_blot", "K", "Q"),
        ("belote", "J", "9"),
        ("belote", "9", "A"),
        ("belote", "A", "10"),
        ("coinche", "10", "K"),
        ("coinche", "K", "Q"),
    ],
)
def test_order_of_fours(slug: str, better: str, worse: str) -> None:
    for seats in ((0, 1), (1, 0)):
        result = counted(slug, [combo(seats[1], "four", worse), combo(seats[0], "four", better)])
        assert result["counted_side"] == seats[0] % 2


@pytest.mark.parametrize(
    ("high", "value"), [("J", 200), ("9", 150), ("A", 100), ("10", 100), ("K", 100), ("Q", 100)]
)
def test_values_of_fours_in_points(high: str, value: int) -> None:
    assert counted("coinche", [combo(2, "four", high)])["value"] == value


@pytest.mark.parametrize("slug", FOUR_PLAYER_GAMES)
def test_listing_order_does_not_matter(slug: str) -> None:
    declarations = [
        combo(0, "tierce", "K", "clubs"),
        combo(1, "tierce", "K", "spades"),
        combo(2, "fifty", "Q", "diamonds"),
        combo(3, "fifty", "Q", "hearts"),
    ]
    first = score(slug, hand(slug, declarations))
    again = score(slug, hand(slug, declarations[::-1]))
    assert first.details == again.details and first.delta == again.delta


def test_no_declarations() -> None:
    result = counted("belote", [])
    assert result == {
        "counted_side": None,
        "counted": [],
        "value": 0,
        "reason": "No combinations were declared.",
    }


IMPOSSIBLE = [
    # declarations, belote seat, words in the message
    ([combo(0, "four", "J"), combo(1, "four", "J")], None, "card already shown"),
    ([combo(0, "four", "J"), combo(0, "four", "J")], None, "repeats entry 1"),
    ([combo(0, "tierce", "8", "hearts")], None, "cannot have 8 as its top card"),
    ([combo(0, "fifty", "9", "hearts")], None, "4 cards in sequence"),
    ([combo(0, "hundred", "10", "hearts")], None, "5 cards"),
    (
        [combo(0, "tierce", "K", "hearts"), combo(2, "tierce", "A", "hearts")],
        None,
        "card already shown",
    ),
    (
        [combo(0, "tierce", "9", "hearts"), combo(0, "tierce", "Q", "hearts")],
        None,
        "continues the sequence",
    ),
    ([combo(0, "four", "J"), combo(0, "tierce", "J", "hearts")], None, "card already shown"),
    (
        [combo(0, "four", "J"), combo(0, "four", "9"), combo(0, "tierce", "A", "hearts")],
        None,
        "11 cards",
    ),
    ([combo(0, "four", "7")], None, "four 7s is not a combination"),
    ([combo(0, "four", "J", "hearts")], None, "a four has no suit"),
    ([combo(0, "tierce", "K")], None, "needs its suit"),
    ([combo(4, "tierce", "K", "hearts")], None, "seat"),
    ([{"seat": 0, "type": "quarte", "high": "K", "suit": "hearts"}], None, "tierce"),
    (
        [{"seat": 0, "type": "tierce", "high": "K", "suit": "hearts", "cards": 3}],
        None,
        "Unknown field",
    ),
    ([{"seat": 0, "type": "tierce", "high": "1", "suit": "hearts"}], None, "high"),
    (["tierce"], None, "object"),
]


@pytest.mark.parametrize(("declarations", "belote", "words"), IMPOSSIBLE)
@pytest.mark.parametrize("slug", FOUR_PLAYER_GAMES)
def test_impossible_declarations(
    slug: str, declarations: list[Any], belote: int | None, words: str
) -> None:
    error = violation(slug, hand(slug, declarations, belote=belote))
    assert error.field == "declarations"
    assert words in error.message


@pytest.mark.parametrize(
    ("declarations", "belote"),
    [
        ([combo(1, "tierce", "K", "hearts")], 0),
        ([combo(2, "four", "Q")], 0),
    ],
)
def test_belote_holder_holds_king_and_queen(declarations: list[Any], belote: int) -> None:
    error = violation("belote", hand("belote", declarations, belote=belote))
    assert error.field == "belote"
    assert "cannot hold K and Q of hearts" in error.message
    assert score("belote", hand("belote", declarations, belote=declarations[0]["seat"]))


def test_messages_name_the_entry() -> None:
    error = violation(
        "belote",
        hand("belote", [combo(0, "tierce", "K", "hearts"), combo(1, "tierce", "8", "clubs")]),
    )
    assert error.message.startswith("Entry 2:")


@pytest.mark.parametrize("slug", ["bazar_blot", "belote", "belote_2p", "coinche"])
def test_hand_schema_describes_declarations(slug: str) -> None:
    variant = find_variant(slug)
    assert variant is not None
    played = variant.hand_schema()["oneOf"][0]
    items = played["properties"]["declarations"]["items"]
    assert set(items["properties"]) == {"seat", "type", "high", "suit"}
    assert items["properties"]["type"]["enum"] == ["tierce", "fifty", "hundred", "four"]
    assert items["properties"]["seat"]["maximum"] == variant.players - 1
    assert items["required"] == ["seat", "type", "high"]
    assert "belote" in played["properties"] and "points" in played["required"]
    assert ("bid" in played["properties"]) == (slug in ("bazar_blot", "coinche"))
    assert ("coinche" in played["properties"]) == (slug in ("bazar_blot", "coinche"))
