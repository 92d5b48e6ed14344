"""The standings as they were computed before ``standings.Tally`` (head-to-head rescanning
the results after the metrics): kept only as the oracle the one-pass tally is checked
against (``test_standings_tally``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from tournaments.brackets.base import Entry, Result
from tournaments.brackets.shapes import number as number_of
from tournaments.brackets.standings import FEWER_IS_BETTER, METRICS, OUTCOME_KEYS


def _fresh() -> dict[str, Any]:
    return {**dict.fromkeys(METRICS, 0), "partners": 0}


def old_metrics(entries: Sequence[Entry], results: Sequence[Result]) -> dict[int, dict[str, Any]]:
    table: dict[int, dict[str, Any]] = {e.number: _fresh() for e in entries}
    met: dict[int, list[tuple[int, float]]] = defaultdict(list)
    partners: dict[int, set[int]] = defaultdict(set)
    for result in results:
        shape, seats = result.shape, result.entries
        earned = shape.match_points(seats, result.winner, result.points)
        outcome = shape.outcomes(earned)
        points = shape.side_values(result.points)
        games = shape.side_values(result.games_won)
        total = sum(points)
        for seat, number in enumerate(seats):
            row = table.get(number)
            if row is None:
                row = table[number] = _fresh()
            side = shape.side_of[seat]
            mine = earned[seat]
            row["played"] += 1
            row[OUTCOME_KEYS[outcome[seat]]] += 1
            row["match_points"] += mine
            row["games_won"] += games[side]
            row["points_for"] += points[side]
            row["points_against"] += total - points[side]
            if shape.partnered:
                partners[number].update(seats[s] for s in shape.partner_seats[seat])
            for other in shape.opponent_seats[seat]:
                theirs = earned[other]
                met[number].append(
                    (seats[other], 1 if mine > theirs else 0.5 if mine == theirs else 0)
                )
    for number, row in table.items():
        row["match_points"] = number_of(row["match_points"])
        row["points_diff"] = row["points_for"] - row["points_against"]
        if number in partners:
            row["partners"] = len(partners[number])
        terms = [table[other]["match_points"] for other, _share in met[number] if other in table]
        row["buchholz"] = number_of(sum(terms))
        row["median_buchholz"] = (
            number_of(sum(sorted(terms)[1:-1])) if len(terms) >= 3 else row["buchholz"]
        )
        row["sonneborn_berger"] = number_of(
            sum(
                table[other]["match_points"] * share
                for other, share in met[number]
                if other in table
            )
        )
    return table


def old_head_to_head(
    table: dict[int, dict[str, Any]], results: Sequence[Result], before: Sequence[str]
) -> None:
    level: dict[tuple, list[int]] = defaultdict(list)
    for number, row in table.items():
        level[tuple(row[key] for key in before)].append(number)
    group = {n: key for key, members in level.items() if len(members) > 1 for n in members}
    if not group:
        return
    for result in results:
        shape, seats = result.shape, result.entries
        earned = None
        for seat, number in enumerate(seats):
            mine = group.get(number)
            if mine is None:
                continue
            if any(group.get(seats[other]) == mine for other in shape.opponent_seats[seat]):
                if earned is None:
                    earned = shape.match_points(seats, result.winner, result.points)
                row = table[number]
                row["head_to_head"] = number_of(row["head_to_head"] + earned[seat])


def old_standings(
    entries: Sequence[Entry], results: Sequence[Result], tiebreaks: Sequence[str]
) -> list[tuple[int, dict[str, Any]]]:
    """Every entry in rank order with its metrics, as computed before."""
    table = old_metrics(entries, results)
    if "head_to_head" in tiebreaks:
        old_head_to_head(table, results, tiebreaks[: list(tiebreaks).index("head_to_head")])

    def order(entry: Entry) -> tuple:
        row = table[entry.number]
        return (
            *(row[key] if key in FEWER_IS_BETTER else -row[key] for key in tiebreaks),
            entry.seed is None,
            entry.seed or 0,
            entry.number,
        )

    return [(e.number, table[e.number]) for e in sorted(entries, key=order)]
