"""Writes of many rows at once, below the ORM where its own cost was most of the time: new
rows of one model by one ``COPY``, a re-scored match's hands and a round's clock by one
statement each. On SQLite (the embedded default) the ORM's own calls do the same; both
paths run in CI. ``fast`` says which path runs, here and in ``fastpath``."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from operator import attrgetter
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import AutoField, Field, JSONField, Model, signals
from django.db.models.base import ModelState
from django.utils import timezone

from .models import Hand, Match


def database() -> Any:
    """This thread's connection to the default database, which ``connection`` is: each of
    ``connection``'s attributes looks it up anew (a microsecond or two each, a dozen times
    a hand), so the hot path looks it up once per function."""
    return connections[DEFAULT_DB_ALIAS]


def fast() -> bool:
    return connections[DEFAULT_DB_ALIAS].vendor == "postgresql"


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


def _column(field: Field[Any, Any]) -> str:
    # Django calls a field concrete when it has a column; the stubs cannot know that.
    assert field.column is not None, field
    return field.column


M = TypeVar("M", bound=Model)


def built(model: type[M], rows: Iterable[Mapping[str, Any]]) -> list[M]:
    """New, unsaved instances of ``model``, each with the values of its row (by attribute
    name: ``round_id``, not ``round``) and every other field's default, as ``model(**row)``
    builds them, without the ORM's ``__init__`` per row (it looks up every field's default
    anew: a round of 5,120 tables spent a second of its draw building its matches and
    pairings). A callable default (a key, a view id) is called for each row that does not
    give its value; the others are looked up once. With ``pre_init`` or ``post_init``
    receivers for the model, the ORM's own ``__init__``."""
    if signals.pre_init.has_listeners(model) or signals.post_init.has_listeners(model):
        return [model(**row) for row in rows]
    constants, factories = _defaults(model)
    known = constants.keys() | {name for name, _factory in factories}
    new = model.__new__
    made = []
    for row in rows:
        if not known.issuperset(row):
            raise TypeError(f"{model.__name__} has no field {sorted(row.keys() - known)}")
        values = {**constants, **row}
        for name, factory in factories:
            if name not in row:
                values[name] = factory()
        obj = new(model)
        obj.__dict__ = values
        obj._state = ModelState()
        made.append(obj)
    return made


@cache
def _defaults(
    model: type[Model],
) -> tuple[dict[str, Any], tuple[tuple[str, Callable[[], Any]], ...]]:
    """The model's defaults by attribute name: the values looked up once, and the fields
    whose default is called for each instance (a callable, or the database's)."""
    constants: dict[str, Any] = {}
    factories = []
    for field in model._meta.concrete_fields:
        if field.generated:
            continue
        if (field.has_default() and callable(field.default)) or field.has_db_default():
            factories.append((field.attname, field.get_default))
        else:
            constants[field.attname] = field.get_default()
    return constants, tuple(factories)


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
        model._default_manager.bulk_create(objs, batch_size=1000)
        return
    fields = [f for f in model._meta.concrete_fields if not isinstance(f, AutoField)]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(_column(f)) for f in fields)
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
