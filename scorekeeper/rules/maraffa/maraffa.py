"""Maraffa (Marafon-Beccacino): four players in two teams, the 40-card Italian deck.

Terms: the *battezzante* names trump and leads the first trick; in the first deal of each
game he is the holder of the 4 of coins, later the player after the dealer, and he deals
the next hand. A deal (*battezzata*) holds 35 *thirds* of card points; each team scores
``thirds // 3``, so a deal gives 11. The *maraffa* (3, 2 and ace of trump declared on the
first trick) adds 3 to its team. *Mandare a monte*: the battezzante's hand is too weak,
the same dealer deals again. A *claim* (*chiamarsi fuori*): a player stops the deal and
says his team has reached the target; right, it wins the game, wrong, it loses it.

Decisions where the rules are silent:
- (decided) A claim hand adds what is known when the deal stops: the claiming team's
  ``thirds // 3`` and the maraffa bonus to the team that declared it; the other team's
  card points were never counted and add nothing. This holds for a right and a wrong
  claim alike; the game's winner is set by the claim, not by these totals.
- (decided) With ``strict_claim`` the maraffa bonus does not count towards the claim but
  is still added to the declaring team's score.
- (decided) A redeal (mandare a monte) in the first deal of a game is still the first
  deal: the payload of the new deal names the battezzante again (whoever holds the 4 of
  coins in the new cards). The rotation's battezzante is used only once a deal of the game
  has been played.
- (decided) The first deal of a new game is dealt by the battezzante of the last hand of
  the game before: the rotation of the dealer runs on through the whole match.
- (decided) ``battezzante`` and ``maraffa`` may be ``null``, meaning left out.
- (decided) A played hand gives either ``thirds`` or a ``claim``, never both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base import ITALIAN_SUITS, GameState, HandContext, Score, Variant
from ..errors import RuleViolation, _
from ..fields import Choice, Const, Int, IntList, Object, Shape
from ..options import Option, target_option
from ..registry import register
from .deck import DEAL_THIRDS, points

MARAFFA_BONUS = 3
PLAYERS = 4
PLAYED = "played"  # game state: a deal of this game was played (not only thrown in)


@dataclass(frozen=True)
class Claim:
    """A claim: the team that stopped the deal and the thirds it had taken so far."""

    team: int
    thirds: int


@dataclass(frozen=True)
class Deal:
    """A played deal: its battezzante and trump, then the thirds by team or a claim."""

    battezzante: int
    trump: str
    thirds: tuple[int, int] | None
    maraffa: int | None
    claim: Claim | None = None


@dataclass(frozen=True)
class Redeal:
    """Mandare a monte: the battezzante throws his cards in; the same dealer deals again."""

    battezzante: int


BATTEZZANTE = Int(
    "battezzante",
    required=False,
    nullable=True,
    min=0,
    max=PLAYERS - 1,
    help="The seat that named trump (in the first deal of a game, the holder "
    "of the 4 of coins). Left out: the rotation's.",
)


@register
class Maraffa(Variant):
    slug = "maraffa"
    name = "Maraffa"
    family = "maraffa"
    hand_kind = "maraffa"
    deal_thirds = DEAL_THIRDS
    description = (
        "Marafon-Beccacino: four players in two teams with the Italian deck; the "
        "battezzante names trump, the first team to the target wins."
    )
    suits = ITALIAN_SUITS
    default_games_to_win = 2
    options = (
        target_option(41, help="The score that wins a game (31 is common)."),
        Option(
            "bella_target",
            "integer",
            None,
            min=1,
            max=100_000,
            nullable=True,
            same_as="target",
            help="The target of la bella, the third game; null: the same as target.",
        ),
        Option(
            "maraffa_by",
            "choice",
            "anyone",
            ("anyone", "battezzante"),
            help="Who may declare the maraffa: any player, or only the battezzante.",
        ),
        Option(
            "mandare_a_monte",
            "boolean",
            False,
            help="The battezzante may throw in a hand worth less than 1⅓ points; the "
            "same dealer deals again.",
        ),
        Option(
            "strict_claim",
            "boolean",
            False,
            help="A claim needs a third more than the target, without the maraffa.",
        ),
    )
    shapes = (
        Shape(
            "played",
            (
                BATTEZZANTE,
                Choice("trump", choices=ITALIAN_SUITS),
                IntList(
                    "thirds",
                    required=False,
                    length=2,
                    min=0,
                    max=DEAL_THIRDS,
                    help="Card points taken by team 0 and team 1 in thirds, last trick "
                    "included; they add up to 35.",
                ),
                Object(
                    "claim",
                    required=False,
                    fields=(
                        Int("team", min=0, max=1, help="The team that claimed."),
                        Int(
                            "thirds",
                            min=0,
                            max=DEAL_THIRDS,
                            help="What the claiming team had taken in the deal, in thirds.",
                        ),
                    ),
                    help="Chiamarsi fuori: the deal was stopped by a claim.",
                ),
                Int(
                    "maraffa",
                    required=False,
                    nullable=True,
                    min=0,
                    max=1,
                    help="The team that declared the maraffa (+3).",
                ),
                Const("thrown_in", required=False, value=False),
            ),
            title="Played",
        ),
        Shape(
            "thrown_in",
            (BATTEZZANTE, Const("thrown_in", value=True)),
            title="Mandare a monte",
            thrown_in=True,
        ),
    )

    # -- checking --------------------------------------------------------------------------
    def build(self, shape: Shape, values: dict[str, Any], ctx: HandContext) -> Deal | Redeal:
        battezzante = self._battezzante(values["battezzante"], ctx)
        if shape.thrown_in:
            if not ctx.options["mandare_a_monte"]:
                raise RuleViolation(
                    "thrown_in",
                    _("Mandare a monte is not played at this table (option mandare_a_monte)."),
                )
            return Redeal(battezzante)
        maraffa = self._maraffa(values["maraffa"], battezzante, ctx)
        thirds, claim = _thirds_or_claim(values)
        return Deal(battezzante, values["trump"], thirds, maraffa, claim)

    def _battezzante(self, given: int | None, ctx: HandContext) -> int:
        if given is not None:
            return given
        if ctx.turn.first_to_speak is None:
            raise RuleViolation(
                "battezzante",
                _(
                    "Name the battezzante: in the first deal of "
                    "a game, the holder of the 4 of coins."
                ),
            )
        return ctx.turn.first_to_speak

    def _maraffa(self, team: int | None, battezzante: int, ctx: HandContext) -> int | None:
        own = ctx.table.team_of(battezzante)
        if team is not None and ctx.options["maraffa_by"] == "battezzante" and team != own:
            raise RuleViolation(
                "maraffa",
                _(
                    "Only the battezzante ({name}) may declare the "
                    "maraffa at this table (option maraffa_by), so "
                    "it can only be for team {team}."
                ),
                name=ctx.name(battezzante),
                team=own,
            )
        return team

    # -- scoring ---------------------------------------------------------------------------
    def score(self, hand: Deal | Redeal, ctx: HandContext) -> Score:
        if isinstance(hand, Redeal):
            return Score(
                thrown_in=True, summary=f"{ctx.name(hand.battezzante)} threw in: mandare a monte"
            )
        if hand.claim is not None:
            return _score_claim(hand, hand.claim, ctx)
        return _score_deal(hand, ctx)

    # -- rotation --------------------------------------------------------------------------
    def first_to_speak(self, dealer: int, game: GameState) -> int | None:
        """The battezzante: named until a deal of the game is played, then the seat after
        the dealer."""
        if not game.extra.get(PLAYED):
            return None
        return (dealer + 1) % PLAYERS

    def spoke_first(self, hand: Deal | Redeal, ctx: HandContext) -> int | None:
        return hand.battezzante

    def next_dealer(self, hand: Deal | Redeal, score: Score, ctx: HandContext) -> int:
        if isinstance(hand, Redeal):
            return ctx.dealer
        return hand.battezzante


def _thirds_or_claim(values: dict[str, Any]) -> tuple[tuple[int, int] | None, Claim | None]:
    thirds, claim = values["thirds"], values["claim"]
    if thirds is not None and claim is not None:
        raise RuleViolation("claim", _("Give the thirds of a finished deal or a claim, not both."))
    if claim is not None:
        return None, Claim(claim["team"], claim["thirds"])
    if thirds is None:
        raise RuleViolation("thirds", _("Give the thirds each team took (or a claim)."))
    if sum(thirds) != DEAL_THIRDS:
        raise RuleViolation(
            "thirds",
            _("The thirds of a deal add up to {total}; these add up to {given}."),
            total=DEAL_THIRDS,
            given=sum(thirds),
        )
    return thirds, None


def _score_deal(hand: Deal, ctx: HandContext) -> Score:
    assert hand.thirds is not None
    delta = [points(hand.thirds[0]), points(hand.thirds[1])]
    if hand.maraffa is not None:
        delta[hand.maraffa] += MARAFFA_BONUS
    maraffa = f", maraffa for {_team(hand.maraffa, ctx)}" if hand.maraffa is not None else ""
    summary = f"{ctx.name(hand.battezzante)} named {hand.trump}: {delta[0]} to {delta[1]}{maraffa}"
    return Score(
        delta=(delta[0], delta[1]),
        summary=summary,
        extra={PLAYED: True},
        details={"thirds": list(hand.thirds), "maraffa": hand.maraffa},
    )


def _score_claim(hand: Deal, claim: Claim, ctx: HandContext) -> Score:
    right = claim_is_right(claim, hand.maraffa == claim.team, ctx)
    delta = [0, 0]
    delta[claim.team] = points(claim.thirds)
    if hand.maraffa is not None:
        delta[hand.maraffa] += MARAFFA_BONUS
    verdict = "right, wins the game" if right else "wrong, loses the game"
    summary = (
        f"{ctx.name(hand.battezzante)} named {hand.trump}; {_team(claim.team, ctx)} "
        f"claimed {ctx.target()}: {verdict}"
    )
    return Score(
        delta=(delta[0], delta[1]),
        summary=summary,
        extra={PLAYED: True},
        game_winner=claim.team if right else 1 - claim.team,
        details={
            "claim": {"team": claim.team, "thirds": claim.thirds},
            "maraffa": hand.maraffa,
            "claim_right": right,
        },
    )


def claim_is_right(claim: Claim, own_maraffa: bool, ctx: HandContext) -> bool:
    """Right: the team's score, plus the whole points it took, plus its maraffa, reaches
    the target. ``strict_claim``: a third more than the target, without the maraffa."""
    assert ctx.game.scores is not None
    score, target = ctx.game.scores[claim.team], ctx.target()
    if ctx.options["strict_claim"]:
        return 3 * score + claim.thirds >= 3 * target + 1
    bonus = MARAFFA_BONUS if own_maraffa else 0
    return score + points(claim.thirds) + bonus >= target


def _team(team: int, ctx: HandContext) -> str:
    teams = ctx.table.variant.teams
    assert teams is not None
    return " and ".join(ctx.name(seat) for seat in teams[team])
