"""The match page's content, built from the request's ``MatchView``: the match as the API
shows it (its ``data``), the engine's outlook and the variant, each computed once.

Columns are the sides that score: teams, the two players of belote_2p, or each player
where players are scored alone (400, 41, trionfo). The chart is plain numbers for an
inline SVG: one line per column, hand by hand, restarting at each game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from .. import rules
from . import extensions
from .describe import Names
from .handform import hand_line

if TYPE_CHECKING:
    from ..models import Match
    from ..selectors import MatchView

COLOURS = ("#0b6e4f", "#b3261e", "#1f4fa3", "#8a4b00", "#6b2e8f")
CHART_W, CHART_H, PAD = 320, 150, 8


@dataclass(frozen=True)
class Column:
    label: str
    short: str
    colour: str


def columns(variant: rules.Variant, names: Names) -> list[Column]:
    if variant.individual or variant.teams is None:
        labels = list(names.players)
    else:
        labels = [names.team(index) for index in range(len(variant.teams))]
    return [
        Column(label, _short(label), COLOURS[index % len(COLOURS)])
        for index, label in enumerate(labels)
    ]


def _short(label: str) -> str:
    return label if len(label) <= 12 else label[:11] + "…"


def _by_column(variant: rules.Variant, team: Any, player: Any) -> list[int] | None:
    values = player if variant.individual else team
    return list(values) if values is not None else None


def line_of(match: Match, hand: Mapping[str, Any]) -> str:
    """One hand's line, as the sheet would show it, for a match that is not loaded whole."""
    variant = rules.get_variant(match.variant)
    return hand_line(variant, hand, Names(match.players, variant.teams))


def rows(variant: rules.Variant, data: Mapping[str, Any], names: Names) -> list[dict[str, Any]]:
    out = []
    corrected = {c["number"] for c in data.get("changes") or [] if c["action"] == "correct"}
    for hand in data["hands"]:
        deltas = _by_column(variant, hand.get("delta"), hand.get("player_delta")) or []
        afters = (
            _by_column(variant, hand.get("scores_after"), hand.get("player_scores_after")) or []
        )
        out.append(
            {
                "number": hand["number"],
                "game": hand["game"],
                "thrown_in": hand["thrown_in"],
                "line": hand_line(variant, hand, names),
                "summary": hand.get("summary", ""),
                "cells": list(zip(deltas, afters, strict=False)),
                "ended_game": hand.get("ended_game"),
                "dealer": names.seat(hand.get("dealer")),
                "corrected": hand["number"] in corrected,
            }
        )
    return out


def _segments(
    variant: rules.Variant, data: Mapping[str, Any], count: int
) -> tuple[list[list[list[tuple[int, int]]]], list[int], int]:
    """Each column's running score as (hand index, total) segments, one per game: a new
    game starts again from 0 where the last one ended."""
    done: list[list[list[tuple[int, int]]]] = [[] for _col in range(count)]
    current: list[list[tuple[int, int]]] = [[(0, 0)] for _col in range(count)]
    breaks, index = [], 0
    for hand in data["hands"]:
        afters = _by_column(variant, hand.get("scores_after"), hand.get("player_scores_after"))
        if afters is None:
            continue
        index += 1
        for column, value in enumerate(afters[:count]):
            current[column].append((index, value))
        if hand.get("ended_game"):
            breaks.append(index)
            for column in range(count):
                done[column].append(current[column])
                current[column] = [(index, 0)]
    for column in range(count):
        if len(current[column]) > 1:
            done[column].append(current[column])
    return done, breaks, index


@dataclass(frozen=True)
class _Frame:
    """The chart's scales: hands 0 to ``last`` across, scores ``low`` to ``high`` up."""

    last: int
    low: int
    high: int

    def x(self, index: int) -> float:
        return round(PAD + index * (CHART_W - 2 * PAD) / self.last, 1)

    def y(self, value: float) -> float:
        low, high = self.low, self.high
        return round(CHART_H - PAD - (value - low) * (CHART_H - 2 * PAD) / (high - low), 1)


def chart(
    variant: rules.Variant, data: Mapping[str, Any], cols: Sequence[Column], target: int | None
) -> dict[str, Any] | None:
    """Polylines of each column's running score, hand by hand, from 0 before hand 1."""
    segments, breaks, last = _segments(variant, data, len(cols))
    if last < 1:
        return None
    values = [value for column in segments for line in column for _i, value in line]
    if target is not None and abs(target) <= 10 * max(1, *map(abs, values)):
        values.append(target)
    frame = _Frame(last, min(0, *values), max(1, *values))
    return {
        "width": CHART_W,
        "height": CHART_H,
        "lines": [_line(col, column, frame) for col, column in zip(cols, segments, strict=True)],
        "zero": frame.y(0),
        "target": frame.y(target)
        if target is not None and frame.low <= target <= frame.high
        else None,
        "breaks": [frame.x(index) for index in breaks],
        "low": frame.low,
        "high": frame.high,
        "left": PAD,
        "right": CHART_W - PAD,
    }


def _line(col: Column, column: list[list[tuple[int, int]]], frame: _Frame) -> dict[str, Any]:
    """One column's polylines (one per game) and where its last point is."""
    x, y = frame.x, frame.y
    end = column[-1][-1] if column else (0, 0)
    return {
        "colour": col.colour,
        "label": col.label,
        "polylines": [" ".join(f"{x(i)},{y(v)}" for i, v in line) for line in column],
        "last_x": x(end[0]),
        "last_y": y(end[1]),
    }


def next_turn(variant: rules.Variant, data: Mapping[str, Any], names: Names) -> dict[str, str]:
    turn = data.get("next")
    if not turn:
        return {}
    return {
        "number": str(turn["number"]),
        "deals": _("{name} deals hand {number}.").format(
            name=names.seat(turn["dealer"]), number=turn["number"]
        ),
        "speaks": _speaks(variant, turn.get("first_to_speak"), names),
    }


def _speaks(variant: rules.Variant, speaker: int | None, names: Names) -> str:
    form = variant.hand_kind
    if speaker is None:
        if form == "maraffa":
            return _("The holder of the 4 of coins names trump.")
        if form == "trionfo":
            return _("The holder of the 5 of swords speaks first.")
        return ""
    if form == "maraffa":
        return _("{name} is the battezzante and names trump.").format(name=names.seat(speaker))
    return _("{name} speaks first.").format(name=names.seat(speaker))


def rotation(
    variant: rules.Variant, data: Mapping[str, Any], outlook: Mapping[str, Any], names: Names
) -> dict[str, Any] | None:
    """How "who deals next" moves on with hands waiting on the phone, as the engine says it:
    by seat of the dealer, the sentences and the next dealer (``passes``), or the hand's
    field that names him (``named_by``); the script only looks them up."""
    turn = data.get("next")
    if not turn or data["status"] == "finished":
        return None
    speakers = outlook.get("speakers") or []
    seats = range(variant.players)
    return {
        "dealer": turn["dealer"],
        "number": turn["number"],
        "passes": outlook.get("dealers_after"),
        "named_by": variant.dealer_named_by,
        "stays_when_thrown_in": variant.redeal_same_dealer,
        "speakers": speakers,
        "deals": [
            _("{name} deals hand {number}.").format(name=names.seat(seat), number="{number}")
            for seat in seats
        ],
        "speaks": [_speaks(variant, speakers[seat], names) if speakers else "" for seat in seats],
    }


def winner_name(variant: rules.Variant, data: Mapping[str, Any], names: Names) -> str:
    """Who won the match (a player, or a team's names); empty while nobody has."""
    winner = data.get("winner")
    if data["status"] != "finished" or winner is None:
        return ""
    if variant.teams is None or variant.players == 2:
        return names.seat(winner)
    return names.team(winner)


def winner_text(variant: rules.Variant, data: Mapping[str, Any], names: Names) -> str:
    if data["status"] != "finished":
        return ""
    name = winner_name(variant, data, names)
    if not name and data.get("tournament") and data.get("closed"):
        # stopped by the tournament's director, whose result is the pairing's, not the match's
        return _("The match was stopped before its end: its result is on the tournament's page.")
    if not name:
        return _("The match is over: no winner.")
    if variant.teams is None or variant.players == 2:
        return _("{name} wins!").format(name=name)
    return _("{names} win the match!").format(names=name)


def changes(variant: rules.Variant, data: Mapping[str, Any], names: Names) -> list[dict[str, Any]]:
    out = []
    for change in reversed(data.get("changes") or []):
        before = change.get("before") or {}
        was = hand_line(
            variant, {**(before.get("result") or {}), "input": before.get("input")}, names
        )
        if change["action"] == "undo":
            text = _("Hand {number} was undone.").format(number=change["number"])
        else:
            text = _("Hand {number} was corrected.").format(number=change["number"])
        out.append({"text": text, "was": was, "at": change.get("at", "")[11:16]})
    return out


def standing(outlook: Mapping[str, Any], names: Names) -> list[str]:
    """What the table must know about the game in play beyond its scores: a raised target,
    players past it who wait on their partner's score."""
    out = []
    if outlook.get("raised"):
        out.append(
            _("Both partnerships qualified: the target is now {target}.").format(
                target=outlook["target"]
            )
        )
    for seat, partner in outlook.get("waiting", ()):
        out.append(
            _("{name} needs {partner} above 0 to win.").format(
                name=names.seat(seat), partner=names.seat(partner)
            )
        )
    return out


def match_page(view: MatchView) -> dict[str, Any]:
    """Everything the score sheet shows, from the match's data and its outlook (the game in
    play as the engine sees it: la bella, the target in force, who waits on his partner)."""
    match_data, outlook, variant, writable = view.data, view.outlook, view.variant, view.writable
    # a tournament's match: its teams are the entries, by their names
    labels = extensions.team_names(match_data) if match_data["teams"] else None
    names = Names(match_data["players"], match_data["teams"], labels)
    cols = columns(variant, names)
    current = _by_column(variant, match_data.get("scores"), match_data.get("player_scores"))
    games = match_data.get("games") or []
    if match_data["status"] == "finished" and games:
        last = games[-1]
        current = _by_column(variant, last.get("scores"), last.get("player_scores"))
    target = outlook.get("target", match_data["options"].get("target"))
    team_totals = None
    if variant.individual and variant.teams is not None:
        team_totals = [
            {"label": names.team(i), "score": score}
            for i, score in enumerate(match_data.get("scores") or [])
        ]
    won = match_data.get("games_won")
    return {
        "variant": variant,
        "names": names,
        "columns": cols,
        "totals": list(zip(cols, current or [], strict=False)),
        "team_totals": team_totals,
        "rows": rows(variant, match_data, names),
        "chart": chart(variant, match_data, cols, target if isinstance(target, int) else None),
        "next": next_turn(variant, match_data, names),
        "winner_text": winner_text(variant, match_data, names),
        "games_won": list(zip(cols, won, strict=False))
        if won and match_data["games_to_win"] > 1
        else None,
        "bella": bool(outlook.get("bella")) and match_data["status"] != "finished",
        "target": target,
        "standing": standing(outlook, names) if match_data["status"] != "finished" else [],
        "changes": changes(variant, match_data, names),
        "last_number": match_data["hands"][-1]["number"] if match_data["hands"] else None,
        "writable": writable,
    }
