"""The variants' registry: ``get_variant`` raises, ``find_variant`` is for typed slugs."""

from __future__ import annotations

import pytest

from scorekeeper import rules


def test_get_variant_raises_for_an_unknown_slug():
    assert rules.get_variant("tarneeb") is rules.VARIANTS["tarneeb"]
    with pytest.raises(rules.UnknownVariant, match="bridge"):
        rules.get_variant("bridge")
    with pytest.raises(LookupError):
        rules.get_variant(["tarneeb"])  # type: ignore[arg-type]


def test_find_variant_answers_none_for_what_someone_typed():
    assert rules.find_variant("tarneeb") is rules.VARIANTS["tarneeb"]
    assert rules.find_variant("bridge") is None
    assert rules.find_variant(3) is None  # type: ignore[arg-type]
