"""Playing whole stages through the engine, as the services will: draw a round, finish
every pairing (a bye at once), draw the next."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tournaments.brackets import FORMATS, Draw, DrawInput, Entry, Pairing, Result

FIRST_ROUND = 10  # the stage's rounds are numbered on from an earlier stage's


def entries(n: int, seeded: int | None = None) -> list[Entry]:
    seeded = n if seeded is None else seeded
    return [Entry(number, seed=number if number <= seeded else None) for number in range(1, n + 1)]


def result(
    number: int, pairing: Pairing, winner: int | None, points: tuple[int, ...] | None = None
) -> Result:
    if pairing.bye:
        return Result(
            number,
            pairing.slot,
            pairing.entries,
            pairing.entries[0],
            (0,),
            (0,),
            pairing.bracket,
            pairing.group,
            shape=pairing.shape,
        )
    return Result(
        number,
        pairing.slot,
        pairing.entries,
        winner,
        points or (100, 50),
        (1, 0),
        pairing.bracket,
        pairing.group,
    )


def random_winner(rng: random.Random, draws: bool) -> Callable[[Pairing], int | None]:
    def pick(pairing: Pairing) -> int | None:
        options: list[int | None] = list(pairing.entries)
        return rng.choice([*options, None] if draws else options)

    return pick


def better_seed(pairing: Pairing) -> int:
    return min(pairing.entries)


def play(
    fmt: str,
    settings: dict,
    field: Sequence[Entry],
    seed: int = 7,
    winner: Callable[[Pairing], int | None] | None = None,
    rounds: int = 200,
) -> tuple[list[Draw], list[Result]]:
    """Every round of the stage, and every result."""
    form = FORMATS[fmt]
    settings = form.configure(settings, "stages.0")
    pick = winner or random_winner(random.Random(seed), form.draws_allowed)
    draws: list[Draw] = []
    results: list[Result] = []
    for index in range(1, rounds + 1):
        drawn = form.draw(DrawInput(settings, field, results, index, seed))
        if drawn is None:
            break
        draws.append(drawn)
        results += [
            result(FIRST_ROUND + index, p, None if p.bye else pick(p)) for p in drawn.pairings
        ]
    return draws, results
