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

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.db.models import F, Func, IntegerField, Min, TextField
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
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
        offset, stored = stored_games(club_id, since, rated_up_to)
        changed = _first_difference(current, stored)
        if changed == len(current) == len(stored):
            return 0
        start = offset + changed
        if 0 < start == rated_up_to:  # new results after the last rated: the players' own
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
    (read before the replay was computed): the version is moved on first, only if it is
    still the one read, so of two replays computed side by side only the first stored
    counts and the other, finding the version moved, is computed again from what the first
    stored (a stale replay is never stored). Only the club's row is held while the rows
    are written (``FOR NO KEY UPDATE``: a new tournament or player of the club, which only
    needs its key, never waits on it); no tournament, round or pairing row is locked."""
    moved = Club.objects.filter(pk=club_id, ratings_version=version).update(
        ratings_version=version + 1, rated_up_to=start + len(games)
    )
    if not moved:
        return False
    RatedPairing.objects.filter(club_id=club_id, position__gte=start).delete()
    _insert_rated(club_id, start, games, history)
    _players_store(after)
    return True


def _insert_rated(
    club_id: Any,
    start: int,
    games: Sequence[tuple[int, Any, Game]],
    history: list[list[tuple[int, float, float]]],
) -> None:
    """The rated pairings from ``start``: one ``COPY`` on PostgreSQL, its text written
    here in one pass (no model instances, no per-row encoding by the driver: a full replay
    writes 100,000 rows and 400,000 points), ``bulk_create`` elsewhere."""
    if connection.vendor != "postgresql":
        RatedPairing.objects.bulk_create(
            [
                RatedPairing(
                    club_id=club_id,
                    position=start + i,
                    pairing_id=pairing_id,
                    finished_at=at,
                    teams=[list(game.a), list(game.b)],
                    outcome=game.outcome,
                    after=[list(point) for point in points],
                )
                for i, ((pairing_id, at, game), points) in enumerate(
                    zip(games, history, strict=True)
                )
            ],
            batch_size=1000,
        )
        return
    # COPY's text format. Every value is a number, an id, a stamp (as PostgreSQL wrote it), an
    # outcome code or a list of ids and floats written as JSON (``repr`` of a float is
    # the shortest text that reads back the same float).
    club = str(club_id)
    lines = []
    for i, ((pairing_id, at, game), points) in enumerate(zip(games, history, strict=True)):
        a = ",".join(map(str, game.a))
        b = ",".join(map(str, game.b))
        after = ",".join([f"[{p},{mu!r},{sigma!r}]" for p, mu, sigma in points])
        lines.append(
            f"{club}\t{start + i}\t{pairing_id}\t{at}\t[[{a}],[{b}]]\t{game.outcome}\t[{after}]\n"
        )
    statement = (
        "COPY tournaments_ratedpairing "
        "(club_id, position, pairing_id, finished_at, teams, outcome, after) FROM STDIN"
    )
    with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
        for first in range(0, len(lines), COPY_BLOCK):
            copy.write("".join(lines[first : first + COPY_BLOCK]))


COPY_BLOCK = 50000


PLAYER_UPDATE = (
    "UPDATE tournaments_player SET mu = %s, sigma = %s, rated_pairings = %s WHERE id = %s"
)


def _players_store(after: dict[int, Rating]) -> None:
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


# On PostgreSQL a finished stamp is read as the database writes it (the session's time
# zone is UTC) and written back as read: no parsing, no formatting of 100,000 stamps.
STAMP = Cast("finished_at", TextField())


def rated_games(club_id: Any, since: Any = None) -> list[tuple[int, Any, Game]]:
    """Every finished pairing of the club's tournaments (finished at ``since`` or later)
    that has players on both sides, in the order they were finished: ``(id, finished_at,
    game)``. One query of plain values for the pairings (their two entry numbers taken
    out of the JSON by the database), one for the entries' players."""
    pairings = Pairing.objects.filter(
        tournament__club_id=club_id, status=Pairing.Status.FINISHED, finished_at__isnull=False
    )
    if since is not None:
        pairings = pairings.filter(finished_at__gte=since)
    if connection.vendor == "postgresql":
        length = Func(F("entries"), function="jsonb_array_length", output_field=IntegerField())
        rows: Iterable[Any] = (
            pairings.annotate(count=length)
            .filter(count=2)
            .annotate(
                first=Cast(KT("entries__0"), IntegerField()),
                second=Cast(KT("entries__1"), IntegerField()),
                stamp=STAMP,
            )
            .order_by("finished_at", "id")
            .values_list("id", "stamp", "tournament_id", "first", "second", "result", "winner")
        )
        # The cursor's own types, no field converters (a full replay reads 100,000 rows).
        sql, params = rows.query.sql_with_params()  # type: ignore[attr-defined]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
    else:
        rows = [
            (pk, at, tournament, entries[0], entries[1], result, winner)
            for pk, at, tournament, entries, result, winner in pairings.order_by(
                "finished_at", "id"
            ).values_list("id", "finished_at", "tournament_id", "entries", "result", "winner")
            if len(entries) == 2
        ]
    players = EntryPlayer.objects.filter(entry__tournament__club_id=club_id)
    if since is not None:  # only the tournaments of these pairings
        players = players.filter(entry__tournament_id__in={row[2] for row in rows})
    seats: dict[tuple[Any, int], list[int]] = defaultdict(list)
    for tournament, number, player in players.order_by("entry_id", "seat").values_list(
        "entry__tournament_id", "entry__number", "player_id"
    ):
        seats[(tournament, number)].append(player)
    teams = {key: tuple(value) for key, value in seats.items()}
    games = []
    for pk, finished, tournament, first, second, result, winner in rows:
        a = teams.get((tournament, first))
        b = teams.get((tournament, second))
        if a and b:
            outcome = "draw" if result == "draw" else "a" if winner == first else "b"
            games.append((pk, finished, Game(a, b, outcome)))
    return games


def stored_games(
    club_id: Any, since: Any = None, rated_up_to: int = 0
) -> tuple[int, list[tuple[int, Any, Game]]]:
    """The pairings as they were rated (finished at ``since`` or later): the position of
    the first (``rated_up_to``, the club's count, when there is none), and each ``(id,
    finished_at, game)`` in order."""
    rated = RatedPairing.objects.filter(club_id=club_id)
    if since is not None:
        rated = rated.filter(finished_at__gte=since)
    stamp = STAMP if connection.vendor == "postgresql" else F("finished_at")
    rows = list(
        rated.annotate(stamp=stamp)
        .order_by("position")
        .values_list("position", "pairing_id", "stamp", "teams", "outcome")
    )
    offset = rows[0][0] if rows else rated_up_to if since is not None else 0
    return offset, [
        (pairing, finished, Game(tuple(teams[0]), tuple(teams[1]), outcome))
        for _position, pairing, finished, teams, outcome in rows
    ]
