"""Reads that the API and the pages share.

A match is read as one ``MatchView`` per request (``match_view``): its variant looked up
once and its state folded once from the row, then the API's document (``data``) and the
match page's outlook (``outlook``) computed from them, each once.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.db.models import QuerySet

from . import rules
from .convert import hand_data, state_of, table_of
from .models import Hand, HandChange, Match

VIEW_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def key_of(token: str) -> uuid.UUID | None:
    """The match id a token spells, if it is a key (an ``id``) rather than a ``view_id``."""
    try:
        match_id = uuid.UUID(token)
    except ValueError:
        return None
    return match_id if str(match_id) == token.lower() else None


def match_by_token(token: str) -> tuple[Match, bool]:
    """The match a link's token opens, and whether the token may write (its ``id``).

    A spectator's ``view_id`` opens the match read-only. Anything else is ``DoesNotExist``.
    """
    match_id = key_of(token)
    if match_id is None:
        if not VIEW_ID.fullmatch(token):
            raise Match.DoesNotExist
        return Match.objects.get(view_id=token), False
    return Match.objects.get(pk=match_id), True


def is_bella(match: Match) -> bool:
    """Whether the game being played is la bella, as the engine says."""
    return state_of(match).is_bella(table_of(match))


def outlook(match: Match) -> dict[str, Any]:
    """The game in play as the engine sees it (``MatchView.outlook``)."""
    return match_view(match, writable=False).outlook


@dataclass(frozen=True)
class MatchView:
    """A match as every read shows it, built once per request by ``match_view``: the row,
    whether the link may write, the table (its variant) and the state the engine folded;
    the hands and changes are read when first asked for, unless given."""

    match: Match
    writable: bool
    table: rules.Table
    state: rules.MatchState
    given_hands: list[Hand] | None = None
    given_changes: list[HandChange] | None = None

    @property
    def variant(self) -> rules.Variant:
        return self.table.variant

    @property
    def finished(self) -> bool:
        return self.state.finished

    @cached_property
    def hands(self) -> list[Hand]:
        return self.given_hands if self.given_hands is not None else list(hands_of(self.match))

    @cached_property
    def changes(self) -> list[HandChange]:
        if self.given_changes is not None:
            return self.given_changes
        return list(changes_of(self.match))

    @cached_property
    def outcome(self) -> rules.Outcome:
        return rules.outcome(self.table, self.state)

    @cached_property
    def outlook(self) -> dict[str, Any]:
        """The game in play as the engine sees it: la bella, the target in force (la
        bella's or a raised one), whether it rose, and who waits on his partner's score
        (seat, partner)."""
        variant = self.variant
        ctx = self.state.context(self.table)
        target = variant.target_in_force(ctx)
        start = ctx.target() if target is not None else None
        return {
            "bella": ctx.is_bella,
            "target": target,
            "raised": target is not None and target != start,
            "waiting": variant.waiting_on_partner(ctx),
            "dealers_after": variant.dealers_after(ctx),
            "speakers": [
                variant.later_first_to_speak(seat, ctx.game) for seat in range(variant.players)
            ],
        }

    @cached_property
    def data(self) -> dict[str, Any]:
        """The match as the API shows it; without ``id`` for a spectator."""
        match = self.match
        data: dict[str, Any] = {"id": str(match.id)} if self.writable else {}
        data.update(
            {
                "view_id": match.view_id,
                "variant": match.variant,
                "players": match.players,
                "teams": _teams(self.variant),
                "options": match.options,
                "games_to_win": match.games_to_win,
                "first_dealer": match.first_dealer,
                "status": match.status,
                "closed": match.closed,
                **self._scores_data(),
                "hands": [hand_data(hand) for hand in self.hands],
                "changes": [change_data(change) for change in self.changes],
                "created_at": match.created_at.isoformat(),
                **self._limits_data(),
            }
        )
        return data

    def _scores_data(self) -> dict[str, Any]:
        """The game in play, every game's scores, the winner and the next hand's turn."""
        state = self.state
        return {
            "game": state.game.number,
            "scores": _list(state.game.scores),
            "player_scores": _list(state.game.player_scores),
            "games_won": list(state.games_won) if self.variant.teams is not None else None,
            "games": [
                {
                    "number": g.number,
                    "scores": _list(g.scores),
                    "player_scores": _list(g.player_scores),
                    "winner": g.winner,
                    "finished": g.finished,
                }
                for g in state.games
            ],
            "winner": self.match.winner,
            "next": None
            if state.finished
            else {
                "number": state.number,
                "dealer": state.next.dealer,
                "first_to_speak": state.next.first_to_speak,
            },
        }

    def _limits_data(self) -> dict[str, Any]:
        """Where a tournament placed the match and its limits (nulls and false for a
        friendly match), and each side's points (null without sides: trionfo)."""
        match, state = self.match, self.state
        return {
            "tournament": match.tournament,
            "round": match.round,
            "table": match.table,
            "hands_per_match": match.hands_per_match,
            "at_time": match.at_time if match.tournament is not None else None,
            "time_called": state.time_called,
            "draw": state.draw,
            "points": list(self.outcome.points) if self.variant.teams is not None else None,
        }


def match_view(
    match: Match,
    *,
    writable: bool,
    hands: list[Hand] | None = None,
    changes: list[HandChange] | None = None,
) -> MatchView:
    """The match's one view for this request: one variant lookup, one state fold."""
    return MatchView(match, writable, table_of(match), state_of(match), hands, changes)


def hands_of(match: Match) -> QuerySet[Hand]:
    return match.hands.order_by("number")


def changes_of(match: Match) -> QuerySet[HandChange]:
    return match.changes.order_by("created_at", "id")


def change_data(change: HandChange) -> dict[str, Any]:
    return {
        "number": change.number,
        "action": change.action,
        "before": change.before,
        "after": change.after,
        "at": change.created_at.isoformat(),
    }


def match_data(
    match: Match,
    *,
    writable: bool,
    hands: list[Hand] | None = None,
    changes: list[HandChange] | None = None,
) -> dict[str, Any]:
    """The match as the API shows it; without ``id`` for a spectator (``MatchView.data``)."""
    return match_view(match, writable=writable, hands=hands, changes=changes).data


def match_outcome(match: Match) -> rules.Outcome:
    """The match's result as a tournament counts it (winner or draw, points, games won)."""
    return rules.outcome(table_of(match), state_of(match))


def variant_data(variant: rules.Variant) -> dict[str, Any]:
    return {
        "slug": variant.slug,
        "name": variant.name,
        "family": variant.family,
        "description": variant.description,
        "players": variant.players,
        "teams": _teams(variant),
        "individual": variant.individual,
        "session": variant.session,
        "suits": list(variant.suits),
        "default_games_to_win": variant.default_games_to_win,
        "options": {option.name: option.describe() for option in variant.options},
        "hand_schema": variant.hand_schema(),
    }


def _teams(variant: rules.Variant) -> list[list[int]] | None:
    return [list(team) for team in variant.teams] if variant.teams is not None else None


def _list(value: Any) -> list[int] | None:
    return list(value) if value is not None else None
