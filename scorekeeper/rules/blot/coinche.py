"""Coinche (French coinche belote): four players, bids in points, coinche and surcoinche.

Terms: the *taker* bids 80, 90, ... 160 with a suit, or ``"capot"`` (every trick). A bid
of 80 means 82, more than half the deal. An opponent may *coinche* the bid (``coinche`` 2)
and the takers *surcoinche* it (4). The taker's side counts card points (a capot: 250) +
its counted declarations + its belote (option ``belote_counts``). Card points are then
rounded for the taker's side to the nearest ten, a 5 upwards; the other side gets 160
minus that.

Decided:
- Option ``belote_counts`` false: the belote does not help make the contract, but its
  holder still scores it (blot.md puts the option in the contract's count; a belote
  always counts for its holder's side).
- A ``"capot"`` contract is made exactly when the taker's side took every trick.
- After a thrown-in deal the deal passes to the next seat. The seed's "the winners of the
  last game deal the first deal of the next" is not applied: the table sends ``dealer``.
"""

from __future__ import annotations

from ..base import FRENCH_SUITS, HandContext, Outcome, Score
from ..errors import _
from ..fields import Choice, Shape
from ..options import Option, target_option
from ..registry import register
from .cards import CAPOT, nearest_ten
from .common import (
    THROWN_IN,
    BlotVariant,
    Deal,
    by_side,
    coinche_field,
    deal_fields,
    declarer_field,
    trump_field,
)
from .declarations import Declared

CAPOT_BID = "capot"
BIDS: tuple[int | str, ...] = (*range(80, 161, 10), CAPOT_BID)
MORE_THAN_HALF = 82
ROUNDED_DEAL = 160


@register
class Coinche(BlotVariant):
    slug = "coinche"
    bids = BIDS
    name = "Coinche"
    description = (
        "Four players in two teams bid 80 to 160 or capot; the opponents may "
        "coinche. Scores in points, to 501."
    )
    refused = {"kapot": _('Coinche has no kapot flag: bid "capot" instead.')}
    options = (
        target_option(501, help="The score that wins a game (1000 and 2000 are common too)."),
        Option(
            "belote_counts",
            "boolean",
            True,
            help="The belote helps the taker's side make its contract.",
        ),
        Option(
            "coinche_multiplies",
            "choice",
            "bid",
            ("bid", "all"),
            help="A coinche multiplies the bid only, or the whole deal and the bid.",
        ),
    )
    shapes = (
        Shape(
            "played",
            (
                declarer_field(4),
                Choice("bid", choices=BIDS, help='80, 90, ... 160, or "capot".'),
                trump_field(FRENCH_SUITS),
                coinche_field(),
                *deal_fields(4),
            ),
            title="Played",
        ),
        THROWN_IN,
    )

    def score_deal(self, deal: Deal, declared: Declared, ctx: HandContext) -> Score:
        side = self.side_of(deal.declarer, ctx)
        count = self._count(deal, declared, side, ctx)
        made = self._made(deal, count, side)
        rounded = self._rounded(deal, side)
        if made and deal.coinche == 1:
            delta = tuple(rounded[s] + declared.values[s] + declared.belote[s] for s in (0, 1))
            delta = by_side(side, delta[side] + self._contract(deal), delta[1 - side])
        else:
            delta = self._winner_takes(deal, declared, side if made else 1 - side, ctx)
        details = {
            "outcome": (Outcome.MADE if made else Outcome.DOWN).value,
            "contract": {
                "made": made,
                "count": count,
                "bid": deal.bid,
                "capot": deal.capot,
                "rounded": list(rounded),
            },
            **declared.details(),
        }
        return Score(delta=delta, summary=self._summary(deal, count, made, ctx), details=details)

    def _contract(self, deal: Deal) -> int:
        """``c`` in the scoring table: the bid, 250 for a capot contract."""
        return CAPOT if deal.bid == CAPOT_BID else int(deal.bid or 0)

    def _count(self, deal: Deal, declared: Declared, side: int, ctx: HandContext) -> int:
        cards = CAPOT if deal.capot == side else deal.points[side]
        belote = declared.belote[side] if ctx.options["belote_counts"] else 0
        return cards + declared.values[side] + belote

    def _made(self, deal: Deal, count: int, side: int) -> bool:
        if deal.bid == CAPOT_BID:
            return deal.capot == side
        return count >= max(self._contract(deal), MORE_THAN_HALF)

    def _rounded(self, deal: Deal, side: int) -> tuple[int, int]:
        if deal.capot is not None:
            return by_side(deal.capot, CAPOT, 0)
        taker = nearest_ten(deal.points[side])
        return by_side(side, taker, ROUNDED_DEAL - taker)

    def _winner_takes(
        self, deal: Deal, declared: Declared, winner: int, ctx: HandContext
    ) -> tuple[int, int]:
        """Down, or coinched: the winner takes the deal and the contract; belotes stay."""
        whole = CAPOT if deal.bid == CAPOT_BID or deal.capot is not None else ROUNDED_DEAL
        contract = self._contract(deal)
        if ctx.options["coinche_multiplies"] == "all":
            prize = deal.coinche * (whole + contract)
        else:
            prize = whole + deal.coinche * contract
        prize += declared.total
        return by_side(winner, prize + declared.belote[winner], declared.belote[1 - winner])

    def _summary(self, deal: Deal, count: int, made: bool, ctx: HandContext) -> str:
        coinche = {1: "", 2: ", coinched", 4: ", surcoinched"}[deal.coinche]
        capot = f", capot by team {deal.capot}" if deal.capot is not None else ""
        verdict = "made" if made else "down"
        return (
            f"{ctx.name(deal.declarer)} bid {deal.bid} {deal.trump}{coinche}: counted "
            f"{count}{capot}, {verdict}"
        )
