"""Rounds and pairings as the API shows them: two queries for every round of a tournament."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext

from ..brackets import get_format
from ..models import Pairing, Round, Tournament


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
            "games": pairing.games_won if pairing.status == Pairing.Status.FINISHED else None,
            "forfeit": pairing.forfeit,
            "note": pairing.note,
            "decided_by": pairing.source,
            "ends_at": iso(pairing.ends_at),
            "time_called": pairing.time_called,
            "win_chance": pairing.win_chance,
        }
    )
    return data


def round_data(
    round_: Round, pairings: Sequence[Pairing], *, director: bool, stage_number: int
) -> dict[str, Any]:
    return {
        "number": round_.number,
        "stage": stage_number,
        "name": round_name(round_.name),
        "status": round_.status,
        "starts_at": iso(round_.starts_at),
        "ends_at": iso(round_.ends_at),
        "time_called": round_.time_called,
        "seed": round_.seed,
        "pairings": [pairing_data(p, director=director) for p in pairings],
        **_sit_out(round_, pairings),
    }


def _sit_out(round_: Round, pairings: Sequence[Pairing]) -> dict[str, Any]:
    """An individual event's round: ``sit_out``, the players left over (one-entry byes)."""
    if not get_format(round_.stage.format).individual:
        return {}
    return {"sit_out": [p.entries[0] for p in pairings if p.bye]}


def rounds_data(
    tournament: Tournament, *, director: bool, number: int | None = None
) -> list[dict[str, Any]]:
    """Every round (or the one numbered ``number``) with its pairings: two queries."""
    rounds = Round.objects.filter(tournament=tournament).select_related("stage")
    pairings = Pairing.objects.filter(tournament=tournament).order_by("round_id", "slot")
    if number is not None:
        rounds = rounds.filter(number=number)
        pairings = pairings.filter(round__number=number)
    # The rounds are read first: a round and its pairings are committed together, so the
    # pairings read after it are all there (read the other way round, a round drawn between
    # the two queries would show no pairing).
    found = list(rounds.order_by("number"))
    by_round: dict[int, list[Pairing]] = {}
    for pairing in pairings:
        by_round.setdefault(pairing.round_id, []).append(pairing)
    return [
        round_data(r, by_round.get(r.pk, []), director=director, stage_number=r.stage.number)
        for r in found
    ]
