"""The tournaments' benchmark (``bench/tournaments.py``): draws, reads and what a phone
downloads: a 10,240-team knockout's first round drawn, the standings after 9 Swiss rounds,
the last result of a round to the next round drawn by a real worker (a Swiss of 512, and
of 10,240 entries all tied on points), 10,240 entries posted at once, and the answers'
sizes."""

from __future__ import annotations

import statistics
import time
from typing import Any

import httpx

from bench.tournament_kit import (
    ANSWERS_SCALE,
    BROKER,
    REQUESTS,
    RNG,
    create,
    entries,
    play,
    round_pairings,
    server_env,
    with_server,
    with_worker,
)


def knockout() -> float:
    from tournaments.services import tournament_start

    tournament = create(10_240, [{"format": "single_elimination"}])
    start = time.perf_counter()
    tournament_start(tournament_id=tournament.pk)
    elapsed = time.perf_counter() - start
    from scorekeeper.models import Match
    from tournaments.models import Pairing

    # 16,384 slots: 6,144 byes for the top seeds, and 2,048 matches (the contract's bracket;
    # 5,120 matches would be a bracket with no byes).
    matches = Match.objects.filter(tournament=tournament.view_id, round=1).count()
    pairings = Pairing.objects.filter(tournament=tournament, round__number=1).count()
    assert (matches, pairings) == (2_048, 8_192), (matches, pairings)
    print(f"  knockout round 1: {pairings} pairings, {matches} matches")
    return elapsed


def standings(base: str) -> float:
    from tournaments.services import tournament_start

    tournament = create(256, [{"format": "swiss", "rounds": 10}])
    tournament_start(tournament_id=tournament.pk)
    for number in range(1, 10):
        play(tournament.pk, number)
    url = f"/api/tournaments/{tournament.pk}/standings/"
    times = []
    with httpx.Client(base_url=base, timeout=30) as client:
        for index in range(10 + REQUESTS):
            start = time.perf_counter()
            response = client.get(url)
            elapsed = time.perf_counter() - start
            assert response.status_code == 200 and len(response.json()) == 256, response.text
            if index >= 10:
                times.append(elapsed)
    return statistics.median(times)


def advance(base: str) -> float:
    from tournaments.services import tournament_start

    tournament = create(512, [{"format": "swiss", "rounds": 4}])
    tournament_start(tournament_id=tournament.pk)
    times = []
    with httpx.Client(base_url=base, timeout=30) as client:
        for number in (1, 2, 3):
            (last,) = play(tournament.pk, number, leave=1)
            times.append(last_result_to_next_round(client, tournament.pk, number, last))
    print(f"  advances: {', '.join(f'{t:.3f} s' for t in times)}")
    return statistics.median(times)


def last_result_to_next_round(
    client: httpx.Client,
    tournament_id: Any,
    number: int,
    pairing: Any,
    points: tuple[int, int] = (250, 110),
) -> float:
    url = f"/api/tournaments/{tournament_id}/rounds"
    start = time.perf_counter()
    response = client.post(
        f"{url}/{number}/pairings/{pairing.slot}/result/",
        json={"winner": pairing.entries[0], "points": list(points)},
    )
    assert response.status_code == 200, response.text
    deadline = start + 60
    while time.perf_counter() < deadline:
        if client.get(f"{url}/{number + 1}/").status_code == 200:
            return time.perf_counter() - start
        time.sleep(0.005)
    raise SystemExit(f"round {number + 1} was not drawn within 60 s")


def finish_tied(tournament_id: Any, number: int, *, leave: int = 0) -> list[Any]:
    """Every match of round ``number`` but the last ``leave`` finished in the database at
    once, each won 300 to 0 by one side or the other at random, as a director's result is
    stored (``source`` director); answers the pairings left."""
    from django.db import connection

    from tournaments.models import Pairing

    pairings = round_pairings(tournament_id, number)
    done = [p.pk for p in pairings[: len(pairings) - leave]]
    first = [pk for pk in done if RNG.random() < 0.5]
    chosen = set(first)
    second = [pk for pk in done if pk not in chosen]
    table = Pairing._meta.db_table
    with connection.cursor() as cursor:
        for ids, side, points in ((first, 0, "[300, 0]"), (second, 1, "[0, 300]")):
            cursor.execute(
                f"UPDATE {table} SET status = %s, result = 'win', source = %s,"
                f" winner = (entries->>{side})::int, points = %s::jsonb,"
                " games_won = '[0, 0]'::jsonb WHERE id = ANY(%s)",
                [Pairing.Status.FINISHED, Pairing.Source.DIRECTOR, points, ids],
            )
    return pairings[len(pairings) - leave :]


def next_round_tied() -> float:
    """Round 9 of a 10,240-entry Swiss, every win 300 to 0: its last result → round 10."""
    from tournaments.services import round_draw, tournament_start

    tournament = create(10_240, [{"format": "swiss", "rounds": 10}])
    started = time.perf_counter()
    tournament_start(tournament_id=tournament.pk)
    for number in range(1, 9):
        finish_tied(tournament.pk, number)
        round_draw(tournament_id=tournament.pk)
    (last,) = finish_tied(tournament.pk, 9, leave=1)
    print(f"  10,240 tied: 9 rounds set up in {time.perf_counter() - started:.1f} s")

    def body(base: str) -> float:
        with httpx.Client(base_url=base, timeout=60) as client:
            return last_result_to_next_round(client, tournament.pk, 9, last, (300, 0))

    env = server_env(CELERY_BROKER_URL=BROKER)
    return float(with_worker(lambda: with_server(env, body)))


def bulk_entries(base: str) -> float:
    """``POST …/entries/`` with a list of 10,240 entries, over HTTP (one request)."""
    from tournaments import validation
    from tournaments.services import tournament_create

    tournament = tournament_create(
        validation.tournament_spec(
            dict(name="Bench bulk", variant="belote", stages=[{"format": "single_elimination"}])
        )
    )
    body = [dict(entry, seed=n) for n, entry in enumerate(entries(10_240), 1)]
    with httpx.Client(base_url=base, timeout=120) as client:
        start = time.perf_counter()
        response = client.post(f"/api/tournaments/{tournament.pk}/entries/", json=body)
        elapsed = time.perf_counter() - start
    assert response.status_code == 201 and len(response.json()) == 10_240, response.text[:300]
    return elapsed


def answers(base: str) -> dict[str, float]:
    """What a phone downloads (compressed, as sent: ``num_bytes_downloaded``), in KB: the
    answer of ``start`` of a 10,240-team knockout, and the public page's first load at
    1,024 entries (round 1 of a Swiss drawn)."""
    from tournaments.services import tournament_start

    knockout_size, swiss_size = (max(8, round(n * ANSWERS_SCALE)) for n in (10_240, 1_024))
    knockout = create(knockout_size, [{"format": "single_elimination"}])
    swiss = create(swiss_size, [{"format": "swiss", "rounds": 5}])
    tournament_start(tournament_id=swiss.pk)
    gzip = {"Accept-Encoding": "gzip"}
    with httpx.Client(base_url=base, timeout=120, headers=gzip) as client:
        start = client.post(f"/api/tournaments/{knockout.pk}/start/")
        assert start.status_code == 200 and "links" in start.json(), start.text[:300]
        page = client.get(f"/p/{swiss.view_id}/")
        assert page.status_code == 200, page.text[:300]
    for name, response in (("start", start), ("public page", page)):
        print(
            f"  {name}: {response.num_bytes_downloaded / 1024:.1f} KB as sent "
            f"({response.headers.get('Content-Encoding', 'not compressed')}), "
            f"{len(response.content) / 1024:.1f} KB unpacked",
            flush=True,
        )
    return {
        "start_10240_answer_kb": start.num_bytes_downloaded / 1024,
        "public_first_load_1024_kb": page.num_bytes_downloaded / 1024,
    }
