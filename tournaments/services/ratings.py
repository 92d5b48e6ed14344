"""Club ratings kept in step with the results (``../shared/clubs.md``: Rating).

A club's finished pairings are rated in the order they were finished
(``Pairing.finished_at``, stamped by ``result_changed`` inside the result's own
transaction, then the pairing's id). ``RatedPairing`` keeps, position by position, the
teams and outcome each was rated with; ``club_ratings_update`` compares that with the
pairings as they are now and replays from the first position that differs (a correction,
a director's result or its removal, a merge: whatever changed), which gives the same
ratings as rating everything from scratch.

The replay is computed with no lock held (a table never waits on it); it is stored in
one short transaction on the club's row, only if no other update was stored meanwhile
(``Club.ratings_version``), else computed again.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.db.models import Min
from django.utils import timezone

from ..brackets.ratings import Game, Rating, replay, win_chance
from ..models import (
    Club,
    Entry,
    EntryPlayer,
    Pairing,
    Player,
    RatedPairing,
    Round,
    Tournament,
)
from . import enqueue
from .club_players import club_entries_link, name_key

ATTEMPTS = 5


def result_changed(*, tournament: Tournament, round_: Round) -> None:
    """The hook of every stored or changed result (inside its transaction): stamp the
    round's newly finished pairings, unstamp the reopened, queue the club's update from
    the round's first finished pairing (the only ones a result of this round can touch)."""
    if tournament.club_id is None:
        return
    pairings = Pairing.objects.filter(round=round_)
    now = timezone.now()
    first = pairings.aggregate(first=Min("finished_at"))["first"]
    since = min(first, now) if first is not None else now
    pairings.filter(status=Pairing.Status.FINISHED, finished_at=None).update(finished_at=now)
    pairings.filter(status=Pairing.Status.IN_PROGRESS).exclude(finished_at=None).update(
        finished_at=None
    )
    enqueue.rating_update(club_id=tournament.club_id, since=since)


def win_chance_fill(*, tournament: Tournament, pairings: Sequence[Pairing], entries: Any) -> None:
    """Each pairing's ``win_chance`` from the ratings now (before the round is stored)."""
    if tournament.club_id is None:
        return
    players = {entry.number: entry.players for entry in entries}
    ratings = ratings_by_key(tournament.club_id, players.values())
    for pairing in pairings:
        if len(pairing.entries) == 2:
            a, b = (
                [ratings.get(name) for name in players.get(number, [])]
                for number in pairing.entries
            )
            pairing.win_chance = win_chance(a, b)


def club_ratings_update(*, club_id: Any, since: Any = None) -> int:
    """Re-rate the club from the first pairing that changed (among those finished at
    ``since`` or later; all without it): how many pairings were (re)rated."""
    if isinstance(since, str):
        since = datetime.fromisoformat(since)
    for _attempt in range(ATTEMPTS):
        version, rated_up_to = Club.objects.values_list("ratings_version", "rated_up_to").get(
            pk=club_id
        )
        if Entry.objects.filter(tournament__club_id=club_id, club_players__isnull=True).exists():
            club_entries_link(club_id=club_id)
        current = rated_games(club_id, since)
        offset, stored = stored_games(club_id, since)
        changed = _first_difference(current, stored)
        if changed == len(current) == len(stored):
            return 0
        start = offset + changed
        if start == rated_up_to:  # new results after the last rated: the players' own
            before = _ratings_now(club_id, current[changed:])
        else:
            before = _ratings_before(club_id, start, current[changed:])
        after, history = replay((game for _id, _at, game in current[changed:]), before)
        if _store(club_id, version, start, current[changed:], after, history):
            return len(current) - changed
    raise RuntimeError("the club's ratings kept changing under the update")


def _first_difference(current: Sequence[Any], stored: Sequence[Any]) -> int:
    for position, (now, then) in enumerate(zip(current, stored, strict=False)):
        if now != then:
            return position
    return min(len(current), len(stored))


def _ratings_before(
    club_id: Any, start: int, games: Sequence[tuple[int, Any, Game]]
) -> dict[int, Rating]:
    """The ratings, just before ``start``, of the players of the pairings replayed and of
    those rated from ``start`` on: each player's stored rating and count, less the rated
    pairings from ``start`` on, and the ``after`` of the last one before it."""
    tail = Counter(p for _id, _at, game in games for p in (*game.a, *game.b))
    tail_stored: Counter[int] = Counter()
    for teams in RatedPairing.objects.filter(club_id=club_id, position__gte=start).values_list(
        "teams", flat=True
    ):
        tail_stored.update(p for team in teams for p in team)
    players = set(tail) | set(tail_stored)
    before = {p: Rating() for p in players}
    if start == 0:
        return before
    stored = dict(
        Player.objects.filter(club_id=club_id, pk__in=players).values_list("pk", "rated_pairings")
    )
    wanted = {p for p in players if stored.get(p, 0) - tail_stored[p] > 0}
    # Backwards from ``start`` in blocks, until each wanted player's last point is found.
    end = start
    while wanted and end > 0:
        rows = RatedPairing.objects.filter(
            club_id=club_id, position__lt=end, position__gte=max(0, end - BACK_BLOCK)
        ).order_by("-position")
        for after in rows.values_list("after", flat=True):
            for player, mu, sigma in after:
                if player in wanted:
                    wanted.discard(player)
                    before[player] = Rating(mu, sigma, stored[player] - tail_stored[player])
        end -= BACK_BLOCK
    return before


BACK_BLOCK = 2000


def _ratings_now(club_id: Any, games: Sequence[tuple[int, Any, Game]]) -> dict[int, Rating]:
    """The stored ratings of these games' players (what they were rated to so far)."""
    players = {p for _id, _at, game in games for p in (*game.a, *game.b)}
    return {
        player: Rating(mu, sigma, rated)
        for player, mu, sigma, rated in Player.objects.filter(
            club_id=club_id, pk__in=players
        ).values_list("pk", "mu", "sigma", "rated_pairings")
    }


@transaction.atomic
def _store(
    club_id: Any,
    version: int,
    start: int,
    games: Sequence[tuple[int, Any, Game]],
    after: dict[int, Rating],
    history: list[list[tuple[int, float, float]]],
) -> bool:
    """Store the replay from ``start`` unless another update was stored since ``version``
    (the club's row locked for the few statements it takes; no table locks it)."""
    club = Club.objects.select_for_update().get(pk=club_id)
    if club.ratings_version != version:
        return False
    RatedPairing.objects.filter(club=club, position__gte=start).delete()
    _insert(
        RatedPairing,
        ("club_id", "position", "pairing_id", "finished_at", "teams", "outcome", "after"),
        [
            (
                club.pk,
                start + i,
                pairing_id,
                at,
                [list(game.a), list(game.b)],
                game.outcome,
                [list(point) for point in points],
            )
            for i, ((pairing_id, at, game), points) in enumerate(zip(games, history, strict=True))
        ],
    )
    _players_store(club, after)
    club.rated_up_to = start + len(games)
    club.ratings_version += 1
    club.save(update_fields=["rated_up_to", "ratings_version"])
    return True


def _insert(model: Any, columns: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
    """Many new rows at once: one ``COPY`` on PostgreSQL (no model instances: a full
    replay writes half a million points), ``bulk_create`` elsewhere."""
    if connection.vendor != "postgresql":
        model.objects.bulk_create(
            [model(**dict(zip(columns, row, strict=True))) for row in rows],
            batch_size=1000,
        )
        return
    quote = connection.ops.quote_name
    names = ", ".join(quote(column) for column in columns)
    statement = f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN"
    with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
        # COPY's text format built here and sent in large blocks (``write_row`` per row
        # cost more than the rating itself). Every value here is a number, an id, a
        # stamp, an outcome code or a list of ids: ``str`` writes each as PostgreSQL
        # reads it (a list of ints is its JSON, a float's text reads back the same).
        for first in range(0, len(rows), COPY_BLOCK):
            block = rows[first : first + COPY_BLOCK]
            copy.write("".join(["\t".join(map(str, row)) + "\n" for row in block]))


COPY_BLOCK = 50000


PLAYER_UPDATE = (
    "UPDATE tournaments_player SET mu = %s, sigma = %s, rated_pairings = %s WHERE id = %s"
)


def _players_store(club: Club, after: dict[int, Rating]) -> None:
    """The ratings of the players the replay touched: the replay's, or the defaults for a
    player it left with no rated pairing (a result removed)."""
    rows = [(r.mu, r.sigma, r.rated, player) for player, r in after.items()]
    with connection.cursor() as cursor:
        cursor.executemany(PLAYER_UPDATE, rows)


def ratings_by_key(club_id: Any, name_lists: Iterable[Iterable[str]]) -> dict[str, Rating]:
    """The club's ratings of the players these names are, by the names as given."""
    names = {name for names in name_lists for name in names}
    by_key = {
        key: Rating(mu, sigma, rated)
        for key, mu, sigma, rated in Player.objects.filter(
            club_id=club_id, key__in={name_key(n) for n in names}
        ).values_list("key", "mu", "sigma", "rated_pairings")
    }
    return {name: by_key[name_key(name)] for name in names if name_key(name) in by_key}


def rated_games(club_id: Any, since: Any = None) -> list[tuple[int, Any, Game]]:
    """Every finished pairing of the club's tournaments (finished at ``since`` or later)
    that has players on both sides, in the order they were finished: ``(id, finished_at,
    game)``."""
    seats: dict[tuple[Any, int], list[int]] = defaultdict(list)
    for tournament, number, player in (
        EntryPlayer.objects.filter(entry__tournament__club_id=club_id)
        .order_by("entry_id", "seat")
        .values_list("entry__tournament_id", "entry__number", "player_id")
    ):
        seats[(tournament, number)].append(player)
    games = []
    pairings = Pairing.objects.filter(
        tournament__club_id=club_id, status=Pairing.Status.FINISHED, finished_at__isnull=False
    )
    if since is not None:
        pairings = pairings.filter(finished_at__gte=since)
    rows: Iterable[Any] = pairings.order_by("finished_at", "id").values_list(
        "id", "finished_at", "tournament_id", "entries", "result", "winner"
    )
    if connection.vendor == "postgresql":  # the cursor's own types, no field converters
        sql, params = rows.query.sql_with_params()  # type: ignore[attr-defined]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
    for pk, finished, tournament, entries, result, winner in rows:
        if isinstance(entries, str):  # JSON comes back as text on some backends
            entries = json.loads(entries)
        if len(entries) != 2:
            continue
        a, b = (tuple(seats.get((tournament, n), ())) for n in entries)
        if a and b:
            outcome = "draw" if result == "draw" else "a" if winner == entries[0] else "b"
            games.append((pk, finished, Game(a, b, outcome)))
    return games


def stored_games(club_id: Any, since: Any = None) -> tuple[int, list[tuple[int, Any, Game]]]:
    """The pairings as they were rated (finished at ``since`` or later): the position of
    the first, and each ``(id, finished_at, game)`` in order."""
    rated = RatedPairing.objects.filter(club_id=club_id)
    offset = 0
    if since is not None:
        offset = rated.filter(finished_at__lt=since).count()
        rated = rated.filter(finished_at__gte=since)
    return offset, [
        (pairing, finished, Game(tuple(teams[0]), tuple(teams[1]), outcome))
        for pairing, finished, teams, outcome in rated.order_by("position").values_list(
            "pairing_id", "finished_at", "teams", "outcome"
        )
    ]
