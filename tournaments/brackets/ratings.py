"""Club ratings: the Weng–Lin (OpenSkill) Plackett–Luce model with the ``openskill``
library's defaults (mu 25, sigma 25/3), teams rated as teams, a draw as equal ranks.

A *game* is one finished pairing as the ratings see it: the player ids of its first
entry (team ``a``) and of its second (team ``b``), and its ``outcome`` (``a``, ``b`` or
``draw``). ``replay`` rates games in the order given from the ratings given; rating a
club's whole list from the defaults, or its tail from the ratings stored before it, gives
the same numbers. The ``rating`` shown to people is the ordinal mu - 3 sigma.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

__all__ = ["MODEL", "OUTCOMES", "Game", "Rating", "ordinal", "replay", "win_chance"]

MODEL = PlackettLuce()
OUTCOMES = ("a", "b", "draw")
RANKS: dict[str, list[float]] = {"a": [1.0, 2.0], "b": [2.0, 1.0], "draw": [1.0, 1.0]}


@dataclass(frozen=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    rated: int = 0  # how many pairings made it


@dataclass(frozen=True)
class Game:
    a: tuple[int, ...]
    b: tuple[int, ...]
    outcome: str


def ordinal(mu: float, sigma: float) -> float:
    """The rating people read: mu - 3 sigma, to 2 decimals."""
    return round(mu - 3 * sigma, 2)


def replay(
    games: Iterable[Game], start: Mapping[int, Rating]
) -> tuple[dict[int, Rating], list[list[tuple[int, float, float]]]]:
    """Rate ``games`` in order from ``start`` (a player not in it has the defaults).
    Returns every player's rating after them (those of ``start`` included) and, for each
    game, each of its players' ``(id, mu, sigma)`` after it."""
    # The library's own rating objects are carried from game to game (what ``rate``
    # returns is what the next game rates): no copy made per game but the library's.
    held: dict[int, Any] = {}
    rated = {player: rating.rated for player, rating in start.items()}
    history: list[list[tuple[int, float, float]]] = []

    def held_rating(player: int) -> Any:
        if player not in held:
            begin = start.get(player) or Rating()
            held[player] = MODEL.rating(mu=begin.mu, sigma=begin.sigma)
            rated.setdefault(player, 0)
        return held[player]

    for game in games:
        teams = [[held_rating(p) for p in game.a], [held_rating(p) for p in game.b]]
        after = MODEL.rate(teams, ranks=RANKS[game.outcome])
        points = []
        for ids, new_side in ((game.a, after[0]), (game.b, after[1])):
            for player, new in zip(ids, new_side, strict=True):
                held[player] = new
                rated[player] += 1
                points.append((player, new.mu, new.sigma))
        history.append(points)
    now = dict(start)
    now.update({p: Rating(r.mu, r.sigma, rated[p]) for p, r in held.items()})
    return now, history


def win_chance(a: Sequence[Rating | None], b: Sequence[Rating | None]) -> list[float] | None:
    """Each side's chance to win (``predict_win``); a player never rated counts with the
    defaults; ``None`` when neither side has a rated player."""
    if not any(r is not None and r.rated for r in (*a, *b)) or not a or not b:
        return None
    teams = [
        [MODEL.rating(mu=(r or Rating()).mu, sigma=(r or Rating()).sigma) for r in side]
        for side in (a, b)
    ]
    return [round(p, 4) for p in MODEL.predict_win(teams)]
