"""Benchmark: Swiss draws in the pure engine (goals: any round of 1,024 entries under 0.3 s,
of 4,096 entries under 1 s with under 200 MB of memory, round 2 included).

Plays rounds with random results (draws included) and draws the measured round a few
times, taking the median:

- ``swiss_1024_round2_s``, ``swiss_1024_draw_s`` (round 9 of 1,024 entries);
- ``swiss_4096_round2_s``, ``swiss_4096_round9_s``;
- ``swiss_4096_round2_peak_mb``: the round-2 draw's peak resident memory above what the
  process held just before it (Linux ``VmHWM`` after, reset before, minus ``VmRSS``
  before), measured in a fresh subprocess so that nothing earlier sets the peak; this
  counts the matching library's own memory, which ``tracemalloc`` would not see.

Prints them and merges them into bench/results.json (other keys kept).

    .venv/bin/python bench/brackets.py
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.figures import record  # noqa: E402
from tournaments.brackets import FORMATS, DrawInput, Entry, Result  # noqa: E402

SEED, RUNS = 2026, 3
SWISS = FORMATS["swiss"]
SETTINGS = SWISS.configure({"rounds": 9}, "stages.0")


def played(entries: list[Entry], rounds: int) -> list[Result]:
    """The results of the first ``rounds`` rounds, at random (a third of them draws)."""
    rng = random.Random(SEED)
    results: list[Result] = []
    for index in range(1, rounds + 1):
        drawn = SWISS.draw(DrawInput(SETTINGS, entries, results, index, SEED))
        for pairing in drawn.pairings:
            if pairing.bye:
                results.append(
                    Result(
                        index,
                        pairing.slot,
                        pairing.entries,
                        pairing.entries[0],
                        (0,),
                        shape=pairing.shape,
                    )
                )
                continue
            results.append(
                Result(
                    index,
                    pairing.slot,
                    pairing.entries,
                    rng.choice([*pairing.entries, None]),
                    (rng.randint(0, 300), rng.randint(0, 300)),
                )
            )
    return results


def median_draw(n: int, round_index: int) -> float:
    entries = [Entry(number, seed=number) for number in range(1, n + 1)]
    results = played(entries, round_index - 1)
    times = []
    for _run in range(RUNS):
        start = time.perf_counter()
        SWISS.draw(DrawInput(SETTINGS, entries, results, round_index, SEED))
        times.append(time.perf_counter() - start)
    return round(statistics.median(times), 3)


def _status(key: str) -> int:
    """A ``/proc/self/status`` figure in kB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{key}:"):
            return int(line.split()[1])
    raise LookupError(key)


def peak_mb(n: int) -> None:
    """(In the subprocess) print the round-2 draw's peak memory above the process's."""
    entries = [Entry(number, seed=number) for number in range(1, n + 1)]
    results = played(entries, 1)
    Path("/proc/self/clear_refs").write_text("5")  # resets VmHWM to the current RSS
    before = _status("VmRSS")
    SWISS.draw(DrawInput(SETTINGS, entries, results, 2, SEED))
    print(round((_status("VmHWM") - before) / 1024, 1))


def main() -> None:
    if sys.argv[1:2] == ["--peak"]:
        peak_mb(int(sys.argv[2]))
        return
    figures: dict[str, float] = {
        "swiss_1024_round2_s": median_draw(1024, 2),
        "swiss_1024_draw_s": median_draw(1024, 9),
        "swiss_4096_round2_s": median_draw(4096, 2),
        "swiss_4096_round9_s": median_draw(4096, 9),
    }
    answer = subprocess.run(
        [sys.executable, __file__, "--peak", "4096"], capture_output=True, text=True, check=True
    )
    figures["swiss_4096_round2_peak_mb"] = float(answer.stdout.strip())
    for key, value in figures.items():
        print(f"{key}: {value}")
    record(figures)


if __name__ == "__main__":
    main()
