"""The set-up page's form (``MatchSetupForm``, a Django form), generated from the variant's
declared options.

Each option becomes a field and a control: a switch for a boolean, a picker (buttons, or a list when
there are many choices) for a choice, a number for an integer. Posted values are turned
back into the option's own type; the engine (`services.match_create`) then has the last
word, and whatever it refuses is shown next to the field.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from .. import rules, words
from ..rules.match import GAMES_TO_WIN
from ..rules.options import Option
from . import fields

MANY_CHOICES = 5


@dataclass
class Control:
    name: str
    kind: str  # "switch", "buttons", "list", "number"
    label: str
    help: str
    default: Any
    value: Any
    nullable: bool = False
    minimum: int | None = None
    maximum: int | None = None
    choices: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""

    @property
    def input_name(self) -> str:
        return f"option-{self.name}"


def controls(variant: rules.Variant, posted: Mapping[str, Any] | None = None) -> list[Control]:
    return [_control(option, posted) for option in variant.options]


def _control(option: Option, posted: Mapping[str, Any] | None) -> Control:
    name = f"option-{option.name}"
    value = option.default
    if posted is not None:
        value = posted.get(name, "") if option.type != "boolean" else name in posted
    kind = {"boolean": "switch", "integer": "number"}.get(option.type, "buttons")
    if kind == "buttons" and len(option.choices) > MANY_CHOICES:
        kind = "list"
    choices = [
        {
            "value": str(choice),
            "label": words.choice_label(option.name, choice),
            "checked": str(choice) == str(value),
            "default": choice == option.default,
        }
        for choice in option.choices
    ]
    return Control(
        option.name,
        kind,
        words.option_label(option.name),
        words.option_help(option.name, option.help),
        option.default,
        "" if value is None else value,
        option.nullable,
        option.min,
        option.max,
        choices,
    )


class OptionField(forms.Field):
    """One declared option, posted as text, cleaned into the option's own type. A choice or
    number not posted at all keeps the option's default (an unticked switch is off)."""

    def __init__(self, option: Option) -> None:
        super().__init__(required=False)
        self.option = option

    def to_python(self, value: Any) -> Any:
        option = self.option
        if option.type == "boolean":
            return value is not None and value is not False  # an unticked box is not posted
        if value is None:
            return option.default
        if option.type == "integer":
            return self._number(str(value).strip())
        chosen = [choice for choice in option.choices if str(choice) == value]
        if not chosen:
            raise ValidationError(_("Choose one of the buttons."))
        return chosen[0]

    def _number(self, text: str) -> int | None:
        if not text and self.option.nullable:
            return None
        number = fields.whole_number(text)
        if number is None:
            raise ValidationError(_("Give a whole number."))
        try:
            clean: int = self.option.clean(number)  # an integer option's value
            return clean
        except rules.RuleViolation as violation:  # out of range: say so by the field
            raise ValidationError(
                _("Must be a whole number from {min} to {max}.").format(**violation.params)
            ) from violation


class SeatField(forms.Field):
    """A whole number among ``allowed``; anything else quietly becomes ``default`` (a radio
    button tampered with is not the player's mistake to fix)."""

    def __init__(self, allowed: Sequence[int], default: int) -> None:
        super().__init__(required=False)
        self.allowed, self.default = allowed, default

    def to_python(self, value: Any) -> int:
        return parse_choice({"value": value}, "value", self.allowed, self.default)


# Control characters (NUL, line breaks...) are dropped; format characters are kept, as the
# API keeps them: the Persian half-space (ZWNJ, U+200C) and the emoji joiner (ZWJ) are part
# of a name ("isprintable" would drop them, and every emoji newer than Python's tables).
DROPPED = {"Cc", "Cs", "Zl", "Zp"}


class PlayerField(forms.CharField):
    """A player's name; control characters are dropped, never stored."""

    def __init__(self) -> None:
        super().__init__(required=False, strip=False)

    def to_python(self, value: Any) -> str:
        name = str(value or "")[:200]
        return "".join(ch for ch in name if unicodedata.category(ch) not in DROPPED)


class MatchSetupForm(forms.Form):
    """The set-up page: the players in seat order, who deals first, one game or best of three,
    and a field for each option the variant declares (``option-<name>``)."""

    def __init__(self, variant: rules.Variant, data: Mapping[str, Any] | None = None) -> None:
        super().__init__(data)
        self.variant = variant
        for seat in range(variant.players):
            self.fields[f"player-{seat}"] = PlayerField()
        self.fields["games_to_win"] = SeatField(GAMES_TO_WIN, variant.default_games_to_win)
        self.fields["first_dealer"] = SeatField(range(variant.players), 0)
        for option in variant.options:
            self.fields[f"option-{option.name}"] = OptionField(option)

    def players(self) -> list[str]:
        return [self.cleaned_data[f"player-{seat}"] for seat in range(self.variant.players)]

    def options(self) -> dict[str, Any]:
        return {
            option.name: self.cleaned_data[f"option-{option.name}"]
            for option in self.variant.options
            if f"option-{option.name}" in self.cleaned_data
        }

    def option_errors(self) -> dict[str, str]:
        """An error message by option name."""
        return {
            name.removeprefix("option-"): " ".join(str(message) for message in messages)
            for name, messages in self.errors.items()
        }


def parse_choice(posted: Mapping[str, Any], name: str, allowed: Sequence[int], default: int) -> int:
    """A posted whole number among ``allowed`` (in any digits ``fields.whole_number`` reads),
    else ``default``."""
    raw = posted.get(name)
    value = None if raw is None else fields.whole_number(raw)
    return value if value is not None and value in allowed else default
