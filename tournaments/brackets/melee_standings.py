"""Standings of an individual event (format ``melee``): every metric per player.

A result of a four-player variant has its four players in ``entries`` in seat order (seats
0 and 2 are one team, 1 and 3 the other: ``teams``), ``points`` per team in ``teams`` order
(or per entry; either way a team's points are credited to both partners) and ``winner`` one
player of the winning team (``None``: a draw).
A trionfo result has its five players in seat order and each one's own final ``points``;
``winner`` is not read: the places at the table give 4, 3, 2, 1, 0 match points (shared
places share the average). A sit-out is a bye (one entry): a win worth 2 match points.

A partner is no opponent: ``buchholz`` (and ``median_buchholz``, ``sonneborn_berger``) count
the opponents only; ``points_against`` is the other team's points (trionfo: the sum of the
four others' scores); ``head_to_head`` the match points scored in pairings where another
player level on every key before it sat on the opposite side; ``partners`` how many
different partners a player had. Ranking and ``why`` are the standings' own.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .base import Entry, Result
from .standings import METRICS, Row, standings

__all__ = [
    "melee_metrics",
    "melee_standings",
    "outcomes",
    "partners_of",
    "per_seat",
    "teams_of",
]

TRIONFO_PLACES = (4, 3, 2, 1, 0)  # match points for places 1 to 5 at a table
Number = int | float


def _number(value: float) -> Number:
    return int(value) if float(value).is_integer() else value


def teams_of(entries: Sequence[int]) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The two teams of a four-player pairing (seats 0 and 2, then 1 and 3); else None."""
    if len(entries) != 4:
        return None
    return (entries[0], entries[2]), (entries[1], entries[3])


def partners_of(entries: Sequence[int], index: int) -> tuple[int, ...]:
    """Who sat on the same side as seat ``index``."""
    if len(entries) == 4:
        return (entries[(index + 2) % 4],)
    return ()


def _opponents(entries: Sequence[int], index: int) -> list[int]:
    if len(entries) == 4:
        return [entries[(index + 1) % 4], entries[(index + 3) % 4]]
    return [other for i, other in enumerate(entries) if i != index]


def place_points(points: Sequence[int]) -> list[Number]:
    """Trionfo: each seat's match points from the scores (places 1–5, shared averaged)."""
    ranked = sorted(points, reverse=True)
    earned: list[Number] = []
    for score in points:
        first = ranked.index(score)
        shared = ranked.count(score)
        earned.append(_number(sum(TRIONFO_PLACES[first : first + shared]) / shared))
    return earned


def per_seat(result: Result) -> Result:
    """A four-player result with ``points`` and ``games_won`` per team (in ``teams`` order,
    as a match and the director give them) spread to every seat; any other as it is."""
    if len(result.entries) != 4:
        return result
    return replace(result, points=_spread(result.points), games_won=_spread(result.games_won))


def _spread(values: tuple[int, ...]) -> tuple[int, ...]:
    return (values[0], values[1], values[0], values[1]) if len(values) == 2 else values


def outcomes(result: Result) -> list[Number]:
    """Each entry's match points from this result, in ``entries`` order."""
    if len(result.entries) == 1:
        return [2]
    if len(result.entries) == 5:
        return place_points(result.points)
    if result.winner is None:
        return [1] * len(result.entries)
    mine = result.entries.index(result.winner) % 2
    return [2 if index % 2 == mine else 0 for index in range(len(result.entries))]


def melee_metrics(entries: Sequence[Entry], results: Sequence[Result]) -> dict[int, dict[str, Any]]:
    """Every metric but ``head_to_head`` (0 here), by player."""
    table: dict[int, dict[str, Any]] = {
        e.number: {**dict.fromkeys(METRICS, 0), "partners": 0} for e in entries
    }
    met: dict[int, list[tuple[int, float]]] = defaultdict(list)  # opponent, share beaten
    partners: dict[int, set[int]] = defaultdict(set)
    for result in map(per_seat, results):
        earned = outcomes(result)
        for index, number in enumerate(result.entries):
            row = table.setdefault(number, {**dict.fromkeys(METRICS, 0), "partners": 0})
            mine = earned[index]
            row["played"] += 1
            row["match_points"] += mine
            middle = 2 if len(result.entries) == 5 else 1  # a draw's match points
            row["wins" if mine > middle else "draws" if mine == middle else "losses"] += 1
            if index < len(result.games_won):
                row["games_won"] += result.games_won[index]
            row["points_for"] += result.points[index] if index < len(result.points) else 0
            others = _opponents(result.entries, index)
            if len(result.entries) == 4:
                row["points_against"] += result.points[(index + 1) % 4]
            elif len(result.entries) == 5:
                row["points_against"] += sum(result.points) - result.points[index]
            partners[number].update(partners_of(result.entries, index))
            for other in others:
                theirs = earned[result.entries.index(other)]
                met[number].append((other, 1.0 if mine > theirs else 0.5 if mine == theirs else 0))
    for number, row in table.items():
        row["match_points"] = _number(row["match_points"])
        row["points_diff"] = row["points_for"] - row["points_against"]
        row["partners"] = len(partners[number])
        terms = [table[other]["match_points"] for other, _share in met[number] if other in table]
        row["buchholz"] = _number(sum(terms))
        row["median_buchholz"] = (
            _number(sum(sorted(terms)[1:-1])) if len(terms) >= 3 else row["buchholz"]
        )
        row["sonneborn_berger"] = _number(
            sum(table[o]["match_points"] * share for o, share in met[number] if o in table)
        )
    return table


def _head_to_head(
    table: dict[int, dict[str, Any]], results: Sequence[Result], before: Sequence[str]
) -> None:
    level = {number: tuple(row[key] for key in before) for number, row in table.items()}
    for result in results:
        if len(result.entries) == 1:
            continue
        earned = outcomes(result)
        for index, number in enumerate(result.entries):
            if number not in level:
                continue
            mine = level[number]
            if any(level.get(other) == mine for other in _opponents(result.entries, index)):
                row = table[number]
                row["head_to_head"] = _number(row["head_to_head"] + earned[index])


def melee_standings(
    entries: Sequence[Entry], results: Sequence[Result], tiebreaks: Sequence[str]
) -> list[Row]:
    """Every player's row, in rank order, by the standings' ranking of these metrics."""
    table = melee_metrics(entries, results)
    if "head_to_head" in tiebreaks:
        _head_to_head(table, results, tiebreaks[: list(tiebreaks).index("head_to_head")])
    return standings(entries, results, tiebreaks, table=table)
