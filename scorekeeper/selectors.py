"""Reads that the API and the pages share."""

from __future__ import annotations

import re
import uuid
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
    """The game in play as the engine sees it: la bella, the target in force (la bella's
    or a raised one), whether it rose, and who waits on his partner's score (seat, partner)."""
    table = table_of(match)
    ctx = state_of(match).context(table)
    target = table.variant.target_in_force(ctx)
    start = ctx.target() if target is not None else None
    return {
        "bella": ctx.is_bella,
        "target": target,
        "raised": target is not None and target != start,
        "waiting": table.variant.waiting_on_partner(ctx),
        "dealers_after": table.variant.dealers_after(ctx),
        "speakers": [
            table.variant.later_first_to_speak(seat, ctx.game)
            for seat in range(table.variant.players)
        ],
    }


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
    """The match as the API shows it; without ``id`` for a spectator."""
    variant = rules.get_variant(match.variant)
    state = state_of(match)
    data: dict[str, Any] = {"id": str(match.id)} if writable else {}
    data.update(
        {
            "view_id": match.view_id,
            "variant": match.variant,
            "players": match.players,
            "teams": _teams(variant),
            "options": match.options,
            "games_to_win": match.games_to_win,
            "first_dealer": match.first_dealer,
            "status": match.status,
            "closed": match.closed,
            "game": state.game.number,
            "scores": _list(state.game.scores),
            "player_scores": _list(state.game.player_scores),
            "games_won": list(state.games_won) if variant.teams is not None else None,
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
            "winner": match.winner,
            "next": None
            if state.finished
            else {
                "number": state.number,
                "dealer": state.next.dealer,
                "first_to_speak": state.next.first_to_speak,
            },
            "hands": [
                hand_data(hand) for hand in (hands if hands is not None else hands_of(match))
            ],
            "changes": [
                change_data(c) for c in (changes if changes is not None else changes_of(match))
            ],
            "created_at": match.created_at.isoformat(),
            **_limits_data(match, variant, state),
        }
    )
    return data


def match_outcome(match: Match) -> rules.Outcome:
    """The match's result as a tournament counts it (winner or draw, points, games won)."""
    return rules.outcome(table_of(match), state_of(match))


def _limits_data(match: Match, variant: rules.Variant, state: rules.MatchState) -> dict[str, Any]:
    """Where a tournament placed the match and its limits (nulls and false for a friendly
    match), and each side's points (null without sides: trionfo)."""
    points = rules.outcome(table_of(match), state).points
    return {
        "tournament": match.tournament,
        "round": match.round,
        "table": match.table,
        "hands_per_match": match.hands_per_match,
        "at_time": match.at_time if match.tournament is not None else None,
        "time_called": state.time_called,
        "draw": state.draw,
        "points": list(points) if variant.teams is not None else None,
    }


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
