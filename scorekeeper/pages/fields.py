"""The pages' form fields for what people type: whole numbers in the digits their keyboard
types, and text without control characters. Every refusal is a field error in the page's
language; nothing typed reaches ``int()`` or the database unchecked.

Numbers accept the Latin digits, the Arabic-Indic (U+0660-0669) and the Persian
(U+06F0-06F9) ones, and the minus sign as well as the hyphen; other characters that Python
calls digits ("²", "①") are refused. Text refuses control characters (NUL among them:
PostgreSQL cannot store it) and line or paragraph separators; a multi-line field keeps its
line breaks and tabs.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# Arabic-Indic (U+0660-0669) and Persian (U+06F0-06F9) digits, and the minus sign (U+2212)
DIGITS = {**{0x0660 + n: str(n) for n in range(10)}, **{0x06F0 + n: str(n) for n in range(10)}}
DIGITS[0x2212] = "-"
WHOLE = re.compile(r"[+-]?[0-9]+")
MAX_DIGITS = 9
# the Unicode categories refused in typed text (NUL is Cc)
CONTROL = {"Cc", "Cs", "Zl", "Zp"}
LINE_BREAKS = {"\n", "\r", "\t"}


def whole_number(text: Any) -> int | None:
    """``text`` as a whole number when it is one (in the digits above), else ``None``."""
    typed = str(text).translate(DIGITS).strip()
    if not WHOLE.fullmatch(typed) or len(typed.lstrip("+-")) > MAX_DIGITS:
        return None
    return int(typed)


class WholeNumberField(forms.Field):
    """A whole number, from ``min_value`` to ``max_value`` when they are given (else any of
    at most nine digits, for the service to judge); empty is ``empty`` (or an error when
    ``required``). ``message`` replaces the field's sentences when given."""

    def __init__(
        self,
        *,
        min_value: int | None = None,
        max_value: int | None = None,
        empty: int | None = None,
        required: bool = False,
        message: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(required=required, **kwargs)
        self.min_value, self.max_value, self.empty = min_value, max_value, empty
        self.message = message

    def to_python(self, value: Any) -> int | None:
        if value is None or not str(value).strip():
            return self.empty
        number = whole_number(value)
        if number is None and not WHOLE.fullmatch(str(value).translate(DIGITS).strip()):
            raise ValidationError(self.message or _("Give a whole number."), code="invalid")
        if number is None:
            raise ValidationError(self.message or _("This number is too large."), code="range")
        low, high = self.min_value, self.max_value
        if (low is not None and number < low) or (high is not None and number > high):
            raise ValidationError(
                self.message
                or _("Must be a whole number from {min} to {max}.").format(min=low, max=high),
                code="range",
            )
        return number

    def validate(self, value: Any) -> None:
        if value is None and self.required:
            raise ValidationError(_("This field is required."), code="required")


CONTROL_MESSAGE = gettext_lazy("Remove the invisible control characters from this text.")


@deconstructible
class ControlCharactersValidator:
    """Refuses control characters but NUL (``ProhibitNullCharactersValidator``, Django's
    own, refuses that one); ``lines`` allows line breaks and tabs."""

    def __init__(self, *, lines: bool = False) -> None:
        self.lines = lines

    def __call__(self, value: Any) -> None:
        allowed = LINE_BREAKS | {"\x00"} if self.lines else {"\x00"}
        if any(unicodedata.category(ch) in CONTROL and ch not in allowed for ch in str(value)):
            raise ValidationError(CONTROL_MESSAGE, code="control")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ControlCharactersValidator) and other.lines == self.lines


class TextField(forms.CharField):
    """Typed text: at most ``limit`` characters (a longer one is refused, saying so), no
    NUL and no control characters (one sentence for both); ``lines`` keeps line breaks (a
    pasted list)."""

    def __init__(self, *, limit: int, lines: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.limit = limit
        self.validators = [
            ProhibitNullCharactersValidator(message=CONTROL_MESSAGE),
            ControlCharactersValidator(lines=lines),
        ]

    def validate(self, value: Any) -> None:
        super().validate(value)
        if len(value) > self.limit:
            raise ValidationError(
                _("At most {count} characters, please: this text has {length}.").format(
                    count=self.limit, length=len(value)
                ),
                code="max_length",
            )


class PickField(forms.ChoiceField):
    """One of the page's buttons: empty or not posted is ``empty`` (refused when ``empty`` is
    ``None``); anything else that is not a button is refused."""

    def __init__(self, choices: Any, *, empty: str | None = "", **kwargs: Any) -> None:
        super().__init__(choices=choices, required=False, **kwargs)
        self.empty = empty

    def clean(self, value: Any) -> str:
        if value is None or value == "":
            if self.empty is None:
                raise ValidationError(_("Choose one of the buttons."), code="required")
            return self.empty
        if not self.valid_value(value):
            raise ValidationError(_("Choose one of the buttons."), code="invalid_choice")
        return str(value)
