"""The table cards: each table's key and its short code (typed by hand at ``/t/``)."""

from __future__ import annotations

from typing import Any

from ..models import TABLE_CODE_ALPHABET, TABLE_CODE_LENGTH, TableKey, Tournament
from .lineups import add_lineups
from .rounds import rounds_data


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


def key_by_code(typed: str) -> str | None:
    """The table key of a short code typed by hand (any case), or None."""
    code = normal_code(typed)
    if len(code) != TABLE_CODE_LENGTH or any(ch not in TABLE_CODE_ALPHABET for ch in code):
        return None
    return TableKey.objects.filter(code=code).values_list("key", flat=True).first()


def round_in_play(tournament: Tournament) -> dict[str, Any] | None:
    """The round in play as the cards show it (``None`` before the first draw): its name,
    each table's ``lineup`` by table number (an individual event's teams or five players)
    and who sits out. Three queries (the round, its pairings, the entries' names)."""
    if not tournament.round:
        return None
    found = rounds_data(tournament, director=False, number=tournament.round)
    if not found:
        return None
    round_ = found[0]
    names = dict(tournament.entries.values_list("number", "name"))
    add_lineups(round_, names)
    round_["by_table"] = {
        pairing["table"]: pairing["lineup"]
        for pairing in round_["pairings"]
        if pairing["lineup"] is not None
    }
    return round_
