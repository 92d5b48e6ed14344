"""Club ratings kept in step with the results (``../shared/clubs.md``: Rating).

A club's finished pairings are rated in the order they were finished
(``Pairing.finished_at``, stamped by ``result_changed`` inside the result's own
transaction, then the pairing's id), each as its table's shape says: a side of the table
is a team of the players of its entries (a team event's two entries, a mêlée table's two
teams of two, a trionfo table's five players each a team of one), ranked by the result
(a draw, or places shared, share the rank); byes and sit-outs are not rated.
``RatedPairing`` keeps, position by position, the teams and ranks each was rated with;
``club_ratings_update`` compares that with the pairings as they are now and replays from
the first position that differs (a correction, a director's result or its removal, a
merge: whatever changed), which gives the same ratings as rating everything from scratch.

Every change leaves a ``RatingsDue`` row, in its own transaction, until an update stored
after it clears it (the update reads the rows first, so the results it replays include
them): a lost update, even of a correction of results already rated, leaves its row for
the clock to redo and for the desks to show.

A round's ``win_chance`` is drawn from the ratings as that replay would leave them: the
results not rated yet (their update still queued) are replayed in memory at the draw,
nothing stored.

The replay is computed with no lock held (a table never waits on it); it is stored in
one short transaction on the club's row, only if no other update was stored meanwhile
(``Club.ratings_version``), else computed again.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.db.models import F, Func, IntegerField, Min, TextField
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.utils import timezone

from ..brackets.ratings import Game, Rating, replay, win_chance
from ..brackets.shapes import SHAPES, TWO
from ..models import (
    Club,
    Entry,
    EntryPlayer,
    Pairing,
    Player,
    RatedPairing,
    RatingsDue,
    Round,
    Tournament,
)
from . import enqueue
from .club_players import club_entries_link, name_key

ATTEMPTS = 5


def result_changed(*, tournament: Tournament, round_: Round) -> None:
    """The hook of every stored or changed result (inside its transaction): stamp the
    round's newly finished pairings, unstamp the reopened, note the change as due and queue
    the club's update from the round's first finished or rated pairing (the only ones a
    result of this round can touch: a removed result is stamped no more, but still rated)."""
    if tournament.club_id is None:
        return
    pairings = Pairing.objects.filter(round=round_)
    now = timezone.now()
    first = pairings.aggregate(first=Min("finished_at"))["first"]
    rated = RatedPairing.objects.filter(
        club_id=tournament.club_id, pairing_id__in=pairings.values("pk")
    ).aggregate(first=Min("finished_at"))["first"]
    since = min(stamp for stamp in (first, rated, now) if stamp is not None)
    pairings.filter(status=Pairing.Status.FINISHED, finished_at=None).update(finished_at=now)
    pairings.filter(status=Pairing.Status.IN_PROGRESS).exclude(finished_at=None).update(
        finished_at=None
    )
    RatingsDue.objects.create(
        club_id=tournament.club_id, tournament_id=tournament.pk, since=since, created_at=now
    )
    enqueue.rating_update(club_id=tournament.club_id, since=since)


def win_chance_fill(*, tournament: Tournament, pairings: Sequence[Pairing], entries: Any) -> None:
    """Each pairing's ``win_chance`` (one number per side of its table) from the ratings
    that include every result finished so far (before the round is stored)."""
    if tournament.club_id is None:
        return
    players = _entry_players(tournament, entries)
    everyone = {p for ids in players.values() for p in ids if p is not None}
    ratings = ratings_current(tournament.club_id, everyone, since=_unrated_since(tournament))
    for pairing in pairings:
        shape = pairing.table_shape
        if shape.bye:
            continue
        pairing.win_chance = win_chance(
            [
                [ratings.get(p) if p is not None else None for n in side for p in players[n]]
                for side in shape.side_entries(pairing.entries)
            ]
        )


def _entry_players(tournament: Tournament, entries: Iterable[Entry]) -> dict[int, list[Any]]:
    """Each entry's club players (ids, seat order): its links, or for an entry not linked
    yet the club's players of its names (``None``: a name the club does not know yet)."""
    linked: dict[int, list[Any]] = defaultdict(list)
    for number, player in (
        EntryPlayer.objects.filter(entry__tournament=tournament)
        .order_by("entry__number", "seat")
        .values_list("entry__number", "player_id")
    ):
        linked[number].append(player)
    club: Any = tournament.club_id  # a club's tournament
    typed = {entry.number: list(entry.players) for entry in entries if entry.number not in linked}
    keys = {name: name_key(name) for names in typed.values() for name in names}
    known = dict(
        Player.objects.filter(club_id=club, key__in=set(keys.values())).values_list("key", "pk")
    )
    for number, names in typed.items():
        linked[number] = [known.get(keys[name]) for name in names]
    return linked


def _unrated_since(tournament: Tournament) -> Any:
    """From when a result may not be rated yet: this tournament's first finished pairing
    (its results and corrections), the club's last rated pairing or a change still due
    (a lost update's), whichever is earliest; ``None`` (every result) when nothing is rated
    yet."""
    club: Any = tournament.club_id  # a club's tournament
    first = Pairing.objects.filter(tournament=tournament, finished_at__isnull=False).aggregate(
        first=Min("finished_at")
    )["first"]
    due = RatingsDue.objects.filter(club_id=club).aggregate(first=Min("since"))["first"]
    last = (
        RatedPairing.objects.filter(club_id=club)
        .order_by("-position")
        .values_list("finished_at", flat=True)
        .first()
    )
    if last is None:
        return None
    return min(stamp for stamp in (first, due, last) if stamp is not None)


def ratings_current(club_id: Any, players: Iterable[Any], since: Any = None) -> dict[Any, Rating]:
    """These players' ratings including every result finished at ``since`` or later that
    is not rated yet (replayed in memory from the stored ratings; nothing stored)."""
    wanted = set(players)
    ratings = {
        player: Rating(mu, sigma, rated)
        for player, mu, sigma, rated in Player.objects.filter(
            club_id=club_id, pk__in=wanted
        ).values_list("pk", "mu", "sigma", "rated_pairings")
    }
    found = _replayed(club_id, since)
    if found.changed:
        ratings.update({p: r for p, r in found.after.items() if p in wanted})
    return ratings


@dataclass(frozen=True)
class Replayed:
    """A replay from the first rated position that changed (``start``): the games from it,
    every touched player's rating after them, each game's points, and the club's ratings
    version it was computed from; ``changed`` false when the stored ratings already rate
    the results as they are (nothing replayed)."""

    version: int
    start: int
    games: Sequence[tuple[int, Any, Game]]
    after: dict[int, Rating]
    history: list[list[tuple[int, float, float]]]
    changed: bool = True


def _replayed(club_id: Any, since: Any) -> Replayed:
    """The replay the club's results finished at ``since`` or later call for (all without
    it); not ``changed`` when the stored ratings already rate them as they are."""
    version, rated_up_to = Club.objects.values_list("ratings_version", "rated_up_to").get(
        pk=club_id
    )
    current = rated_games(club_id, since)
    offset, stored = stored_games(club_id, since, rated_up_to)
    changed = _first_difference(current, stored)
    if changed == len(current) == len(stored):
        return Replayed(version, rated_up_to, (), {}, [], changed=False)
    start = offset + changed
    games = current[changed:]
    if 0 < start == rated_up_to:  # new results after the last rated: the players' own
        before = _ratings_now(club_id, games)
    else:
        before = _ratings_before(club_id, start, games)
    after, history = replay((game for _id, _at, game in games), before)
    return Replayed(version, start, games, after, history)


def club_ratings_update(*, club_id: Any, since: Any = None) -> int:
    """Re-rate the club from the first pairing that changed (among those finished at
    ``since`` or later, or at a due change's ``since`` if earlier; all without it) and clear
    the changes due, read first (the results read after them include them): how many
    pairings were (re)rated."""
    if isinstance(since, str):
        since = datetime.fromisoformat(since)
    due = dict(RatingsDue.objects.filter(club_id=club_id).values_list("pk", "since"))
    if since is not None and due:
        since = min(since, *due.values())
    for _attempt in range(ATTEMPTS):
        if Entry.objects.filter(tournament__club_id=club_id, club_players__isnull=True).exists():
            club_entries_link(club_id=club_id)
        found = _replayed(club_id, since)
        if not found.changed and not due:
            return 0
        if _store(club_id, found, list(due)):
            return len(found.games)
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
    tail = Counter(p for _id, _at, game in games for team in game.teams for p in team)
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
    players = {p for _id, _at, game in games for team in game.teams for p in team}
    return {
        player: Rating(mu, sigma, rated)
        for player, mu, sigma, rated in Player.objects.filter(
            club_id=club_id, pk__in=players
        ).values_list("pk", "mu", "sigma", "rated_pairings")
    }


@transaction.atomic
def _store(club_id: Any, found: Replayed, due: Sequence[int]) -> bool:
    """Store the replay from ``start`` unless another update was stored since ``version``
    (read before the replay was computed): the version is moved on first, only if it is
    still the one read, so of two replays computed side by side only the first stored
    counts and the other, finding the version moved, is computed again from what the first
    stored (a stale replay is never stored). The changes ``due`` are cleared with it; with
    nothing to replay the version still moves, so that no replay computed from results
    older than theirs is stored after them. Only the club's row is held while the rows
    are written (``FOR NO KEY UPDATE``: a new tournament or player of the club, which only
    needs its key, never waits on it); no tournament, round or pairing row is locked."""
    version, start = found.version, found.start
    moved = Club.objects.filter(pk=club_id, ratings_version=version).update(
        ratings_version=version + 1, rated_up_to=start + len(found.games)
    )
    if not moved:
        return False
    RatingsDue.objects.filter(pk__in=due).delete()
    if not found.changed:
        return True
    RatedPairing.objects.filter(club_id=club_id, position__gte=start).delete()
    _insert_rated(club_id, start, found.games, found.history)
    _players_store(found.after)
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
                    teams=[list(team) for team in game.teams],
                    ranks=list(game.ranks),
                    after=[list(point) for point in points],
                )
                for i, ((pairing_id, at, game), points) in enumerate(
                    zip(games, history, strict=True)
                )
            ],
            batch_size=1000,
        )
        return
    # COPY's text format. Every value is a number, an id, a stamp (as PostgreSQL wrote it) or
    # a list of ids, ranks and floats written as JSON (``repr`` of a float is the shortest
    # text that reads back the same float).
    club = str(club_id)
    lines = []
    for i, ((pairing_id, at, game), points) in enumerate(zip(games, history, strict=True)):
        teams = "],[".join([",".join(map(str, team)) for team in game.teams])
        ranks = ",".join(map(str, game.ranks))
        after = ",".join([f"[{p},{mu!r},{sigma!r}]" for p, mu, sigma in points])
        lines.append(
            f"{club}\t{start + i}\t{pairing_id}\t{at}\t[[{teams}]]\t[{ranks}]\t[{after}]\n"
        )
    statement = (
        "COPY tournaments_ratedpairing "
        "(club_id, position, pairing_id, finished_at, teams, ranks, after) FROM STDIN"
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


# On PostgreSQL a finished stamp is read as the database writes it (the session's time
# zone is UTC) and written back as read: no parsing, no formatting of 100,000 stamps.
STAMP = Cast("finished_at", TextField())


def integers(column: str, shapes: Sequence[str] | None = None) -> Func:
    """A JSON list of whole numbers as a PostgreSQL ``int[]``, which the driver reads in C
    (a JSON text costs a parse in Python per row: 100,000 rows in a full replay); with
    ``shapes``, only for the pairings of those shapes (null for the others)."""
    text = "translate(%(expressions)s::text, '[]', '{}')::int[]"
    if shapes is not None:
        names = ", ".join("'" + name.replace("'", "''") + "'" for name in shapes) or "NULL"
        text = f"CASE WHEN shape IN ({names}) THEN {text} END"
    return Func(F(column), template=text, output_field=TextField())


def rated_games(club_id: Any, since: Any = None) -> list[tuple[int, Any, Game]]:
    """Every finished pairing of the club's tournaments (finished at ``since`` or later)
    that has players on every side of its table (byes left out), in the order they were
    finished: ``(id, finished_at, game)``. One query of plain values for the pairings (the
    points only where the ranks follow from them), one for the entries' players."""
    pairings = Pairing.objects.filter(
        tournament__club_id=club_id, status=Pairing.Status.FINISHED, finished_at__isnull=False
    ).exclude(shape__in=[name for name, shape in SHAPES.items() if shape.bye])
    if since is not None:
        pairings = pairings.filter(finished_at__gte=since)
    columns = ("id", "stamp", "tid", "seats", "shape", "winner", "scores")
    if connection.vendor == "postgresql":
        by_points = [name for name, shape in SHAPES.items() if shape.ranked_by == "points"]
        # Two entries (most pairings) as two numbers: the driver reads them faster than arrays.
        more = [name for name, shape in SHAPES.items() if shape.seats > len(TWO.sides)]
        query = (
            pairings.annotate(
                stamp=STAMP,
                tid=Cast("tournament_id", TextField()),  # a text's hash is C's, a UUID's not
                first=Cast(KT("entries__0"), IntegerField()),
                second=Cast(KT("entries__1"), IntegerField()),
                seats=integers("entries", more),
                scores=integers("points", by_points),
            )
            .order_by("finished_at", "id")
            .values_list(
                "id", "stamp", "tid", "first", "second", "seats", "shape", "winner", "scores"
            )
        )
        # The cursor's own types, no field converters (a full replay reads 100,000 rows).
        sql, params = query.query.sql_with_params()
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows: Sequence[Any] = cursor.fetchall()
    else:
        rows = [
            (pk, at, str(tournament), None, None, *rest)
            for pk, at, tournament, *rest in pairings.annotate(
                stamp=F("finished_at"),
                tid=F("tournament_id"),
                seats=F("entries"),
                scores=F("points"),
            )
            .order_by("finished_at", "id")
            .values_list(*columns)
        ]
    teams = _entry_teams(club_id, since, {row[2] for row in rows})
    games = []
    last: Any = None
    team_of: Callable[[Any], Any] = {}.get
    for pk, finished, tournament, first, second, entries, shape_name, winner, points in rows:
        if tournament != last:  # the rows of one tournament mostly come together
            last, team_of = tournament, teams.get(tournament, {}).get
        if entries is None:  # two entries
            entries = (first, second)
            seated = [team_of(first), team_of(second)]
        else:
            seated = [team_of(number) for number in entries]
        if all(seated):  # every seat's players known
            shape = SHAPES[shape_name]
            sides = (
                tuple(seated)
                if shape.solo
                else tuple(sum((seated[seat] for seat in side), ()) for side in shape.sides)
            )
            games.append((pk, finished, Game(sides, shape.ranks(entries, winner, points))))
    return games


def _entry_teams(
    club_id: Any, since: Any, tournaments: set[str]
) -> dict[str, dict[int, tuple[int, ...]]]:
    """Each entry's players (ids, seat order), by tournament (its id as text), then entry
    number."""
    players = EntryPlayer.objects.filter(entry__tournament__club_id=club_id)
    if since is not None:  # only the tournaments of these pairings
        players = players.filter(entry__tournament_id__in=tournaments)
    seats: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for tournament, number, player in players.order_by("entry_id", "seat").values_list(
        "entry__tournament_id", "entry__number", "player_id"
    ):
        seats[str(tournament)][number].append(player)
    return {
        tournament: {number: tuple(ids) for number, ids in entries.items()}
        for tournament, entries in seats.items()
    }


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
        .values_list("position", "pairing_id", "stamp", "teams", "ranks")
    )
    offset = rows[0][0] if rows else rated_up_to if since is not None else 0
    return offset, [
        (pairing, finished, Game(tuple(map(tuple, teams)), tuple(ranks)))
        for _position, pairing, finished, teams, ranks in rows
    ]
