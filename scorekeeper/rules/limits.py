"""Match limits: a tournament's cap on hands, time called, and how a capped match ends.

Terms: ``hands_per_match`` is the number of hands (*donnes*) after which a match ends,
every recorded hand counted, thrown-in hands too **(decided)**. *Time called* is a fact
stored as the number of hands recorded when it was called; with ``at_time``
``finish_hand`` the next recorded hand is the last, with ``one_more_hand`` the one after
it. When the first of these limits is reached and the match has not ended normally, it
ends: the side with more games won wins; with equal games, the side ahead in the game in
play; level on both, a *draw* when ``draws``, else play goes on and the first hand after
which one side is ahead ends it. The game in play when a limit ends a match is cut short:
it is finished without a winner (it is not won). A match that ends normally (target,
best of three) ignores the limits. A variant without sides (trionfo, a session) ends at
its limit as it would by a close: each player keeps their own final score, the one best
score wins (shared: none, a draw).

This module knows nothing of ``MatchState`` beyond its attributes, so that ``match.py``
(the fold) can call it without an import cycle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .errors import RuleViolation, _
from .fields import is_int

if TYPE_CHECKING:
    from .base import Table, Variant
    from .match import MatchState

FINISH_HAND = "finish_hand"
ONE_MORE_HAND = "one_more_hand"
AT_TIME = (FINISH_HAND, ONE_MORE_HAND)
MAX_HANDS = 1000


@dataclass(frozen=True)
class MatchLimits:
    """The limits a match is played under; the default is none (a friendly match)."""

    hands_per_match: int | None = None
    at_time: str = FINISH_HAND
    draws: bool = True  # False: a match level at a limit plays on (elimination stages)


NO_LIMITS = MatchLimits()


@dataclass(frozen=True)
class Outcome:
    """A match's result as a tournament reads it. ``points`` and ``games_won`` are per
    side (``games_won`` empty for a variant without sides); ``points`` sums each side's
    final score in every game of the match (a game cut short included): for a variant
    without sides (trionfo), each seat's own final score."""

    finished: bool
    winner: int | None
    draw: bool
    points: tuple[int, ...]
    games_won: tuple[int, ...]


def check_limits(variant: Variant, limits: Any) -> MatchLimits:
    """Check limits given to a match set-up; ``None`` means no limits."""
    if limits is None:
        return NO_LIMITS
    if not isinstance(limits, MatchLimits):
        raise TypeError(f"limits must be a MatchLimits, not {type(limits).__name__}")
    hands = limits.hands_per_match
    if hands is not None and (not is_int(hands) or not 1 <= hands <= MAX_HANDS):
        raise RuleViolation(
            "hands_per_match",
            _("Must be a whole number from {min} to {max}."),
            min=1,
            max=MAX_HANDS,
        )
    if limits.at_time not in AT_TIME:
        raise RuleViolation("at_time", _("Must be one of: {choices}."), choices=", ".join(AT_TIME))
    if not isinstance(limits.draws, bool):
        raise RuleViolation("draws", _("Must be true or false."))
    return limits


def check_new_limit(hands_per_match: int | None, at_hand: dict[Any, int]) -> None:
    """A new hand limit for matches still being played (``at_hand``: each one's table →
    the hand it is at): refused, naming ``hands_per_match``, below the furthest one's hand
    (its hands already played would be over the limit)."""
    if hands_per_match is None or not at_hand:
        return
    table, hand = max(at_hand.items(), key=lambda item: item[1])
    if hands_per_match < hand:
        raise RuleViolation(
            "hands_per_match",
            _("Must be at least {least}: table {table} is already at hand {least}."),
            least=hand,
            table=table,
        )


def call_time(table: Table, state: MatchState) -> MatchState:
    """Time is called now: a match already called or finished is left as it is."""
    if state.finished or state.time_called:
        return state
    played = state.number - 1
    extra = 1 if table.limits.at_time == FINISH_HAND else 2
    return replace(state, time_called=True, last_hand=played + extra)


def apply_limits(table: Table, state: MatchState) -> MatchState:
    """After a hand: end the match if a limit is reached and one side is ahead (or level,
    where draws are allowed). Otherwise the state is unchanged."""
    if state.finished or not _limit_reached(table, state):
        return state
    if table.variant.teams is None:
        return _end_session(table, state)
    leader = _ahead(state)
    if leader is None and not table.limits.draws:
        return state  # play on: the first hand that leaves a side ahead ends it
    games = state.games
    if games[-1].hands == 0 and len(games) > 1:
        games = games[:-1]  # the hand that ended a game also ended the match: no new game
    else:
        games = (*games[:-1], replace(games[-1], finished=True, winner=None))
    return replace(state, games=games, finished=True, winner=leader, draw=leader is None)


def _end_session(table: Table, state: MatchState) -> MatchState:
    """A variant without sides (trionfo) at its limit: the session ends there, each player
    with their own final score; its one best score wins (shared: no winner, a draw)."""
    leader = table.variant.close_winner(state.game)
    game = replace(state.game, finished=True, winner=leader)
    return replace(
        state, games=(*state.games[:-1], game), finished=True, winner=leader, draw=leader is None
    )


def _limit_reached(table: Table, state: MatchState) -> bool:
    played = state.number - 1
    caps = [cap for cap in (table.limits.hands_per_match, state.last_hand) if cap is not None]
    return bool(caps) and played >= min(caps)


def _ahead(state: MatchState) -> int | None:
    """The side ahead on games won, then on the game in play's score; None when level."""
    leader = _single_best(state.games_won)
    if leader is None and state.game.scores is not None:
        leader = _single_best(state.game.scores)
    return leader


def _single_best(values: Sequence[int]) -> int | None:
    if not values:
        return None
    best = max(values)
    leaders = [side for side, value in enumerate(values) if value == best]
    return leaders[0] if len(leaders) == 1 else None


def outcome(table: Table, state: MatchState) -> Outcome:
    sides = table.variant.sides
    points = [0] * (sides or table.variant.players)
    for game in state.games:
        scores = game.scores if sides else game.player_scores
        if scores is not None:
            points = [total + score for total, score in zip(points, scores, strict=True)]
    return Outcome(
        finished=state.finished,
        winner=state.winner,
        draw=state.draw,
        points=tuple(points),
        games_won=tuple(state.games_won),
    )
