"""Benchmark: club ratings on PostgreSQL, through the services.

- ``ratings_replay_100k_s``: ``club_ratings_update`` of a club with 100,000 finished
  pairings (200 players in 100 teams) and nothing rated yet: every pairing read, rated by
  openskill and stored, with each player's 2,000 points of history (goal: under 10 s).
- ``rating_update_ms``: then one more result of that club rated (the task's service from
  its round's first pairing), the median of ``BENCH_REQUESTS`` updates (goal: within a
  second).

The rows are written directly (``bulk.insert_many``): the benchmark measures the
ratings, not the draws. Figures are printed and merged into ``bench/results.json``:

    DATABASE_URL=postgresql://…/scorekeeper_bench .venv/bin/python -m bench.ratings
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from typing import Any

from bench.figures import record
from bench.record_hand import DEFAULT_DB, ROOT, ensure_database

DATABASE = os.environ.get("DATABASE_URL") or DEFAULT_DB
PAIRINGS = int(os.environ.get("BENCH_PAIRINGS", "100000"))
UPDATES = int(os.environ.get("BENCH_REQUESTS", "20"))
TEAMS = 100
GOALS = {"ratings_replay_100k_s": 10.0, "rating_update_ms": 1000.0}
RNG = random.Random(20261125)


def setup_django() -> None:
    os.environ.update({"DATABASE_URL": DATABASE, "DJANGO_SETTINGS_MODULE": "bench.settings"})
    os.environ.pop("CELERY_BROKER_URL", None)
    env = {**os.environ}
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    import django

    django.setup()


def club_with_pairings(count: int) -> tuple[Any, Any]:
    """A club whose one tournament has ``count`` finished pairings; the club and round."""
    from django.utils import timezone

    from scorekeeper import bulk
    from tournaments import validation
    from tournaments.models import Pairing, Round
    from tournaments.services import clubs

    club = clubs.club_create(name="Bench club", language="en")
    entries = [{"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(1, TEAMS + 1)]
    tournament = clubs.club_tournament_create(
        club_id=club.pk,
        spec=validation.tournament_spec(
            {
                "name": "A long season",
                "variant": "belote",
                "stages": [{"format": "swiss", "rounds": 1}],
                "entries": entries,
            }
        ),
    )
    stage = tournament.stages.get()
    round_ = Round.objects.create(
        tournament=tournament,
        stage=stage,
        number=1,
        index=1,
        name={},
        seed=0,
        starts_at=timezone.now(),
    )
    start = timezone.now() - timedelta(days=365)
    rows = []
    for slot in range(1, count + 1):
        a, b = RNG.sample(range(1, TEAMS + 1), 2)
        outcome = RNG.random()
        rows.append(
            Pairing(
                tournament_id=tournament.pk,
                round_id=round_.pk,
                slot=slot,
                table=slot,
                entries=[a, b],
                status=Pairing.Status.FINISHED,
                result="draw" if outcome < 0.05 else "win",
                points=[10, 3],
                games_won=[1, 0],
                winner=None if outcome < 0.05 else a if outcome < 0.55 else b,
                finished_at=start + timedelta(seconds=slot),
            )
        )
    bulk.insert_many(rows)
    return club, round_


def replay_all(club: Any) -> float:
    from tournaments.services import ratings

    began = time.perf_counter()
    rated = ratings.club_ratings_update(club_id=club.pk)
    elapsed = time.perf_counter() - began
    assert rated == PAIRINGS, rated
    return elapsed


def one_update(club: Any, round_: Any, slot: int) -> float:
    """One more result stored as a table's would be, then its club's update timed."""
    from django.utils import timezone

    from tournaments.models import Pairing
    from tournaments.services import ratings

    now = timezone.now()
    Pairing.objects.create(
        tournament_id=round_.tournament_id,
        round=round_,
        slot=slot,
        table=slot,
        entries=RNG.sample(range(1, TEAMS + 1), 2),
        status=Pairing.Status.FINISHED,
        result="win",
        points=[10, 3],
        games_won=[1, 0],
        finished_at=now,
    )
    Pairing.objects.filter(round=round_, slot=slot).update(
        winner=Pairing.objects.get(round=round_, slot=slot).entries[0]
    )
    began = time.perf_counter()
    assert ratings.club_ratings_update(club_id=club.pk, since=now) == 1
    return time.perf_counter() - began


def main() -> None:
    ensure_database(DATABASE)
    setup_django()
    club, round_ = club_with_pairings(PAIRINGS)
    figures = {"ratings_replay_100k_s": round(replay_all(club), 2)}
    times = [one_update(club, round_, PAIRINGS + i) for i in range(1, UPDATES + 1)]
    figures["rating_update_ms"] = round(statistics.median(times) * 1000, 1)
    for name, value in figures.items():
        print(f"{name}: {value} (goal {GOALS[name]})")
    record(figures)


if __name__ == "__main__":
    main()
