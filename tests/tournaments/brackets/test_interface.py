"""The Format interface: one input value, facts on the class, a registry that raises."""

from __future__ import annotations

import pytest

from tournaments.brackets import (
    FORMATS,
    DrawInput,
    Entry,
    Format,
    UnknownFormat,
    eliminating,
    get_format,
    register,
)

from .ladder import Ladder, registered
from .play import entries


def test_a_new_format_is_one_class_and_one_registry_line():
    with registered(Ladder) as ladder:
        check_ladder(ladder)
    assert "test_ladder" not in FORMATS


def check_ladder(ladder: Format) -> None:
    settings = ladder.configure({"rounds": 1}, "stages.0")
    assert settings == {"rounds": 1, "groups": 1}
    drawn = ladder.draw(DrawInput(settings, entries(5), round=1, seed=3))
    assert [p.entries for p in drawn.pairings] == [(1, 2), (3, 4), (5,)]
    assert [p.table for p in drawn.pairings] == [1, 2, None]
    assert ladder.draw(DrawInput(settings, entries(5), round=2)) is None
    # The base class gives it the rest: placements, groups and the facts.
    assert ladder.placements(DrawInput(settings, entries(5))) is None
    assert ladder.groups(DrawInput(settings, entries(5))) == {}
    dealt = ladder.groups(DrawInput({**settings, "groups": 2}, entries(8), seed=1))
    assert dealt == {1: 1, 4: 1, 5: 1, 8: 1, 2: 2, 3: 2, 6: 2, 7: 2}
    assert not ladder.eliminates and not ladder.takes_late_entries
    with pytest.raises(ValueError, match="registered twice"):
        register(Ladder)


def test_get_format_raises_for_an_unknown_name():
    with pytest.raises(UnknownFormat, match="nope"):
        get_format("nope")
    with pytest.raises(LookupError):
        get_format(None)  # type: ignore[arg-type]


def test_the_facts_are_declared_on_the_formats():
    assert eliminating() == {"single_elimination", "double_elimination"}
    assert [name for name, fmt in FORMATS.items() if fmt.takes_late_entries] == ["melee", "swiss"]
    assert {name for name, fmt in FORMATS.items() if not fmt.draws_allowed} == eliminating()


def test_groups_are_dealt_by_the_base_class_for_every_format():
    robin = get_format("round_robin")
    settings = robin.configure({"groups": 2}, "stages.0")
    field = [Entry(n, seed=n) for n in range(1, 9)]
    dealt = robin.groups(DrawInput(settings, field, seed=1))
    assert dealt == {1: 1, 4: 1, 5: 1, 8: 1, 2: 2, 3: 2, 6: 2, 7: 2}
    assert get_format("swiss").groups(DrawInput({"rounds": 3}, field)) == {}
    one_group = robin.configure({}, "stages.0")
    assert robin.groups(DrawInput(one_group, field)) == {}
