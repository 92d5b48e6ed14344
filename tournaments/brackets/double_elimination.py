"""Double elimination: an entry is out after its second loss.

Terms: the *winners' bracket* is a single elimination bracket (``single_elimination``'s
seeding and byes). Its losers drop into the *losers' bracket*: the losers of winners' round
1 meet each other (losers' round 1); then each winners' round ``j`` ≥ 2 sends its losers
against the survivors of the losers' bracket (a *major* round, ``2j − 2``), whose winners
meet each other (a *minor* round, ``2j − 1``) until one is left. The drop positions are
crossed (``DROP_ORDER``, the standard pattern: reversed, then halves swapped, in turn) so
that two entries from the same part of the bracket do not meet again early. The *grand
final*: the winners' champion against the losers' champion; with ``grand_final_reset``, if
the losers' champion wins it, one more match decides. Pairings say their ``bracket``:
``winners``, ``losers`` or ``final``. A round holds every match playable at that moment.
With ``n`` entries all playing: ``2n − 2`` matches, or ``2n − 1`` with a reset played.

As in ``single_elimination``: the caller passes the entries the stage started with and
every result of the stage, byes included; a dropped-out entry's pending match is a bye for
its opponent, and the dropped-out entry is out of the stage (decided).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import Bool

from .base import Entry, Pairing, RoundName
from .common import seed_order
from .elimination import Bracket, Node, Replay, bracket_order
from .registry import register
from .single_elimination import knockout, places_for

# How the losers of winners' round j (2, 3, …) are laid against the losers' bracket, in
# turn: "reverse" (the first loser meets the last survivor) and "halves" (the top half's
# losers meet the bottom half's survivors).
DROP_ORDER = ("reverse", "halves")


def dropped(index: int, count: int, pattern: str) -> int:
    if pattern == "reverse":
        return count - 1 - index
    return (index + count // 2) % count


def losers_bracket(winners: Sequence[Node], levels: int) -> list[Node]:
    """The losers' bracket fed by the winners' bracket of ``levels`` rounds."""

    def w(level: int) -> list[str]:
        return [node.key for node in winners if node.level == level]

    first = w(1)
    row = [
        Node(f"L1.{i + 1}", "losers", 1, (("loser", first[2 * i]), ("loser", first[2 * i + 1])))
        for i in range(len(first) // 2)
    ]
    nodes = list(row)
    for j in range(2, levels + 1):
        drops, pattern = w(j), DROP_ORDER[(j - 2) % len(DROP_ORDER)]
        row = [
            Node(
                f"L{2 * j - 2}.{i + 1}",
                "losers",
                2 * j - 2,
                (("winner", node.key), ("loser", drops[dropped(i, len(drops), pattern)])),
            )
            for i, node in enumerate(row)
        ]
        nodes += row
        if j < levels:
            row = [
                Node(
                    f"L{2 * j - 1}.{i + 1}",
                    "losers",
                    2 * j - 1,
                    (("winner", row[2 * i].key), ("winner", row[2 * i + 1].key)),
                )
                for i in range(len(row) // 2)
            ]
            nodes += row
    return nodes


@register
class DoubleElimination(Bracket):
    name = "double_elimination"
    label = _("Double elimination")
    fields = (Bool("grand_final_reset", required=False, default=True),)

    def nodes(
        self, settings: Mapping[str, Any], entries: Sequence[Entry], seed: int
    ) -> tuple[list[Node], dict[int, int]]:
        by_seed = [e.number for e in seed_order(entries, seed)]
        places = places_for(len(by_seed))
        seats = [by_seed[s - 1] if s <= len(by_seed) else None for s in bracket_order(places)]
        winners = knockout(seats, "winners", "W", kind="drop")
        levels = max(node.level for node in winners)
        losers = losers_bracket(winners, levels)
        champion = ("winner", losers[-1].key) if losers else ("loser", winners[-1].key)
        final = Node("F", "final", 1, (("winner", winners[-1].key), champion), "grand_final")
        nodes = [*winners, *losers, final]
        if settings["grand_final_reset"]:
            nodes.append(Node("F2", "final", 2, (("reset", "F", 0), ("reset", "F", 1))))
        return nodes, {number: index for index, number in enumerate(by_seed)}

    def round_name(
        self, replay: Replay, pairings: Sequence[Pairing], round_index: int
    ) -> RoundName:
        if any(pairing.bracket == "final" for pairing in pairings):
            return RoundName("final")
        return super().round_name(replay, pairings, round_index)
