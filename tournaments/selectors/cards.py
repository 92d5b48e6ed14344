"""The table cards: each table's key and its short code (typed by hand at ``/t/``)."""

from __future__ import annotations

from ..models import TABLE_CODE_ALPHABET, TABLE_CODE_LENGTH, TableKey, Tournament


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
