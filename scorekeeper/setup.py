"""The set-up page's form, generated from the variant's declared options.

Each option becomes a control: a switch for a boolean, a picker (buttons, or a list when
there are many choices) for a choice, a number for an integer. Posted values are turned
back into the option's own type; the engine (`services.match_create`) then has the last
word, and whatever it refuses is shown next to the field.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from . import labels, rules
from .rules.options import Option

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
    choices = [{"value": str(choice), "label": labels.choice_label(option.name, choice),
                "checked": str(choice) == str(value),
                "default": choice == option.default} for choice in option.choices]
    return Control(option.name, kind, labels.option_label(option.name),
                   labels.option_help(option.name, option.help), option.default,
                   "" if value is None else value, option.nullable, option.min, option.max,
                   choices)


def parse_options(variant: rules.Variant, posted: Mapping[str, Any]
                  ) -> tuple[dict[str, Any], dict[str, str]]:
    """The posted options in their types, and an error message by option name."""
    options: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for option in variant.options:
        raw = posted.get(f"option-{option.name}")
        if option.type == "boolean":
            options[option.name] = raw is not None  # an unticked checkbox is not posted
        elif raw is None:
            options[option.name] = option.default
        elif option.type == "integer":
            text = (raw or "").strip()
            if not text and option.nullable:
                options[option.name] = None
            elif text.lstrip("-").isdigit() and len(text) < 10:
                try:
                    options[option.name] = option.clean(int(text))
                except rules.RuleViolation as violation:  # out of range: say so by the field
                    errors[option.name] = _("Must be a whole number from {min} to {max}."
                                            ).format(**violation.params)
            else:
                errors[option.name] = _("Give a whole number.")
        else:
            chosen = [c for c in option.choices if str(c) == raw]
            if chosen:
                options[option.name] = chosen[0]
            else:
                errors[option.name] = _("Choose one of the buttons.")
    return options, errors


# Control characters (NUL, line breaks...) are dropped; format characters are kept, as the
# API keeps them: the Persian half-space (ZWNJ, U+200C) and the emoji joiner (ZWJ) are part
# of a name ("isprintable" would drop them, and every emoji newer than Python's tables).
DROPPED = {"Cc", "Cs", "Zl", "Zp"}


def parse_players(variant: rules.Variant, posted: Any) -> list[str]:
    """The names in seat order; control characters are dropped, never stored."""
    names = [str(posted.get(f"player-{seat}", ""))[:200] for seat in range(variant.players)]
    return ["".join(ch for ch in name if unicodedata.category(ch) not in DROPPED)
            for name in names]


def parse_choice(posted: Mapping[str, Any], name: str, allowed: range, default: int) -> int:
    raw = posted.get(name)
    if raw is None or not str(raw).isdigit() or len(str(raw)) > 9:
        return default
    value = int(raw)
    return value if value in allowed else default
