"""The shape every variant fills in, and the values that flow between the engine's parts.

Terms: a *match* is one or more *games* (best of three with *la bella*); a game is a run of
*hands* (deals) until a side reaches the target. A *side* is a team, or a player where
each player is his own side (belote_2p). *Seats* run 0..N-1 in the order of play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, ClassVar

from .errors import RuleViolation, _
from .fields import Choice, Shape, pick_shape
from .limits import NO_LIMITS, MatchLimits
from .options import Option

PAIRS: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
FRENCH_SUITS = ("clubs", "diamonds", "hearts", "spades")
ITALIAN_SUITS = ("coins", "cups", "swords", "clubs")


@dataclass(frozen=True)
class Table:
    """Who plays what, as chosen when the match was created."""

    variant: Variant
    players: tuple[str, ...]
    options: Mapping[str, Any]
    games_to_win: int = 1
    first_dealer: int = 0
    limits: MatchLimits = NO_LIMITS

    def name(self, seat: int) -> str:
        return self.players[seat]

    def team_of(self, seat: int) -> int | None:
        teams = self.variant.teams
        if teams is None:
            return None
        return next(index for index, team in enumerate(teams) if seat in team)


@dataclass(frozen=True)
class GameState:
    """A game's running totals. ``extra`` holds variant state (a raised target, held points)."""

    number: int
    scores: tuple[int, ...] | None
    player_scores: tuple[int, ...] | None
    hands: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)
    finished: bool = False
    winner: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "scores": _list(self.scores),
            "player_scores": _list(self.player_scores),
            "hands": self.hands,
            "extra": dict(self.extra),
            "finished": self.finished,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        return cls(
            number=data["number"],
            scores=_tuple(data["scores"]),
            player_scores=_tuple(data["player_scores"]),
            hands=data["hands"],
            extra=dict(data["extra"]),
            finished=data["finished"],
            winner=data["winner"],
        )


@dataclass(frozen=True)
class Turn:
    """Who deals the next hand and who speaks (bids, or names trump) first."""

    dealer: int
    first_to_speak: int | None


@dataclass(frozen=True)
class HandContext:
    """Everything a variant may read while checking and scoring one hand."""

    table: Table
    game: GameState
    turn: Turn
    is_bella: bool = False

    @property
    def options(self) -> Mapping[str, Any]:
        return self.table.options

    @property
    def dealer(self) -> int:
        return self.turn.dealer

    @property
    def first_hand_of_game(self) -> bool:
        return self.game.hands == 0

    def name(self, seat: int) -> str:
        return self.table.name(seat)

    def target(self) -> int:
        """The game's target; la bella may be played to another (option ``bella_target``)."""
        bella: int | None = self.options.get("bella_target")
        if self.is_bella and bella is not None:
            return bella
        target: int = self.options["target"]
        return target


@dataclass(frozen=True)
class Score:
    """What one hand does to the game: the variant's verdict on a hand."""

    delta: tuple[int, ...] | None = None  # by side; derived from player_delta when individual
    player_delta: tuple[int, ...] | None = None  # by seat, where players are scored alone
    thrown_in: bool = False
    summary: str = ""
    game_winner: int | None = None  # a side that wins the game at once (a sweep, a claim)
    extra: Mapping[str, Any] | None = None  # the game's variant state after the hand
    details: Mapping[str, Any] = field(default_factory=dict)  # shown on the score sheet


@dataclass(frozen=True)
class GameEnd:
    """A game is over; ``winner`` is a side (or a seat in trionfo), ``None`` for a tie."""

    winner: int | None


class Outcome(StrEnum):
    """How a contract ended, as a hand's ``details["outcome"]`` says it."""

    MADE = "made"
    DOWN = "down"
    HELD = "litige"  # blot: an exact tie whose points are held for the next deal


class Variant:
    """A game's rules. Subclasses set the class attributes and override the hooks."""

    slug: ClassVar[str]
    name: ClassVar[str]
    family: ClassVar[str]
    description: ClassVar[str] = ""
    players: ClassVar[int] = 4
    teams: ClassVar[tuple[tuple[int, ...], ...] | None] = PAIRS
    individual: ClassVar[bool] = False  # players scored alone; team scores are their sums
    session: ClassVar[bool] = False  # no natural end: the table closes it (trionfo)
    # Whether a tournament of teams can be played in it (trionfo: only an individual event).
    team_tournaments: ClassVar[bool] = True
    suits: ClassVar[tuple[str, ...]] = FRENCH_SUITS
    options: ClassVar[tuple[Option, ...]] = ()
    shapes: ClassVar[tuple[Shape, ...]] = ()
    default_games_to_win: ClassVar[int] = 1
    redeal_same_dealer: ClassVar[bool] = False  # a thrown-in hand is dealt again by its dealer
    dealer_named_by: ClassVar[str | None] = None  # a hand's field naming the next dealer
    # What the table calls the player who names trump ("declarer", or "taker" where trump
    # is taken rather than bid for), and how the deal is prepared ("" for a plain shuffle).
    declarer_role: ClassVar[str] = "declarer"
    dealing: ClassVar[str] = ""
    # Facts of the game, declared once here; the pages' forms and lines read them.
    hand_kind: ClassVar[str] = ""  # what a hand's payload describes: one hand form per kind
    tricks: ClassVar[int | None] = None  # tricks in a deal
    deal_points: ClassVar[int | None] = None  # card points in a deal, the last trick included
    deal_thirds: ClassVar[int | None] = None  # card points in thirds (the Italian deck)
    bids: ClassVar[tuple[int | str, ...]] = ()  # the ladder of bids a table calls, lowest first

    # -- declaration ---------------------------------------------------------------------
    def hand_schema(self) -> dict[str, Any]:
        schemas = [shape.json_schema() for shape in self.shapes]
        for schema in schemas:
            schema["properties"]["dealer"] = {
                "type": "integer",
                "minimum": 0,
                "maximum": self.players - 1,
                "description": "The seat that dealt, where the table did not follow the rotation.",
            }
        return schemas[0] if len(schemas) == 1 else {"oneOf": schemas}

    def takes(self, name: str) -> bool:
        """Whether a hand's payload may carry the field ``name`` (coinche, kapot, doubled)."""
        return any(f.name == name for shape in self.shapes for f in shape.fields)

    def strains(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """What a declarer may name as trump at a table with these options."""
        for shape in self.shapes:
            for f in shape.fields:
                if f.name == "trump" and isinstance(f, Choice):
                    return tuple(str(choice) for choice in f.choices)
        return ()

    @property
    def sides(self) -> int:
        return len(self.teams) if self.teams is not None else 0

    # -- hooks ---------------------------------------------------------------------------
    def check_table(self, table: Table) -> None:
        """Refuse a set-up the variant cannot play (wrong number of players...)."""

    def new_game(self, table: Table, number: int) -> GameState:
        sides = self.sides
        return GameState(
            number=number,
            scores=(0,) * sides if self.teams is not None else None,
            player_scores=(0,) * self.players if self.individual else None,
        )

    def parse(self, payload: Mapping[str, Any], ctx: HandContext) -> Any:
        """Check a payload (without ``dealer``) and return the hand the variant scores."""
        shape = pick_shape(self.shapes, payload)
        return self.build(shape, shape.clean(payload), ctx)

    def build(self, shape: Shape, values: dict[str, Any], ctx: HandContext) -> Any:
        """Cross-field checks on cleaned values; returns the hand object."""
        return values

    def score(self, hand: Any, ctx: HandContext) -> Score:
        raise NotImplementedError

    def game_end(self, game: GameState, score: Score, ctx: HandContext) -> GameEnd | None:
        """After a hand: is the game over? By default a side at or above the target wins,
        the higher total if both are."""
        if score.game_winner is not None:
            return GameEnd(score.game_winner)
        return highest_past_target(game.scores, ctx.target())

    def first_to_speak(self, dealer: int, game: GameState) -> int | None:
        """Who speaks first in a hand that ``dealer`` deals as hand ``game.hands + 1``."""
        return (dealer + 1) % self.players

    def spoke_first(self, hand: Any, ctx: HandContext) -> int | None:
        """Who spoke first in this hand, as stored with it: the rotation's, unless the
        payload names him (maraffa's battezzante, trionfo's first)."""
        return ctx.turn.first_to_speak

    def next_dealer(self, hand: Any, score: Score, ctx: HandContext) -> int:
        if score.thrown_in and self.redeal_same_dealer:
            return ctx.dealer
        return (ctx.dealer + 1) % self.players

    def close_winner(self, game: GameState) -> int | None:
        """Who wins when the table closes the match: nobody, except in sessions."""
        return None

    def dealers_after(self, ctx: HandContext) -> tuple[int, ...] | None:
        """By seat: who deals after a hand that seat dealt and played, as the rotation says
        (for a phone that holds hands the server has not seen); None where each hand names
        the next dealer (``dealer_named_by``)."""
        if self.dealer_named_by is not None:
            return None
        return tuple(
            self.next_dealer(None, Score(), replace(ctx, turn=Turn(seat, None)))
            for seat in range(self.players)
        )

    def later_first_to_speak(self, dealer: int, game: GameState) -> int | None:
        """Who speaks first in a hand ``dealer`` deals once a hand of ``game`` was played."""
        return self.first_to_speak(dealer, replace(game, hands=game.hands + 1))

    # -- what the table is told about the game in play ------------------------------------
    def target_in_force(self, ctx: HandContext) -> int | None:
        """The target of the game in play (la bella's, or a raised one); None without one."""
        return ctx.target() if "target" in ctx.options else None

    def waiting_on_partner(self, ctx: HandContext) -> tuple[tuple[int, int], ...]:
        """(seat, partner) for each player past the target who cannot win yet because of his
        partner's score; only where players are scored alone."""
        return ()


def highest_past_target(scores: Sequence[int] | None, target: int) -> GameEnd | None:
    """The side at or above the target; of several, the higher total; a tie plays on."""
    if scores is None:
        return None
    past = [side for side, total in enumerate(scores) if total >= target]
    if not past:
        return None
    best = max(scores[side] for side in past)
    leaders = [side for side in past if scores[side] == best]
    return GameEnd(leaders[0]) if len(leaders) == 1 else None


def seat_violation(field_name: str, players: int) -> RuleViolation:
    return RuleViolation(
        field_name, _("There is no seat like that: seats are 0 to {last}."), last=players - 1
    )


def _list(value: tuple[int, ...] | None) -> list[int] | None:
    return list(value) if value is not None else None


def _tuple(value: Sequence[int] | None) -> tuple[int, ...] | None:
    return tuple(value) if value is not None else None
