"""Round robin: every entry of a group meets every other once per cycle.

Terms: *groups* are dealt by seed in a snake (of 8 into 2 groups: group 1 gets seeds 1, 4,
5, 8 and group 2 gets 2, 3, 6, 7), as even as can be. A *cycle* is one full round robin;
the second cycle plays the same rounds with the seats swapped (home and away). Rounds
are the FIDE Berger tables (FIDE Handbook C.05, Annex 1): a group's entries are numbered
1, 2, … in seed order; an odd group adds a dummy as the last number, and whoever meets it
has the bye; so a group of ``n`` plays ``n − 1`` rounds, or ``n`` when ``n`` is odd. Round
``k`` of the stage holds round ``k`` of every group, group 1 first, byes last; tables are
numbered through the groups.

Groups are dealt from every entry the stage was given (active or not), so that they never
move. An inactive (dropped-out) entry is never drawn: its opponent of the round has a bye
(decided); two inactive entries make no pairing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import SANE_LIMIT, Int

from .base import Draw, DrawInput, Entry, Format, RoundName, RuleViolation
from .common import Seating, number_pairings, seed_order
from .registry import register


def berger(members: Sequence[int]) -> list[list[tuple[int | None, int | None]]]:
    """One cycle of the FIDE Berger tables for ``members`` (numbers 1, 2, … in this order);
    ``None`` is the dummy of an odd group (its opponent has the bye). With ``n`` numbers
    (the dummy included), round 1 is (1, n), (2, n − 1), …; from one round to the next
    every number ``k`` but ``n`` moves to ``(k − 1 + n/2) mod (n − 1) + 1`` at the same board
    and seat, and ``n`` stays at board 1, second in odd rounds and first in even rounds.
    The first of each pair sits as team 0."""
    places: list[int | None] = list(members)
    if len(places) % 2:
        places.append(None)
    n = len(places)
    boards = [(k, n + 1 - k) for k in range(1, n // 2 + 1)]  # numbers, round 1

    def moved(k: int) -> int:
        return k if k == n else (k - 1 + n // 2) % (n - 1) + 1

    rounds = []
    for index in range(n - 1):
        seated = [boards[0][::-1] if index % 2 else boards[0], *boards[1:]]
        rounds.append([(places[a - 1], places[b - 1]) for a, b in seated])
        boards = [(moved(a), moved(b)) for a, b in boards]
    return rounds


@register
class RoundRobin(Format):
    name = "round_robin"
    label = _("Round robin")
    draws_allowed = True
    fields = (
        Int("groups", required=False, default=1, min=1, max=SANE_LIMIT),
        Int("cycles", required=False, default=1, min=1, max=4),
    )

    def check(self, settings: Mapping[str, Any], entries: int, field_name: str) -> None:
        super().check(settings, entries, field_name)
        if entries // settings["groups"] < 2:
            raise RuleViolation(
                f"{field_name}.groups",
                _("{entries} entries make at most {most} groups of 2 or more."),
                entries=entries,
                most=entries // 2,
            )

    def rounds(self, settings: Mapping[str, Any], entries: int) -> int:
        """How many rounds the stage takes with this many entries."""
        return self.per_cycle(settings, entries) * settings["cycles"]

    def fixed_rounds(self, settings: Mapping[str, Any], entries: Sequence[Entry]) -> int | None:
        """Its ``rounds`` while every entry is active; with drop-outs only a draw can tell (a
        round where no group has an active entry ends the stage early)."""
        if all(e.active for e in entries):
            return self.rounds(settings, len(entries))
        return None

    @staticmethod
    def per_cycle(settings: Mapping[str, Any], entries: int) -> int:
        largest = -(-entries // settings["groups"])  # a group one smaller has as many
        return largest if largest % 2 else largest - 1

    def draw(self, given: DrawInput) -> Draw | None:
        settings, entries, round_index = given.settings, given.entries, given.round
        seed = given.seed
        if round_index > self.rounds(settings, len(entries)) or round_index < 1:
            return None
        dealt = self.groups(given) or {e.number: 1 for e in entries}  # (the base deals them)
        active = {e.number for e in entries if e.active}
        order = [e.number for e in seed_order(entries, seed)]
        seated: list[Seating] = []
        for group in range(1, settings["groups"] + 1):
            members = [number for number in order if dealt[number] == group]
            cycle = berger(members)
            turn, index = divmod(round_index - 1, self.per_cycle(settings, len(entries)))
            if index >= len(cycle):
                continue
            in_group = group if settings["groups"] > 1 else None
            matches: list[Seating] = []
            byes: list[Seating] = []
            for pair in cycle[index]:
                # A seat holds its entry while it is active; the dummy's (None) or a
                # dropped-out entry's seat is empty, and the other seat's entry has the bye.
                home, away = (
                    e if e is not None and e in active else None
                    for e in (pair[::-1] if turn % 2 else pair)
                )
                if home is not None and away is not None:
                    matches.append(Seating((home, away), None, in_group))
                    continue
                alone = away if home is None else home
                if alone is not None:
                    byes.append(Seating((alone,), None, in_group, bye=True))
            seated += matches + byes
        if not seated:
            return None
        return Draw(number_pairings(seated), RoundName("round", number=round_index))
