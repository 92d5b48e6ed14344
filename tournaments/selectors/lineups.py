"""An individual event's tables in names (format ``melee``), for the desk, the public page,
the projector and the table cards: a four-player table's two teams (partners together,
seats 0 and 2 against seats 1 and 3), a trionfo table's five players in seat order, and
who sits the round out. Built on ``rounds_data``'s pairings and the names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..brackets import get_format
from ..models import Tournament
from .rounds import teams_of


def lineup(pairing: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any] | None:
    """``{"teams": [["Anna", "Carlo"], ["Bruno", "Dario"]]}`` for a four-player table,
    ``{"seats": [five names]}`` for a trionfo table, ``None`` for a pairing of two entries
    (or a sit-out)."""
    teams = pairing.get("teams")
    if teams:
        return {"teams": [[names.get(n, "?") for n in team] for team in teams], "seats": None}
    if len(pairing["entries"]) > 4:
        return {"teams": None, "seats": [names.get(n, "?") for n in pairing["entries"]]}
    return None


def of_entries(entries: list[int], names: Mapping[int, str]) -> dict[str, Any] | None:
    """``lineup`` of a stored pairing's ``entries`` (the match page's tournament panel)."""
    return lineup({"entries": entries, "teams": teams_of(entries)}, names)


def sides(pairing: Mapping[str, Any], names: Mapping[int, str]) -> list[dict[str, Any]]:
    """The sides a result is given for, in the order of ``points``: each entry of a pairing
    of two or five; a four-player table's two teams, each named by its first player's
    number (the director's result names a team by either of its players)."""
    teams = pairing.get("teams")
    if teams:
        return [
            {"number": team[0], "name": " & ".join(names.get(n, "?") for n in team)}
            for team in teams
        ]
    return [{"number": n, "name": names.get(n, "?")} for n in pairing["entries"]]


def add_lineups(round_: dict[str, Any], names: Mapping[int, str]) -> None:
    """Each pairing's ``lineup``, and the round's ``sit_out_names`` (``None`` when the round
    is not an individual event's)."""
    for pairing in round_["pairings"]:
        pairing["lineup"] = lineup(pairing, names)
    sit_out = round_.get("sit_out")
    round_["sit_out_names"] = None if sit_out is None else [names.get(n, "?") for n in sit_out]


def is_individual(tournament: Tournament) -> bool:
    """Whether the tournament's entries are single players (its only stage is a ``melee``):
    one query."""
    formats = list(tournament.stages.values_list("format", flat=True))
    return len(formats) == 1 and get_format(formats[0]).individual
