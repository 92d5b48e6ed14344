"""Rounds and pairings: read as ``RoundView`` values (two queries for every round of a
tournament), shown as the API shows them (``RoundView.data``, ``pairing_data``).

What a pairing's or a round's status means to a page is said here, once (``finished``,
``RoundView.playing``…): the pages ask these, never compare the status words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from ..brackets import get_format
from ..models import Pairing, Round, Stage, Tournament


def iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def round_name(name: dict[str, Any]) -> str:
    """The round's name in the request's language."""
    kind = name.get("kind")
    if kind == "final":
        return gettext("Final")
    if kind == "semi_final":
        return gettext("Semi-final")
    if kind == "quarter_final":
        return gettext("Quarter-final")
    if kind == "round_of":
        return gettext("Round of {size}").format(size=name.get("size"))
    return gettext("Round {number}").format(number=name.get("number"))


def finished(pairing: Pairing) -> bool:
    """Whether the pairing's result stands (a bye's too)."""
    return pairing.status == Pairing.Status.FINISHED


def in_progress(pairing: Pairing) -> bool:
    """Whether the pairing's match is being played (no result given yet)."""
    return pairing.status == Pairing.Status.IN_PROGRESS


def awaiting(pairing: Pairing) -> bool:
    """Whether the result waits for the other side's confirmation (``confirm_results``)."""
    return pairing.status == Pairing.Status.AWAITING


def disputed(pairing: Pairing) -> bool:
    """Whether the other side disputed the result: the director decides."""
    return pairing.status == Pairing.Status.DISPUTED


def playing(round_: Round) -> bool:
    """Whether the round is in play (not complete)."""
    return round_.status == Round.Status.PLAYING


def pairing_data(pairing: Pairing, *, director: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "slot": pairing.slot,
        "table": pairing.table,
        "entries": pairing.entries,
        "bye": pairing.bye,
        "shape": pairing.shape,
        "bracket": pairing.bracket,
        "group": pairing.group,
    }
    teams = pairing.table_shape.teams(pairing.entries)
    if teams:  # an individual event's table of four: seats 0 and 2, then 1 and 3
        data["teams"] = [list(team) for team in teams]
    if director:
        data["match"] = str(pairing.match_id) if pairing.match_id else None
    data.update(
        {
            "match_view": pairing.match_view,
            "status": pairing.status,
            "result": pairing.result,
            "points": pairing.points,
            "winner": pairing.winner,
            "games_won": pairing.games_won,
            "games": pairing.games_won if finished(pairing) else None,
            "forfeit": pairing.forfeit,
            "note": pairing.note,
            "decided_by": pairing.source,
            "ends_at": iso(pairing.ends_at),
            "time_called": pairing.time_called,
            "win_chance": pairing.win_chance,
        }
    )
    return data


@dataclass(frozen=True)
class RoundView:
    """A round as every read shows it: its row, its stage and its pairings in slot order."""

    row: Round
    stage: Stage
    pairings: tuple[Pairing, ...]

    @property
    def number(self) -> int:
        return self.row.number

    @property
    def name(self) -> str:
        """The round's name in the request's language."""
        return round_name(self.row.name)

    @property
    def playing(self) -> bool:
        """Whether the round is in play (not complete)."""
        return playing(self.row)

    @property
    def results_in(self) -> bool:
        """Whether every pairing's result stands (the next round may be drawn)."""
        return all(finished(pairing) for pairing in self.pairings)

    @property
    def individual(self) -> bool:
        """Whether the round is an individual event's (its stage a ``melee``)."""
        return get_format(self.stage.format).individual

    @property
    def sit_out(self) -> list[int] | None:
        """An individual event's players left over (one-entry byes); ``None`` elsewhere."""
        if not self.individual:
            return None
        return [p.entries[0] for p in self.pairings if p.bye]

    def data(self, *, director: bool) -> dict[str, Any]:
        """The round as the API shows it."""
        row = self.row
        data: dict[str, Any] = {
            "number": row.number,
            "stage": self.stage.number,
            "name": self.name,
            "status": row.status,
            "starts_at": iso(row.starts_at),
            "ends_at": iso(row.ends_at),
            "time_called": row.time_called,
            "seed": row.seed,
            "pairings": [pairing_data(p, director=director) for p in self.pairings],
        }
        sit_out = self.sit_out
        return data if sit_out is None else {**data, "sit_out": sit_out}


def round_data(round_: Round, pairings: Sequence[Pairing], *, director: bool) -> dict[str, Any]:
    """A round read without a view (its stage joined), as the API shows it."""
    return RoundView(round_, round_.stage, tuple(pairings)).data(director=director)


def rounds_of(
    tournament: Tournament, *, number: int | None = None, stages: Sequence[Stage] | None = None
) -> list[RoundView]:
    """Every round (or the one numbered ``number``) with its pairings, in order: two queries
    (the stages given, if known, spare the join)."""
    rounds = Round.objects.filter(tournament=tournament)
    pairings = Pairing.objects.filter(tournament=tournament).order_by("round_id", "slot")
    if number is not None:
        rounds = rounds.filter(number=number)
        pairings = pairings.filter(round__number=number)
    if stages is None:
        rounds = rounds.select_related("stage")
    # The rounds are read first: a round and its pairings are committed together, so the
    # pairings read after it are all there (read the other way round, a round drawn between
    # the two queries would show no pairing).
    found = list(rounds.order_by("number"))
    by_round: dict[int, list[Pairing]] = {}
    for pairing in pairings:
        by_round.setdefault(pairing.round_id, []).append(pairing)
    by_id = {stage.pk: stage for stage in stages or ()}
    return [
        RoundView(r, by_id.get(r.stage_id) or r.stage, tuple(by_round.get(r.pk, ()))) for r in found
    ]


def rounds_data(
    tournament: Tournament, *, director: bool, number: int | None = None
) -> list[dict[str, Any]]:
    """Every round (or the one numbered ``number``) with its pairings: two queries."""
    return [r.data(director=director) for r in rounds_of(tournament, number=number)]
