"""Belote (French classic, four players) and belote_2p (the two-player classic).

Terms: the *taker* takes the turned card's suit (first round) or names another (second
round) as trump; there is no bid and no coinche. His side must count **more** than the
other, each counting card points (a capot: ``capot_value``) + its counted declarations +
its belote. Made: each side scores what it counted. *Dedans* (down): the taker's side
scores its belote only; the other side scores the deal (162, a capot ``capot_value``) and
every counted declaration, plus its own belote. A *litige* is an exact tie.

Decided:
- Option ``litige`` ``hold``: the other side scores its count; the taker's side scores its
  belote at once (a belote always counts for its holder) and the rest of its count is held
  in the game's state. The next deal's winner (its taker's side when made, the other side
  when down) gets the held points on top of its score, before any rounding. A thrown-in
  deal or another litige keeps them held (another litige adds to them); points still held
  when the game ends are lost.
- Option ``round_to_ten`` rounds each side's score of the deal to the nearest ten, a 5
  upwards.
- belote_2p: the rest of the pack is not played, so ``points`` add up to at most 162, and
  one player (who took the last trick) has at least 10; with a capot the other has 0. Down,
  the other player scores both players' card points. Each deal's scores are turned into
  units of ten (0-5 down, 6-9 up) and the game is to 101 units. belote_2p has
  ``capot_value`` and ``litige`` too ("scoring as belote"), but not ``round_to_ten``.
- After a thrown-in deal the deal passes to the next seat.
"""

from __future__ import annotations

from typing import Any

from ..base import FRENCH_SUITS, HandContext, Outcome, Score
from ..errors import RuleViolation, _
from ..fields import Shape
from ..options import Option, target_option
from ..registry import register
from .cards import LAST_TRICK, TOTAL, nearest_ten, units_other
from .common import THROWN_IN, BlotVariant, Deal, by_side, deal_fields, declarer_field, trump_field
from .declarations import Declared

NO_BID = _("Belote has no bid: the taker takes trump without bidding, so leave bid out.")
NO_COINCHE = _("Belote is played without coinche: leave coinche out.")
NO_KAPOT = _("Belote has no kapot bid: leave kapot out.")


def belote_options() -> tuple[Option, ...]:
    return (
        Option(
            "litige",
            "choice",
            "down",
            ("down", "hold"),
            help="An exact tie: the taker is down, or his side's points are held for the "
            "winner of the next deal.",
        ),
        Option("capot_value", "choice", 250, (250, 252), help="What a capot is worth."),
    )


@register
class Belote(BlotVariant):
    slug = "belote"
    name = "Belote"
    description = (
        "Four players in two teams; the taker's team must count more than the "
        "other. Scores in points, to 501."
    )
    refused = {"bid": NO_BID, "coinche": NO_COINCHE, "kapot": NO_KAPOT}
    options = (
        target_option(501),
        Option(
            "round_to_ten",
            "boolean",
            False,
            help="Round each side's score of a deal to the nearest ten.",
        ),
        *belote_options(),
    )
    shapes = (
        Shape(
            "played",
            (declarer_field(4), trump_field(FRENCH_SUITS), *deal_fields(4)),
            title="Played",
        ),
        THROWN_IN,
    )

    def score_deal(self, deal: Deal, declared: Declared, ctx: HandContext) -> Score:
        side = self.side_of(deal.declarer, ctx)
        counts = self._counts(deal, declared, ctx)
        verdict = self._verdict(counts, side, ctx)
        raw = self._raw(deal, declared, counts, side, verdict, ctx)
        raw, extra = self._settle_held(
            raw, counts[side] - declared.belote[side], side, verdict, ctx
        )
        held = (extra if extra is not None else ctx.game.extra).get("held", 0)
        details = {
            "outcome": verdict.value,
            "contract": {
                "made": verdict is Outcome.MADE,
                "verdict": verdict.value,
                "count": list(counts),
                "capot": deal.capot,
                "held": held,
            },
            **declared.details(),
        }
        return Score(
            delta=tuple(self.finish(value, ctx) for value in raw),
            extra=extra,
            details=details,
            summary=self._summary(deal, counts, side, verdict, ctx),
        )

    def _settle_held(
        self, raw: tuple[int, int], taker_points: int, side: int, verdict: Outcome, ctx: HandContext
    ) -> tuple[tuple[int, int], dict[str, Any] | None]:
        """Hold the taker's points on a litige; pay held points to this deal's winner."""
        held = ctx.game.extra.get("held", 0)
        if verdict is Outcome.HELD:
            return raw, {"held": held + taker_points}
        if not held:
            return raw, None
        winner = side if verdict is Outcome.MADE else 1 - side
        return by_side(winner, raw[winner] + held, raw[1 - winner]), {}

    def _counts(self, deal: Deal, declared: Declared, ctx: HandContext) -> tuple[int, int]:
        capot_value = ctx.options["capot_value"]
        cards = [capot_value if deal.capot == s else deal.points[s] for s in (0, 1)]
        return (
            cards[0] + declared.values[0] + declared.belote[0],
            cards[1] + declared.values[1] + declared.belote[1],
        )

    def _verdict(self, counts: tuple[int, int], side: int, ctx: HandContext) -> Outcome:
        if counts[side] > counts[1 - side]:
            return Outcome.MADE
        if counts[side] == counts[1 - side] and ctx.options["litige"] == "hold":
            return Outcome.HELD
        return Outcome.DOWN

    def _raw(
        self,
        deal: Deal,
        declared: Declared,
        counts: tuple[int, int],
        side: int,
        verdict: Outcome,
        ctx: HandContext,
    ) -> tuple[int, int]:
        """Each side's score of the deal before rounding and held points."""
        other = 1 - side
        if verdict is Outcome.MADE:
            return counts
        if verdict is Outcome.HELD:
            return by_side(side, declared.belote[side], counts[other])
        deal_value = (
            ctx.options["capot_value"] if deal.capot is not None else self.pack_points(deal)
        )
        return by_side(
            side, declared.belote[side], deal_value + declared.total + declared.belote[other]
        )

    def pack_points(self, deal: Deal) -> int:
        """The card points a dedans gives the other side: the whole deal."""
        return TOTAL

    def finish(self, value: int, ctx: HandContext) -> int:
        return nearest_ten(value) if ctx.options["round_to_ten"] else value

    def _summary(
        self, deal: Deal, counts: tuple[int, int], side: int, verdict: Outcome, ctx: HandContext
    ) -> str:
        text = {
            Outcome.MADE: "made",
            Outcome.DOWN: "down (dedans)",
            Outcome.HELD: "a tie: the taker's points are held for the next deal",
        }
        capot = ", capot" if deal.capot is not None else ""
        return (
            f"{ctx.name(deal.declarer)} took {deal.trump}: {counts[side]} against "
            f"{counts[1 - side]}{capot}, {text[verdict]}"
        )


@register
class Belote2p(Belote):
    slug = "belote_2p"
    name = "Belote for two"
    description = (
        "Two players, nine cards each; scored as belote, each deal in units of ten, to 101."
    )
    players = 2
    teams = ((0,), (1,))
    hand_size = 9
    options = (target_option(101, help="The units of ten that win a game."), *belote_options())
    shapes = (
        Shape(
            "played",
            (declarer_field(2), trump_field(FRENCH_SUITS), *deal_fields(2)),
            title="Played",
        ),
        THROWN_IN,
    )

    def check_points(self, points: tuple[int, ...], capot: int | None, ctx: HandContext) -> None:
        if sum(points) > TOTAL:
            raise RuleViolation(
                "points",
                _(
                    "The two players' card points add up to at most "
                    "162 (part of the pack is not played); these add "
                    "up to {total}."
                ),
                total=sum(points),
            )
        if max(points) < LAST_TRICK:
            raise RuleViolation(
                "points", _("Whoever took the last trick has at least 10 card points.")
            )
        if capot is not None and points[1 - capot] != 0:
            raise RuleViolation(
                "capot",
                _("{name} took every trick, so the other player has no card points."),
                name=ctx.name(capot),
            )

    def pack_points(self, deal: Deal) -> int:
        return sum(deal.points)

    def finish(self, value: int, ctx: HandContext) -> int:
        return units_other(value)
