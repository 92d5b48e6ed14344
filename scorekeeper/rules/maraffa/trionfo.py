"""Trionfo: five players, no fixed partnerships, the 40-card Italian deck; a session.

Terms: the player who speaks *first* (in the first deal the holder of the 5 of swords,
later the player after the dealer) leads the first trick and deals the next hand. The
*declarer* wins the bidding (low to high: *chiamo*, *di_piu*, *maso*, *maso_dei_masi*)
and names trump. With chiamo he calls a card in another suit; its holder is his secret
*partner* (*amico*); calling a card of his own hand (*chiamata in mano*) he plays alone.
Declarer and partner are the *signori*, the others the *popolo*. With chiamo and di_piu
the declarer's side wins with 6 whole card points (``thirds // 3 >= 6``); maso and
maso_dei_masi are made or not. Each hand pays game points that add up to zero.

Decisions where the rules are silent:
- (decided) ``called`` is optional (the table may not remember it) and goes only with
  chiamo; when given it must be a card of the Italian deck (``"3 of swords"``, see
  `deck`) in a suit other than trump.
- (decided) Option ``deals`` counts every hand, thrown-in ones included, as the hand
  numbers do; the session ends after that many.
- (decided) ``first``, ``partner``, ``called``, ``thirds`` and ``made`` may be ``null``,
  meaning left out.
- (decided) After an all-passed first deal the rotation runs as after any deal: the player
  who spoke first deals, the player after him speaks first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..base import ITALIAN_SUITS, GameEnd, GameState, HandContext, Score, Variant
from ..errors import RuleViolation, _
from ..fields import Bool, Choice, Const, Int, Shape
from ..options import Option
from ..registry import register
from .deck import DEAL_THIRDS, Card, CardField, points

PLAYERS = 5
BIDS = ("chiamo", "di_piu", "maso", "maso_dei_masi")
CARD_POINT_BIDS = ("chiamo", "di_piu")  # scored by the thirds the declarer's side took
WINNING_POINTS = 6


@dataclass(frozen=True)
class Payment:
    """What a won contract pays each role; a lost one pays the same the other way."""

    declarer: int
    partner: int
    each_of_popolo: int


# The payments table: a row per kind of contract, for a won contract.
PAYMENTS = MappingProxyType(
    {
        "chiamo": Payment(declarer=2, partner=1, each_of_popolo=-1),
        "alone": Payment(declarer=8, partner=0, each_of_popolo=-2),  # chiamata in mano, di_piu
        "maso": Payment(declarer=16, partner=0, each_of_popolo=-4),
        "maso_dei_masi": Payment(declarer=32, partner=0, each_of_popolo=-8),
    }
)


@dataclass(frozen=True)
class Contract:
    """A played hand: the contract and its outcome (``thirds`` or ``made``)."""

    first: int
    declarer: int
    bid: str
    trump: str
    partner: int | None = None
    called: Card | None = None
    thirds: int | None = None
    made: bool | None = None

    @property
    def alone(self) -> bool:
        return self.partner is None or self.partner == self.declarer

    @property
    def won(self) -> bool:
        if self.thirds is not None:
            return points(self.thirds) >= WINNING_POINTS
        return bool(self.made)

    @property
    def row(self) -> str:
        if self.bid in ("maso", "maso_dei_masi"):
            return self.bid
        return "alone" if self.alone else "chiamo"


@dataclass(frozen=True)
class AllPassed:
    """Nobody bid: the hand is thrown in and the next dealer deals."""

    first: int


FIRST = Int(
    "first",
    required=False,
    nullable=True,
    min=0,
    max=PLAYERS - 1,
    help="The seat that spoke first (in the first deal, the holder of the 5 of "
    "swords). Left out: the rotation's.",
)


@register
class Trionfo(Variant):
    slug = "trionfo"
    name = "Trionfo"
    family = "maraffa"
    hand_kind = "trionfo"
    dealer_named_by = "first"
    deal_thirds = DEAL_THIRDS
    description = (
        "Five players with the Italian deck; the declarer calls a partner or "
        "plays alone, and every hand pays game points that add up to zero."
    )
    players = PLAYERS
    teams = None
    individual = True
    session = True
    team_tournaments = False  # five players, partners called each hand: individual events only
    suits = ITALIAN_SUITS
    options = (
        Option(
            "deals",
            "integer",
            None,
            min=1,
            max=10_000,
            nullable=True,
            help="The session ends after this many hands; null: until the table closes it.",
        ),
    )
    shapes = (
        Shape(
            "played",
            (
                FIRST,
                Int("declarer", min=0, max=PLAYERS - 1, help="The seat that won the bidding."),
                Choice("bid", choices=BIDS),
                Choice("trump", choices=ITALIAN_SUITS),
                CardField(
                    "called",
                    required=False,
                    nullable=True,
                    help='With chiamo: the called card, e.g. "3 of swords".',
                ),
                Int(
                    "partner",
                    required=False,
                    nullable=True,
                    min=0,
                    max=PLAYERS - 1,
                    help="With chiamo: the seat that held the called card (the declarer's own "
                    "for chiamata in mano).",
                ),
                Int(
                    "thirds",
                    required=False,
                    nullable=True,
                    min=0,
                    max=DEAL_THIRDS,
                    help="With chiamo and di_piu: card points the declarer's side took, in "
                    "thirds (of 35).",
                ),
                Bool(
                    "made",
                    required=False,
                    nullable=True,
                    help="With maso and maso_dei_masi: whether the declarer made it.",
                ),
                Const("thrown_in", required=False, value=False),
            ),
            title="Played",
        ),
        Shape(
            "thrown_in", (FIRST, Const("thrown_in", value=True)), title="All passed", thrown_in=True
        ),
    )

    # -- checking --------------------------------------------------------------------------
    def build(self, shape: Shape, values: dict[str, Any], ctx: HandContext) -> Contract | AllPassed:
        first = _first(values["first"], ctx)
        if shape.thrown_in:
            return AllPassed(first)
        bid = values["bid"]
        _check_outcome(bid, values["thirds"], values["made"])
        _check_call(bid, values["trump"], values["partner"], values["called"])
        return Contract(
            first,
            values["declarer"],
            bid,
            values["trump"],
            values["partner"],
            values["called"],
            values["thirds"],
            values["made"],
        )

    # -- scoring ---------------------------------------------------------------------------
    def score(self, hand: Contract | AllPassed, ctx: HandContext) -> Score:
        if isinstance(hand, AllPassed):
            return Score(
                player_delta=(0,) * PLAYERS, thrown_in=True, summary="All passed: thrown in"
            )
        delta = payments(hand)
        return Score(
            player_delta=delta,
            summary=_summary(hand, ctx),
            details={"won": hand.won, "contract": hand.row},
        )

    # -- the session -----------------------------------------------------------------------
    def game_end(self, game: GameState, score: Score, ctx: HandContext) -> GameEnd | None:
        deals = ctx.options["deals"]
        if deals is not None and game.hands >= deals:
            return GameEnd(leader(game.player_scores))
        return None

    def close_winner(self, game: GameState) -> int | None:
        return leader(game.player_scores)

    # -- rotation --------------------------------------------------------------------------
    def first_to_speak(self, dealer: int, game: GameState) -> int | None:
        """Named in the first deal of the session; then the seat after the dealer."""
        if game.hands == 0:
            return None
        return (dealer + 1) % PLAYERS

    def spoke_first(self, hand: Contract | AllPassed, ctx: HandContext) -> int | None:
        return hand.first

    def next_dealer(self, hand: Contract | AllPassed, score: Score, ctx: HandContext) -> int:
        return hand.first


def _first(given: int | None, ctx: HandContext) -> int:
    if given is not None:
        return given
    if ctx.turn.first_to_speak is None:
        raise RuleViolation(
            "first", _("Name who spoke first: in the first deal, the holder of the 5 of swords.")
        )
    return ctx.turn.first_to_speak


def _check_outcome(bid: str, thirds: int | None, made: bool | None) -> None:
    if bid in CARD_POINT_BIDS:
        if made is not None:
            raise RuleViolation(
                "made", _("A {bid} is won on card points: give thirds, not made."), bid=bid
            )
        if thirds is None:
            raise RuleViolation(
                "thirds", _("Give the thirds the declarer's side took in a {bid}."), bid=bid
            )
        return
    if thirds is not None:
        raise RuleViolation("thirds", _("A {bid} is made or not: give made, not thirds."), bid=bid)
    if made is None:
        raise RuleViolation("made", _("Say whether the {bid} was made."), bid=bid)


def _check_call(bid: str, trump: str, partner: int | None, called: Card | None) -> None:
    if bid != "chiamo":
        if partner is not None:
            raise RuleViolation(
                "partner", _("Only a chiamo has a partner; a {bid} is played alone."), bid=bid
            )
        if called is not None:
            raise RuleViolation("called", _("Only a chiamo calls a card."))
        return
    if partner is None:
        raise RuleViolation(
            "partner",
            _("Give the seat that held the called card (the declarer's own for chiamata in mano)."),
        )
    if called is not None and called.suit == trump:
        raise RuleViolation(
            "called",
            _("The called card must be in a suit other than trump ({trump})."),
            trump=trump,
        )


def payments(hand: Contract) -> tuple[int, ...]:
    """Each seat's game points for a played hand; they add up to zero."""
    row = PAYMENTS[hand.row]
    sign = 1 if hand.won else -1
    delta = [sign * row.each_of_popolo] * PLAYERS
    delta[hand.declarer] = sign * row.declarer
    if not hand.alone:
        assert hand.partner is not None
        delta[hand.partner] = sign * row.partner
    return tuple(delta)


def leader(totals: Sequence[int] | None) -> int | None:
    """The seat with the highest total; ``None`` on a tie."""
    if not totals:
        return None
    best = max(totals)
    seats = [seat for seat, total in enumerate(totals) if total == best]
    return seats[0] if len(seats) == 1 else None


def _summary(hand: Contract, ctx: HandContext) -> str:
    who = ctx.name(hand.declarer)
    outcome = "won" if hand.won else "lost"
    if hand.row == "chiamo":
        called = f" the {hand.called}" if hand.called else " a card"
        assert hand.partner is not None
        text = f"{who} called{called} ({ctx.name(hand.partner)}), {hand.trump} trump"
    elif hand.bid == "chiamo":
        text = f"{who} called a card in his own hand, {hand.trump} trump"
    else:
        text = f"{who} bid {hand.bid}, {hand.trump} trump"
    if hand.thirds is not None:
        text += f", took {points(hand.thirds)}"
    return f"{text}: {outcome}"
