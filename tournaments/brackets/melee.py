"""Individual events (format ``melee``): entries are single players, drawn every round.

Four-player partnership variants (``seats: 4``, the French *concours en mêlée*): each round
draws the players into teams of two (no partner twice while avoidable), then the teams into
tables (as few players as possible meeting an opponent met before), in two matchings
(``melee_tables.pair_up``). ``draw: standings`` pairs within match-point groups first, as
the Swiss does; ``draw: random`` at random from the stage's seed. Trionfo (``seats: 5``,
set by the caller from the variant): tables of five, avoiding table-mates met before
(``melee_tables.five_tables``).

A pairing has its players in seat order: four (``teams``: seats 0 and 2, then 1 and 3; the
team with the better-ranked player first, each team's better-ranked player first) or five;
tables are numbered by their best-ranked player. Sit-outs, when the active players are not
a multiple of ``seats``: the lowest-ranked of those who have sat out least (so never twice
before everyone has once), each a pairing with one entry (a bye), after the tables. Rounds
missed by a late entry are no sit-outs. Fewer active players than ``seats``: the stage is
over. Results and standings: ``melee_standings``.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import SANE_LIMIT, Choice, Int

from .base import Draw, DrawInput, Entry, Format, Result, RoundName, RuleViolation
from .common import Seating, number_pairings, seed_order
from .melee_tables import Node, five_tables, pair_up
from .registry import register
from .shapes import PLACES, TEAMS, Shape
from .standings import DEFAULT_TIEBREAKS, standings

__all__ = ["History", "Melee", "sit_outs"]


class History:
    """What the draw needs from the stage's results: partners, opponents, sit-outs."""

    def __init__(self, results: Sequence[Result]) -> None:
        self.partners: dict[int, set[int]] = defaultdict(set)
        self.opponents: dict[int, set[int]] = defaultdict(set)
        self.sat_out: Counter[int] = Counter()
        for result in results:
            shape, seats = result.shape, result.entries
            if shape.bye:
                self.sat_out[seats[0]] += 1
                continue
            for player in seats:
                self.partners[player].update(shape.partners(seats, player))
                self.opponents[player].update(shape.opponents(seats, player))

    def partnered(self, a: Node, b: Node) -> int:
        return int(b[0] in self.partners.get(a[0], ()))

    def faced(self, a: Node, b: Node) -> int:
        """How many players of teams ``a`` and ``b`` would face an opponent met before."""
        return sum(1 for x in a if any(y in self.opponents.get(x, ()) for y in b)) + sum(
            1 for y in b if any(x in self.opponents.get(y, ()) for x in a)
        )


def sit_outs(order: Sequence[int], sat_out: Mapping[int, int], count: int) -> list[int]:
    """The ``count`` players who sit out: the lowest-ranked of those who sat out least."""
    if not count:
        return []
    rank = {number: index for index, number in enumerate(order)}
    return sorted(order, key=lambda n: (sat_out.get(n, 0), -rank[n]))[:count]


@register
class Melee(Format):
    name = "melee"
    label = _("Individual event")
    draws_allowed = True
    takes_late_entries = True  # a late entry is drawn from the next round on
    individual = True
    fields = (
        Int("rounds", min=1, max=SANE_LIMIT),
        Choice("draw", required=False, default="random", choices=("random", "standings")),
        Choice("seats", required=False, default=4, choices=(4, 5)),
    )

    def shape(self, settings: Mapping[str, Any]) -> Shape:
        """Four players in two teams, or trionfo's five each ranked by place."""
        return PLACES if int(settings.get("seats", 4)) == PLACES.seats else TEAMS

    def check(self, settings: Mapping[str, Any], entries: int, field_name: str) -> None:
        seats = settings.get("seats", 4)
        if entries < seats:
            raise RuleViolation(
                field_name,
                _("An individual event needs at least {seats} players."),
                seats=seats,
            )

    def fixed_rounds(self, settings: Mapping[str, Any], entries: Sequence[Entry]) -> int:
        """Its ``rounds``; none once fewer players are active than a table seats."""
        active = sum(1 for e in entries if e.active)
        return settings["rounds"] if active >= int(settings.get("seats", 4)) else 0

    def draw(self, given: DrawInput) -> Draw | None:
        settings, round_index = given.settings, given.round
        shape = self.shape(settings)
        seats = shape.seats
        active = [e for e in given.entries if e.active]
        if round_index > settings["rounds"] or len(active) < seats:
            return None
        order, points = self.ranked(given, active)
        history = History(given.results)
        resting = sit_outs(order, history.sat_out, len(order) % seats)
        playing = [n for n in order if n not in resting]  # at most 4 sit out
        random_seed = (
            random.Random(f"melee:{given.seed}:{round_index}").getrandbits(64)
            if settings.get("draw", "random") == "random"
            else None
        )
        if not shape.partnered:
            if random_seed is not None:
                random.Random(random_seed).shuffle(playing)
            met = {n: history.opponents.get(n, set()) for n in playing}
            tables = [tuple(t) for t in five_tables(playing, met, near=random_seed is None)]
        else:
            tables = self.four_tables(playing, points, history, random_seed)
        rank = {number: index for index, number in enumerate(order)}
        tables = [seated(table, rank, shape) for table in tables]
        tables.sort(key=lambda table: min(rank[n] for n in table))
        seatings = [Seating(table) for table in tables]
        seatings += [Seating((number,), bye=True) for number in resting]  # the sit-outs
        return Draw(number_pairings(seatings, shape), RoundName("round", number=round_index))

    @staticmethod
    def four_tables(
        playing: Sequence[int],
        points: Mapping[int, int | float],
        history: History,
        random_seed: int | None,
    ) -> list[tuple[int, ...]]:
        """Teams of two from ``playing`` (best first), then tables of two teams."""
        players: list[Node] = [(n,) for n in playing]
        teams = [
            a + b
            for a, b in pair_up(
                players, {p: points[p[0]] for p in players}, history.partnered, random_seed
            )
        ]
        team_points = {team: sum(points[n] for n in team) for team in teams}
        team_seed = None if random_seed is None else random_seed + 1
        tables = pair_up(teams, team_points, history.faced, team_seed, groups_apart(points))
        return [(a[0], b[0], a[1], b[1]) for a, b in tables]

    @staticmethod
    def ranked(
        given: DrawInput, active: Sequence[Entry]
    ) -> tuple[list[int], dict[int, int | float]]:
        """The active players by match points then standings, and their match points."""
        by_seed = seed_order(active, given.seed)
        if given.round == 1 or not given.results:
            return [e.number for e in by_seed], {e.number: 0 for e in by_seed}
        tiebreaks = given.tiebreaks or DEFAULT_TIEBREAKS
        rows = standings(given.entries, given.results, tiebreaks, tally=given.tally)
        numbers = {e.number for e in active}
        order = [row.entry for row in rows if row.entry in numbers]
        return order, {row.entry: row.match_points for row in rows}


def groups_apart(points: Mapping[int, int | float]) -> tuple[Callable[[Node, Node], int], int]:
    """How far apart two teams' score groups are: for every player and every opponent, the
    groups between them, squared (0 when the table is one group); and the most it can be."""
    groups = sorted(set(points.values()), reverse=True)
    group = {number: groups.index(value) for number, value in points.items()}

    def apart(a: Node, b: Node) -> int:
        return sum((group[x] - group[y]) ** 2 for x in a for y in b)

    return apart, 4 * (len(groups) - 1) ** 2


def seated(table: Sequence[int], rank: Mapping[int, int], shape: Shape) -> tuple[int, ...]:
    """A table (given in seat order) in the seat order drawn: players each their own side
    by rank; teams with the better-ranked player's team as side 0, each team's
    better-ranked player in its first seat."""
    if not shape.partnered:
        return tuple(sorted(table, key=rank.__getitem__))
    teams = sorted(
        (sorted(team, key=rank.__getitem__) for team in shape.side_entries(table)),
        key=lambda team: rank[team[0]],
    )
    seats = [0] * shape.seats
    for side, team in zip(shape.sides, teams, strict=True):
        for seat, player in zip(side, team, strict=True):
            seats[seat] = player
    return tuple(seats)
