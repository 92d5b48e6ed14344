"""The ORM rows ↔ the engine's values, in one place for the services and the selectors.

A ``Match`` row holds the table (variant, players, options, format) and the engine's
``MatchState`` as JSON; a ``Hand`` row holds the payload as entered (``input``) and what
the engine found (``result``: everything of the ``PlayedHand`` but its number, game and
input, which are columns of their own).
"""

from __future__ import annotations

from typing import Any

from . import rules
from .models import Hand, Match
from .rules import MatchLimits, MatchState, PlayedHand, Table

HAND_COLUMNS = ("number", "game", "input")


def table_of(match: Match) -> Table:
    variant = rules.get_variant(match.variant)
    return Table(
        variant,
        tuple(match.players),
        match.options,
        match.games_to_win,
        match.first_dealer,
        limits_of(match),
    )


def limits_of(match: Match) -> MatchLimits:
    return MatchLimits(match.hands_per_match, match.at_time, match.draws_allowed)


def state_of(match: Match) -> MatchState:
    return MatchState.from_dict(match.state)


def hand_row(match: Match, played: PlayedHand) -> Hand:
    """The row that stores ``played`` (not saved)."""
    result = played.to_dict()
    for key in HAND_COLUMNS:
        result.pop(key)
    hand = Hand(
        match_id=match.pk,  # by its key: setting ``match=`` asks the database router
        number=played.number,
        game=played.game,
        input=dict(played.input),
        result=result,
    )
    Hand.match.field.set_cached_value(hand, match)  # ``hand.match`` is ``match``, unread
    return hand


def hand_data(hand: Hand) -> dict[str, Any]:
    """A stored hand as the engine gave it (``PlayedHand.to_dict``'s keys)."""
    return {"number": hand.number, "game": hand.game, "input": hand.input, **hand.result}
