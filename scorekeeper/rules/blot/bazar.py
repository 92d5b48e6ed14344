"""Bazar Blot, the Armenian game: four players, scores kept in units of ten.

Terms: the *declarer* bids "x of a suit" (or no trumps, the seed's "boy"), promising that
his side counts at least 10·x points, its declarations and belote included. A deal is 16
units, a capot 25. A bid of 25 or more may be *kapot*: the side must take every trick.
*Coinche* (2) doubles the bid, *surcoinche* (4) quadruples it.

Decided:
- The lowest bid is 8 (blot.md) and the highest 84: a capot (25) plus the most a side's
  16 cards can declare (no trumps: fours of J, A, 10 and K, 59 units), so no bid that can
  be made is refused.
- The contract check counts a capot as 250 card points, not 162 (a capot is worth 250:
  a kapot bid of 25 is made by a capot).
- After a thrown-in deal the deal passes to the next seat.
"""

from __future__ import annotations

from ..base import FRENCH_SUITS, HandContext, Outcome, Score
from ..errors import RuleViolation, _
from ..fields import Bool, Int, Shape
from ..options import target_option
from ..registry import register
from .cards import CAPOT, NO_TRUMP, units_declarer, units_other
from .common import (
    THROWN_IN,
    BlotVariant,
    Deal,
    by_side,
    coinche_field,
    deal_fields,
    declarer_field,
    trump_field,
    trump_text,
)
from .declarations import BAZAR_SCALE, Declared

MIN_BID = 8
MAX_BID = 84
KAPOT_MIN_BID = 25
DEAL_UNITS = 16
CAPOT_UNITS = 25


@register
class BazarBlot(BlotVariant):
    slug = "bazar_blot"
    name = "Bazar Blot"
    description = (
        'Four players in two teams bid "x of a suit" (or no trumps); scores in '
        "units of ten, a deal is 16 units."
    )
    scale = BAZAR_SCALE
    trumps = (*FRENCH_SUITS, NO_TRUMP)
    bids = tuple(range(8, 31))  # the bids a table calls (higher ones, to 84, are allowed)
    options = (target_option(301),)
    shapes = (
        Shape(
            "played",
            (
                declarer_field(4),
                Int(
                    "bid",
                    min=MIN_BID,
                    max=MAX_BID,
                    help="Units of ten the declarer's side promised, declarations included.",
                ),
                trump_field(trumps),
                Bool(
                    "kapot",
                    required=False,
                    default=False,
                    help="A bid of 25 or more that promises every trick.",
                ),
                coinche_field(),
                *deal_fields(4),
            ),
            title="Played",
        ),
        THROWN_IN,
    )

    def check_contract(self, deal: Deal, ctx: HandContext) -> None:
        assert isinstance(deal.bid, int)
        if deal.kapot and deal.bid < KAPOT_MIN_BID:
            raise RuleViolation(
                "kapot",
                _("Only a bid of {min} or more may be kapot; this bid is {bid}."),
                min=KAPOT_MIN_BID,
                bid=deal.bid,
            )

    def score_deal(self, deal: Deal, declared: Declared, ctx: HandContext) -> Score:
        assert isinstance(deal.bid, int)
        side = self.side_of(deal.declarer, ctx)
        count = self._count(deal, declared, side)
        made = count >= 10 * deal.bid and (not deal.kapot or deal.capot == side)
        units = self._units(deal, side)
        if made and deal.coinche == 1:
            delta = tuple(units[s] + declared.values[s] + declared.belote[s] for s in (0, 1))
            delta = by_side(side, delta[side] + deal.bid, delta[1 - side])
        else:
            delta = self._winner_takes(deal, declared, side if made else 1 - side)
        details = {
            "outcome": (Outcome.MADE if made else Outcome.DOWN).value,
            "contract": {
                "made": made,
                "count": count,
                "needed": 10 * deal.bid,
                "capot": deal.capot,
                "units": list(units),
            },
            **declared.details(),
        }
        return Score(delta=delta, summary=self._summary(deal, count, made, ctx), details=details)

    def _count(self, deal: Deal, declared: Declared, side: int) -> int:
        """Card points (a capot: 250) plus ten per unit of declarations and belote."""
        cards = CAPOT if deal.capot == side else deal.points[side]
        return cards + 10 * (declared.values[side] + declared.belote[side])

    def _units(self, deal: Deal, side: int) -> tuple[int, int]:
        """Card points in units: a 6 rounds down for the declarer and up for the other."""
        if deal.capot is not None:
            return by_side(deal.capot, CAPOT_UNITS, 0)
        return by_side(side, units_declarer(deal.points[side]), units_other(deal.points[1 - side]))

    def _winner_takes(self, deal: Deal, declared: Declared, winner: int) -> tuple[int, int]:
        """Down, or coinched: the winner takes m·x + B + z; each side keeps its belote."""
        assert isinstance(deal.bid, int)
        base = CAPOT_UNITS if deal.capot is not None else DEAL_UNITS
        prize = deal.coinche * deal.bid + base + declared.total
        return by_side(winner, prize + declared.belote[winner], declared.belote[1 - winner])

    def _summary(self, deal: Deal, count: int, made: bool, ctx: HandContext) -> str:
        assert isinstance(deal.bid, int)
        kapot = " kapot" if deal.kapot else ""
        coinche = {1: "", 2: ", coinched", 4: ", surcoinched"}[deal.coinche]
        capot = f", capot by team {deal.capot}" if deal.capot is not None else ""
        verdict = "made" if made else "down"
        return (
            f"{ctx.name(deal.declarer)} bid {deal.bid}{kapot} {trump_text(deal.trump)}"
            f"{coinche}: counted {count} of {10 * deal.bid}{capot}, {verdict}"
        )
