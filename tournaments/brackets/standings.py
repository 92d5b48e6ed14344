"""Standings: every metric and tiebreak of the contract, with the ``why`` of each row.

One function for every table shape (``shapes``): each result is read as its shape says.
Per entry, over the results given (the caller picks the stage(s) being ranked):
``played`` (byes included), ``wins``, ``draws``, ``losses`` (a seat's match points above
its table's average, at it, below), ``match_points`` (the shape's: 2 a win, 1 a draw; a
team's to both partners; 4..0 by place at a trionfo table; 2 a bye), ``games_won``,
``points_for`` (its side's points), ``points_against`` (every other side's), ``points_diff``,
``buchholz`` (the current match points of every opponent met, a partner being no opponent
and a bye adding nothing), ``median_buchholz`` (without the highest and lowest term once
there are 3), ``sonneborn_berger`` (the match points of each opponent who earned fewer
match points at the table plus half those of each who earned as many),
``head_to_head`` (the match points scored in the pairings where an entry level on every key
before it in the tiebreak list sat on another side, computed once per such group; 0 when
it is not in the list) and ``partners`` (how many different partners).

A bye is a ``Result`` of shape ``BYE``, ``winner`` its entry and ``points``
``(bye_points,)``: a win with ``points_for`` = bye_points and ``points_against`` 0.

Entries are ranked by the tiebreak list (``losses`` and ``points_against``: fewer is better;
every other key: more is better), then the lower seed, then the earlier entry. With
``placements`` (an elimination stage) the placement groups come first and the tiebreaks
order the entries inside each. ``Row.why`` tells why a row is above the next one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorekeeper.rules.errors import _

from .shapes import number as number_of

if TYPE_CHECKING:  # ``base`` ranks a stage's entries with this module at run time
    from .base import Entry, Result

__all__ = [
    "DEFAULT_TIEBREAKS",
    "KEY_WORDS",
    "TIEBREAKS",
    "Row",
    "Why",
    "advancing",
    "group_standings",
    "metrics",
    "standings",
]

TIEBREAKS: tuple[str, ...] = (
    "match_points",
    "wins",
    "draws",
    "losses",
    "played",
    "games_won",
    "points_for",
    "points_against",
    "points_diff",
    "buchholz",
    "median_buchholz",
    "sonneborn_berger",
    "head_to_head",
)
DEFAULT_TIEBREAKS: tuple[str, ...] = (
    "match_points",
    "points_diff",
    "points_for",
    "buchholz",
    "head_to_head",
)
FEWER_IS_BETTER = frozenset({"losses", "points_against"})
OUTCOME_KEYS = {"win": "wins", "draw": "draws", "loss": "losses"}
# The words for each key in a ``why`` sentence (the caller translates them).
KEY_WORDS: dict[str, str] = {
    "match_points": _("match points"),
    "wins": _("wins"),
    "draws": _("draws"),
    "losses": _("losses"),
    "played": _("pairings played"),
    "games_won": _("games won"),
    "points_for": _("points scored"),
    "points_against": _("points conceded"),
    "points_diff": _("points difference"),
    "buchholz": _("Buchholz"),
    "median_buchholz": _("median Buchholz"),
    "sonneborn_berger": _("Sonneborn-Berger"),
    "head_to_head": _("head-to-head"),
}
METRICS = (
    "played",
    "wins",
    "draws",
    "losses",
    "match_points",
    "games_won",
    "points_for",
    "points_against",
    "points_diff",
    "buchholz",
    "median_buchholz",
    "sonneborn_berger",
    "head_to_head",
)


@dataclass(frozen=True)
class Why:
    """A sentence to translate (``template``), then fill in with ``params``. ``other`` is an
    entry number (the caller puts its name in); ``key`` a tiebreak key (see KEY_WORDS)."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Row:
    rank: int
    entry: int
    active: bool = True
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    match_points: int = 0
    games_won: int = 0
    points_for: int = 0
    points_against: int = 0
    points_diff: int = 0
    buchholz: int = 0
    median_buchholz: int = 0
    sonneborn_berger: int | float = 0
    head_to_head: int = 0
    partners: int = 0  # how many different partners (a shape with teams: ``melee``)
    group: int | None = None
    why: Why | None = None  # None on the last row (of its group)
    seed: int | None = None
    placement: int | None = None  # the placement group (0 first), elimination stages


def _fresh() -> dict[str, Any]:
    return {**dict.fromkeys(METRICS, 0), "partners": 0}


def metrics(entries: Sequence[Entry], results: Sequence[Result]) -> dict[int, dict[str, Any]]:
    """Every metric but ``head_to_head`` (0 here), by entry number, each result read as
    its shape says (who partners whom, who is an opponent, the match points of each
    seat)."""
    table: dict[int, dict[str, Any]] = {e.number: _fresh() for e in entries}
    met: dict[int, list[tuple[int, float]]] = defaultdict(list)  # opponent, share beaten
    partners: dict[int, set[int]] = defaultdict(set)
    for result in results:
        shape, seats = result.shape, result.entries
        earned = shape.match_points(seats, result.winner, result.points)
        outcome = shape.outcomes(earned)
        points = shape.side_values(result.points)
        games = shape.side_values(result.games_won)
        total = sum(points)
        side_of, opponent_seats = shape.side_of, shape.opponent_seats
        for seat, number in enumerate(seats):
            row = table.get(number)
            if row is None:
                row = table[number] = _fresh()
            side = side_of[seat]
            mine = earned[seat]
            row["played"] += 1
            row[OUTCOME_KEYS[outcome[seat]]] += 1
            row["match_points"] += mine
            row["games_won"] += games[side]
            row["points_for"] += points[side]
            row["points_against"] += total - points[side]
            if shape.partnered:
                partners[number].update(seats[s] for s in shape.partner_seats[seat])
            beaten = met[number]
            for other in opponent_seats[seat]:
                theirs = earned[other]
                beaten.append((seats[other], 1 if mine > theirs else 0.5 if mine == theirs else 0))
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


def _value(row: Mapping[str, Any], key: str) -> Any:
    return -row[key] if key in FEWER_IS_BETTER else row[key]


def _head_to_head(
    table: dict[int, dict[str, Any]], results: Sequence[Result], before: Sequence[str]
) -> None:
    """Each entry's match points from the pairings where an entry level with it on every
    key before ``head_to_head`` sat on another side (a partner is no opponent)."""
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


def _why(upper: Mapping[str, Any], lower: Mapping[str, Any], keys: Sequence[str]) -> Why:
    """Why the row ``upper`` (a row's values) is ranked just above ``lower``."""
    other = lower["entry"]
    if upper["placement"] != lower["placement"]:
        return Why(_("ahead of {other}: went further in the bracket"), {"other": other})
    for key in keys:
        mine, theirs = upper[key], lower[key]
        if mine != theirs:
            return Why(
                _("ahead of {other} on {key} ({value} to {other_value})"),
                {"other": other, "key": key, "value": mine, "other_value": theirs},
            )
    if upper["seed"] is not None and upper["seed"] != lower["seed"]:
        return Why(_("level with {other} on every key, ahead as the lower seed"), {"other": other})
    return Why(_("level with {other} on every key, ahead as the earlier entry"), {"other": other})


def standings(
    entries: Sequence[Entry],
    results: Sequence[Result],
    tiebreaks: Sequence[str],
    placements: Sequence[Sequence[int]] | None = None,
    group: int | None = None,
    table: dict[int, dict[str, Any]] | None = None,
) -> list[Row]:
    """Every entry's row, in rank order (ranks 1, 2, …); ``group``: the group they are;
    ``table``: the metrics already computed (head-to-head included), else ``metrics``'."""
    if table is None:
        table = metrics(entries, results)
        if "head_to_head" in tiebreaks:
            _head_to_head(table, results, tiebreaks[: list(tiebreaks).index("head_to_head")])
    placed = {number: index for index, group in enumerate(placements or ()) for number in group}
    last = len(placements or ())
    by_number = {e.number: e for e in entries}

    def order(entry: Entry) -> tuple:
        row = table[entry.number]
        return (
            placed.get(entry.number, last) if placements is not None else 0,
            *(-_value(row, key) for key in tiebreaks),
            entry.seed is None,
            entry.seed or 0,
            entry.number,
        )

    ranked = sorted(by_number.values(), key=order)
    # Each row's values first, then the rows, each with why it is above the next (built once:
    # a dataclass replaced per row cost half a second for 10,000 entries).
    values = [
        {
            "rank": rank,
            "entry": e.number,
            "active": e.active,
            "seed": e.seed,
            "placement": placed.get(e.number, last) if placements is not None else None,
            "group": group,
            **table[e.number],
        }
        for rank, e in enumerate(ranked, start=1)
    ]
    return [
        Row(**row, why=_why(row, values[i + 1], tiebreaks) if i + 1 < len(values) else None)
        for i, row in enumerate(values)
    ]


def group_standings(
    entries: Sequence[Entry],
    results: Sequence[Result],
    tiebreaks: Sequence[str],
    groups: Mapping[int, int],
) -> list[Row]:
    """Standings of a stage with groups: ``groups`` maps each entry to its group (1, 2, …);
    each row has ``group`` and its rank inside it, and the rows come group by group. Each
    group ranks its own pairings."""
    rows: list[Row] = []
    for group in sorted(set(groups.values())):
        members = [e for e in entries if groups.get(e.number) == group]
        inside = {e.number for e in members}
        mine = [r for r in results if set(r.entries) <= inside]
        rows += standings(members, mine, tiebreaks, group=group)
    return rows


def advancing(
    rows: Sequence[Row], n: int, tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS
) -> list[int]:
    """The ``n`` entries that go on to the next stage, in the order they advance (their new
    seeds): the first ``n`` active rows; with groups, every group's first (ranked among
    themselves by the tiebreaks, head-to-head aside as they have not met), then every
    group's second, and so on. Dropped-out entries do not advance (decided)."""
    active = [row for row in rows if row.active]
    if all(row.group is None for row in active):
        return [row.entry for row in active[:n]]
    by_group: dict[int | None, list[Row]] = defaultdict(list)
    for row in active:
        by_group[row.group].append(row)
    keys = [key for key in tiebreaks if key != "head_to_head"]
    chosen: list[int] = []
    for place in range(max(len(members) for members in by_group.values())):
        tier = [members[place] for members in by_group.values() if place < len(members)]
        tier.sort(
            key=lambda row: (
                *(-_value(row.__dict__, key) for key in keys),
                row.seed is None,
                row.seed or 0,
                row.entry,
            )
        )
        chosen += [row.entry for row in tier]
    return chosen[:n]
