"""Declarations (combinations) and the resolver that decides which side's count.

Terms: a *combination* is a `tierce` (3 cards in sequence in one suit), a `fifty` (4), a
`hundred` (5 or more) or a `four` (the four cards of one rank). Sequences follow
7 8 9 10 J Q K A; a combination's *high* card is its top card (for a four, its rank).
`belote` is K and Q of trump in one hand: it is never compared and always counts for the
side that holds it.

Only the side holding the single best combination counts its combinations, all of them.
Best: a four beats a hundred, a hundred a fifty, a fifty a tierce; then the higher rank
(fours by the variant's order, sequences by top card); then the one in trump; then the one
shown first, by the seat nearer the first leader (the seat after the dealer).

Checks (decided, from the seed's "they count only when they do not intersect"): a card
belongs to one hand and one combination, so two combinations may not share a card (the same
four twice, overlapping sequences); one player's sequences in one suit may not touch (a
longer run is a single combination); one player's combinations hold at most a hand's cards;
nobody else may show the K or Q of trump the belote holder holds. A hundred is checked as
its five top cards: a longer one cannot be told from the payload. A four of 7s is not a
combination anywhere; a four of 8s only in bazar_blot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..base import FRENCH_SUITS
from ..errors import RuleViolation, _
from .cards import NO_TRUMP, SEQUENCE

KINDS: tuple[str, ...] = ("tierce", "fifty", "hundred", "four")  # weakest first
LENGTH: Mapping[str, int] = MappingProxyType({"tierce": 3, "fifty": 4, "hundred": 5})
FIELD = "declarations"

Card = tuple[str, str]  # (suit, rank)


@dataclass(frozen=True)
class Scale:
    """What combinations are worth in one variant (units or points) and how fours rank."""

    sequences: Mapping[str, int]
    fours: Mapping[str, int]
    fours_no_trump: Mapping[str, int]
    four_order: tuple[str, ...]  # best first
    belote: int

    def value(self, combo: Combination, no_trump: bool) -> int:
        if combo.type != "four":
            return self.sequences[combo.type]
        return (self.fours_no_trump if no_trump else self.fours)[combo.high]


def _table(values: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(values))


BAZAR_SCALE = Scale(
    sequences=_table({"tierce": 2, "fifty": 5, "hundred": 10}),
    fours=_table({"8": 0, "J": 20, "9": 14, "A": 10, "10": 10, "K": 10, "Q": 10}),
    fours_no_trump=_table({"8": 0, "J": 20, "9": 10, "A": 19, "10": 10, "K": 10, "Q": 10}),
    four_order=("8", "J", "9", "A", "10", "K", "Q"),
    belote=2,
)
POINTS_SCALE = Scale(
    sequences=_table({"tierce": 20, "fifty": 50, "hundred": 100}),
    fours=_table({"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}),
    fours_no_trump=_table({"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}),
    four_order=("J", "9", "A", "10", "K", "Q"),
    belote=20,
)


@dataclass(frozen=True)
class Combination:
    seat: int
    type: str
    high: str
    suit: str | None = None

    def cards(self) -> frozenset[Card]:
        """The cards it shows; a hundred as its five top cards."""
        if self.type == "four":
            return frozenset((suit, self.high) for suit in FRENCH_SUITS)
        assert self.suit is not None
        top = SEQUENCE.index(self.high)
        return frozenset(
            (self.suit, rank) for rank in SEQUENCE[top - LENGTH[self.type] + 1 : top + 1]
        )

    def describe(self) -> str:
        if self.type == "four":
            return f"four {self.high}s"
        return f"{self.type} to the {self.high} of {self.suit}"

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "type": self.type, "high": self.high, "suit": self.suit}


@dataclass(frozen=True)
class Seating:
    """Who sits where: enough to rank combinations and name sides, without the match."""

    players: int
    dealer: int
    sides: tuple[tuple[int, ...], ...]
    labels: tuple[str, ...]  # "team 0" or, where each player is a side, his name

    def side_of(self, seat: int) -> int:
        return next(index for index, side in enumerate(self.sides) if seat in side)

    def order(self, seat: int) -> int:
        """0 for the first leader (the seat after the dealer), then in the order of play."""
        return (seat - self.dealer - 1) % self.players


# -- checks -----------------------------------------------------------------------------
def make_combinations(
    raw: Sequence[Mapping[str, Any]], scale: Scale, hand_size: int
) -> tuple[Combination, ...]:
    """The payload's declarations as combinations, refusing what no deal can hold."""
    combos = tuple(_combination(index, item, scale) for index, item in enumerate(raw, 1))
    for index, combo in enumerate(combos, 1):
        for other, earlier in enumerate(combos[: index - 1], 1):
            _check_pair(index, combo, other, earlier)
    _check_hand_sizes(combos, hand_size)
    return combos


def _combination(index: int, item: Mapping[str, Any], scale: Scale) -> Combination:
    combo = Combination(item["seat"], item["type"], item["high"], item.get("suit"))
    if combo.type == "four":
        _check_four(index, combo, scale)
    else:
        _check_sequence(index, combo)
    return combo


def _check_four(index: int, combo: Combination, scale: Scale) -> None:
    if combo.suit is not None:
        raise RuleViolation(
            FIELD, _("Entry {index}: a four has no suit (leave suit out)."), index=index
        )
    if combo.high == "8" and combo.high not in scale.fours:
        raise RuleViolation(
            FIELD,
            _("Entry {index}: a four of 8s is a combination only in Bazar Blot."),
            index=index,
        )
    if combo.high not in scale.fours:
        raise RuleViolation(
            FIELD,
            _("Entry {index}: four {rank}s is not a combination."),
            index=index,
            rank=combo.high,
        )


def _check_sequence(index: int, combo: Combination) -> None:
    if combo.suit is None:
        raise RuleViolation(
            FIELD, _("Entry {index}: a {type} needs its suit."), index=index, type=combo.type
        )
    length = LENGTH[combo.type]
    if SEQUENCE.index(combo.high) < length - 1:
        raise RuleViolation(
            FIELD,
            _(
                "Entry {index}: a {type} cannot have {high} as its top "
                "card: it needs {length} cards in sequence up to it."
            ),
            index=index,
            type=combo.type,
            high=combo.high,
            length=length,
        )


def _check_pair(index: int, combo: Combination, other: int, earlier: Combination) -> None:
    if combo == earlier:
        raise RuleViolation(
            FIELD, _("Entry {index} repeats entry {other}."), index=index, other=other
        )
    if combo.cards() & earlier.cards():
        raise RuleViolation(
            FIELD,
            _(
                "Entry {index} uses a card already shown in entry "
                "{other}: a card is in one hand and counts in one "
                "combination only."
            ),
            index=index,
            other=other,
        )
    if _touching(combo, earlier):
        raise RuleViolation(
            FIELD,
            _(
                "Entry {index} continues the sequence of entry {other}: "
                "one run of cards is one combination (five or more in "
                "sequence are a hundred)."
            ),
            index=index,
            other=other,
        )


def _touching(one: Combination, two: Combination) -> bool:
    if one.seat != two.seat or one.suit != two.suit or "four" in (one.type, two.type):
        return False
    ranks = [SEQUENCE.index(rank) for _suit, rank in one.cards() | two.cards()]
    return max(ranks) - min(ranks) + 1 == len(ranks)


def _check_hand_sizes(combos: Sequence[Combination], hand_size: int) -> None:
    for seat in {combo.seat for combo in combos}:
        count = sum(len(combo.cards()) for combo in combos if combo.seat == seat)
        if count > hand_size:
            raise RuleViolation(
                FIELD,
                _("Seat {seat} shows {count} cards in combinations, more than a hand of {size}."),
                seat=seat,
                count=count,
                size=hand_size,
            )


def check_belote(seat: int | None, trump: str, combos: Sequence[Combination]) -> None:
    """The belote holder has K and Q of trump, so nobody else can show either of them."""
    if seat is None:
        return
    if trump == NO_TRUMP:
        raise RuleViolation("belote", _("There is no belote without trumps: leave it null."))
    honours = {(trump, "K"), (trump, "Q")}
    for index, combo in enumerate(combos, 1):
        if combo.seat != seat and combo.cards() & honours:
            raise RuleViolation(
                "belote",
                _(
                    "Seat {seat} cannot hold K and Q of {trump}: "
                    "declaration {index} shows one of them in "
                    "another hand."
                ),
                seat=seat,
                trump=trump,
                index=index,
            )


# -- resolution -------------------------------------------------------------------------
@dataclass(frozen=True)
class Declared:
    """What the declarations are worth, side by side, and why."""

    counted_side: int | None
    counted: tuple[tuple[Combination, int], ...]  # (combination, value), best first
    values: tuple[int, ...]  # counted combinations' value by side
    belote_seat: int | None
    belote_side: int | None
    belote: tuple[int, ...]  # belote's value by side
    reason: str

    def note(self, seating: Seating) -> str:
        """A clause for the hand's summary: who counts which combinations."""
        if self.counted_side is None:
            return ""
        shown = ", ".join(combo.describe() for combo, _value in self.counted)
        return f"; {seating.labels[self.counted_side]} counts {shown}"

    @property
    def total(self) -> int:
        """All counted combinations (``z`` in the scoring tables), belote not included."""
        return sum(self.values)

    def details(self) -> dict[str, Any]:
        belote = None
        if self.belote_seat is not None and self.belote_side is not None:
            belote = {
                "seat": self.belote_seat,
                "side": self.belote_side,
                "value": self.belote[self.belote_side],
            }
        return {
            "declarations": {
                "counted_side": self.counted_side,
                "counted": [{**combo.as_dict(), "value": value} for combo, value in self.counted],
                "value": self.total,
                "reason": self.reason,
            },
            "belote": belote,
        }


def resolve(
    combos: Iterable[Combination],
    belote_seat: int | None,
    trump: str,
    seating: Seating,
    scale: Scale,
) -> Declared:
    """Only the side with the single best combination counts; belote always counts."""
    belote_side, belote = _belote(belote_seat, seating, scale)
    ranked = sorted(combos, key=lambda combo: _rank(combo, trump, seating, scale), reverse=True)
    values = [0] * len(seating.sides)
    if not ranked:
        reason = "No combinations were declared."
        return Declared(None, (), tuple(values), belote_seat, belote_side, belote, reason)
    best = ranked[0]
    side = seating.side_of(best.seat)
    no_trump = trump == NO_TRUMP
    counted = tuple(
        (combo, scale.value(combo, no_trump))
        for combo in ranked
        if seating.side_of(combo.seat) == side
    )
    values[side] = sum(value for _combo, value in counted)
    rival = next((combo for combo in ranked if seating.side_of(combo.seat) != side), None)
    reason = _reason(best, rival, trump, seating, scale)
    return Declared(side, counted, tuple(values), belote_seat, belote_side, belote, reason)


def _belote(
    belote_seat: int | None, seating: Seating, scale: Scale
) -> tuple[int | None, tuple[int, ...]]:
    """The side that held K and Q of trump, if one did, and belote's value by side."""
    belote = [0] * len(seating.sides)
    belote_side = None if belote_seat is None else seating.side_of(belote_seat)
    if belote_side is not None:
        belote[belote_side] = scale.belote
    return belote_side, tuple(belote)


def _strength(
    combo: Combination, trump: str, seating: Seating, scale: Scale
) -> tuple[int, int, bool, int]:
    if combo.type == "four":
        rank = len(scale.four_order) - scale.four_order.index(combo.high)
    else:
        rank = SEQUENCE.index(combo.high)
    in_trump = combo.suit is not None and combo.suit == trump
    return KINDS.index(combo.type), rank, in_trump, -seating.order(combo.seat)


def _rank(combo: Combination, trump: str, seating: Seating, scale: Scale) -> tuple[Any, ...]:
    # The suit only orders one player's equal sequences, so listing order never matters.
    return *_strength(combo, trump, seating, scale), combo.suit or ""


def _reason(
    best: Combination, rival: Combination | None, trump: str, seating: Seating, scale: Scale
) -> str:
    label = seating.labels[seating.side_of(best.seat)]
    if rival is None:
        return f"Only {label} declared (best: {best.describe()})."
    mine = _strength(best, trump, seating, scale)
    theirs = _strength(rival, trump, seating, scale)
    why = (
        "a stronger kind of combination",
        "a higher card",
        "in trump",
        "shown first (nearer the first leader)",
    )
    index = next(i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b)
    rival_label = seating.labels[seating.side_of(rival.seat)]
    return f"{label}'s {best.describe()} beats {rival_label}'s {rival.describe()}: {why[index]}."
