"""A seating says whether it is a bye: ``number_pairings`` reads the flag, checks the
entries against the shape declared, and never guesses a bye from the number of entries."""

from __future__ import annotations

import pytest

from tournaments.brackets.common import Seating, number_pairings
from tournaments.brackets.shapes import BYE, PLACES, TWO
from tournaments.brackets.swiss import first_round


def test_a_bye_is_read_from_the_flag_and_the_tables_are_numbered_past_it():
    drawn = number_pairings(
        [
            Seating((5,), "winners", None, bye=True),
            Seating((1, 2), "winners"),
            Seating((3, 4), None, 2),
        ]
    )
    assert [(p.slot, p.entries, p.table, p.shape, p.bracket, p.group) for p in drawn] == [
        (1, (5,), None, BYE, "winners", None),
        (2, (1, 2), 1, TWO, "winners", None),
        (3, (3, 4), 2, TWO, None, 2),
    ]
    assert [p.bye for p in drawn] == [True, False, False]


def test_two_entries_flagged_a_bye_are_refused():
    with pytest.raises(ValueError, match="2 entries do not seat a bye"):
        number_pairings([Seating((1, 2), bye=True)])


def test_one_entry_not_flagged_a_bye_is_refused():
    with pytest.raises(ValueError, match="1 entries do not seat a two"):
        number_pairings([Seating((1,))])


def test_the_tables_seat_the_shape_the_format_declares():
    drawn = number_pairings(
        [Seating((1, 2, 3, 4, 5)), Seating((6,), bye=True)],
        PLACES,
    )
    assert [(p.shape, p.table) for p in drawn] == [(PLACES, 1), (BYE, None)]
    with pytest.raises(ValueError, match="2 entries do not seat a places"):
        number_pairings([Seating((1, 2))], PLACES)
    with pytest.raises(ValueError, match="5 entries do not seat a bye"):
        number_pairings([Seating((1, 2, 3, 4, 5), bye=True)], PLACES)


def test_the_swiss_first_round_declares_its_bye():
    assert first_round([1, 2, 3, 4, 5]) == [
        Seating((1, 3)),
        Seating((2, 4)),
        Seating((5,), bye=True),
    ]
    assert not any(s.bye for s in first_round([1, 2, 3, 4]))
