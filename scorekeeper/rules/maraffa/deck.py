"""The 40-card Italian (Romagnole) deck that maraffa and trionfo share, and its points.

Terms: the suits are coins, cups, swords and clubs; in each suit, high to low, 3, 2, ace,
king (re), horse (cavallo), jack (fante), 7, 6, 5, 4. An ace is worth one point, each 3, 2
and figure a third, the last trick one point: a deal holds 11⅔. The app counts in
*thirds* (an ace 3, a figure 1, the last trick 3, a deal 35) and each side scores the
whole points of its thirds (``thirds // 3``), the fraction dropped.

A called card (trionfo) is written ``"<rank> of <suit>"``, e.g. ``"3 of swords"``; the
rank is one of 3, 2, ace, king, horse, jack, 7, 6, 5, 4, or a usual alias (a, k, re,
cavallo, fante), in any case.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base import ITALIAN_SUITS
from ..errors import RuleViolation, _
from ..fields import Field

DEAL_THIRDS = 35
THIRDS_PER_POINT = 3
ACE_THIRDS = 3  # each 3, 2, king, horse and jack is one third
LAST_TRICK_THIRDS = 3
RANKS = ("3", "2", "ace", "king", "horse", "jack", "7", "6", "5", "4")
RANK_ALIASES = {"a": "ace", "k": "king", "re": "king", "cavallo": "horse", "fante": "jack"}
MAX_CARD_TEXT = 40


def points(thirds: int) -> int:
    """The whole points of a number of thirds: the fraction is dropped."""
    return thirds // THIRDS_PER_POINT


@dataclass(frozen=True)
class Card:
    rank: str
    suit: str

    def __str__(self) -> str:
        return f"{self.rank} of {self.suit}"


def parse_card(text: str) -> Card | None:
    """``"3 of swords"`` as a card; ``None`` when it names no card of the Italian deck."""
    words = text.strip().lower().split()
    if len(words) != 3 or words[1] != "of":
        return None
    rank = RANK_ALIASES.get(words[0], words[0])
    if rank not in RANKS or words[2] not in ITALIAN_SUITS:
        return None
    return Card(rank, words[2])


@dataclass(frozen=True)
class CardField(Field):
    """A card of the Italian deck, written ``"3 of swords"``; cleaned to a `Card`."""

    def check(self, value: Any) -> Card:
        fits = isinstance(value, str) and len(value) <= MAX_CARD_TEXT
        card = parse_card(value) if fits else None
        if card is None:
            raise RuleViolation(
                self.name,
                _('Name a card as rank of suit, e.g. "3 of swords": ranks {ranks}; suits {suits}.'),
                ranks=", ".join(RANKS),
                suits=", ".join(ITALIAN_SUITS),
            )
        return card

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "maxLength": MAX_CARD_TEXT, "examples": ["3 of swords"]}
