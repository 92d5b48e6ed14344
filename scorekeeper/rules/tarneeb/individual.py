"""Tarneeb 400 and Tarneeb 41: every player bids for himself and is scored alone.

Terms: each of the four players *bids*, once and without passing, the *tricks* he alone
expects to take; hearts are always trump. A player who takes at least his bid gains the
table value of his bid, otherwise he loses it. Scores are kept by seat (``player_scores``);
a partnership's score is the sum of its two players'. The four bids must reach a minimum
total, or the hand is *thrown in* and the next dealer deals. A player *qualifies* at the
end of a hand when he is at or above the target and his partner's score is above 0; a
partnership with a qualifier wins the game. In 400 a bid of 13 (a *grand*) decides the
game at once: made, for the bidder's partnership; failed, for the other one.

The hand payload is ``{"bids": [3, 2, 4, 3], "tricks": [4, 1, 5, 3]}`` by seat; bids whose
total is too low are sent without ``tricks`` (or with ``"thrown_in": true``). With option
``slow_play_penalty``, ``"penalised": [seat, ...]`` lists the players who broke the
ten-second rule: they score nothing for the hand.

Decisions where the spec is silent:
- A thrown-in hand may also be sent as ``{"bids": [...], "thrown_in": true}``; either way
  its bids must be too low, and every bid must still respect its bidder's minimum (decided).
- The bidder of a grand scores no points for it: its table value is the game itself. The
  other players of that hand score as usual (decided).
- Of several grands in one hand, one that is made decides the game. If none is made and
  the failed grands are all in one partnership, the other wins; if both partnerships
  failed a grand, neither result stands and play goes on (decided).
- A penalised player scores nothing "made or not", and that includes a grand: his grand
  decides nothing (decided).
- ``penalised`` may not name a player twice, and is refused on a thrown-in hand, which
  nobody played; an empty list is accepted even with the option off (decided).
- The winner is checked after every hand, thrown in or not; but only a played hand in
  which both partnerships qualify raises the target (``both_qualify`` ``raise_target``),
  and the raised target holds for the rest of that game (decided).
- The ``rising`` minimum total of 400 and a bidder's minimum bid both read the scores
  before the hand (decided).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..base import GameEnd, GameState, HandContext, Score, Variant
from ..errors import RuleViolation, _
from ..fields import Const, Int, IntList, ListOf, Shape
from ..options import Option, target_option
from ..registry import register

TRICKS = 13
GRAND = 13
TARGET_RAISE = 10
BOTH_QUALIFY = ("raise_target", "higher_total")

# Table values of a bid, gained when made and lost when failed (400: a grand has none).
POINTS_400: Mapping[int, int] = {
    2: 2,
    3: 3,
    4: 4,
    5: 10,
    6: 12,
    7: 14,
    8: 16,
    9: 27,
    10: 30,
    11: 33,
    12: 36,
}
POINTS_41: Mapping[int, int] = {
    1: 1,
    2: 2,
    3: 3,
    4: 4,
    5: 5,
    6: 6,
    7: 14,
    8: 16,
    9: 18,
    10: 20,
    11: 22,
    12: 24,
    13: 26,
}
# 400: (a score at least this, the least bid or total it calls for), highest first.
MIN_BID_400 = ((50, 5), (40, 4), (30, 3))
LOWEST_BID_400 = 2
RISING_TOTAL_400 = ((50, 14), (40, 13), (30, 12))
LOWEST_TOTAL = 11


@dataclass(frozen=True)
class BidsHand:
    """One hand of 400 or 41: bids and tricks by seat; no tricks when it was thrown in."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...] | None
    penalised: frozenset[int] = frozenset()


def _tricks_field() -> IntList:
    return IntList(
        "tricks",
        required=False,
        length=4,
        min=0,
        max=TRICKS,
        help="Tricks each player took, by seat; they add up to 13. Left out when "
        "the bids were too low and the hand was thrown in.",
    )


def _penalised_field() -> ListOf:
    return ListOf(
        "penalised",
        required=False,
        max_items=4,
        item=Int("seat", min=0, max=3),
        help="Seats that broke the ten-second rule and score nothing (option slow_play_penalty).",
    )


def individual_shapes(lowest_bid: int) -> tuple[Shape, ...]:
    bids = IntList(
        "bids",
        length=4,
        min=lowest_bid,
        max=TRICKS,
        help="Each player's bid, by seat: the tricks he alone undertook.",
    )
    played = (
        bids,
        _tricks_field(),
        _penalised_field(),
        Const("thrown_in", required=False, value=False),
    )
    return (
        Shape("played", played, title="Played"),
        Shape(
            "thrown_in",
            (bids, Const("thrown_in", value=True)),
            title="Bids too low: thrown in",
            thrown_in=True,
        ),
    )


def slow_play_option() -> Option:
    return Option(
        "slow_play_penalty",
        "boolean",
        False,
        help="The ten-second rule: a hand may list penalised players, who score nothing for it.",
    )


class IndividualTarneeb(Variant):
    """What 400 and 41 share; subclasses give the table of points and the minimums."""

    family = "tarneeb"
    hand_kind = "individual"
    tricks = TRICKS
    individual = True
    points: ClassVar[Mapping[int, int]]
    grand_decides: ClassVar[bool] = False

    # -- what differs between 400 and 41 --------------------------------------------------
    def min_bid(self, points: int) -> int:
        return 1

    def min_total(self, ctx: HandContext) -> int:
        return LOWEST_TOTAL

    def both_qualify(self, ctx: HandContext) -> str:
        return "higher_total"

    # -- checking -------------------------------------------------------------------------
    def build(self, shape: Shape, values: dict[str, Any], ctx: HandContext) -> BidsHand:
        bids: tuple[int, ...] = values["bids"]
        penalised = self._penalised(values.get("penalised"), ctx)
        self._check_minimums(bids, ctx)
        too_low = sum(bids) < self.min_total(ctx)
        tricks = values.get("tricks")
        if shape.thrown_in or tricks is None:
            self._check_thrown_in(
                bids, too_low, penalised, "thrown_in" if shape.thrown_in else "tricks"
            )
            return BidsHand(bids, None)
        if too_low:
            raise RuleViolation(
                "bids",
                _(
                    "The bids add up to {total}, under the {minimum} "
                    "this hand needs: it was thrown in, so send the "
                    "bids without tricks."
                ),
                total=sum(bids),
                minimum=self.min_total(ctx),
            )
        if sum(tricks) != TRICKS:
            raise RuleViolation(
                "tricks", _("The tricks must add up to 13, not {total}."), total=sum(tricks)
            )
        return BidsHand(bids, tricks, penalised)

    def _check_minimums(self, bids: Sequence[int], ctx: HandContext) -> None:
        scores = _player_scores(ctx.game)
        for seat, bid in enumerate(bids):
            minimum = self.min_bid(scores[seat])
            if bid < minimum:
                raise RuleViolation(
                    "bids",
                    _("{name} has {points} points and must bid at least {minimum}."),
                    name=ctx.name(seat),
                    points=scores[seat],
                    minimum=minimum,
                )

    def _check_thrown_in(
        self, bids: Sequence[int], too_low: bool, penalised: frozenset[int], field: str
    ) -> None:
        if not too_low:
            raise RuleViolation(
                field,
                _(
                    "The bids add up to {total}, enough for the hand to "
                    "be played: give the tricks each player took."
                ),
                total=sum(bids),
            )
        if penalised:
            raise RuleViolation(
                "penalised", _("A thrown-in hand is not played, so nobody can be penalised in it.")
            )

    def _penalised(self, seats: Sequence[int] | None, ctx: HandContext) -> frozenset[int]:
        if not seats:
            return frozenset()
        if not ctx.options["slow_play_penalty"]:
            raise RuleViolation(
                "penalised",
                _("The ten-second rule is not played at this table (option slow_play_penalty)."),
            )
        if len(set(seats)) != len(seats):
            raise RuleViolation("penalised", _("List each penalised player once."))
        return frozenset(seats)

    # -- scoring --------------------------------------------------------------------------
    def score(self, hand: BidsHand, ctx: HandContext) -> Score:
        if hand.tricks is None:
            return Score(
                thrown_in=True,
                summary=f"The bids add up to {sum(hand.bids)}, under "
                f"{self.min_total(ctx)}: thrown in",
            )
        player_delta = tuple(self._player_points(hand, seat) for seat in range(self.players))
        winner = self._grand_winner(hand, ctx)
        extra = None if winner is not None else self._raised_target(player_delta, ctx)
        return Score(
            player_delta=player_delta,
            game_winner=winner,
            extra=extra,
            summary=self._summary(hand, player_delta, winner, ctx),
        )

    def _player_points(self, hand: BidsHand, seat: int) -> int:
        assert hand.tricks is not None
        bid = hand.bids[seat]
        if seat in hand.penalised or (self.grand_decides and bid == GRAND):
            return 0
        value = self.points[bid]
        return value if hand.tricks[seat] >= bid else -value

    def _grand_winner(self, hand: BidsHand, ctx: HandContext) -> int | None:
        if not self.grand_decides:
            return None
        assert hand.tricks is not None
        grands = [
            seat
            for seat, bid in enumerate(hand.bids)
            if bid == GRAND and seat not in hand.penalised
        ]
        made = [seat for seat in grands if hand.tricks[seat] == TRICKS]
        if made:
            return _team(ctx, made[0])
        failed_teams = {_team(ctx, seat) for seat in grands}
        if len(failed_teams) == 1:
            return 1 - failed_teams.pop()
        return None

    def _raised_target(
        self, player_delta: Sequence[int], ctx: HandContext
    ) -> dict[str, Any] | None:
        if self.both_qualify(ctx) != "raise_target":
            return None
        target = current_target(ctx.game, ctx)
        after = [a + b for a, b in zip(_player_scores(ctx.game), player_delta, strict=True)]
        if len(self.qualifying_teams(after, target)) < len(self.teams or ()):
            return None
        return {**ctx.game.extra, "target": target + TARGET_RAISE}

    def _summary(
        self, hand: BidsHand, player_delta: Sequence[int], winner: int | None, ctx: HandContext
    ) -> str:
        assert hand.tricks is not None
        parts = []
        for seat, (bid, took) in enumerate(zip(hand.bids, hand.tricks, strict=True)):
            penalty = " (penalised)" if seat in hand.penalised else ""
            parts.append(
                f"{ctx.name(seat)} bid {bid}, took {took}{penalty}: {player_delta[seat]:+d}"
            )
        text = "; ".join(parts)
        if winner is not None:
            names = " and ".join(ctx.name(seat) for seat in (self.teams or ())[winner])
            text += f". The grand decides the game for {names}"
        return text

    # -- the end of a game ----------------------------------------------------------------
    def qualifying_teams(self, player_scores: Sequence[int], target: int) -> list[int]:
        """Partnerships with a player at or above the target whose partner is above 0."""
        return [
            index
            for index, (one, two) in enumerate(self.teams or ())
            if (player_scores[one] >= target and player_scores[two] > 0)
            or (player_scores[two] >= target and player_scores[one] > 0)
        ]

    def target_in_force(self, ctx: HandContext) -> int | None:
        return current_target(ctx.game, ctx)

    def waiting_on_partner(self, ctx: HandContext) -> tuple[tuple[int, int], ...]:
        scores, target = _player_scores(ctx.game), current_target(ctx.game, ctx)
        return tuple(
            (seat, partner)
            for one, two in self.teams or ()
            for seat, partner in ((one, two), (two, one))
            if scores[seat] >= target and scores[partner] <= 0
        )

    def game_end(self, game: GameState, score: Score, ctx: HandContext) -> GameEnd | None:
        if score.game_winner is not None:
            return GameEnd(score.game_winner)
        # The target in force during the hand: a raise decided by this hand counts from
        # the next one.
        teams = self.qualifying_teams(_player_scores(game), current_target(ctx.game, ctx))
        if len(teams) == 1:
            return GameEnd(teams[0])
        if teams and self.both_qualify(ctx) == "higher_total":
            return _higher_total(game.scores)
        return None


def current_target(game: GameState, ctx: HandContext) -> int:
    """The target, or the raised one once both partnerships have qualified together."""
    return int(game.extra.get("target", ctx.target()))


def _higher_total(scores: Sequence[int] | None) -> GameEnd | None:
    """The partnership with the higher total; equal totals play on."""
    assert scores is not None
    best = max(scores)
    leaders = [side for side, total in enumerate(scores) if total == best]
    return GameEnd(leaders[0]) if len(leaders) == 1 else None


def _team(ctx: HandContext, seat: int) -> int:
    team = ctx.table.team_of(seat)
    assert team is not None
    return team


def _player_scores(game: GameState) -> tuple[int, ...]:
    assert game.player_scores is not None
    return game.player_scores


@register
class Tarneeb400(IndividualTarneeb):
    slug = "tarneeb_400"
    name = "Tarneeb 400"
    description = (
        "Each player bids the tricks he alone will take, hearts trump; scores are "
        "kept by player and a bid of 13 decides the game."
    )
    points = POINTS_400
    grand_decides = True
    options = (
        target_option(41, help="The score a player must reach, his partner above 0, to win."),
        Option(
            "min_total_bids",
            "choice",
            "rising",
            ("rising", *range(10, 17)),
            help='The least the four bids may add up to: "rising" (11; 12 once any '
            "player has 30 or more, 13 at 40, 14 at 50) or a fixed number from 10 "
            "to 16.",
        ),
        Option(
            "both_qualify",
            "choice",
            "raise_target",
            BOTH_QUALIFY,
            help="When both partnerships qualify in one hand: play on with the target "
            "raised by 10, or the higher partnership total wins.",
        ),
        slow_play_option(),
    )
    shapes = individual_shapes(LOWEST_BID_400)

    def min_bid(self, points: int) -> int:
        return _by_score(MIN_BID_400, points, LOWEST_BID_400)

    def min_total(self, ctx: HandContext) -> int:
        fixed = ctx.options["min_total_bids"]
        if fixed != "rising":
            return int(fixed)
        return _by_score(RISING_TOTAL_400, max(_player_scores(ctx.game)), LOWEST_TOTAL)

    def both_qualify(self, ctx: HandContext) -> str:
        return str(ctx.options["both_qualify"])


@register
class Tarneeb41(IndividualTarneeb):
    slug = "tarneeb_41"
    name = "Tarneeb 41"
    description = (
        "As 400, but a bid of 1 is allowed, the bids must total 11 and a bid of 13 scores 26."
    )
    points = POINTS_41
    options = (
        target_option(41, help="The score a player must reach, his partner above 0, to win."),
        slow_play_option(),
    )
    shapes = individual_shapes(1)


def _by_score(steps: Sequence[tuple[int, int]], points: int, lowest: int) -> int:
    return next((value for threshold, value in steps if points >= threshold), lowest)
