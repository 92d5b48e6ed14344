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


class UnknownVariant(LookupError):
    """A slug that no variant registered (a stored match's, or a caller's mistake)."""

    def __init__(self, slug: object) -> None:
        super().__init__(f"unknown variant {slug!r}; known: {', '.join(VARIANTS)}")
        self.slug = slug


def get_variant(slug: str) -> Variant:
    """The variant ``slug``; ``UnknownVariant`` if there is none (a stored row's slug)."""
    try:
        return VARIANTS[slug]
    except (KeyError, TypeError):
        raise UnknownVariant(slug) from None


def find_variant(slug: str) -> Variant | None:
    """The variant ``slug`` or ``None``: for a slug a person typed (the API's 404 or 400)."""
    return VARIANTS.get(slug) if isinstance(slug, str) else None
