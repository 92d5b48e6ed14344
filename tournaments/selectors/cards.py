"""The table cards: each table's key and its short code (typed by hand at ``/t/``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..models import TABLE_CODE_ALPHABET, TABLE_CODE_LENGTH, TableKey, Tournament
from .lineups import add_lineups
from .view import TournamentView, tournament_view


def table_cards(tournament: Tournament) -> list[tuple[int, str, str]]:
    """(table, key, code) of every table, in table order: one query."""
    return list(
        TableKey.objects.filter(tournament=tournament)
        .order_by("table")
        .values_list("table", "key", "code")
    )


def normal_code(typed: str) -> str:
    """What was typed, as stored: upper case, spaces and dashes dropped."""
    return "".join(ch for ch in typed.upper() if ch not in " -")


@dataclass(frozen=True)
class CodeTarget:
    """Where a short code leads: its table's key, or (its tournament finished: a code
    stops opening the table then) the tournament's public page."""

    key: str
    view_id: str
    finished: bool


def is_code(typed: str) -> bool:
    """Whether this has the shape of a short code (a table's key never has)."""
    code = normal_code(typed)
    return len(code) == TABLE_CODE_LENGTH and all(ch in TABLE_CODE_ALPHABET for ch in code)


def code_target(typed: str) -> CodeTarget | None:
    """What a short code typed by hand (any case) opens, or None: one query."""
    if not is_code(typed):
        return None
    code = normal_code(typed)
    found = (
        TableKey.objects.filter(code=code)
        .select_related("tournament")
        .only("key", "tournament__view_id", "tournament__status")
        .first()
    )
    if found is None:
        return None
    event = tournament_view(found.tournament, director=False)
    return CodeTarget(found.key, found.tournament.view_id, event.finished)


def round_in_play(view: TournamentView) -> dict[str, Any] | None:
    """The round in play as the cards show it (``None`` before the first draw): its name,
    each table's ``lineup`` by table number (an individual event's teams or five players)
    and who sits out. Three queries (the round, its pairings, the entries' names) and the
    stages."""
    current = view.current
    if current is None:
        return None
    round_ = current.data(director=False)
    add_lineups(round_, view.names)
    round_["by_table"] = {
        pairing["table"]: pairing["lineup"]
        for pairing in round_["pairings"]
        if pairing["lineup"] is not None
    }
    return round_
