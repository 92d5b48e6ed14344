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
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from scorekeeper.rules.errors import _

from .shapes import Number
from .shapes import number as number_of

if TYPE_CHECKING:  # ``base`` ranks a stage's entries with this module at run time
    from .base import Entry, Result

__all__ = [
    "DEFAULT_TIEBREAKS",
    "KEY_WORDS",
    "TIEBREAKS",
    "Row",
    "Tally",
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

    @classmethod
    def of(cls, values: dict[str, Any]) -> Row:
        """The row of ``values`` (every field, ``values`` taken as the row's own): as
        ``Row(**values)``, without the frozen ``__init__``'s setting of each field one by
        one (8 times as long for the 10,000 rows of a large event)."""
        if values.keys() != ROW_FIELDS:
            raise TypeError(f"a row's fields are {sorted(ROW_FIELDS)}")
        row = cls.__new__(cls)
        row.__dict__.update(values)
        return row


ROW_FIELDS = frozenset(f.name for f in fields(Row))


def _whole(value: Number) -> Number:
    """``number``, skipping the ``int`` most values already are."""
    return value if type(value) is int else number_of(value)


def _fresh() -> dict[str, Any]:
    return {**dict.fromkeys(METRICS, 0), "partners": 0}


class Tally:
    """The results of a stage read once, in one pass: each entry's counts, the opponents it
    met with its share of each result (Buchholz, Sonneborn-Berger) and the match points it
    scored against each table's opponents (head-to-head, whatever the level groups turn out
    to be). Nothing reads the results again: ``metrics`` and ``standings`` are computed
    from the tally, and the rows ranked are kept (one ranking per tiebreak list), so the
    draw that ranks a stage and the standings stored after it share one computation.
    ``plus`` folds more results in (a round's byes) without reading the others again.

    Built for ``entries`` (every entry ranked); an entry met only in the results is counted
    too."""

    __slots__ = ("_counts", "_faced", "_kept", "_met", "_partners", "entries")

    def __init__(self, entries: Sequence[Entry], results: Sequence[Result] = ()) -> None:
        self.entries: tuple[Entry, ...] = tuple(entries)
        # Per entry: its counts (match points summed as they come); each opponent it met
        # (opponent, share beaten, its match points from a table where that was its one
        # opponent, else None); the tables where it met several (opponents, match points).
        self._counts: dict[int, dict[str, Any]] = {e.number: _fresh() for e in self.entries}
        self._met: dict[int, list[tuple[int, float, Number | None]]] = {}
        self._faced: dict[int, list[tuple[tuple[int, ...], Number]]] = {}
        self._partners: dict[int, set[int]] = {}
        self._kept: dict[tuple, tuple[Row, ...]] = {}
        self._add(results)

    def _add(self, results: Sequence[Result]) -> None:
        counts, met, faced, partners = self._counts, self._met, self._faced, self._partners
        for result in results:
            shape, seats = result.shape, result.entries
            earned = shape.match_points(seats, result.winner, result.points)
            outcome = shape.outcomes(earned)
            if shape.solo and shape.seats == 2:  # most results: written out, both seats
                a, b = seats
                mine, theirs = earned
                given, won = result.points, result.games_won
                for_a, for_b = given if len(given) == 2 else shape.side_values(given)
                games_a, games_b = won if len(won) == 2 else shape.side_values(won)
                share = 1 if mine > theirs else 0.5 if mine == theirs else 0
                row_a = counts.get(a) or counts.setdefault(a, _fresh())
                row_a["played"] += 1
                row_a[OUTCOME_KEYS[outcome[0]]] += 1
                row_a["match_points"] += mine
                row_a["games_won"] += games_a
                row_a["points_for"] += for_a
                row_a["points_against"] += for_b
                row_b = counts.get(b) or counts.setdefault(b, _fresh())
                row_b["played"] += 1
                row_b[OUTCOME_KEYS[outcome[1]]] += 1
                row_b["match_points"] += theirs
                row_b["games_won"] += games_b
                row_b["points_for"] += for_b
                row_b["points_against"] += for_a
                met_a = met.get(a)
                if met_a is None:
                    met_a = met[a] = []
                met_a.append((b, share, mine))
                met_b = met.get(b)
                if met_b is None:
                    met_b = met[b] = []
                met_b.append((a, 1 - share, theirs))
                continue
            points = shape.side_values(result.points)
            games = shape.side_values(result.games_won)
            total = sum(points)
            side_of, opponent_seats = shape.side_of, shape.opponent_seats
            for seat, number in enumerate(seats):
                row = counts.get(number)
                if row is None:
                    row = counts[number] = _fresh()
                side = side_of[seat]
                mine = earned[seat]
                row["played"] += 1
                row[OUTCOME_KEYS[outcome[seat]]] += 1
                row["match_points"] += mine
                row["games_won"] += games[side]
                row["points_for"] += points[side]
                row["points_against"] += total - points[side]
                if shape.partnered:
                    partners.setdefault(number, set()).update(
                        seats[s] for s in shape.partner_seats[seat]
                    )
                opponents = opponent_seats[seat]
                if not opponents:
                    continue  # a bye: no opponent, nothing counted between entries
                beaten = met.get(number)
                if beaten is None:
                    beaten = met[number] = []
                alone = mine if len(opponents) == 1 else None
                for other in opponents:
                    theirs = earned[other]
                    share = 1 if mine > theirs else 0.5 if mine == theirs else 0
                    beaten.append((seats[other], share, alone))
                if alone is None:
                    faced.setdefault(number, []).append(
                        (tuple(seats[other] for other in opponents), mine)
                    )

    def plus(self, results: Sequence[Result]) -> Tally:
        """This tally with ``results`` folded in (a new tally; this one is left as it is):
        only the entries they seat are copied, the others' counts are shared."""
        if not results:
            return self
        new = Tally.__new__(Tally)
        new.entries = self.entries
        new._counts, new._met = dict(self._counts), dict(self._met)
        new._faced, new._partners = dict(self._faced), dict(self._partners)
        new._kept = {}
        for number in {n for result in results for n in result.entries}:
            if number in new._counts:
                new._counts[number] = dict(new._counts[number])
            if number in new._met:
                new._met[number] = list(new._met[number])
            if number in new._faced:
                new._faced[number] = list(new._faced[number])
            if number in new._partners:
                new._partners[number] = set(new._partners[number])
        new._add(results)
        return new

    def metrics(self, tiebreaks: Sequence[str] = ()) -> dict[int, dict[str, Any]]:
        """Every metric, by entry number (a new table, the caller's to change); with
        ``head_to_head`` among ``tiebreaks``, its values for the entries level on every key
        before it (else 0)."""
        table: dict[int, dict[str, Any]] = {}
        partners = self._partners
        for number, counted in self._counts.items():
            row = table[number] = dict(counted)
            row["match_points"] = _whole(row["match_points"])
            row["points_diff"] = row["points_for"] - row["points_against"]
            if number in partners:
                row["partners"] = len(partners[number])
        # Every opponent met is counted (``_add`` counts every seat): its match points by
        # number, read once each rather than through its row.
        points = {number: row["match_points"] for number, row in table.items()}
        for number, row in table.items():
            met = self._met.get(number, ())
            terms = [points[other] for other, _s, _m in met]
            row["buchholz"] = buchholz = _whole(sum(terms))
            row["median_buchholz"] = (
                _whole(sum(sorted(terms)[1:-1])) if len(terms) >= 3 else buchholz
            )
            row["sonneborn_berger"] = _whole(sum(points[o] * share for o, share, _m in met))
        if "head_to_head" in tiebreaks:
            self._head_to_head(table, tiebreaks[: list(tiebreaks).index("head_to_head")])
        return table

    def _head_to_head(self, table: dict[int, dict[str, Any]], before: Sequence[str]) -> None:
        """Each entry's match points from the tables where an entry level with it on every
        key ``before`` sat on another side (a partner is no opponent): the level groups as
        a map, then each member's own tables once (the results are not read again)."""
        level: dict[tuple, int] = {}
        sizes: list[int] = []
        group_of: dict[int, int] = {}
        for number, row in table.items():
            key = tuple(row[k] for k in before)
            found = level.get(key)
            if found is None:
                found = level[key] = len(sizes)
                sizes.append(0)
            sizes[found] += 1
            group_of[number] = found
        met, faced = self._met, self._faced
        for number, mine in group_of.items():
            if sizes[mine] < 2:
                continue
            total: Number = 0
            scored = False
            for other, _share, earned in met.get(number, ()):
                if earned is not None and group_of.get(other) == mine:
                    total += earned
                    scored = True
            for opponents, earned in faced.get(number, ()):
                if any(group_of.get(other) == mine for other in opponents):
                    total += earned
                    scored = True
            if scored:
                table[number]["head_to_head"] = number_of(total)

    def standings(
        self,
        tiebreaks: Sequence[str],
        placements: Sequence[Sequence[int]] | None = None,
        group: int | None = None,
    ) -> list[Row]:
        """Every entry's row, in rank order (``standings``), kept for the same arguments."""
        key = (
            tuple(tiebreaks),
            None if placements is None else tuple(tuple(p) for p in placements),
            group,
        )
        rows = self._kept.get(key)
        if rows is None:
            rows = self._kept[key] = tuple(
                _ranked(self.entries, self.metrics(tiebreaks), tiebreaks, placements, group)
            )
        return list(rows)


def metrics(entries: Sequence[Entry], results: Sequence[Result]) -> dict[int, dict[str, Any]]:
    """Every metric but ``head_to_head`` (0 here), by entry number, each result read as
    its shape says (who partners whom, who is an opponent, the match points of each
    seat)."""
    return Tally(entries, results).metrics()


def _value(row: Mapping[str, Any], key: str) -> Any:
    return -row[key] if key in FEWER_IS_BETTER else row[key]


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
    tally: Tally | None = None,
) -> list[Row]:
    """Every entry's row, in rank order (ranks 1, 2, …); ``group``: the group they are;
    ``tally``: the entries and results already read (a ``Tally`` of exactly them)."""
    if tally is None:
        tally = Tally(entries, results)
    return tally.standings(tiebreaks, placements, group)


def _ranked(
    entries: Sequence[Entry],
    table: dict[int, dict[str, Any]],
    tiebreaks: Sequence[str],
    placements: Sequence[Sequence[int]] | None,
    group: int | None,
) -> list[Row]:
    """The rows of ``entries`` ranked from their metrics (``table``)."""
    placed = {number: index for index, group in enumerate(placements or ()) for number in group}
    last = len(placements or ())
    by_number = {e.number: e for e in entries}

    # Each key's value as ``-_value`` gives it: more is better first, fewer is better first.
    signs = [(key, 1 if key in FEWER_IS_BETTER else -1) for key in tiebreaks]

    def order(entry: Entry) -> tuple:
        row = table[entry.number]
        return (
            placed.get(entry.number, last) if placements is not None else 0,
            *[sign * row[key] for key, sign in signs],
            entry.seed is None,
            entry.seed or 0,
            entry.number,
        )

    ranked = sorted(by_number.values(), key=order)
    # Each row's values first (the table's own dicts, which are the caller's to change),
    # then the rows, each with why it is above the next (built once: a dataclass replaced
    # per row cost half a second for 10,000 entries).
    values = []
    for rank, e in enumerate(ranked, start=1):
        row = table[e.number]
        row["rank"], row["entry"], row["active"], row["seed"] = rank, e.number, e.active, e.seed
        row["placement"] = placed.get(e.number, last) if placements is not None else None
        row["group"] = group
        values.append(row)
    for i, row in enumerate(values):
        row["why"] = _why(row, values[i + 1], tiebreaks) if i + 1 < len(values) else None
    return [Row.of(row) for row in values]


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
