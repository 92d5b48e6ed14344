"""Single elimination (a knockout): one loss and the entry is out.

Terms: the bracket has ``2^m ≥ n`` places, filled by seed in the standard order (see
``elimination.bracket_order``: of 8, the pairings 1–8, 4–5, 3–6, 2–7 from the top), so
seeds 1 and 2 can only meet in the final; the ``2^m − n`` missing entries are byes for the
top seeds in round 1. A round's pairings are in bracket order: the winners of slots
``2k − 1`` and ``2k`` meet in slot ``k`` of the next round. The better seed sits first.
``third_place``: the semi-final losers play once more, in the final's round (bracket
``third_place``). ``consolation``: the entries that lose their first-round match play
their own knockout side by side, from the second round on (bracket ``consolation``, laid
out as the first round was, so a first-round bye leaves a bye there too); an entry whose
first round was a bye does not join it, even if it loses its next match (decided: it may
already be a semi-finalist, playing for third place). The consolation's winner is placed
right after the main bracket's semi-finalists. In a second stage the seeds are the ranks
the entries advanced with: the caller passes them as ``Entry.seed``.

The caller passes the entries the stage started with (active or not: the bracket never
moves) and every result of the stage, byes included. A dropped-out entry's pending match
is a bye for its opponent (decided, see ``elimination``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import Bool

from .base import DrawInput, Entry, Pairing, RoundName
from .common import knockout_name, seed_order
from .elimination import Bracket, Node, Replay, bracket_order, placements
from .registry import register


def places_for(entries: int) -> int:
    places = 2
    while places < entries:
        places *= 2
    return places


def knockout(
    order: Sequence[int | None],
    bracket: str | None,
    prefix: str,
    first: Sequence[tuple[Any, ...]] | None = None,
    kind: str = "out",
) -> list[Node]:
    """The nodes of a knockout of ``len(order)`` places (entries in bracket order, ``None``
    for an empty place), or fed by ``first`` (sources, two per first-round node)."""
    sources = list(first) if first is not None else [("seat", e) for e in order]
    nodes: list[Node] = []
    level = 1
    while len(sources) >= 2:
        row = [
            Node(
                f"{prefix}{level}.{i + 1}",
                bracket,
                level,
                (sources[2 * i], sources[2 * i + 1]),
                kind,
            )
            for i in range(len(sources) // 2)
        ]
        nodes += row
        sources = [("winner", node.key) for node in row]
        level += 1
    return nodes


@register
class SingleElimination(Bracket):
    name = "single_elimination"
    label = _("Knockout")
    fields = (
        Bool("third_place", required=False, default=False),
        Bool("consolation", required=False, default=False),
    )

    def nodes(
        self, settings: Mapping[str, Any], entries: Sequence[Entry], seed: int
    ) -> tuple[list[Node], dict[int, int]]:
        by_seed = [e.number for e in seed_order(entries, seed)]
        places = places_for(len(by_seed))
        seats = [by_seed[s - 1] if s <= len(by_seed) else None for s in bracket_order(places)]
        nodes = knockout(seats, None, "M")
        levels = max(node.level for node in nodes)
        if settings["third_place"] and levels >= 2:
            semis = [node.key for node in nodes if node.level == levels - 1]
            nodes.append(
                Node("T", "third_place", levels, (("loser", semis[0]), ("loser", semis[1])), "side")
            )
        # In a bracket of 4 the first round's losers are the semi-finalists: with
        # third_place, that match is their consolation.
        if settings["consolation"] and levels >= (3 if settings["third_place"] else 2):
            first = [("loser", node.key) for node in nodes if node.level == 1]
            nodes += knockout([], "consolation", "C", first, "side")
        return nodes, {number: index for index, number in enumerate(by_seed)}

    def round_name(
        self, replay: Replay, pairings: Sequence[Pairing], round_index: int
    ) -> RoundName:
        main = [node for node in replay.ready if node.bracket is None]
        if main:
            places = places_for(len(replay.rank)) // 2 ** (main[0].level - 1)
            return knockout_name(places)
        return super().round_name(replay, pairings, round_index)

    def placements(self, given: DrawInput) -> list[list[int]]:
        replay = self.replay(given, 10**6)
        groups = placements(replay, given.entries, key="level")
        levels = max(node.level for node in replay.nodes if node.bracket is None)
        third = replay.state.get("T")
        if third is not None and third.match:
            groups = _split(groups, [third.winner], [third.loser])
        consolation = [n for n in replay.nodes if n.bracket == "consolation"]
        final = replay.state.get(consolation[-1].key) if consolation else None
        if final is not None and final.winner is not None:
            groups = _after_semi_finals(groups, final.winner, replay, levels)
        return groups


def _split(
    groups: list[list[int]], first: Sequence[int | None], second: Sequence[int | None]
) -> list[list[int]]:
    out: list[list[int]] = []
    for group in groups:
        if set(first) <= set(group) and set(second) <= set(group):
            rest = [n for n in group if n not in first and n not in second]
            out += [[n for n in first if n is not None], [n for n in second if n is not None]]
            out += [rest] if rest else []
        else:
            out.append(group)
    return out


def _after_semi_finals(
    groups: list[list[int]], winner: int, replay: Replay, levels: int
) -> list[list[int]]:
    gone = replay.out()
    groups = [[n for n in group if n != winner] for group in groups]
    groups = [group for group in groups if group]
    cut = sum(
        1 for group in groups if any(n not in gone or gone[n][1] >= levels - 1 for n in group)
    )
    return [*groups[:cut], [winner], *groups[cut:]]
