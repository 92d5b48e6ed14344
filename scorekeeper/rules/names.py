"""Names people type: players, teams, tournaments (and clubs, seasons). One rule for every
name the site takes: ``clean_name``, or ``Name`` in a declaration of fields.

A name is stored NFC-normalised (an ``é`` typed as ``e`` plus a combining accent is the
same name as the precomposed ``é``) and without surrounding white space. Characters that
let a name pass for another or scramble the text around it are refused: control
characters, the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
and zero-width characters, except the zero-width non-joiner and joiner (U+200C, U+200D),
which Persian words and emoji sequences need. Two names equal after this are the same name.
A refusal names the field it was given (``entries[3].players[1]``), in the request's
language (the caller renders the template).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from .errors import RuleViolation, _
from .fields import Field

MAX_NAME = 40
BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
# Zero-width spaces and joiners that no script needs (U+200C and U+200D are allowed).
ZERO_WIDTH = frozenset("\u200b\u2060\u2061\u2062\u2063\u2064\ufeff\u180e")
# Line and paragraph separators break a line like a control character does.
LINE_BREAKS = frozenset("\u2028\u2029\x85")
# A name shows at least one letter, digit, punctuation mark or symbol.
VISIBLE = frozenset("LNPS")
# Any character refused above, to find the first one at C speed (a list of 10,000 entries
# has 30,000 names): the control characters (category Cc) and the sets above.
REFUSED = re.compile(
    "[\x00-\x1f\x7f-\x9f"
    + "".join(re.escape(c) for c in sorted(LINE_BREAKS | BIDI_CONTROLS | ZERO_WIDTH))
    + "]"
)


def clean_name(value: Any, field: str, max_length: int = MAX_NAME) -> str:
    """The name as stored, or a `RuleViolation` on ``field`` saying what is wrong with it."""
    if not isinstance(value, str):
        raise RuleViolation(field, _("A name must be text."))
    name = unicodedata.normalize("NFC", value).strip()
    if not name:
        raise RuleViolation(field, _("A name is required."))
    found = REFUSED.search(name)
    if found is not None:
        char = found[0]  # a control character, a line break, a bidi control or a zero-width
        if unicodedata.category(char) == "Cc" or char in LINE_BREAKS:
            raise RuleViolation(
                field,
                _("A name may not contain control characters (such as a line break or a tab)."),
            )
        if char in BIDI_CONTROLS:
            raise RuleViolation(
                field,
                _(
                    "A name may not contain invisible characters that "
                    "change the direction of the text."
                ),
            )
        raise RuleViolation(field, _("A name may not contain invisible zero-width characters."))
    # Printable ASCII left after the refusals and the strip shows a sign: no need to look.
    if not name.isascii() and not any(unicodedata.category(c)[0] in VISIBLE for c in name):
        raise RuleViolation(field, _("A name needs at least one letter, digit or sign."))
    if len(name) > max_length:
        raise RuleViolation(
            field, _("A name may have at most {count} characters."), count=max_length
        )
    return name


@dataclass(frozen=True)
class Name(Field):
    """A declared name field: ``clean_name`` with the field's ``max_length``."""

    max_length: int = MAX_NAME

    def check(self, value: Any) -> str:
        return clean_name(value, self.name, self.max_length)

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "maxLength": self.max_length}
