"""A match as a fold over its hands: generic for every variant and every match format.

``start`` gives the state before the first hand; ``play`` checks and scores one payload and
returns the stored hand and the state after it; ``replay`` rebuilds a match from its
stored payloads, which is how corrections and undos re-score. A match is one game or best
of three (``games_to_win`` 2), whose third game is *la bella*. A tournament's match may
also be limited (``limits.py``: hands per match, time called).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .base import GameEnd, GameState, HandContext, Score, Table, Turn, Variant, seat_violation
from .errors import MatchConflict, RuleViolation, _
from .fields import is_int
from .limits import (  # noqa: F401  (MatchLimits, Outcome, call_time, outcome: re-exported)
    MatchLimits,
    Outcome,
    apply_limits,
    call_time,
    check_limits,
    outcome,
)
from .names import MAX_NAME, clean_name
from .options import resolve_options

MAX_PLAYER_NAME = MAX_NAME  # a player's name at a table (the one name rule's limit)
# A match is won by the first side to win 1 game, or 2 (best of three, with la bella).
GAMES_TO_WIN = (1, 2)


class MatchFinished(MatchConflict):
    """The match is finished: no hand, correction of state or close fits it (a conflict,
    not a rule violation). The one exception for it, from the engine and the services."""

    def __init__(self, template: str = _("The match is finished."), **params: object) -> None:
        super().__init__(template, **params)


@dataclass(frozen=True)
class MatchState:
    games: tuple[GameState, ...]
    games_won: tuple[int, ...]
    next: Turn
    number: int = 1  # the number the next hand will get
    finished: bool = False
    winner: int | None = None
    closed: bool = False
    time_called: bool = False
    last_hand: int | None = None  # the last hand time allows, once time is called
    draw: bool = False  # finished level at a limit

    @property
    def game(self) -> GameState:
        return self.games[-1]

    def is_bella(self, table: Table) -> bool:
        """Whether the game being played is la bella (see ``is_bella``)."""
        return is_bella(table, self)

    def context(self, table: Table) -> HandContext:
        """What the next hand will be checked and scored against."""
        return HandContext(table, self.game, self.next, is_bella(table, self))

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": [g.to_dict() for g in self.games],
            "games_won": list(self.games_won),
            "next": {"dealer": self.next.dealer, "first_to_speak": self.next.first_to_speak},
            "number": self.number,
            "finished": self.finished,
            "winner": self.winner,
            "closed": self.closed,
            "time_called": self.time_called,
            "last_hand": self.last_hand,
            "draw": self.draw,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchState:
        return cls(
            games=tuple(GameState.from_dict(g) for g in data["games"]),
            games_won=tuple(data["games_won"]),
            next=Turn(**data["next"]),
            number=data["number"],
            finished=data["finished"],
            winner=data["winner"],
            closed=data["closed"],
            time_called=data.get("time_called", False),
            last_hand=data.get("last_hand"),
            draw=data.get("draw", False),
        )


@dataclass(frozen=True)
class PlayedHand:
    """A scored hand as the match keeps it."""

    number: int
    game: int
    input: Mapping[str, Any]
    dealer: int
    first_to_speak: int | None
    delta: tuple[int, ...] | None
    player_delta: tuple[int, ...] | None
    scores_after: tuple[int, ...] | None
    player_scores_after: tuple[int, ...] | None
    thrown_in: bool
    summary: str
    details: Mapping[str, Any]
    game_winner: int | None  # set when this hand ended its game
    ended_game: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "game": self.game,
            "input": dict(self.input),
            "dealer": self.dealer,
            "first_to_speak": self.first_to_speak,
            "delta": _list(self.delta),
            "player_delta": _list(self.player_delta),
            "scores_after": _list(self.scores_after),
            "player_scores_after": _list(self.player_scores_after),
            "thrown_in": self.thrown_in,
            "summary": self.summary,
            "details": dict(self.details),
            "ended_game": self.ended_game,
            "game_winner": self.game_winner,
        }


def make_table(
    variant: Variant,
    players: Any,
    options: Any = None,
    games_to_win: Any = None,
    first_dealer: Any = 0,
    limits: Any = None,
) -> Table:
    """Check a match set-up and return the table with every option resolved."""
    names = _clean_players(variant, players)
    if games_to_win is None:
        games_to_win = variant.default_games_to_win
    if not is_int(games_to_win) or games_to_win not in GAMES_TO_WIN:
        raise RuleViolation(
            "games_to_win", _("Must be 1 (one game) or 2 (best of three, with la bella).")
        )
    if variant.session and games_to_win != 1:
        raise RuleViolation(
            "games_to_win",
            _("{variant} is one open session: games_to_win is 1."),
            variant=variant.name,
        )
    if first_dealer is None:
        first_dealer = 0
    if not is_int(first_dealer) or not 0 <= first_dealer < variant.players:
        raise seat_violation("first_dealer", variant.players)
    resolved = resolve_options(variant.options, options, variant.name)
    table = Table(
        variant, names, resolved, games_to_win, first_dealer, check_limits(variant, limits)
    )
    variant.check_table(table)
    return table


def _clean_players(variant: Variant, players: Any) -> tuple[str, ...]:
    if not isinstance(players, list) or len(players) != variant.players:
        raise RuleViolation(
            "players",
            _("{variant} is played by {count} players: give {count} names in seat order."),
            variant=variant.name,
            count=variant.players,
        )
    names = []
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise RuleViolation("players", _("Each player needs a name."))
        name = clean_name(name, "players", MAX_PLAYER_NAME)
        if name in names:
            raise RuleViolation(
                "players",
                _("Each player needs a different name: {name} is there twice."),
                name=name,
            )
        names.append(name)
    return tuple(names)


def start(table: Table) -> MatchState:
    variant = table.variant
    game = variant.new_game(table, 1)
    dealer = table.first_dealer
    return MatchState(
        games=(game,),
        games_won=(0,) * variant.sides,
        next=Turn(dealer, variant.first_to_speak(dealer, game)),
    )


def is_bella(table: Table, state: MatchState) -> bool:
    """The deciding game of a best of three, when each side has all but one win."""
    return (
        table.games_to_win > 1
        and bool(state.games_won)
        and all(won == table.games_to_win - 1 for won in state.games_won)
    )


def play(table: Table, state: MatchState, payload: Any) -> tuple[PlayedHand, MatchState]:
    """Check and score one hand payload against the match as it stands."""
    if state.finished:
        raise MatchFinished
    variant = table.variant
    if not isinstance(payload, Mapping):
        raise RuleViolation("non_field_errors", _("A hand must be a JSON object."))
    body = dict(payload)
    turn = state.next
    if "dealer" in body:
        dealer = body.pop("dealer")
        if not is_int(dealer) or not 0 <= dealer < variant.players:
            raise seat_violation("dealer", variant.players)
        turn = Turn(dealer, variant.first_to_speak(dealer, state.game))
    ctx = HandContext(table, state.game, turn, is_bella(table, state))
    hand = variant.parse(body, ctx)
    score = variant.score(hand, ctx)
    game, delta, player_delta = _apply(variant, state.game, score)
    end = variant.game_end(game, score, ctx)
    next_dealer = variant.next_dealer(hand, score, ctx)
    played = PlayedHand(
        number=state.number,
        game=game.number,
        input=dict(payload),
        dealer=turn.dealer,
        first_to_speak=variant.spoke_first(hand, ctx),
        delta=delta,
        player_delta=player_delta,
        scores_after=game.scores,
        player_scores_after=game.player_scores,
        thrown_in=score.thrown_in,
        summary=score.summary,
        details=score.details,
        game_winner=end.winner if end else None,
        ended_game=end is not None,
    )
    return played, apply_limits(table, _advance(table, state, game, end, next_dealer))


def _apply(
    variant: Variant, game: GameState, score: Score
) -> tuple[GameState, tuple[int, ...] | None, tuple[int, ...] | None]:
    player_delta = score.player_delta
    if variant.individual and player_delta is None:
        player_delta = (0,) * variant.players
    delta = score.delta
    if variant.individual and variant.teams is not None:
        assert player_delta is not None
        delta = tuple(sum(player_delta[seat] for seat in team) for team in variant.teams)
    if delta is None and variant.teams is not None:
        delta = (0,) * variant.sides
    after = replace(
        game,
        scores=_add(game.scores, delta),
        player_scores=_add(game.player_scores, player_delta),
        hands=game.hands + 1,
        extra=score.extra if score.extra is not None else game.extra,
    )
    return after, delta, player_delta


def _advance(
    table: Table, state: MatchState, game: GameState, end: GameEnd | None, next_dealer: int
) -> MatchState:
    variant = table.variant
    games = state.games[:-1]
    if end is None:
        games += (game,)
        return replace(
            state,
            games=games,
            number=state.number + 1,
            next=Turn(next_dealer, variant.first_to_speak(next_dealer, game)),
        )
    games += (replace(game, finished=True, winner=end.winner),)
    won = list(state.games_won)
    if end.winner is not None and won:
        won[end.winner] += 1
    finished = variant.session or (end.winner is not None and won[end.winner] >= table.games_to_win)
    if not finished:
        games += (variant.new_game(table, game.number + 1),)
    return replace(
        state,
        games=games,
        games_won=tuple(won),
        number=state.number + 1,
        finished=finished,
        winner=end.winner if finished else None,
        next=Turn(next_dealer, variant.first_to_speak(next_dealer, games[-1])),
    )


def replay(
    table: Table,
    payloads: Iterable[Any],
    closed: bool = False,
    time_called_after: int | None = None,
) -> tuple[list[PlayedHand], MatchState]:
    """Re-score a match from its stored payloads, in order.

    A payload that no longer fits (after a correction) raises a `RuleViolation` that says
    which hand it is; a hand after the match ended is refused the same way. Time called
    after ``time_called_after`` hands is called again at that point (or after the last
    hand, when fewer are left).
    """
    state = start(table)
    hands: list[PlayedHand] = []
    for payload in payloads:
        if time_called_after is not None and len(hands) == time_called_after:
            state = call_time(table, state)
        if state.finished:
            raise RuleViolation(
                "number",
                _("Hand {number} would come after the end of the match."),
                number=state.number,
            )
        try:
            hand, state = play(table, state, payload)
        except RuleViolation as error:
            raise RuleViolation(
                error.field, _("Hand {number}: {message}"), number=state.number, message=error
            ) from error
        hands.append(hand)
    if time_called_after is not None and len(hands) <= time_called_after:
        state = call_time(table, state)
    return hands, close(table, state) if closed else state


def close(table: Table, state: MatchState) -> MatchState:
    """End a match the table stops: a session's leader wins; an abandoned game has no winner."""
    if state.finished and not table.variant.session:
        return replace(state, closed=True)
    winner = table.variant.close_winner(state.game)
    game = replace(state.game, finished=True, winner=winner)
    return replace(
        state, games=(*state.games[:-1], game), finished=True, closed=True, winner=winner
    )


def _add(total: Sequence[int] | None, delta: Sequence[int] | None) -> tuple[int, ...] | None:
    if total is None:
        return None
    if delta is None:
        return tuple(total)
    return tuple(a + b for a, b in zip(total, delta, strict=True))


def _list(value: Sequence[int] | None) -> list[int] | None:
    return list(value) if value is not None else None
