"""Benchmark: drawing Swiss round 9 of 1,024 entries in the pure engine (goal: under 1 s).

Plays 8 rounds with random results (draws included), then draws round 9 a few times and
takes the median. Prints it and writes ``swiss_1024_draw_s`` into bench/results.json
(other keys kept).

    .venv/bin/python bench/brackets.py
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournaments.brackets import FORMATS, DrawInput, Entry, Result  # noqa: E402

ENTRIES, ROUNDS, RUNS = 1024, 8, 5


def played(swiss, settings, entries, seed: int) -> list[Result]:
    rng = random.Random(seed)
    results: list[Result] = []
    for index in range(1, ROUNDS + 1):
        for pairing in swiss.draw(DrawInput(settings, entries, results, index, seed)).pairings:
            if pairing.bye:
                results.append(
                    Result(index, pairing.slot, pairing.entries, pairing.entries[0], (0,))
                )
                continue
            winner = rng.choice([*pairing.entries, None])
            results.append(
                Result(
                    index,
                    pairing.slot,
                    pairing.entries,
                    winner,
                    (rng.randint(0, 300), rng.randint(0, 300)),
                )
            )
    return results


def main() -> None:
    swiss = FORMATS["swiss"]
    settings = swiss.configure({"rounds": ROUNDS + 1}, "stages.0")
    entries = [Entry(number, seed=number) for number in range(1, ENTRIES + 1)]
    results = played(swiss, settings, entries, seed=2026)
    times = []
    for _run in range(RUNS):
        start = time.perf_counter()
        swiss.draw(DrawInput(settings, entries, results, ROUNDS + 1, 2026))
        times.append(time.perf_counter() - start)
    median = round(statistics.median(times), 3)
    print(
        f"Swiss round {ROUNDS + 1} of {ENTRIES} entries: median {median:.3f} s "
        f"over {RUNS} draws (goal: under 1 s)"
    )
    out = ROOT / "bench" / "results.json"
    data = json.loads(out.read_text()) if out.exists() else {}
    data["swiss_1024_draw_s"] = median
    out.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
