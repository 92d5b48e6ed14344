"""The locks every write takes, in one order, and the tournament's version.

The order (scorekeeper's services and hooks take it too): a table's match first, then its
tournament (the director's writes, the advance, the clock), then the pairing, then its
round, then the tournament's state (``TournamentState``: the version, bumped last); a club
before its players. A table's result locks what it changes only: its match, its pairing
and its round, never the tournament's row, so results of one event do not queue behind
each other nor behind a director's write. ``touch`` saves what a write changed on the
tournament's row and bumps the ``version`` (the pages' ETags, the stored standings'
compare-and-set follow it) by one statement, the write's last.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Model
from django.utils import timezone

from scorekeeper import prepared
from scorekeeper.models import Match
from scorekeeper.rules import MatchConflict
from scorekeeper.rules.errors import _

from ..models import Club, Pairing, Round, Stage, Tournament, TournamentState

# The state's fields a write may save with ``touch`` (on the state's row, not the
# tournament's).
STATE_FIELDS = frozenset({"standings", "standings_queued", "standings_rest"})


def tournament_locked(tournament_id: Any) -> Tournament:
    """The tournament, its row locked (``SELECT … FOR NO KEY UPDATE``: a write never changes
    its key, so the key checks of rows that refer to it never wait; not its state's row),
    with its state as read; without the stored standings (10,000 rows of JSON for a
    championship), which no write reads."""
    return (
        Tournament.objects.select_for_update(of=("self",), no_key=True)
        .select_related("state")
        .defer("state__standings")
        .get(pk=tournament_id)
    )


def tournament_read(tournament_id: Any) -> Tournament:
    """The tournament as it is, nothing locked (a table's result reads what it decides on:
    the director's writes that change it lock the pairings they touch)."""
    return (
        Tournament.objects.select_related("state").defer("state__standings").get(pk=tournament_id)
    )


_STATE = TournamentState._meta.db_table
# The version bumped; with a refresh asked for (``{refresh}``: a condition), marked queued
# unless it is already or the last one rests. The state's row as it now is (held until
# the commit), whether the refresh was queued before (read by the same statement), and
# what the caller adds (``{also}``: columns of the statement's ``WITH`` parts;
# ``{unchanged}``: conditions on the row, as it is when locked).
BUMPING = f"""
UPDATE {_STATE} SET version = {_STATE}.version + 1, changed_at = %s,
    standings_queued = {_STATE}.standings_queued OR (
        ({{refresh}}) AND ({_STATE}.standings_rest IS NULL OR {_STATE}.standings_rest <= %s))
FROM (SELECT tournament_id AS key, standings_queued AS was FROM {_STATE}
      WHERE tournament_id = %s) AS old
WHERE {_STATE}.tournament_id = old.key{{unchanged}}
RETURNING {_STATE}.version, {_STATE}.standings_queued, {_STATE}.standings_rest, old.was{{also}}
"""
BUMP = BUMPING.format(refresh="%s", also="", unchanged="")
# SQLite's RETURNING names the target's columns only: ``was`` read first (its writes are
# one at a time anyway).
WAS = f"SELECT standings_queued FROM {_STATE} WHERE tournament_id = %s"
BUMP_SQLITE = BUMP.replace(", old.was", "").replace(
    f"FROM (SELECT tournament_id AS key, standings_queued AS was FROM {_STATE}\n"
    "      WHERE tournament_id = %s) AS old\n"
    f"WHERE {_STATE}.tournament_id = old.key",
    f"WHERE {_STATE}.tournament_id = %s",
)


def bump_params(tournament: Tournament) -> tuple[Any, Any]:
    """``BUMPING``'s moment (its ``%s`` before and after ``{refresh}``) and key (last)."""
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    return now, Tournament._meta.pk.get_db_prep_value(tournament.pk, connection)


def touch(tournament: Tournament, *fields: str, refresh: bool = False) -> bool:
    """Save the given fields and bump the version (the pages' ETags follow it): the
    tournament's own fields on its row (the caller holds its lock), then the version on
    the state's row, one statement (its row held until the commit, and written once: a
    second write of it in the same transaction would have the commit check its key
    against the tournament's row); standings saved here are those of the new version.
    ``refresh``: a refresh of the standings is asked for by the same statement. True when
    this call marked it queued (the caller sends it)."""
    own = [name for name in fields if name not in STATE_FIELDS]
    if own:
        tournament.save(update_fields=["updated_at", *own])
    now, key = bump_params(tournament)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(BUMP, [now, refresh, now, key])
            row = cursor.fetchone()
        else:
            cursor.execute(WAS, [key])
            (was,) = cursor.fetchone()
            cursor.execute(BUMP_SQLITE, [now, refresh, now, key])
            row = (*cursor.fetchone(), was)
    queued = bumped(tournament, row, keep_rest="standings_rest" in fields)
    state = tournament.state
    kept = [name for name in fields if name in STATE_FIELDS]
    if "standings" in kept:
        state.standings_version = state.version
        kept.append("standings_version")
    if kept:
        TournamentState.objects.filter(pk=tournament.pk).update(
            **{name: getattr(state, name) for name in kept}
        )
    return queued


def bumped(tournament: Tournament, row: Sequence[Any], *, keep_rest: bool = False) -> bool:
    """The state as ``BUMPING`` returned it (``row``: version, queued, rest, was) kept on
    the tournament; True when that statement marked the refresh queued."""
    version, queued, rest, was = row[:4]
    state = tournament.state
    state.version, state.standings_queued = version, bool(queued)
    if not keep_rest:
        state.standings_rest = TournamentState._meta.get_field("standings_rest").to_python(rest)
    return bool(queued) and not was


# What a result never reads of the rows locked with its pairing.
PAIRING_UNREAD = (
    "round__stage__entries",
    "round__stage__standings",
    "tournament__state__standings",
)


def pairing_locked(pairing_id: Any) -> Pairing:
    """The pairing and its round locked (not the stage: every result of the stage would
    wait on it), with the stage, the tournament and its state as read (``tournament_read``
    in the same statement); without the stage's lists of entries and final standings (a
    second stage's, or a first stage's once it ended: as long as the event) nor the stored
    standings, which no result reads."""
    return (
        Pairing.objects.select_for_update(of=("self", "round"))
        .select_related("round__stage", "tournament__state")
        .defer(*PAIRING_UNREAD)
        .get(pk=pairing_id)
    )


def matches_locked(match_ids: Iterable[Any]) -> None:
    """The matches' rows locked (in one order, as every writer takes them)."""
    ids = sorted(str(pk) for pk in match_ids if pk is not None)
    if ids:
        list(Match.objects.select_for_update().filter(pk__in=ids).order_by("pk"))


def club_locked(club_id: Any) -> Club:
    return Club.objects.select_for_update().get(pk=club_id)


@dataclass(frozen=True)
class PairingHeld:
    """A pairing and its round locked for a director's write (and its tournament's row
    when ``tournament_held``), and the table's match locked with them, as read (``None``:
    a bye, no match)."""

    tournament: Tournament
    pairing: Pairing
    match: Match | None
    tournament_held: bool = False


# A director's write on a pairing that a redraw or a swap of its round replaced while the
# write waited for its locks: the director looks at the round again (never a 404).
REPLACED = _(
    "Round {number} was drawn again or changed meanwhile: look at its tables and give the "
    "result again."
)


def pairing_held(
    tournament_id: Any,
    round_number: int,
    slot: int,
    *,
    tournament: bool = False,
    seen: tuple[Any, Any] | None = None,
) -> PairingHeld:
    """The pairing's match, then (``tournament``) its tournament, then the pairing and its
    round locked (the order of scorekeeper's hooks). A redraw or a swap that replaced the
    pairing while this write waited (its row gone, or another match seated there) makes the
    write a ``MatchConflict``; so does one that replaced it since a read of this write's
    found it (``seen``: the pairing's key and its match's, as that read found them)."""
    where = {"tournament_id": tournament_id, "round__number": round_number, "slot": slot}
    if not tournament:
        seated = _seated_locked(where)
        if seated is not None:
            _as_seen((seated.pk, seated.match_id), seen, round_number)
            return PairingHeld(seated.tournament, seated, seated.match)
    try:
        found: tuple[Any, Any] = Pairing.objects.values_list("pk", "match_id").get(**where)
    except Pairing.DoesNotExist:
        if seen is None:
            raise
        raise MatchConflict(REPLACED, number=round_number) from None
    _as_seen(found, seen, round_number)
    pairing_id, match_id = found
    if match_id is not None and not tournament:
        # Found seated now, not by the locking read: replaced while it waited.
        raise MatchConflict(REPLACED, number=round_number)
    match = None
    if match_id is not None:
        match = Match.objects.select_for_update().filter(pk=match_id).first()
    held = tournament_locked(tournament_id) if tournament else None
    try:
        pairing = pairing_locked(pairing_id)
    except Pairing.DoesNotExist:
        raise MatchConflict(REPLACED, number=round_number) from None
    if pairing.match_id != match_id:
        raise MatchConflict(REPLACED, number=round_number)
    if held is not None:
        return PairingHeld(held, pairing, match, tournament_held=True)
    return PairingHeld(pairing.tournament, pairing, match)


def _as_seen(found: tuple[Any, Any], seen: tuple[Any, Any] | None, round_number: int) -> None:
    """``MatchConflict`` when the pairing found is not the one ``seen`` (if given)."""
    if seen is not None and tuple(found) != seen:
        raise MatchConflict(REPLACED, number=round_number)


def _seated_locked(where: dict[str, Any]) -> Pairing | None:
    """A seated pairing (a bye has no match: ``None``), found and locked by one statement
    (``SEATED``): its match, then it, then its round (``FOR UPDATE OF`` in that order, the
    order of every writer), with the match, the stage, the tournament and its state as
    read (``pairing_locked``'s columns). ``None`` too when its row went or its match
    changed while the statement waited for the locks (its conditions are checked again
    on the rows as they then are)."""
    sql, models = _seated(connection.vendor)
    params = _seated_params(where)
    if connection.vendor == "postgresql":
        row = prepared.first_row(sql, params)  # prepared: parsed and planned once
    else:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            row = cursor.fetchone()
    return None if row is None else _seated_built(models, row)


# The versions (``xmin``) of the rows a seated pairing's write locks: its match, it, its round.
SEATED_VERSIONS = ", m.xmin::text, p.xmin::text, r.xmin::text\nFROM"


def seated_read(
    tournament_id: Any, round_number: int, slot: int
) -> tuple[PairingHeld, tuple[str, str, str]] | None:
    """PostgreSQL: a seated pairing as ``pairing_held`` holds it, read by one statement
    with nothing locked (``SEATED`` without its locks), and the versions of the rows it
    would lock (``SEATED_VERSIONS``); ``None`` where there is none (a bye, no such
    pairing)."""
    sql, models = _seated("unlocked")
    where = {"tournament_id": tournament_id, "round__number": round_number, "slot": slot}
    row = prepared.once(sql, _seated_params(where))  # a read: sent again if the connection went
    if row is None:
        return None
    pairing = _seated_built(models, row[:-3])
    return PairingHeld(pairing.tournament, pairing, pairing.match), (row[-3], row[-2], row[-1])


def _seated_params(where: dict[str, Any]) -> list[Any]:
    key = Tournament._meta.pk.get_db_prep_value(where["tournament_id"], connection)
    return [key, where["round__number"], where["slot"]]


def _seated_built(models: list[tuple[type[Model], list[str], list[Any]]], row: Any) -> Pairing:
    """``SEATED``'s row as the pairing, with its match, its round (and stage) and its
    tournament (and state) as the ORM would load them."""
    built: list[Any] = []
    start, alias = 0, connection.alias
    for model, names, converted in models:
        values = list(row[start : start + len(names)])
        for i, convert in converted:  # the fields with converters only
            values[i] = convert(values[i])
        built.append(model.from_db(alias, names, values))
        start += len(names)
    match, pairing, round_, stage, tournament, state = built
    round_.stage = stage
    tournament.state = state
    pairing.round, pairing.tournament, pairing.match = round_, tournament, match
    return pairing


# The rows ``SEATED`` reads, as ``pairing_locked`` and the match's lock read them.
SEATED_ROWS: tuple[tuple[type[Model], str, tuple[str, ...]], ...] = (
    (Match, "m", ()),
    (Pairing, "p", ()),
    (Round, "r", ()),
    (Stage, "s", ("entries", "standings")),
    (Tournament, "t", ()),
    (TournamentState, "ts", ("standings",)),
)
SEATED = """
SELECT {columns}
FROM {p} p
JOIN {m} m ON m.id = p.match_id
JOIN {r} r ON r.id = p.round_id
JOIN {s} s ON s.id = r.stage_id
JOIN {t} t ON t.id = p.tournament_id
JOIN {ts} ts ON ts.tournament_id = t.id
WHERE p.tournament_id = %s AND r.tournament_id = p.tournament_id AND r.number = %s AND p.slot = %s
"""


@cache
def _seated(vendor: str) -> tuple[str, list[tuple[type[Model], list[str], list[Any]]]]:
    """``SEATED`` for the database (PostgreSQL locks; ``unlocked``: PostgreSQL's read with
    the rows' versions, ``SEATED_VERSIONS``), and each row's model, fields (its columns
    follow the previous row's) and converters (a field's place among them, and what turns
    the value read into the field's, as the ORM does; fields without any left out)."""
    columns: list[str] = []
    models: list[tuple[type[Model], list[str], list[Any]]] = []
    for model, alias, unread in SEATED_ROWS:
        fields = [f for f in model._meta.concrete_fields if f.name not in unread]
        places = []
        for place, field in enumerate(fields):
            convert = _converted(field, alias)
            if convert is not None:
                places.append((place, convert))
            columns.append(f"{alias}.{connection.ops.quote_name(str(field.column))}")
        models.append((model, [f.attname for f in fields], places))
    tables = {alias: model._meta.db_table for model, alias, _unread in SEATED_ROWS}
    sql = SEATED.format(columns=", ".join(columns), **tables)
    if vendor == "postgresql":
        sql += "FOR UPDATE OF m, p, r"
    elif vendor == "unlocked":
        sql = sql.replace("\nFROM", SEATED_VERSIONS, 1)
    return sql, models


def _converted(field: Any, alias: str) -> Any:
    """The field's value from the database's, as the ORM turns it (its converters);
    ``None`` when it has none (the value read is the field's)."""
    col = field.get_col(alias)
    found = connection.ops.get_db_converters(col) + field.get_db_converters(connection)
    if not found:
        return None

    def convert(value: Any) -> Any:
        for converter in found:
            value = converter(value, col, connection)
        return value

    return convert
