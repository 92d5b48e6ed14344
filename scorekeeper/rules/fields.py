"""Declarations of hand payload fields: one declaration gives validation and JSON Schema.

A variant lists the shapes its hand payload may take (a played hand, a thrown-in hand);
each shape lists its fields. `Shape.clean` checks a payload against the declaration
(types, required and unknown fields, ranges, choices) and returns the cleaned values;
`Shape.json_schema` describes the same declaration for the API and the OpenAPI schema.
Rules that relate several fields (a bid under a player's minimum) stay in the variant.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from .errors import RuleViolation, _

MISSING: Any = object()
# Any number a card table can produce fits far below this; larger ones are rejected
# before any arithmetic so huge integers cannot cost time.
SANE_LIMIT = 10**6


def is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Field:
    """One payload field. Subclasses check a value and describe it."""

    name: str
    required: bool = True
    nullable: bool = False
    default: Any = None
    help: str = ""

    def clean(self, value: Any) -> Any:
        if value is None:
            if self.nullable:
                return None
            raise RuleViolation(self.name, _("This field may not be null."))
        return self.check(value)

    def check(self, value: Any) -> Any:
        return value

    def schema(self) -> dict[str, Any]:
        return {}

    def json_schema(self) -> dict[str, Any]:
        schema = self.schema()
        if self.help:
            schema["description"] = self.help
        if self.nullable:
            return {
                "anyOf": [schema, {"type": "null"}],
                **({"description": self.help} if self.help else {}),
            }
        return schema


@dataclass(frozen=True)
class Int(Field):
    min: int = -SANE_LIMIT
    max: int = SANE_LIMIT

    def check(self, value: Any) -> int:
        if not is_int(value):
            raise RuleViolation(self.name, _("A whole number is required."))
        if not self.min <= value <= self.max:
            raise RuleViolation(
                self.name,
                _("Must be a whole number from {min} to {max}."),
                min=self.min,
                max=self.max,
            )
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.min, "maximum": self.max}


@dataclass(frozen=True)
class Bool(Field):
    def check(self, value: Any) -> bool:
        if not isinstance(value, bool):
            raise RuleViolation(self.name, _("Must be true or false."))
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass(frozen=True)
class Const(Field):
    """A field that, when present, must hold one exact value (``"thrown_in": true``)."""

    value: Any = True

    def check(self, value: Any) -> Any:
        if type(value) is not type(self.value) or value != self.value:
            raise RuleViolation(self.name, _("Must be {value}."), value=_json_literal(self.value))
        return value

    def schema(self) -> dict[str, Any]:
        return {"const": self.value}


@dataclass(frozen=True)
class Choice(Field):
    choices: tuple[Any, ...] = ()

    def check(self, value: Any) -> Any:
        for choice in self.choices:
            if type(choice) is type(value) and choice == value:
                return value
        raise RuleViolation(
            self.name,
            _("Must be one of: {choices}."),
            choices=", ".join(_json_literal(c) for c in self.choices),
        )

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.choices)}


@dataclass(frozen=True)
class IntList(Field):
    """A fixed-length list of whole numbers: tricks or card points by seat or team."""

    length: int = 4
    min: int = 0
    max: int = SANE_LIMIT

    def check(self, value: Any) -> tuple[int, ...]:
        if not isinstance(value, list) or len(value) != self.length:
            raise RuleViolation(
                self.name, _("Must be a list of {length} whole numbers."), length=self.length
            )
        for item in value:
            if not is_int(item) or not self.min <= item <= self.max:
                raise RuleViolation(
                    self.name,
                    _("Each number must be a whole number from {min} to {max}."),
                    min=self.min,
                    max=self.max,
                )
        return tuple(value)

    def schema(self) -> dict[str, Any]:
        item = {"type": "integer", "minimum": self.min, "maximum": self.max}
        return {"type": "array", "items": item, "minItems": self.length, "maxItems": self.length}


@dataclass(frozen=True)
class Any_(Field):
    """One of several item forms: a bid number or ``"pass"`` in an auction."""

    options: tuple[Field, ...] = ()

    def check(self, value: Any) -> Any:
        first_error = None
        for option in self.options:
            try:
                return option.clean(value)
            except RuleViolation as error:
                first_error = first_error or error
        raise RuleViolation(
            self.name, _("{value} is not a valid entry here."), value=_json_literal(value)
        ) from first_error

    def schema(self) -> dict[str, Any]:
        return {"anyOf": [option.json_schema() for option in self.options]}


@dataclass(frozen=True)
class ListOf(Field):
    """A list of items of one declared form (an auction, declarations)."""

    item: Field | None = None
    max_items: int = 100

    def check(self, value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise RuleViolation(self.name, _("Must be a list."))
        if len(value) > self.max_items:
            raise RuleViolation(self.name, _("At most {count} entries."), count=self.max_items)
        assert self.item is not None
        cleaned = []
        for index, item in enumerate(value):
            try:
                cleaned.append(self.item.clean(item))
            except RuleViolation as error:
                raise RuleViolation(
                    f"{self.name}", _("Entry {index}: {message}"), index=index + 1, message=error
                ) from error
        return tuple(cleaned)

    def schema(self) -> dict[str, Any]:
        assert self.item is not None
        return {"type": "array", "items": self.item.json_schema(), "maxItems": self.max_items}


@dataclass(frozen=True)
class Object(Field):
    """A nested object with fields of its own (a claim, a declaration)."""

    fields: tuple[Field, ...] = ()

    def check(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise RuleViolation(self.name, _("Must be an object."))
        try:
            return clean_fields(self.fields, value)
        except RuleViolation as error:
            # ``field`` is RuleViolation's own argument: the nested name goes as ``name``.
            raise RuleViolation(
                self.name, _("{name}: {message}"), name=error.field, message=error
            ) from error

    def schema(self) -> dict[str, Any]:
        return fields_schema(self.fields)


def _json_literal(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return value
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def clean_fields(fields: Sequence[Field], payload: Mapping[str, Any]) -> dict[str, Any]:
    """Check a mapping against declared fields; unknown keys are refused."""
    known = {f.name for f in fields}
    for key in payload:
        if key not in known:
            name = key if isinstance(key, str) and 0 < len(key) <= 40 else "payload"
            raise RuleViolation(name, _("Unknown field '{key}'."), key=_json_literal(key))
    cleaned: dict[str, Any] = {}
    for f in fields:
        if f.name in payload:
            cleaned[f.name] = f.clean(payload[f.name])
        elif f.required:
            raise RuleViolation(f.name, _("This field is required."))
        else:
            cleaned[f.name] = f.default
    return cleaned


def fields_schema(fields: Sequence[Field]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {f.name: f.json_schema() for f in fields},
        "required": [f.name for f in fields if f.required],
        "additionalProperties": False,
    }


@dataclass(frozen=True)
class Shape:
    """One form a hand payload can take, e.g. a played hand or a thrown-in one."""

    name: str
    fields: tuple[Field, ...]
    title: str = ""
    thrown_in: bool = False  # whether this shape is chosen by ``"thrown_in": true``

    def clean(self, payload: Mapping[str, Any]) -> dict[str, Any]:
        return clean_fields(self.fields, payload)

    def json_schema(self) -> dict[str, Any]:
        schema = fields_schema(self.fields)
        schema["title"] = self.title or self.name
        return schema


def pick_shape(shapes: Sequence[Shape], payload: Mapping[str, Any]) -> Shape:
    """The thrown-in shape when the payload says ``"thrown_in": true``, else the played one."""
    wants_thrown = payload.get("thrown_in") is True
    for shape in shapes:
        if shape.thrown_in == wants_thrown:
            return shape
    raise RuleViolation("thrown_in", _("A thrown-in hand is not allowed here."))
