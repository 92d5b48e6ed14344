"""CSV files that a spreadsheet opens and gives back (``../shared/clubs.md``: Exports).

Out (``cell``): a text cell that a spreadsheet would read as a formula (it begins with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is written with a leading ``'``,
OWASP's rule against CSV injection: a name such as ``=HYPERLINK(…)`` in a public export
stays text on a director's computer. Numbers stay numbers (a points difference of -12 is
written ``-12``).

In (``import_names``): the players' import takes exactly two shapes, and says so when a
file is neither: **one name a line** (a name holding a comma in double quotes), or **the
players' export back** (its header row in any of the site's languages, then rows whose
first column is the player's number and whose second is the name). It takes the ``'`` of
the export off again, so a name survives the round trip. Any line ending (CRLF, LF, CR),
UTF-8 with or without a byte-order mark, and UTF-16 with one; anything else, a ``400``
naming the line and the column of the first bad value.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from collections.abc import Iterator, Sequence
from typing import Any

from django.conf import settings
from django.utils.translation import gettext, override

from scorekeeper.rules import RuleViolation
from scorekeeper.rules.errors import _
from scorekeeper.rules.names import clean_name

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Text that is a plain number is read as that number, never as a formula.
NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?\Z", re.ASCII)
MAX_BYTES = 1024 * 1024  # an import's upload limit (2,000 names need under 200 KB)
# The csv module's own limit (131,072 characters a field) would be an exception, not a
# 400 naming the line; a field can be no longer than the file.
csv.field_size_limit(max(csv.field_size_limit(), MAX_BYTES))
# Bytes that are not text in the file's encoding become NUL, refused below with the
# line and column they are in.
BAD_BYTES = "tournaments.spreadsheet.nul"


def _nul(error: UnicodeError) -> tuple[str, int]:
    assert isinstance(error, UnicodeDecodeError)  # registered for decoding only
    return "\x00", error.end


codecs.register_error(BAD_BYTES, _nul)
# Control characters no keyboard types: a binary file, or UTF-16 without a byte-order mark
# (read as UTF-8, every other byte of a Latin name is NUL). Tabs and line breaks are left
# to the name rule.
NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")

PLAYER_COLUMNS = (
    "number",
    "name",
    "rating",
    "mu",
    "sigma",
    "rated_pairings",
    "tournaments",
    "last_played",
)


def cell(value: Any) -> Any:
    """The value as a CSV cell: text a spreadsheet would take for a formula gets a ``'``."""
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS) and not NUMBER.match(value):
        return "'" + value
    return value


def uncell(text: str) -> str:
    """A cell as ``cell`` wrote it, back to the text it was."""
    return text[1:] if text[:1] == "'" and text[1:2] and text[1] in FORMULA_STARTS else text


def player_header() -> list[str]:
    """The players' export's column names in the request's language."""
    words = {
        "number": gettext("Number"),
        "name": gettext("Name"),
        "rating": gettext("Rating"),
        "mu": "mu",
        "sigma": "sigma",
        "rated_pairings": gettext("Rated pairings"),
        "tournaments": gettext("Tournaments"),
        "last_played": gettext("Last played"),
    }
    return [words[key] for key in PLAYER_COLUMNS]


def _headers() -> set[tuple[str, ...]]:
    """The export's header row in every language, compared case-folded."""
    found = set()
    for code, _name in settings.LANGUAGES:
        with override(code):
            found.add(tuple(word.casefold() for word in player_header()))
    return found


def import_names(raw: bytes, most: int) -> list[str]:
    """The names of an import's file, in order (the name rule applied), or a
    `RuleViolation` on ``file`` naming the line and the column of the first bad value."""
    if len(raw) > MAX_BYTES:
        raise RuleViolation("file", _("The file is larger than {size} KB."), size=MAX_BYTES // 1024)
    text = _text(raw)
    headers = _headers()
    delimiter = next((d for d in ",;" if _first_row(text, d) in headers), None)
    rows = _rows(text, delimiter or ",")
    if delimiter is not None:
        next(rows)  # the header row
    names = []
    for line, row in rows:
        names.append(_exported(line, row, len(PLAYER_COLUMNS)) if delimiter else _one(line, row))
        if len(names) > most:
            raise RuleViolation("file", _("At most {count} names at once."), count=most)
    if not names:
        raise RuleViolation(
            "file", _("The file has no names: one name a line, or the players' export.")
        )
    return names


def _text(raw: bytes) -> str:
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return raw.decode("utf-16", errors=BAD_BYTES)
    return raw.decode("utf-8-sig", errors=BAD_BYTES)


def _first_row(text: str, delimiter: str) -> tuple[str, ...]:
    for _line, row in _rows(text, delimiter):
        return tuple(value.strip().casefold() for value in row)
    return ()


def _rows(text: str, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    """Each row that is not blank, with the line it begins on (a quoted name may hold a
    line break); every value checked to be text."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    line = 1
    for row in reader:
        for column, value in enumerate(row, 1):
            if NOT_TEXT.search(value):
                raise _at(
                    line,
                    column,
                    RuleViolation(
                        "file",
                        _(
                            "This is not UTF-8 text (nor UTF-16 with a byte-order mark): "
                            "save the file as CSV UTF-8."
                        ),
                    ),
                )
        if any(value.strip() for value in row):
            yield line, row
        line = reader.line_num + 1


def _one(line: int, row: Sequence[str]) -> str:
    """A line of a file of names: one name, nothing after it."""
    for column, value in enumerate(row[1:], 2):
        if value.strip():
            raise _at(
                line,
                column,
                RuleViolation(
                    "file",
                    _(
                        "One name a line (a name with a comma in double quotes), or the "
                        "players' export with its header row."
                    ),
                ),
            )
    return _name(line, 1, row[0])


def _exported(line: int, row: Sequence[str], width: int) -> str:
    """A row of the players' export: the player's number, then the name."""
    if len(row) > width and any(value.strip() for value in row[width:]):
        raise _at(
            line,
            width + 1,
            RuleViolation("file", _("The players' export has {count} columns."), count=width),
        )
    number = row[0].strip()
    if not (number.isascii() and number.isdigit()):
        raise _at(
            line,
            1,
            RuleViolation(
                "file", _("The players' export has the player's number in its first column.")
            ),
        )
    return _name(line, 2, row[1] if len(row) > 1 else "")


def _name(line: int, column: int, value: str) -> str:
    try:
        return clean_name(uncell(value), "file")
    except RuleViolation as error:
        raise _at(line, column, error) from error


def _at(line: int, column: int, error: RuleViolation) -> RuleViolation:
    return RuleViolation(
        "file", _("Line {line}, column {column}: {error}"), line=line, column=column, error=error
    )
