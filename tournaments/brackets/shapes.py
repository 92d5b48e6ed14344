"""A table's shape: who sits at a pairing's table, who plays with and against whom, and
what a result gives each seat. Declared once here and carried by every ``Pairing`` and
``Result`` (and stored with each pairing's row): the standings, the draws, the ratings,
a player's history, the seasons, the exports and the pages read the shape, never the
number of entries.

Terms: a pairing's *seats* hold its entries in seat order. A *side* is the seats that win
or lose together: a team of two entries (``teams``: seats 0 and 2 against 1 and 3), or one
entry. A seat's *partners* sit on its side, its *opponents* on every other side. A result
gives ``points`` and ``games_won`` per side, in side order (given per seat, the first seat
of each side is read). Each side's *rank* (1 first; sides level share the rank) comes
from the winner (``ranked_by == "winner"``: the winning side 1, the others 2; a draw:
all 1) or from the points (``"points"``: the highest score first, shared places share).
A seat earns the *match points* of its side's place in ``place_points``; sides sharing
places share the average of those places' points (a draw of two sides: 1 each).

The shapes:

- ``two``: two entries, each its own side (a team each, or one player each in
  ``belote_2p``): 2 match points for a win, 1 for a draw, 0 for a loss.
- ``teams``: an individual event's table of four players in two teams (format ``melee``
  in a four-player variant): a team's win gives 2 to both partners.
- ``places``: a trionfo table of five players, each their own side, ranked by their own
  final score: 4, 3, 2, 1, 0 match points for places 1 to 5.
- ``bye``: one entry and no match (a bye, or an individual event's sit-out): a win worth
  2 match points, never rated.

``SHAPES`` holds them by name (a stored pairing's ``shape`` reads back through
``get_shape``); ``register_shape`` adds one (a test may). ``win_chance`` of a pairing
holds one number per side, in side order (``predict_win`` of the sides).

Pure Python: no Django, DRF or Celery import.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .vocabulary import SHAPE_NAME

__all__ = [
    "BYE",
    "PLACES",
    "SHAPES",
    "TEAMS",
    "TWO",
    "Number",
    "Shape",
    "UnknownShape",
    "get_shape",
    "register_shape",
]

Number = int | float
WIN, DRAW, LOSS = "win", "draw", "loss"


def number(value: float) -> Number:
    """A whole value as an ``int`` (2, not 2.0), any other as it is."""
    return int(value) if float(value).is_integer() else value


@dataclass(frozen=True)
class Shape:
    """How a table is seated and how its result is read (see the module's terms)."""

    name: str
    sides: tuple[tuple[int, ...], ...]  # the seats of each side, in side order
    ranked_by: str = "winner"  # "winner" or "points"
    place_points: tuple[Number, ...] = (2, 0)  # match points by place, first place first
    bye: bool = False  # one entry and no match: finished when drawn, never rated
    # Derived once (each result of a standings reads them).
    seats: int = field(init=False, compare=False, repr=False)
    side_of: tuple[int, ...] = field(init=False, compare=False, repr=False)
    partner_seats: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    opponent_seats: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    partnered: bool = field(init=False, compare=False, repr=False)
    solo: bool = field(init=False, compare=False, repr=False)  # each seat a side, in order
    _ranked: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    _won: tuple[tuple[Number, ...], ...] = field(init=False, compare=False, repr=False)
    _drawn: tuple[Number, ...] = field(init=False, compare=False, repr=False)
    _middle: float = field(init=False, compare=False, repr=False)
    _scored: dict[tuple[Number, ...], tuple[str, ...]] = field(
        init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        seats = sorted(seat for side in self.sides for seat in side)
        if seats != list(range(len(seats))) or not seats:
            raise ValueError(f"shape {self.name!r}: its sides must seat 0, 1, … once each")
        if self.ranked_by not in ("winner", "points"):
            raise ValueError(f"shape {self.name!r}: ranked_by is 'winner' or 'points'")
        if len(self.place_points) < len(self.sides):
            raise ValueError(f"shape {self.name!r}: one place_points value per side at least")
        side_of = [0] * len(seats)
        for index, side in enumerate(self.sides):
            for seat in side:
                side_of[seat] = index
        put = object.__setattr__
        put(self, "seats", len(seats))
        put(self, "side_of", tuple(side_of))
        put(self, "partner_seats", tuple(self._mates(s, True) for s in range(len(seats))))
        put(self, "opponent_seats", tuple(self._mates(s, False) for s in range(len(seats))))
        put(self, "partnered", any(len(side) > 1 for side in self.sides))
        put(self, "solo", self.sides == tuple((seat,) for seat in range(len(seats))))
        count = len(self.sides)
        put(self, "_ranked", tuple(self._winner_ranks(side) for side in range(count)))
        put(
            self,
            "_won",
            tuple(self._spread(self.points_of_ranks(self._winner_ranks(s))) for s in range(count)),
        )
        put(self, "_drawn", self._spread(self.points_of_ranks((1,) * count)))
        put(self, "_middle", sum(self.place_points[:count]) / count)
        put(self, "_scored", {})

    def _mates(self, seat: int, same: bool) -> tuple[int, ...]:
        mine = self.side_of[seat]
        return tuple(
            other
            for index, side in enumerate(self.sides)
            for other in side
            if other != seat and (index == mine) == same
        )

    # --- seats and sides, as entry numbers ------------------------------------------------

    def side_entries(self, entries: Sequence[int]) -> tuple[tuple[int, ...], ...]:
        """Each side's entries, in side order."""
        return tuple(tuple(entries[seat] for seat in side) for side in self.sides)

    def teams(self, entries: Sequence[int]) -> tuple[tuple[int, ...], ...] | None:
        """The sides as teams of entries when a side holds more than one (``teams``);
        ``None`` when every side is one entry."""
        return self.side_entries(entries) if self.partnered else None

    def partners(self, entries: Sequence[int], number: int) -> tuple[int, ...]:
        """The entries on ``number``'s side, itself left out."""
        return tuple(entries[s] for s in self.partner_seats[entries.index(number)])

    def opponents(self, entries: Sequence[int], number: int) -> tuple[int, ...]:
        """The entries on every other side than ``number``'s."""
        return tuple(entries[s] for s in self.opponent_seats[entries.index(number)])

    def side_named(self, entries: Sequence[int], number: int) -> int:
        """The side that entry ``number`` (any of its players) names."""
        return self.side_of[entries.index(number)]

    def named_by(self, entries: Sequence[int], side: int) -> int:
        """The entry that names ``side``: the first seat's (the result's ``winner``)."""
        return entries[self.sides[side][0]]

    # --- a result's values ----------------------------------------------------------------

    def side_values(self, values: Sequence[Number] | None) -> tuple[Number, ...]:
        """Points or games per side: as given per side, or read from each side's first
        seat when given per seat; zeros when missing."""
        count = len(self.sides)
        if values is None or len(values) < count:
            return (0,) * count
        if len(values) == count:
            return tuple(values)
        return tuple(values[side[0]] for side in self.sides)

    def seat_values(self, values: Sequence[Number] | None) -> tuple[Number, ...]:
        """Points or games per seat: each seat its side's."""
        per_side = self.side_values(values)
        return tuple(per_side[side] for side in self.side_of)

    def ranks(
        self, entries: Sequence[int], winner: int | None, points: Sequence[Number] | None
    ) -> tuple[int, ...]:
        """Each side's rank (1 first; level sides share it), in side order."""
        if self.ranked_by == "points":
            scores = self.side_values(points)
            return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)
        if winner is None or winner not in entries:
            return (1,) * len(self.sides)
        return self._ranked[self.side_of[entries.index(winner)]]

    def _winner_ranks(self, side: int) -> tuple[int, ...]:
        return tuple(1 if index == side else 2 for index in range(len(self.sides)))

    def points_of_ranks(self, ranks: Sequence[int]) -> tuple[Number, ...]:
        """Each side's match points from its rank: its place's points, the average of the
        places shared when sides share a rank."""
        earned = []
        for rank in ranks:
            shared = sum(1 for other in ranks if other == rank)
            places = self.place_points[rank - 1 : rank - 1 + shared]
            earned.append(number(sum(places) / shared))
        return tuple(earned)

    def _spread(self, per_side: Sequence[Number]) -> tuple[Number, ...]:
        return tuple(per_side[side] for side in self.side_of)

    def match_points(
        self, entries: Sequence[int], winner: int | None, points: Sequence[Number] | None
    ) -> tuple[Number, ...]:
        """Each seat's match points from this result, in seat order."""
        if self.ranked_by == "winner":
            if winner is None or winner not in entries:
                return self._drawn
            return self._won[self.side_of[entries.index(winner)]]
        return self._spread(self.points_of_ranks(self.ranks(entries, winner, points)))

    def outcomes(self, earned: Sequence[Number]) -> tuple[str, ...]:
        """Each seat's ``win``, ``draw`` or ``loss`` from its match points (``earned``, in
        seat order): above the table's average a win, at it a draw (a bye: a win)."""
        key = tuple(earned)
        found = self._scored.get(key)
        if found is None:  # a handful of patterns per shape: kept (standings read many)
            middle = self._middle
            found = tuple(
                WIN if self.bye or mine > middle else DRAW if mine == middle else LOSS
                for mine in key
            )
            self._scored[key] = found
        return found

    def best(self, entries: Sequence[int], points: Sequence[Number]) -> int | None:
        """The entry naming the one side with the best score; ``None`` when it is shared."""
        scores = self.side_values(points)
        top = [side for side, score in enumerate(scores) if score == max(scores)]
        return self.named_by(entries, top[0]) if len(top) == 1 else None


class UnknownShape(LookupError):
    def __init__(self, name: object) -> None:
        super().__init__(f"unknown table shape {name!r}; known: {', '.join(SHAPES)}")


SHAPES: dict[str, Shape] = {}


def register_shape(shape: Shape) -> Shape:
    """Make ``shape`` known by its name (a stored pairing names its shape)."""
    if not 0 < len(shape.name) <= SHAPE_NAME:
        raise ValueError(f"table shape {shape.name!r}: a name of 1 to {SHAPE_NAME} characters")
    if SHAPES.get(shape.name, shape) != shape:
        raise ValueError(f"table shape {shape.name!r} registered twice")
    SHAPES[shape.name] = shape
    return shape


def get_shape(name: str) -> Shape:
    try:
        return SHAPES[name]
    except (KeyError, TypeError):
        raise UnknownShape(name) from None


TWO = register_shape(Shape("two", sides=((0,), (1,))))
TEAMS = register_shape(Shape("teams", sides=((0, 2), (1, 3))))
PLACES = register_shape(
    Shape(
        "places",
        sides=((0,), (1,), (2,), (3,), (4,)),
        ranked_by="points",
        place_points=(4, 3, 2, 1, 0),
    )
)
BYE = register_shape(Shape("bye", sides=((0,),), place_points=(2,), bye=True))
