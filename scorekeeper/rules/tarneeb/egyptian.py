"""Egyptian Tarneeb: bids name a strain, and an opponent's bid may be doubled.

Terms: a *strain* is a trump suit or no trumps; strains rank ``clubs < diamonds < hearts <
spades < no_trump``, and a *bid* beats another with more tricks, or as many tricks in a
higher strain (the lowest bid is 7 clubs). A player may *double* the highest bid when it
is an opponent's and not yet doubled; a doubled contract doubles what the declarer's team
scores or loses, never what the other team scores. The hand payload records the contract,
``doubled`` and the tricks the declarer's team took; scoring is `score_contract`'s.

The auction, when given, is a list of calls from the first bidder: ``"pass"``,
``"double"`` or ``{"bid": 8, "trump": "hearts"}``. A player who passed may bid again.
It ends after four passes in a row with no bid (thrown in, redealt by the same dealer) or
three passes in a row after a bid or a double.

Decisions where the spec is silent:
- ``doubled`` may be left out and then means false (decided).
- A bid that follows a double is not doubled: the double belonged to the bid it answered,
  and there is no redouble (decided).
- A player may overcall his own or his partner's bid; he may only double an opponent's
  (decided).
- No trumps is always a strain here, so the standard game's ``no_trump`` option and its
  ``bidding`` option do not apply; ``target``, ``sweep`` and
  ``no_instant_win_when_negative`` do (decided).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..base import FRENCH_SUITS, HandContext
from ..errors import RuleViolation, _
from ..fields import Any_, Bool, Choice, Const, Int, ListOf, Object
from ..options import target_option
from ..registry import register
from .standard import (
    PASS,
    THROWN_IN,
    TRICKS,
    Contract,
    ContractTarneeb,
    contract_shape,
    sweep_options,
)

DOUBLE = "double"
STRAINS = (*FRENCH_SUITS, "no_trump")  # low to high
LAST_SEAT = 3


@dataclass(frozen=True)
class Bid:
    tricks: int
    strain: str

    def rank(self) -> tuple[int, int]:
        return (self.tricks, STRAINS.index(self.strain))

    def __str__(self) -> str:
        return f"{self.tricks} {'no trumps' if self.strain == 'no_trump' else self.strain}"


@dataclass(frozen=True)
class AuctionResult:
    declarer: int
    bid: Bid
    doubled: bool


BID_CALL = Object("call", fields=(Int("bid", min=7, max=TRICKS), Choice("trump", choices=STRAINS)))
AUCTION = ListOf(
    "auction",
    required=False,
    max_items=60,
    item=Any_("call", options=(Const("call", value=PASS), Const("call", value=DOUBLE), BID_CALL)),
    help='The calls in order from the first bidder: "pass", "double" or '
    '{"bid": 8, "trump": "hearts"}.',
)


@register
class EgyptianTarneeb(ContractTarneeb):
    slug = "tarneeb_egyptian"
    name = "Egyptian Tarneeb"
    description = (
        "Tarneeb whose bids name a strain (7 clubs up to 13 no trumps) and may be "
        "doubled by an opponent."
    )
    options = (target_option(41), *sweep_options())
    shapes = (
        contract_shape(
            Int("bid", min=7, max=TRICKS, help="Tricks the declarer's team undertook."),
            Choice("trump", choices=STRAINS, help="The strain of the bid."),
            Bool(
                "doubled",
                required=False,
                default=False,
                help="Whether an opponent doubled the contract.",
            ),
            AUCTION,
        ),
        THROWN_IN,
    )

    def contract(self, values: dict[str, Any], ctx: HandContext) -> Contract:
        return Contract(
            values["declarer"],
            values["bid"],
            values["trump"],
            values["tricks"],
            doubled=values["doubled"],
        )

    def check_auction(self, calls: Sequence[Any], contract: Contract, ctx: HandContext) -> None:
        result = run_egyptian_auction(calls, ctx)
        bid = Bid(contract.bid, contract.trump)
        if result != AuctionResult(contract.declarer, bid, contract.doubled):
            raise RuleViolation(
                "auction",
                _("The auction does not end with {name} bidding {bid}{doubled}."),
                name=ctx.name(contract.declarer),
                bid=str(bid),
                doubled=", doubled" if contract.doubled else "",
            )


class _Auction:
    """The auction as it stands: the highest bid, whether it is doubled, passes in a row."""

    def __init__(self, ctx: HandContext) -> None:
        self.ctx = ctx
        self.best: tuple[int, Bid] | None = None
        self.doubled = False
        self.passes = 0

    def over(self) -> bool:
        return self.passes >= (LAST_SEAT if self.best is not None else LAST_SEAT + 1)

    def call(self, seat: int, call: Any, index: int) -> None:
        if call == PASS:
            self.passes += 1
            return
        if call == DOUBLE:
            self._double(seat, index)
        else:
            self._bid(seat, Bid(call["bid"], call["trump"]), index)
        self.passes = 0

    def _double(self, seat: int, index: int) -> None:
        name = self.ctx.name(seat)
        if self.best is None:
            raise RuleViolation(
                "auction",
                _("Call {index}: {name} doubled, but there is no bid to double."),
                index=index,
                name=name,
            )
        table = self.ctx.table
        if table.team_of(self.best[0]) == table.team_of(seat):
            raise RuleViolation(
                "auction",
                _("Call {index}: {name} may not double his own side's bid."),
                index=index,
                name=name,
            )
        if self.doubled:
            raise RuleViolation(
                "auction",
                _("Call {index}: {name} doubled a bid that is already doubled."),
                index=index,
                name=name,
            )
        self.doubled = True

    def _bid(self, seat: int, bid: Bid, index: int) -> None:
        if self.best is not None and bid.rank() <= self.best[1].rank():
            raise RuleViolation(
                "auction",
                _("Call {index}: {name} bid {bid}, which does not beat {best}."),
                index=index,
                name=self.ctx.name(seat),
                bid=str(bid),
                best=str(self.best[1]),
            )
        self.best = (seat, bid)
        self.doubled = False


def run_egyptian_auction(calls: Sequence[Any], ctx: HandContext) -> AuctionResult | None:
    """Check an Egyptian auction; return its contract, or None when all four passed."""
    auction = _Auction(ctx)
    players = ctx.table.variant.players
    seat = (ctx.dealer + 1) % players
    for index, call in enumerate(calls, start=1):
        if auction.over():
            raise RuleViolation(
                "auction", _("The auction was over before call {index}."), index=index
            )
        auction.call(seat, call, index)
        seat = (seat + 1) % players
    if not auction.over():
        raise RuleViolation("auction", _("The auction is not finished."))
    if auction.best is None:
        return None
    return AuctionResult(auction.best[0], auction.best[1], auction.doubled)
