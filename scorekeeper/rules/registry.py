"""The registry of variants, by slug (as python-chess lists its variants)."""

from __future__ import annotations

from .base import Variant

VARIANTS: dict[str, Variant] = {}


def register(cls: type[Variant]) -> type[Variant]:
    """Class decorator: one instance of each variant, known by its slug."""
    if cls.slug in VARIANTS:
        raise ValueError(f"variant {cls.slug!r} registered twice")
    VARIANTS[cls.slug] = cls()
    return cls


def find_variant(slug: str) -> Variant | None:
    return VARIANTS.get(slug)
