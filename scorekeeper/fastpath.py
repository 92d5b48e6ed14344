"""The hot path of recording a hand: read the match, then append the hand and its state.

On PostgreSQL this is two statements: one ``SELECT`` that reads what the engine needs (and
the first answer to the request's ``Idempotency-Key``, if any), and one that updates the
match's cached state, inserts the hand and keeps the key's answer together (a
data-modifying ``WITH``). A friendly match's hand needs no transaction: the update only
happens if the match row is still the version that was read (``xmin``), else nothing is
stored and the service reads again (``append(…, version=…)``). The ORM's own cost per query
was most of a hand's time (see ``bench/``); the SQL below does exactly what the ORM lines in
the fallback do, which is what SQLite (the embedded default) runs. Both paths run in CI.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from django.db import connection
from django.db.models import AutoField, JSONField, Model
from django.utils import timezone

from .models import Hand, IdempotentRequest, Match

# Every column but the key, in the model's order (new fields join by themselves).
FIELDS = tuple(f.attname for f in Match._meta.concrete_fields if not f.primary_key)
JSON_FIELDS = {f.attname for f in Match._meta.concrete_fields if isinstance(f, JSONField)}

COLUMNS = ", ".join(f'm."{name}"' for name in FIELDS)  # quoted: "table" is a reserved word
READ = f"""
SELECT m.xmin::text, {COLUMNS}, r.body_hash, r.status, r.response
FROM scorekeeper_match m
LEFT JOIN scorekeeper_idempotentrequest r ON r.key = %s AND r.path = %s
WHERE m.id = %s
"""
# The match is updated first: when it is not the version read, nothing below it happens.
UPDATE_MATCH = """
m AS (
    UPDATE scorekeeper_match SET state = %s, status = %s, winner = %s, closed = %s,
           updated_at = now()
    WHERE id = %s {unchanged}
    RETURNING id
)"""
INSERT_HAND = """
hand AS (
    INSERT INTO scorekeeper_hand (match_id, number, game, input, result, created_at, updated_at)
    SELECT m.id, %s, %s, %s::jsonb, %s::jsonb, now(), now() FROM m
    RETURNING id
)"""
INSERT_ANSWER = """
answer AS (
    INSERT INTO scorekeeper_idempotentrequest (key, path, body_hash, status, response,
                                               created_at)
    SELECT %s, %s, %s, %s, %s::jsonb, now() FROM hand
)"""


def _append_sql(answer: bool, versioned: bool) -> str:
    parts = [
        UPDATE_MATCH.format(unchanged="AND xmin = %s::xid" if versioned else ""),
        INSERT_HAND,
        *([INSERT_ANSWER] if answer else []),
    ]
    return "WITH " + ",".join(parts) + "\nSELECT id FROM hand"


APPEND = {
    (answer, versioned): _append_sql(answer, versioned)
    for answer in (False, True)
    for versioned in (False, True)
}


def fast() -> bool:
    return connection.vendor == "postgresql"


@dataclass(frozen=True)
class Snapshot:
    """A match as read, the version of its row read (PostgreSQL's ``xmin``; ``None`` on
    SQLite), and the first answer to the key asked about, if it was answered."""

    match: Match
    version: str | None
    answer: IdempotentRequest | None


def read(
    match_id: Any, *, key: str | None = None, scope: str | None = None, lock: bool = False
) -> Snapshot:
    """The match and the answer kept for ``key`` in ``scope``: one statement on PostgreSQL.
    ``lock``: the match's row locked until the transaction ends. ``Match.DoesNotExist`` if
    there is no such match."""
    if not fast():
        query = Match.objects.select_for_update() if lock else Match.objects
        match = query.get(pk=match_id)
        answer = None
        if key is not None:
            answer = IdempotentRequest.objects.filter(key=key, path=scope).first()
        return Snapshot(match, None, answer)
    with connection.cursor() as cursor:
        cursor.execute(READ + (" FOR UPDATE OF m" if lock else ""), [key, scope, match_id])
        row = cursor.fetchone()
    if row is None:
        raise Match.DoesNotExist
    version, values, (body_hash, status, response) = row[0], row[1:-3], row[-3:]
    match = Match(
        id=match_id,
        **{
            name: _json(value) if name in JSON_FIELDS else value
            for name, value in zip(FIELDS, values, strict=True)
        },
    )
    match._state.adding = False
    match._state.db = connection.alias
    answer = None
    if body_hash is not None:
        answer = IdempotentRequest(
            key=key, path=scope, body_hash=body_hash, status=status, response=_json(response)
        )
    return Snapshot(match, version, answer)


def lock(match_id: Any) -> Match:
    """The match, its row locked until the transaction ends (``Match.DoesNotExist`` if none)."""
    return read(match_id, lock=True).match


def append(
    match: Match,
    hand: Hand,
    *,
    answer: IdempotentRequest | None = None,
    version: str | None = None,
) -> bool:
    """Insert ``hand``, save ``match``'s state, status, winner and closed flag, and keep
    ``answer`` (an ``Idempotency-Key``'s first answer) with them. With a ``version``
    (PostgreSQL, no lock held), only if the match's row is still that version: ``False``
    when it is not, and nothing was stored."""
    if not fast():
        hand.save(force_insert=True)
        match.save(update_fields=["state", "status", "winner", "closed", "updated_at"])
        if answer is not None:
            answer.save(force_insert=True)
        return True
    params = [json.dumps(match.state), match.status, match.winner, match.closed, match.pk]
    if version is not None:
        params.append(version)
    params += [hand.number, hand.game, json.dumps(hand.input), json.dumps(hand.result)]
    if answer is not None:
        params += [
            answer.key,
            answer.path,
            answer.body_hash,
            answer.status,
            json.dumps(answer.response),
        ]
    with connection.cursor() as cursor:
        cursor.execute(APPEND[answer is not None, version is not None], params)
        row = cursor.fetchone()
    if row is None:
        return False
    hand.pk = row[0]
    hand._state.adding = False
    hand._state.db = connection.alias
    return True


UPDATE_HANDS = """
UPDATE scorekeeper_hand AS h
SET input = v.input, result = v.result, game = v.game, updated_at = %s
FROM jsonb_to_recordset(%s::jsonb) AS v (id bigint, input jsonb, result jsonb, game smallint)
WHERE h.id = v.id
"""
UPDATE_HAND = """
UPDATE scorekeeper_hand SET input = %s, result = %s, game = %s, updated_at = %s WHERE id = %s
"""


def save_hands(hands: Sequence[Hand]) -> None:
    """Save the input, result and game of these stored hands (a re-scored match). On
    PostgreSQL one statement with one parameter (the rows as one JSON array), where the
    ORM's ``bulk_update`` spent most of a correction's time building its ``CASE``; on
    SQLite one short statement per hand."""
    if not hands:
        return
    now = timezone.now()
    for hand in hands:
        hand.updated_at = now
    with connection.cursor() as cursor:
        if fast():
            rows = [
                {"id": h.pk, "input": h.input, "result": h.result, "game": h.game} for h in hands
            ]
            cursor.execute(UPDATE_HANDS, [now, json.dumps(rows)])
        else:
            cursor.executemany(
                UPDATE_HAND,
                [(json.dumps(h.input), json.dumps(h.result), h.game, now, h.pk) for h in hands],
            )


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
