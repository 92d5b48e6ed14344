"""Tarneeb, the standard game.

Terms: the *declarer* wins the auction with a *bid* of 7..13 tricks and names *trump*
(*tarneeb*); his team must take at least ``bid`` of the 13 tricks. A *sweep* is all 13
tricks. The hand payload records the contract and the tricks the declarer's team took.

`ContractTarneeb` is what this game and Egyptian Tarneeb (``egyptian.py``) share: one
contract per hand, scored by `score_contract`, and an all-pass hand redealt by its dealer.

Decided where the spec is silent: with ``bidding`` ``until_three_passes``, a player who
passed is out, so the bidding ends as soon as every player but the highest bidder has
passed (three passes in a row when nobody passed earlier). A player who passed is skipped
when his turn comes round again, and ``[pass, pass, pass, 7]`` gives the contract to the
dealer (decided).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import FRENCH_SUITS, HandContext, Outcome, Score, Variant
from ..errors import RuleViolation, _
from ..fields import Any_, Choice, Const, Field, Int, ListOf, Shape
from ..options import Option, target_option
from ..registry import register

PASS = "pass"
TRICKS = 13
SWEEP_OPTIONS = ("instant", "instant_if_bid_13", "bonus")


@dataclass(frozen=True)
class Contract:
    """A played Tarneeb hand: who declared what, and how many tricks his team took."""

    declarer: int
    bid: int
    trump: str
    tricks: int
    doubled: bool = False


THROWN_IN = Shape(
    "thrown_in", (Const("thrown_in", value=True),), title="All passed", thrown_in=True
)


def sweep_options() -> tuple[Option, ...]:
    return (
        Option(
            "sweep",
            "choice",
            "instant",
            SWEEP_OPTIONS,
            help="All 13 tricks: an instant win, an instant win only on a bid of 13, or a bonus.",
        ),
        Option(
            "no_instant_win_when_negative",
            "boolean",
            False,
            help="A team with a negative total that sweeps scores 13 instead of winning.",
        ),
    )


def contract_shape(bid: Field, trump: Field, *extra: Field) -> Shape:
    """The played hand of the contract games: declarer, bid, trump, tricks and extras."""
    return Shape(
        "played",
        (
            Int("declarer", min=0, max=3, help="The seat that won the auction."),
            bid,
            trump,
            Int("tricks", min=0, max=TRICKS, help="Tricks taken by the declarer's team."),
            *extra,
            Const("thrown_in", required=False, value=False),
        ),
        title="Played",
    )


class ContractTarneeb(Variant):
    """What tarneeb and tarneeb_egyptian share: one contract per hand, all-pass redealt."""

    family = "tarneeb"
    hand_kind = "tarneeb"
    tricks = TRICKS
    bids = tuple(range(7, TRICKS + 1))
    redeal_same_dealer = True

    def build(self, shape: Shape, values: dict[str, Any], ctx: HandContext) -> Contract | None:
        if shape.thrown_in:
            return None
        contract = self.contract(values, ctx)
        if values["auction"] is not None:
            self.check_auction(values["auction"], contract, ctx)
        return contract

    def contract(self, values: dict[str, Any], ctx: HandContext) -> Contract:
        raise NotImplementedError

    def check_auction(self, calls: Sequence[Any], contract: Contract, ctx: HandContext) -> None:
        raise NotImplementedError

    def score(self, hand: Contract | None, ctx: HandContext) -> Score:
        if hand is None:
            return Score(thrown_in=True, summary="All passed: thrown in")
        return score_contract(hand, ctx)


@register
class Tarneeb(ContractTarneeb):
    slug = "tarneeb"
    name = "Tarneeb"
    description = "Four players in two teams bid 7 to 13 tricks; the highest bid names trump."
    options = (
        target_option(41),
        *sweep_options(),
        Option("no_trump", "boolean", False, help="The declarer may also declare no trumps."),
        Option(
            "bidding",
            "choice",
            "single_round",
            ("single_round", "until_three_passes"),
            help="One round of bids, or bidding until three consecutive passes.",
        ),
    )

    def strains(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """No trumps only where the table plays it (option ``no_trump``)."""
        strains = super().strains(options)
        return strains if options.get("no_trump") else tuple(s for s in strains if s != "no_trump")

    shapes = (
        contract_shape(
            Int("bid", min=7, max=TRICKS, help="Tricks the declarer's team undertook."),
            Choice("trump", choices=(*FRENCH_SUITS, "no_trump")),
            ListOf(
                "auction",
                required=False,
                max_items=60,
                item=Any_(
                    "call", options=(Int("call", min=7, max=TRICKS), Const("call", value=PASS))
                ),
                help='The calls in order from the first bidder, e.g. [7, "pass", 8].',
            ),
        ),
        THROWN_IN,
    )

    def contract(self, values: dict[str, Any], ctx: HandContext) -> Contract:
        if values["trump"] == "no_trump" and not ctx.options["no_trump"]:
            raise RuleViolation(
                "trump", _("No trumps is not played at this table (option no_trump).")
            )
        return Contract(values["declarer"], values["bid"], values["trump"], values["tricks"])

    def check_auction(self, calls: Sequence[Any], contract: Contract, ctx: HandContext) -> None:
        winner = run_auction(
            calls, ctx, until_three_passes=(ctx.options["bidding"] == "until_three_passes")
        )
        if winner != (contract.declarer, contract.bid):
            raise RuleViolation(
                "auction",
                _("The auction does not end with {name} bidding {bid}."),
                name=ctx.name(contract.declarer),
                bid=contract.bid,
            )


def run_auction(
    calls: Sequence[Any], ctx: HandContext, *, until_three_passes: bool
) -> tuple[int, int] | None:
    """Check an auction of numbers and passes; return (declarer, bid), or None if all passed.

    In one round the dealer, speaking last, may equal the highest bid and take it. Going
    round, a player who passed is out, so the bidding ends when every other player has
    passed after the highest bid (three passes in a row, unless some passed earlier).
    """
    players = ctx.table.variant.players
    seat = (ctx.dealer + 1) % players
    active = set(range(players))
    best: tuple[int, int] | None = None
    for index, call in enumerate(calls):
        if _auction_over(index, active, best, until_three_passes, players):
            raise RuleViolation(
                "auction", _("The auction was over before call {index}."), index=index + 1
            )
        if call == PASS:
            active.discard(seat)
        else:
            dealer_equals = (
                not until_three_passes
                and seat == ctx.dealer
                and best is not None
                and call == best[1]
            )
            if best is not None and call <= best[1] and not dealer_equals:
                raise RuleViolation(
                    "auction",
                    _("{name} bid {bid}, which does not beat {best}."),
                    name=ctx.name(seat),
                    bid=call,
                    best=best[1],
                )
            best = (seat, call)
        seat = _next_active(seat, active, players)
    if not _auction_over(len(calls), active, best, until_three_passes, players):
        raise RuleViolation("auction", _("The auction is not finished."))
    return best


def _auction_over(
    count: int,
    active: set[int],
    best: tuple[int, int] | None,
    until_three_passes: bool,
    players: int,
) -> bool:
    if not until_three_passes:
        return count >= players
    if best is None:
        return not active
    return active <= {best[0]}


def _next_active(seat: int, active: set[int], players: int) -> int:
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if candidate in active:
            return candidate
    return seat


def score_contract(hand: Contract, ctx: HandContext) -> Score:
    """Made: the declarer's team scores its tricks. Down: it loses its bid and the other
    team scores the tricks it took. ``doubled`` (Egyptian) doubles the declarer's side."""
    team = ctx.table.team_of(hand.declarer)
    assert team is not None
    factor = 2 if hand.doubled else 1
    sweep = hand.tricks == TRICKS
    mode = ctx.options["sweep"]
    if mode == "bonus" and hand.bid == TRICKS and not sweep:
        return _by_team(
            team,
            -16 * factor,
            2 * (TRICKS - hand.tricks),
            f"{_contract_text(hand, ctx)}: down on a bid of 13",
            Outcome.DOWN,
        )
    if sweep:
        return _sweep(hand, team, factor, ctx)
    if hand.tricks >= hand.bid:
        return _by_team(
            team, hand.tricks * factor, 0, f"{_contract_text(hand, ctx)}: made", Outcome.MADE
        )
    return _by_team(
        team,
        -hand.bid * factor,
        TRICKS - hand.tricks,
        f"{_contract_text(hand, ctx)}: down",
        Outcome.DOWN,
    )


def _sweep(hand: Contract, team: int, factor: int, ctx: HandContext) -> Score:
    mode = ctx.options["sweep"]
    text = f"{_contract_text(hand, ctx)}: all 13 tricks"
    if mode == "bonus":
        points = 26 if hand.bid == TRICKS else TRICKS + 3
        return _by_team(team, points * factor, 0, text, Outcome.MADE)
    instant = mode == "instant" or hand.bid == TRICKS
    assert ctx.game.scores is not None
    if ctx.options["no_instant_win_when_negative"] and ctx.game.scores[team] < 0:
        instant = False
    score = _by_team(
        team, TRICKS * factor, 0, text + (", wins the game" if instant else ""), Outcome.MADE
    )
    return Score(
        delta=score.delta,
        summary=score.summary,
        details=score.details,
        game_winner=team if instant else None,
    )


def _by_team(team: int, declarers: int, others: int, summary: str, outcome: Outcome) -> Score:
    delta = [0, 0]
    delta[team] = declarers
    delta[1 - team] = others
    return Score(delta=tuple(delta), summary=summary, details={"outcome": outcome.value})


def _contract_text(hand: Contract, ctx: HandContext) -> str:
    trump = "no trumps" if hand.trump == "no_trump" else hand.trump
    doubled = ", doubled" if hand.doubled else ""
    return f"{ctx.name(hand.declarer)} bid {hand.bid} {trump}{doubled}, took {hand.tricks}"
