"""The registry of formats, by name (as the rules engine lists its variants).

A new format is one module (a ``Format`` subclass decorated with ``register``) and one line
in ``__init__`` importing it.
"""

from __future__ import annotations

from .base import Format

FORMATS: dict[str, Format] = {}


class UnknownFormat(LookupError):
    """A format name that no module registered (a stored stage's, or a caller's mistake:
    the API checks a name against ``FORMATS`` before asking)."""

    def __init__(self, name: object) -> None:
        super().__init__(f"unknown format {name!r}; known: {', '.join(FORMATS)}")
        self.name = name


def register(cls: type[Format]) -> type[Format]:
    """Class decorator: one instance of each format, known by its name."""
    if cls.name in FORMATS:
        raise ValueError(f"format {cls.name!r} registered twice")
    FORMATS[cls.name] = cls()
    return cls


def get_format(name: str) -> Format:
    """The format called ``name``; ``UnknownFormat`` if there is none."""
    try:
        return FORMATS[name]
    except (KeyError, TypeError):
        raise UnknownFormat(name) from None


def eliminating() -> frozenset[str]:
    """The names of the knockout formats (ranked by how far each entry went)."""
    return frozenset(name for name, fmt in FORMATS.items() if fmt.eliminates)
