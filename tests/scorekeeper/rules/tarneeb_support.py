"""Helpers shared by the Tarneeb rules tests: tables, positions mid-game, caught violations."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import (
    RuleViolation,
    Table,
    find_variant,
    make_table,
    play,
)

from .support import play_at, position  # noqa: F401  (re-exported for the tests)

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]  # seats 0..3; team 0 = Rami and Omar


def table(slug: str, games_to_win: int = 1, first_dealer: int = 0, **options: Any) -> Table:
    variant = find_variant(slug)
    assert variant is not None, slug
    return make_table(
        variant, list(PLAYERS), options, games_to_win=games_to_win, first_dealer=first_dealer
    )


def violation(t: Table, payload: Any, **at: Any) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        play(t, position(t, **at), payload)
    return caught.value
