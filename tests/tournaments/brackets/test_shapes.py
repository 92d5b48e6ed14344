"""A table's shape, worked out by hand: seats, sides, partners and opponents, how a result's
points are read per side, each side's rank and each seat's match points."""

from __future__ import annotations

import pytest

from tournaments.brackets.shapes import (
    BYE,
    PLACES,
    SHAPES,
    TEAMS,
    TWO,
    Shape,
    UnknownShape,
    get_shape,
    register_shape,
)
from tournaments.brackets.vocabulary import SHAPE_NAME


def test_the_registry_holds_the_four_shapes_by_name():
    assert {name: SHAPES[name] for name in ("two", "teams", "places", "bye")} == {
        "two": TWO,
        "teams": TEAMS,
        "places": PLACES,
        "bye": BYE,
    }
    assert get_shape("teams") is TEAMS
    with pytest.raises(UnknownShape):
        get_shape("hexagon")
    with pytest.raises(ValueError):
        register_shape(Shape("teams", sides=((0, 1), (2, 3))))  # a name taken
    with pytest.raises(ValueError):
        Shape("gap", sides=((0,), (2,)))  # seat 1 missing
    with pytest.raises(ValueError):  # longer than a stored pairing's shape column
        register_shape(Shape("x" * (SHAPE_NAME + 1), sides=((0,), (1,))))
    assert "x" * (SHAPE_NAME + 1) not in SHAPES


def test_seats_sides_partners_and_opponents():
    assert (TWO.seats, TEAMS.seats, PLACES.seats, BYE.seats) == (2, 4, 5, 1)
    table = (11, 5, 3, 8)  # teams (11, 3) and (5, 8)
    assert TEAMS.teams(table) == ((11, 3), (5, 8)) and TWO.teams((1, 2)) is None
    assert TEAMS.partners(table, 3) == (11,) and TEAMS.opponents(table, 3) == (5, 8)
    assert TEAMS.side_named(table, 8) == 1 and TEAMS.named_by(table, 1) == 5
    assert PLACES.partners((1, 2, 3, 4, 5), 3) == () and PLACES.opponents((1, 2, 3, 4, 5), 3) == (
        1,
        2,
        4,
        5,
    )
    assert BYE.opponents((7,), 7) == () and BYE.bye and not TEAMS.bye


def test_points_per_side_read_from_sides_or_seats():
    assert TEAMS.side_values([164, 160]) == (164, 160)
    assert TEAMS.side_values([164, 160, 164, 160]) == (164, 160)
    assert TEAMS.seat_values([164, 160]) == (164, 160, 164, 160)
    assert TEAMS.side_values(None) == (0, 0)


@pytest.mark.parametrize(
    ("shape", "entries", "winner", "points", "ranks", "match_points", "outcomes"),
    [
        (TWO, (4, 9), 9, (3, 10), (2, 1), (0, 2), ("loss", "win")),
        (TWO, (4, 9), None, (5, 5), (1, 1), (1, 1), ("draw", "draw")),
        (TEAMS, (1, 2, 3, 4), 4, (42, 120), (2, 1), (0, 2, 0, 2), ("loss", "win") * 2),
        (TEAMS, (1, 2, 3, 4), None, (81, 81), (1, 1), (1, 1, 1, 1), ("draw",) * 4),
        (
            PLACES,
            (1, 2, 3, 4, 5),
            None,
            (12, 4, 4, -6, -14),
            (1, 2, 2, 4, 5),
            (4, 2.5, 2.5, 1, 0),
            ("win", "win", "win", "loss", "loss"),
        ),
        (PLACES, (1, 2, 3, 4, 5), None, (7,) * 5, (1,) * 5, (2,) * 5, ("draw",) * 5),
        (BYE, (6,), 6, (0,), (1,), (2,), ("win",)),
    ],
)
def test_ranks_match_points_and_outcomes(
    shape, entries, winner, points, ranks, match_points, outcomes
):
    assert shape.ranks(entries, winner, points) == ranks
    assert shape.match_points(entries, winner, points) == match_points
    assert shape.outcomes(match_points) == outcomes


def test_a_shape_of_three_points_a_win_shares_them_on_a_draw():
    three = Shape("three", sides=((0,), (1,)), place_points=(3, 0))
    assert three.match_points((1, 2), 1, None) == (3, 0)
    assert three.match_points((1, 2), None, None) == (1.5, 1.5)
    assert three.outcomes((1.5, 1.5)) == ("draw", "draw")
    assert three.best((1, 2), (5, 5)) is None and three.best((1, 2), (5, 6)) == 2
