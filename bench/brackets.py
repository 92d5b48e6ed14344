"""Benchmark: Swiss draws in the pure engine (goals: any round of 1,024 entries under 0.3 s,
of 4,096 entries under 1 s with under 200 MB of memory, round 2 included).

Plays rounds with random results (draws included) and draws the measured round a few
times, taking the median:

- ``swiss_1024_round2_s``, ``swiss_1024_draw_s`` (round 9 of 1,024 entries);
- ``swiss_4096_round2_s``, ``swiss_4096_round9_s``;
- ``swiss_4096_round9_tied_s``: the planner's whole decision for round 9 of 4,096 entries
  (the draw and the standings stored with it, ``planner.plan``) where every win has the
  same score (300 to 0, no draws), so that entries of one record stay level on points and
  Buchholz and head-to-head decide (goal: under 1 s);
- ``swiss_4096_round2_peak_mb``: the round-2 draw's peak resident memory above what the
  process held just before it (Linux ``VmHWM`` after, reset before, minus ``VmRSS``
  before), measured in a fresh subprocess so that nothing earlier sets the peak; this
  counts the matching library's own memory, which ``tracemalloc`` would not see.

Prints them and merges them into bench/results.json (other keys kept).

    .venv/bin/python bench/brackets.py          # every figure
    .venv/bin/python bench/brackets.py --tied   # swiss_4096_round9_tied_s alone
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
from tournaments.brackets.planner import Snapshot, StageState, plan  # noqa: E402
from tournaments.brackets.standings import DEFAULT_TIEBREAKS  # noqa: E402

SEED, RUNS = 2026, 3
SWISS = FORMATS["swiss"]
SETTINGS = SWISS.configure({"rounds": 9}, "stages.0")


def played(entries: list[Entry], rounds: int, *, tied: bool = False) -> list[Result]:
    """The results of the first ``rounds`` rounds, at random (a third of them draws);
    ``tied``: every table won 300 to 0 by one side or the other."""
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
            if tied:
                first = rng.random() < 0.5
                winner = pairing.entries[0 if first else 1]
                points = (300, 0) if first else (0, 300)
            else:
                winner = rng.choice([*pairing.entries, None])
                points = (rng.randint(0, 300), rng.randint(0, 300))
            results.append(Result(index, pairing.slot, pairing.entries, winner, points))
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


def median_plan_tied(n: int, round_index: int) -> float:
    """The planner's decision (draw and standings) for round ``round_index`` of ``n``
    entries whose every win had the same score; a fresh snapshot each time (a snapshot
    keeps the results it read)."""
    entries = [Entry(number, seed=number) for number in range(1, n + 1)]
    results = played(entries, round_index - 1, tied=True)
    stage = StageState(
        number=1, format="swiss", settings=SETTINGS, seed=SEED, rounds=round_index - 1
    )
    times = []
    for _run in range(RUNS):
        snapshot = Snapshot(
            stage=1,
            tiebreaks=DEFAULT_TIEBREAKS,
            stages=(stage,),
            entries=tuple(entries),
            results={1: results},
            wanted=True,
            round=round_index - 1,
        )
        start = time.perf_counter()
        decision = plan(snapshot)
        times.append(time.perf_counter() - start)
        assert decision.round is not None and decision.round.index == round_index
        assert len(decision.standings.rows) == n
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
    if sys.argv[1:2] == ["--tied"]:  # this figure alone
        figure = {"swiss_4096_round9_tied_s": median_plan_tied(4096, 9)}
        print(f"swiss_4096_round9_tied_s: {figure['swiss_4096_round9_tied_s']}")
        record(figure)
        return
    figures: dict[str, float] = {
        "swiss_1024_round2_s": median_draw(1024, 2),
        "swiss_1024_draw_s": median_draw(1024, 9),
        "swiss_4096_round2_s": median_draw(4096, 2),
        "swiss_4096_round9_s": median_draw(4096, 9),
        "swiss_4096_round9_tied_s": median_plan_tied(4096, 9),
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
