"""An individual event's tables in names (format ``melee``), for the desk, the public page,
the projector and the table cards, as each table's shape says (``brackets.shapes``): a
table whose sides are teams (a mêlée table of four: partners together, seats 0 and 2
against seats 1 and 3), a table of more than two players each their own side (trionfo's
five, in seat order), and who sits the round out. Built on ``rounds_data``'s pairings
(each says its ``shape``) and the names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..brackets import get_format
from ..brackets.shapes import TWO, Shape, get_shape
from ..models import Tournament


def shape_of(pairing: Mapping[str, Any]) -> Shape:
    """The shape of a pairing as ``rounds_data`` gives it."""
    return get_shape(pairing.get("shape", TWO.name))


def lineup(pairing: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any] | None:
    """``{"teams": [["Anna", "Carlo"], ["Bruno", "Dario"]]}`` for a table of teams,
    ``{"seats": [five names]}`` for a table of more than two players each their own side,
    ``None`` for a pairing of two entries (or a sit-out)."""
    return of_entries(pairing["entries"], names, shape_of(pairing))


def of_entries(
    entries: Sequence[int], names: Mapping[int, str], shape: Shape
) -> dict[str, Any] | None:
    """``lineup`` of a stored pairing's ``entries`` and shape (the match page's panel)."""
    teams = shape.teams(entries)
    if teams:
        return {"teams": [[names.get(n, "?") for n in team] for team in teams], "seats": None}
    if len(shape.sides) > TWO_SIDES:
        return {"teams": None, "seats": [names.get(n, "?") for n in entries]}
    return None


TWO_SIDES = len(TWO.sides)  # a pairing of two sides needs no line-up: its sides are named


def sides(pairing: Mapping[str, Any], names: Mapping[int, str]) -> list[dict[str, Any]]:
    """The sides a result is given for, in the order of ``points``: each entry of a table
    whose sides are single entries; a table of teams' teams, each named by its first
    player's number (the director's result names a team by either of its players)."""
    return [
        {"number": side[0], "name": " & ".join(names.get(n, "?") for n in side)}
        for side in shape_of(pairing).side_entries(pairing["entries"])
    ]


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
