"""House rules: the options a table chooses when it starts a match.

Each variant declares its options once (name, type, default, choices); validation, the
API's ``/api/variants/`` and the phone forms all read that declaration.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .errors import RuleViolation, _
from .fields import is_int

OptionType = Literal["integer", "boolean", "choice"]


@dataclass(frozen=True)
class Option:
    name: str
    type: OptionType
    default: Any
    choices: tuple[Any, ...] = ()
    min: int | None = None
    max: int | None = None
    nullable: bool = False  # null means "not set": e.g. deals, open-ended
    same_as: str | None = None  # null resolves to that option's value (bella_target)
    help: str = ""

    def describe(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "default": self.default}
        if self.choices:
            data["choices"] = list(self.choices)
        if self.min is not None:
            data["minimum"] = self.min
        if self.max is not None:
            data["maximum"] = self.max
        if self.nullable:
            data["nullable"] = True
        if self.same_as:
            data["same_as"] = self.same_as
        if self.help:
            data["help"] = self.help
        return data

    def clean(self, value: Any) -> Any:
        if value is None and self.nullable:
            return None
        if self.type == "boolean":
            if not isinstance(value, bool):
                raise RuleViolation(
                    "options", _("Option {name} must be true or false."), name=self.name
                )
            return value
        if self.type == "integer":
            return self._clean_int(value)
        for choice in self.choices:
            if type(choice) is type(value) and choice == value:
                return value
        raise RuleViolation(
            "options",
            _("Option {name} must be one of: {choices}."),
            name=self.name,
            choices=", ".join(map(str, self.choices)),
        )

    def _clean_int(self, value: Any) -> int:
        low = self.min if self.min is not None else 1
        high = self.max if self.max is not None else 10**6
        if not is_int(value) or not low <= value <= high:
            raise RuleViolation(
                "options",
                _("Option {name} must be a whole number from {min} to {max}."),
                name=self.name,
                min=low,
                max=high,
            )
        return value


def resolve_options(declared: Sequence[Option], given: Any, variant_name: str) -> dict[str, Any]:
    """Every declared option with the given value or its default; unknown ones are refused."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise RuleViolation("options", _("Options must be an object of option names and values."))
    by_name = {option.name: option for option in declared}
    for name in given:
        if name not in by_name:
            raise RuleViolation(
                "options",
                _("{variant} has no option '{name}'."),
                variant=variant_name,
                name=str(name)[:40],
            )
    resolved = {o.name: o.clean(given[o.name]) if o.name in given else o.default for o in declared}
    for option in declared:
        if option.same_as and resolved[option.name] is None:
            resolved[option.name] = resolved[option.same_as]
    return resolved


def target_option(default: int, *, help: str = "") -> Option:
    return Option(
        "target", "integer", default, min=1, max=100_000, help=help or "The score that wins a game."
    )
