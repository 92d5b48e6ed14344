"""Benchmark: individual events' draws in the pure engine (goal: a round of 1,000 players
under 1 s).

Plays four rounds with random results (draws included), two players dropping out after
each so that some sit out, and draws round 5 a few times, taking the median:

- ``melee_1000_draw_s``: a mêlée of 1,000 players, ``draw: random`` (the default);
- ``melee_1000_standings_draw_s``: the same with ``draw: standings``;
- ``trionfo_1000_draw_s``: trionfo's tables of five, ``draw: random``.

Prints them and merges them into bench/results.json (other keys kept).

    .venv/bin/python bench/melee.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.figures import record  # noqa: E402
from tournaments.brackets import FORMATS, DrawInput, Entry, Pairing, Result  # noqa: E402

SEED, RUNS, PLAYERS, ROUND = 2026, 3, 1000, 5
MELEE = FORMATS["melee"]


def finished(index: int, pairing: Pairing, rng: random.Random) -> Result:
    seated, shape = pairing.entries, pairing.shape
    if shape.bye:
        return Result(index, pairing.slot, seated, seated[0], (81,), shape=shape)
    if shape.ranked_by == "points":  # trionfo: each player's own score
        points = tuple(rng.randint(0, 30) for _ in seated)
        return Result(index, pairing.slot, seated, None, points, shape=shape)
    a, b = rng.randint(0, 3), rng.randint(0, 3)
    winner = seated[0] if a > b else seated[1] if b > a else None
    return Result(index, pairing.slot, seated, winner, (a, b, a, b), shape=shape)


def median_draw(seats: int, draw: str) -> float:
    settings = MELEE.configure({"rounds": ROUND, "draw": draw, "seats": seats}, "stages.0")
    rng = random.Random(SEED)
    entries = [Entry(number) for number in range(1, PLAYERS + 1)]
    results: list[Result] = []
    for index in range(1, ROUND):
        drawn = MELEE.draw(DrawInput(settings, entries, results, index, SEED))
        assert drawn is not None
        results += [finished(index, pairing, rng) for pairing in drawn.pairings]
        dropped = {2 * index, 2 * index + 1}
        entries = [Entry(e.number, active=e.active and e.number not in dropped) for e in entries]
    times = []
    for _run in range(RUNS):
        start = time.perf_counter()
        MELEE.draw(DrawInput(settings, entries, results, ROUND, SEED))
        times.append(time.perf_counter() - start)
    return round(statistics.median(times), 3)


def main() -> None:
    figures: dict[str, float] = {
        "melee_1000_draw_s": median_draw(4, "random"),
        "melee_1000_standings_draw_s": median_draw(4, "standings"),
        "trionfo_1000_draw_s": median_draw(5, "random"),
    }
    for key, value in figures.items():
        print(f"{key}: {value}")
    record(figures)


if __name__ == "__main__":
    main()
