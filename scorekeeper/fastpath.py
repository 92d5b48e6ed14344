"""The hot path of recording a hand: lock the match, then append the hand and its state.

On PostgreSQL this is two statements: one ``SELECT … FOR UPDATE`` that reads what the
engine needs, and one that inserts the hand and updates the match's cached state together
(a data-modifying ``WITH``). The ORM's own cost per query was most of a hand's time (see
``bench/``); the SQL below does exactly what the ORM lines in the fallback do, which is
what SQLite (the embedded default) runs. Both paths run in CI.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from django.db import connection
from django.db.models import AutoField, JSONField, Model
from django.utils import timezone

from .models import Hand, Match

# Every column but the key, in the model's order (new fields join by themselves).
FIELDS = tuple(f.attname for f in Match._meta.concrete_fields if not f.primary_key)
JSON_FIELDS = {f.attname for f in Match._meta.concrete_fields if isinstance(f, JSONField)}

COLUMNS = ", ".join(f'"{name}"' for name in FIELDS)  # quoted: "table" is a reserved word
LOCK = f"SELECT {COLUMNS} FROM scorekeeper_match WHERE id = %s FOR UPDATE"
APPEND = """
WITH hand AS (
    INSERT INTO scorekeeper_hand (match_id, number, game, input, result, created_at, updated_at)
    VALUES (%s, %s, %s, %s, %s, now(), now())
    RETURNING id
)
UPDATE scorekeeper_match SET state = %s, status = %s, winner = %s, closed = %s,
       updated_at = now()
WHERE id = %s
RETURNING (SELECT id FROM hand)
"""


def fast() -> bool:
    return connection.vendor == "postgresql"


def lock(match_id: Any) -> Match:
    """The match, its row locked until the transaction ends (``Match.DoesNotExist`` if none)."""
    if not fast():
        return Match.objects.select_for_update().get(pk=match_id)
    with connection.cursor() as cursor:
        cursor.execute(LOCK, [match_id])
        row = cursor.fetchone()
    if row is None:
        raise Match.DoesNotExist
    values = {
        name: _json(value) if name in JSON_FIELDS else value
        for name, value in zip(FIELDS, row, strict=True)
    }
    match = Match(id=match_id, **values)
    match._state.adding = False
    match._state.db = connection.alias
    return match


def append(match: Match, hand: Hand) -> None:
    """Insert ``hand`` and save ``match``'s state, status, winner and closed flag."""
    if not fast():
        hand.save(force_insert=True)
        match.save(update_fields=["state", "status", "winner", "closed", "updated_at"])
        return
    with connection.cursor() as cursor:
        cursor.execute(
            APPEND,
            [
                match.pk,
                hand.number,
                hand.game,
                json.dumps(hand.input),
                json.dumps(hand.result),
                json.dumps(match.state),
                match.status,
                match.winner,
                match.closed,
                match.pk,
            ],
        )
        hand.pk = cursor.fetchone()[0]
    hand._state.adding = False
    hand._state.db = connection.alias


SAVE_TIME_CALLED = """
UPDATE scorekeeper_match SET state = %s, time_called_after = %s, updated_at = %s WHERE id = %s
"""


def save_time_called(matches: list[Match], now: Any) -> None:
    """Save the state and ``time_called_after`` of many matches (a round's clock): one
    statement sent for every row at once, where the ORM's ``bulk_update`` spent seconds
    building its ``CASE`` for a few thousand."""
    if not fast():
        for match in matches:
            match.updated_at = now
        Match.objects.bulk_update(
            matches, ["state", "time_called_after", "updated_at"], batch_size=100
        )
        return
    rows = [(json.dumps(match.state), match.time_called_after, now, match.pk) for match in matches]
    with connection.cursor() as cursor:
        cursor.executemany(SAVE_TIME_CALLED, rows)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


def insert_many(objs: Sequence[Model]) -> None:
    """Insert new rows of one model, as ``bulk_create`` does but with no ids read back (an
    ``AutoField`` stays ``None``; a key set in Python, such as a match's UUID, is kept). On
    PostgreSQL one ``COPY`` of the values as the services set them: JSON as text (no field
    here has an encoder of its own), the ``auto_now`` stamps one time for all. A knockout's
    first round, thousands of rows, costs a fraction of the ``INSERT`` Django builds, most of
    which is preparing each value."""
    if not objs:
        return
    model = type(objs[0])
    if not fast():
        model.objects.bulk_create(objs, batch_size=1000)
        return
    fields = [f for f in model._meta.concrete_fields if not isinstance(f, AutoField)]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    statement = f"COPY {quote(model._meta.db_table)} ({columns}) FROM STDIN"
    values = attrgetter(*(f.attname for f in fields))
    texts = [i for i, f in enumerate(fields) if isinstance(f, JSONField)]
    now = timezone.now()
    stamps = [
        (i, f.attname)
        for i, f in enumerate(fields)
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
        for obj in objs:
            row = list(values(obj))
            for i in texts:
                if row[i] is not None:
                    row[i] = json.dumps(row[i])
            for i, name in stamps:
                setattr(obj, name, now)
                row[i] = now
            copy.write_row(row)
    for obj in objs:
        obj._state.adding, obj._state.db = False, connection.alias
