"""The Blot family's cards: 32 of them, 7 8 9 10 J Q K A in four French suits.

Card *points* are what the tricks a side took are worth when counted after a deal: 152 in
the cards plus 10 for the last trick, **162**. A *capot* (one side took every trick) is worth
250 instead. The engine never sees the cards themselves; these tables document the totals
it checks and let the tests prove that every kind of deal holds 162.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..base import FRENCH_SUITS

NO_TRUMP = "no_trump"
SEQUENCE: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")  # order of sequences
LAST_TRICK = 10
TOTAL = 162
CAPOT = 250

TRUMP_POINTS: Mapping[str, int] = MappingProxyType(
    {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
)
PLAIN_POINTS: Mapping[str, int] = MappingProxyType(
    {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
)
# No trumps (bazar_blot's "boy"): every suit is plain and an ace is worth 19.
NO_TRUMP_POINTS: Mapping[str, int] = MappingProxyType({**PLAIN_POINTS, "A": 19})


def card_points(trump: str) -> int:
    """What the whole pack is worth with this trump, the last trick included (always 162)."""
    if trump == NO_TRUMP:
        return len(FRENCH_SUITS) * sum(NO_TRUMP_POINTS.values()) + LAST_TRICK
    plain = (len(FRENCH_SUITS) - 1) * sum(PLAIN_POINTS.values())
    return sum(TRUMP_POINTS.values()) + plain + LAST_TRICK


def units_declarer(points: int) -> int:
    """bazar_blot's declarer's side: a last digit 0-6 rounds down, 7-9 up."""
    return (points + 3) // 10


def units_other(points: int) -> int:
    """bazar_blot's other side, and belote_2p's hands: 0-5 rounds down, 6-9 up."""
    return (points + 4) // 10


def nearest_ten(points: int) -> int:
    """To the nearest ten, a 5 upwards (coinche's taker, belote's ``round_to_ten``)."""
    return (points + 5) // 10 * 10
