"""The machinery of the knockout formats: a bracket as a list of *nodes* (one match each).

Terms: a *node* takes its two entrants from *sources*: a seat of the first round, the
winner or the loser of another node, the *first loss* of a first-round node (its loser; or,
when that node was a bye, its entry if it then lost its first match: the consolation), or
the *reset* of a grand final (both finalists again, when the losers' champion won it).
A node is *ready* once both sources are known. A round of the stage holds every ready
node, in the order of the list (bracket order); a node whose entrants are both missing is
settled at once with nobody going on, and a node with one entrant is a *bye* (a pairing
with one entry, finished at once: the entry goes on), except in a side bracket (third
place, consolation), where the lone entrant goes on with no pairing.

The bracket is replayed from the stage's results at every draw: round ``r`` of the stage is
the ``r``-th round number found in the results. Each node of a past round is settled by the
result of that round holding one of its entrants; none (both entrants had dropped out, so
nothing was drawn) settles it with nobody going on. An inactive (dropped-out) entry is
never drawn: its opponent in a pending node has a bye and goes on, as if the slot were
empty (decided); the dropped-out entry is out of the stage.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import Draw, DrawInput, Entry, Format, Pairing, Result, RoundName
from .common import Seating, number_pairings

Source = tuple[Any, ...]  # ("seat", entry | None), ("winner" | "loser" | "first_loss", key),
# ("reset", key, 0 | 1)


def bracket_order(places: int) -> list[int]:
    """The seeds of a bracket of ``places`` (a power of 2) from top to bottom, by doubling
    from (1, 2): of 8, 1, 8, 5, 4, 3, 6, 7, 2."""
    order = [1]
    while len(order) < places:
        k = len(order) * 2
        order = [
            seat
            for i, s in enumerate(order, start=1)
            for seat in ((s, k + 1 - s) if i % 2 else (k + 1 - s, s))
        ]
    return order


@dataclass(frozen=True)
class Node:
    key: str
    bracket: str | None  # the pairing's bracket
    level: int  # the round inside its bracket, from 1
    sources: tuple[Source, Source]
    kind: str = "out"  # the loser is "out"; "drop"s to another bracket; "side" (no effect on
    # the main placements); "grand_final" (out unless a reset follows)


@dataclass(frozen=True)
class Outcome:
    entrants: tuple[int, ...]
    winner: int | None
    loser: int | None  # the loser of a match played
    round: int  # the stage round that settled it
    match: bool


class Replay:
    """A bracket's state after the stage's past rounds, and the round to draw next."""

    def __init__(
        self,
        nodes: Sequence[Node],
        entries: Sequence[Entry],
        results: Sequence[Result],
        round_index: int,
        rank: dict[int, int],
    ) -> None:
        self.nodes, self.rank = list(nodes), rank
        self.by_key = {node.key: node for node in nodes}
        self.after = {
            source[1]: node.key
            for node in nodes
            for source in node.sources
            if source[0] == "winner"
        }
        self.state: dict[str, Outcome] = {}
        numbers = sorted({result.round for result in results})
        self.ready: list[Node] = []
        # Past the rounds with results there is nothing more to settle.
        for index in range(1, min(round_index, len(numbers) + 1) + 1):
            self._settle_empty(index)
            self.ready = [node for node in nodes if node.key not in self.state and self.known(node)]
            if index < round_index:
                past = (
                    [r for r in results if r.round == numbers[index - 1]]
                    if index <= len(numbers)
                    else []
                )
                touching = _by_entry(past)
                for node in self.ready:
                    self.state[node.key] = self._from_results(node, past, touching, index)
        self.active = {e.number for e in entries if e.active}

    def value(self, source: Source) -> tuple[bool, int | None]:
        """(known, entry) of a source."""
        kind = source[0]
        if kind == "seat":
            return True, source[1]
        outcome = self.state.get(source[1])
        if outcome is None:
            return False, None
        if kind == "winner":
            return True, outcome.winner
        if kind == "loser":
            return True, outcome.loser
        if kind == "first_loss":
            return self._first_loss(source[1], outcome)
        final = self.by_key[source[1]]  # a reset: both finalists again, if the losers'
        champion = self.value(final.sources[1])[1]  # champion won the grand final
        if outcome.match and outcome.winner == champion:
            return True, self.value(final.sources[source[2]])[1]
        return True, None

    def _first_loss(self, key: str, outcome: Outcome) -> tuple[bool, int | None]:
        if outcome.match or len(outcome.entrants) != 1:
            return True, outcome.loser
        after = self.state.get(self.after[key])
        if after is None:
            return False, None
        return True, outcome.winner if after.match and after.loser == outcome.winner else None

    def entrants(self, node: Node) -> tuple[int, ...]:
        found = (self.value(source)[1] for source in node.sources)
        return tuple(sorted((e for e in found if e is not None), key=self.rank.__getitem__))

    def known(self, node: Node) -> bool:
        return all(self.value(source)[0] for source in node.sources)

    def _settle_empty(self, index: int) -> None:
        changed = True
        while changed:
            changed = False
            for node in self.nodes:
                if node.key in self.state or not self.known(node):
                    continue
                entrants = self.entrants(node)
                # A side bracket's lone entrant goes on with no pairing: it may be playing
                # in another bracket in the same round.
                if not entrants or (node.kind == "side" and len(entrants) == 1):
                    winner = entrants[0] if entrants else None
                    self.state[node.key] = Outcome(entrants, winner, None, index, False)
                    changed = True

    def _from_results(
        self, node: Node, past: Sequence[Result], touching: dict[int, list[int]], index: int
    ) -> Outcome:
        entrants = self.entrants(node)
        # The results that seat one of the node's entrants, the node's own bracket first
        # (in case the caller's results carry it), then in the order given.
        found = sorted(
            {position for entry in entrants for position in touching.get(entry, ())},
            key=lambda position: (past[position].bracket != node.bracket, position),
        )
        if found:
            result = past[found[0]]
            if not result.bye and result.winner in result.entries:
                loser = next(e for e in result.entries if e != result.winner)
                return Outcome(entrants, result.winner, loser, index, True)
            return Outcome(entrants, result.winner, None, index, False)
        return Outcome(entrants, None, None, index, False)

    def pairings(self) -> tuple[Pairing, ...]:
        """The round to draw: every ready node with an active entrant."""
        seated = []
        for node in self.ready:
            # Each source's entry while it is active; an empty seat of the first round, a
            # node settled with nobody going on or a dropped-out entrant leaves it empty.
            seats = [
                entry if entry is not None and entry in self.active else None
                for _known, entry in map(self.value, node.sources)
            ]
            playing = tuple(sorted((e for e in seats if e is not None), key=self.rank.__getitem__))
            if playing:  # an empty seat facing an entrant: a walkover, the node's bye
                seated.append(Seating(playing, node.bracket, bye=None in seats))
        return number_pairings(seated)

    def out(self) -> dict[int, tuple[int, int]]:
        """Each entry out of the stage: (stage round, bracket level) of its last loss."""
        gone: dict[int, tuple[int, int]] = {}
        for node in self.nodes:
            outcome = self.state.get(node.key)
            if outcome is None or node.kind == "side":
                continue
            for entrant in outcome.entrants:
                if entrant != outcome.winner and self._eliminates(node, outcome, entrant):
                    gone[entrant] = (outcome.round, node.level)
        return gone

    def _eliminates(self, node: Node, outcome: Outcome, entrant: int) -> bool:
        if node.kind == "drop":
            return not outcome.match  # a walkover's loser does not drop: it is out
        if node.kind == "grand_final":
            resets = any(n.sources[0] == ("reset", node.key, 0) for n in self.nodes)
            return not (
                resets and outcome.match and outcome.winner == self.value(node.sources[1])[1]
            )
        return True


def placements(replay: Replay, entries: Sequence[Entry], key: str = "round") -> list[list[int]]:
    """Entries grouped by how far they went: those still in first, then the ones out in
    later rounds first (``key``: by the stage ``round`` or the bracket ``level``)."""
    gone = replay.out()
    score = {
        e.number: (gone[e.number][0 if key == "round" else 1] if e.number in gone else 10**9)
        for e in entries
    }
    groups: dict[int, list[int]] = {}
    for number in sorted(score, key=lambda n: (-score[n], replay.rank[n])):
        groups.setdefault(score[number], []).append(number)
    return [groups[s] for s in sorted(groups, reverse=True)]


def _by_entry(results: Sequence[Result]) -> dict[int, list[int]]:
    """The positions in ``results`` of the results that seat each entry (an index, so that
    settling a round's nodes is linear in the results, not quadratic)."""
    index: dict[int, list[int]] = {}
    for position, result in enumerate(results):
        for entry in result.entries:
            index.setdefault(entry, []).append(position)
    return index


class Bracket(Format):
    """A knockout format: each round drawn by replaying the bracket from the results. A
    subclass declares its settings, lays out ``nodes`` and names its rounds."""

    draws_allowed = False
    eliminates = True

    def nodes(
        self, settings: Mapping[str, Any], entries: Sequence[Entry], seed: int
    ) -> tuple[list[Node], dict[int, int]]:
        """The bracket's nodes, and each entry's index in seed order."""
        raise NotImplementedError

    def round_name(
        self, replay: Replay, pairings: Sequence[Pairing], round_index: int
    ) -> RoundName:
        return RoundName("round", number=round_index)

    def replay(self, given: DrawInput, round_index: int | None = None) -> Replay:
        """The bracket after the stage's results, before round ``round_index`` (by default
        ``given.round``)."""
        nodes, rank = self.nodes(given.settings, given.entries, given.seed)
        at = given.round if round_index is None else round_index
        return Replay(nodes, given.entries, given.results, at, rank)

    def draw(self, given: DrawInput) -> Draw | None:
        replay = self.replay(given)
        pairings = replay.pairings()
        if not pairings:
            return None
        return Draw(pairings, self.round_name(replay, pairings, given.round))

    def placements(self, given: DrawInput) -> list[list[int]]:
        """Every result replayed (past any round the stage can have)."""
        return placements(self.replay(given, 10**6), given.entries)
