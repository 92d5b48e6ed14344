"""CSV files that a spreadsheet opens (``../shared/clubs.md``: Exports).

A text cell that a spreadsheet would read as a formula (it begins with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return) is written with a leading ``'``, OWASP's rule against CSV
injection: a name such as ``=HYPERLINK(…)`` in a public export stays text on a director's
computer. Numbers stay numbers (a points difference of -12 is written ``-12``).
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Text that is a plain number is read as that number, never as a formula.
NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?\Z")

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
