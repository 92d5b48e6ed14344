"""A season's standings: one ranking of a club's players across its tournaments.

Each *placing* is one player's finish in one tournament: the ``rank`` their entry finished
with and the entry's ``match_points`` over every pairing of the tournament. A season's
``scoring`` turns each placing into a score:

- ``placement``: the points of the list for that rank (``points[rank - 1]``; past the
  list, 0); more is better;
- ``match_points``: the entry's match points (each pairing's, as its table's shape gives
  them: a team's win to both partners, trionfo's places); more is better;
- ``average_placement``: the rank itself, averaged; fewer is better.

``best_of`` keeps only that many of a player's best scores towards ``points``;
``tournaments`` (played), ``wins`` (tournaments won) and ``best`` (best rank) count them
all. Rows are ranked by ``points``, then more ``wins``, then the better ``best``, then more
``tournaments``, then the name; each row says ``why`` it is above the next.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

from scorekeeper.rules.errors import _

from .standings import Why

__all__ = ["KEY_WORDS", "SCORINGS", "Placing", "SeasonRow", "season_standings"]

SCORINGS = ("placement", "match_points", "average_placement")
# The words for each key in a ``why`` sentence (the caller translates them).
KEY_WORDS: dict[str, str] = {
    "points": _("season points"),
    "wins": _("tournaments won"),
    "best": _("best rank"),
    "tournaments": _("tournaments played"),
}


@dataclass(frozen=True)
class Placing:
    player: int
    tournament: Hashable  # the tournament's id, whatever its type
    rank: int
    match_points: int | float = 0  # the shape's: a trionfo place shared is worth a half


@dataclass(frozen=True)
class SeasonRow:
    rank: int
    player: int
    name: str
    points: int | float
    tournaments: int
    wins: int
    best: int
    why: Why | None = None  # None on the last row


def _score(placing: Placing, scoring: str, points: Sequence[int]) -> int | float:
    if scoring == "placement":
        return points[placing.rank - 1] if placing.rank <= len(points) else 0
    if scoring == "match_points":
        return placing.match_points
    return placing.rank


def _total(scores: list[int | float], scoring: str, best_of: int | None) -> int | float:
    lower_is_better = scoring == "average_placement"
    kept = sorted(scores, reverse=not lower_is_better)[: best_of or len(scores)]
    if not lower_is_better:
        return sum(kept)
    average = round(sum(kept) / len(kept), 2)
    return int(average) if average.is_integer() else average


def season_standings(
    placings: Sequence[Placing],
    names: Mapping[int, str],
    *,
    scoring: str,
    points: Sequence[int] = (),
    best_of: int | None = None,
) -> list[SeasonRow]:
    """The season's rows in rank order (players with at least one placing)."""
    by_player: dict[int, dict[Hashable, Placing]] = defaultdict(dict)
    for placing in placings:
        kept = by_player[placing.player].get(placing.tournament)
        if kept is None or placing.rank < kept.rank:  # two entries in one: the better
            by_player[placing.player][placing.tournament] = placing
    sign = 1 if scoring == "average_placement" else -1
    lines = []
    for player, mine in by_player.items():
        ranks = [p.rank for p in mine.values()]
        total = _total([_score(p, scoring, points) for p in mine.values()], scoring, best_of)
        lines.append(
            SeasonRow(
                0, player, names.get(player, ""), total, len(ranks), ranks.count(1), min(ranks)
            )
        )
    lines.sort(
        key=lambda r: (
            sign * r.points,
            -r.wins,
            r.best,
            -r.tournaments,
            r.name.casefold(),
            r.player,
        )
    )
    return [
        replace(row, rank=i + 1, why=_why(row, lines[i + 1]) if i + 1 < len(lines) else None)
        for i, row in enumerate(lines)
    ]


def _why(upper: SeasonRow, lower: SeasonRow) -> Why:
    other = lower.player
    for key in ("points", "wins", "best", "tournaments"):
        mine, theirs = getattr(upper, key), getattr(lower, key)
        if mine != theirs:
            return Why(
                _("ahead of {other} on {key} ({value} to {other_value})"),
                {"other": other, "key": key, "value": mine, "other_value": theirs},
            )
    return Why(_("level with {other} on every key, ahead by name"), {"other": other})
