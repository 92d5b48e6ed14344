"""The registry of formats, by name (as the rules engine lists its variants)."""

from __future__ import annotations

from .base import Format

FORMATS: dict[str, Format] = {}


def register(cls: type[Format]) -> type[Format]:
    """Class decorator: one instance of each format, known by its name."""
    if cls.name in FORMATS:
        raise ValueError(f"format {cls.name!r} registered twice")
    FORMATS[cls.name] = cls()
    return cls


def find_format(name: str) -> Format | None:
    return FORMATS.get(name)
