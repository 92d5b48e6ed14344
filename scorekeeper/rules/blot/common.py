"""What the four Blot variants share: the hand payload, its checks, and side arithmetic.

Terms: the *declarer* (the *taker* in belote and coinche) chose trump; his side must count
enough for the contract. `points` are the card points each side took, last trick
included; `capot` is the side that took every trick; `belote` the seat that held K and Q
of trump. A deal where everybody passed is ``{"thrown_in": true}``.

Decided: after a thrown-in deal the deal passes to the next seat in every variant of the
family (belote and coinche houses pass it on; bazar_blot plays the same way), so
``redeal_same_dealer`` stays false.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..base import FRENCH_SUITS, HandContext, Score, Variant
from ..errors import RuleViolation, _
from ..fields import Choice, Const, Field, Int, IntList, ListOf, Object, Shape
from .cards import NO_TRUMP, SEQUENCE, TOTAL
from .declarations import (
    KINDS,
    POINTS_SCALE,
    Combination,
    Declared,
    Scale,
    Seating,
    check_belote,
    make_combinations,
    resolve,
)

MAX_DECLARATIONS = 12  # decided: 4 hands of 8 cards hold at most 8 combinations


@dataclass(frozen=True)
class Deal:
    """A played deal as the variant scores it."""

    declarer: int
    trump: str
    points: tuple[int, ...]
    capot: int | None
    combos: tuple[Combination, ...]
    belote: int | None
    bid: int | str | None = None
    coinche: int = 1
    kapot: bool = False


THROWN_IN = Shape(
    "thrown_in", (Const("thrown_in", value=True),), title="All passed", thrown_in=True
)


def declarer_field(players: int) -> Field:
    return Int(
        "declarer",
        min=0,
        max=players - 1,
        help="The seat that chose trump (won the auction, or took the card).",
    )


def trump_field(trumps: Sequence[str]) -> Field:
    return Choice("trump", choices=tuple(trumps))


def coinche_field() -> Field:
    return Choice(
        "coinche",
        required=False,
        default=1,
        choices=(1, 2, 4),
        help="1: no coinche; 2: coinched (doubled); 4: surcoinched.",
    )


def declarations_field(players: int) -> Field:
    """The combinations shown, each by its seat, kind, top card and suit."""
    declaration = Object(
        "declaration",
        fields=(
            Int("seat", min=0, max=players - 1),
            Choice("type", choices=KINDS),
            Choice("high", choices=SEQUENCE, help="The top card; for a four, its rank."),
            Choice(
                "suit",
                required=False,
                nullable=True,
                choices=FRENCH_SUITS,
                help="The suit of a sequence; a four has none.",
            ),
        ),
    )
    return ListOf(
        "declarations",
        required=False,
        default=(),
        item=declaration,
        max_items=MAX_DECLARATIONS,
        help="The combinations shown: the engine decides which side's count.",
    )


def deal_fields(players: int, max_points: int = TOTAL) -> tuple[Field, ...]:
    """The fields after the contract: card points, capot, declarations, belote."""
    return (
        IntList(
            "points",
            length=2,
            min=0,
            max=max_points,
            help="Card points taken by each side, last trick included.",
        ),
        Int(
            "capot",
            required=False,
            nullable=True,
            min=0,
            max=1,
            help="The side that took every trick, or null.",
        ),
        declarations_field(players),
        Int(
            "belote",
            required=False,
            nullable=True,
            min=0,
            max=players - 1,
            help="The seat that held K and Q of trump, or null.",
        ),
        Const("thrown_in", required=False, value=False),
    )


def by_side(side: int, mine: int, theirs: int) -> tuple[int, int]:
    """A pair in side order from one side's value and the other's."""
    return (mine, theirs) if side == 0 else (theirs, mine)


def seating(ctx: HandContext) -> Seating:
    variant = ctx.table.variant
    teams = variant.teams
    assert teams is not None
    labels = tuple(
        ctx.name(team[0]) if len(team) == 1 else f"team {index}" for index, team in enumerate(teams)
    )
    return Seating(variant.players, ctx.dealer, teams, labels)


def trump_text(trump: str) -> str:
    return "no trumps" if trump == NO_TRUMP else trump


class BlotVariant(Variant):
    """The family's shared parse, checks and declaration resolution."""

    family = "blot"
    hand_kind = "blot"
    deal_points = TOTAL
    scale: ClassVar[Scale] = POINTS_SCALE
    hand_size: ClassVar[int] = 8
    trumps: ClassVar[tuple[str, ...]] = FRENCH_SUITS
    # Fields the family knows but this variant does not have, with the reason why.
    refused: ClassVar[Mapping[str, str]] = {}

    def parse(self, payload: Mapping[str, Any], ctx: HandContext) -> Deal | None:
        for name, message in self.refused.items():
            if name in payload:
                raise RuleViolation(name, message)
        if payload.get("trump") == NO_TRUMP and NO_TRUMP not in self.trumps:
            raise RuleViolation("trump", _("No trumps is played only in Bazar Blot: name a suit."))
        deal: Deal | None = super().parse(payload, ctx)  # what this family's ``build`` makes
        return deal

    def build(self, shape: Shape, values: dict[str, Any], ctx: HandContext) -> Deal | None:
        if shape.thrown_in:
            return None
        self.check_points(values["points"], values["capot"], ctx)
        combos = make_combinations(values["declarations"], self.scale, self.hand_size)
        check_belote(values["belote"], values["trump"], combos)
        deal = Deal(
            values["declarer"],
            values["trump"],
            values["points"],
            values["capot"],
            combos,
            values["belote"],
            values.get("bid"),
            values.get("coinche", 1),
            values.get("kapot", False),
        )
        self.check_contract(deal, ctx)
        return deal

    def check_points(self, points: tuple[int, ...], capot: int | None, ctx: HandContext) -> None:
        """Four players share the whole pack: 162, and a capot side has all of it."""
        if sum(points) != TOTAL:
            raise RuleViolation(
                "points",
                _(
                    "Card points must add up to 162 (152 in the cards "
                    "and 10 for the last trick); these add up to "
                    "{total}."
                ),
                total=sum(points),
            )
        if capot is not None and points[capot] != TOTAL:
            raise RuleViolation(
                "capot",
                _(
                    "Team {team} took every trick, so its card points "
                    "are 162 and the other team's 0."
                ),
                team=capot,
            )

    def check_contract(self, deal: Deal, ctx: HandContext) -> None:
        """Checks that relate the contract to the rest (kapot under 25...)."""

    def score(self, hand: Deal | None, ctx: HandContext) -> Score:
        if hand is None:
            return Score(thrown_in=True, summary="All passed: thrown in")
        seats = seating(ctx)
        declared = resolve(hand.combos, hand.belote, hand.trump, seats, self.scale)
        score = self.score_deal(hand, declared, ctx)
        return replace(score, summary=score.summary + declared.note(seats))

    def score_deal(self, deal: Deal, declared: Declared, ctx: HandContext) -> Score:
        raise NotImplementedError

    def side_of(self, seat: int, ctx: HandContext) -> int:
        side = ctx.table.team_of(seat)
        assert side is not None
        return side
