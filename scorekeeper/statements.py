"""The SQL of the hot path (PostgreSQL), and the rows it reads and writes.

``READ`` (``READ_WITH_HANDS``) reads a match with the first answer to a request's
``Idempotency-Key`` (and its hands); ``APPEND`` updates the match's cached state, inserts
the hand and keeps the key's answer in one data-modifying ``WITH``, only if the row is
still the version read when one is given (``xmin``); ``ATTEMPT`` does the same only if
the key was not answered yet, else returns the row as it is now (the read a miss would
otherwise cost); ``STORE_CORRECTION`` stores a correction (the match, its audit record,
the re-scored hands). The columns are the models' own (new fields join by themselves), and
``match_of`` and ``hand_of`` load the rows read as the ORM would.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from operator import attrgetter
from typing import Any

from django.db import DEFAULT_DB_ALIAS
from django.db.models import JSONField

from .models import Hand, IdempotentRequest, Match

# Every column but the key, in the model's order (new fields join by themselves).
FIELDS = tuple(f.attname for f in Match._meta.concrete_fields if not f.primary_key)
VALUES = attrgetter(*FIELDS)  # a match's ``FIELDS``, as a tuple
JSON_FIELDS = {f.attname for f in Match._meta.concrete_fields if isinstance(f, JSONField)}

MATCH_KEY_AT = [f.primary_key for f in Match._meta.concrete_fields].index(True)
HAND_ROW = ("id", "number", "game", "input", "result", "created_at", "updated_at")
HAND_FIELDS = tuple(f.attname for f in Hand._meta.concrete_fields)
MATCH_FIELDS = tuple(f.attname for f in Match._meta.concrete_fields)  # ``match_of``'s row


def read_sql(alias: str, hands: bool = False) -> str:
    """The match ``alias`` (its version, every column but the key, the key's answer) and,
    with ``hands``, its hands in order as one JSON array of rows (``HAND_ROW``)."""
    columns = ", ".join(f'{alias}."{name}"' for name in FIELDS)  # "table" is reserved
    rows = ""
    if hands:
        row = ", ".join(f"h.{name}" for name in HAND_ROW)
        rows = f""",
       (SELECT coalesce(json_agg(json_build_array({row}) ORDER BY h.number), '[]'::json)
        FROM scorekeeper_hand h WHERE h.match_id = {alias}.id)"""
    return f"""
SELECT {alias}.xmin::text, {columns}, r.body_hash, r.status, r.response{rows}
FROM scorekeeper_match {alias}
LEFT JOIN scorekeeper_idempotentrequest r ON r.key = %s AND r.path = %s
WHERE {alias}.id = %s
"""


READ = read_sql("m")
READ_WITH_HANDS = read_sql("m", hands=True)
# The match is updated first: when it is not the version read, nothing below it happens.
UPDATE_MATCH = """
m AS (
    UPDATE scorekeeper_match SET state = %s, status = %s, winner = %s, closed = %s,
           updated_at = now()
    WHERE id = %s {unchanged}
    RETURNING id, xmin::text AS version
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


def append_sql(answer: bool, versioned: bool) -> str:
    parts = [
        UPDATE_MATCH.format(unchanged="AND xmin = %s::xid" if versioned else ""),
        INSERT_HAND,
        *([INSERT_ANSWER] if answer else []),
    ]
    return "WITH " + ",".join(parts) + "\nSELECT id FROM hand"


APPEND = {
    (answer, versioned): append_sql(answer, versioned)
    for answer in (False, True)
    for versioned in (False, True)
}
# The same, only if the key was not answered yet, then the row as it was before (and the
# key's answer) when nothing was stored: the read that a miss would otherwise cost.
UNANSWERED = """AND NOT EXISTS (
        SELECT 1 FROM scorekeeper_idempotentrequest WHERE key = %s AND path = %s)"""
# Stored: the hand's id and the row's new version (the read's columns empty). Not stored:
# the read, which runs only then (its ``WHERE`` a one-time filter on the hand's absence).
READ_COLUMNS = 1 + len(FIELDS) + 3  # version, ``FIELDS``, the key's answer
FOUND = f"""
SELECT h.id, m.version, {", ".join(["NULL"] * READ_COLUMNS)} FROM hand h, m
UNION ALL
SELECT NULL, NULL, found.* FROM ({read_sql("c")}) AS found
WHERE NOT EXISTS (SELECT FROM hand)"""


def attempt_sql(answer: bool) -> str:
    parts = [
        UPDATE_MATCH.format(unchanged="AND xmin = %s::xid " + UNANSWERED),
        INSERT_HAND,
        *([INSERT_ANSWER] if answer else []),
    ]
    return "WITH " + ",".join(parts) + FOUND


ATTEMPT = {answer: attempt_sql(answer) for answer in (False, True)}

CORRECT = (
    "WITH "
    + UPDATE_MATCH.format(unchanged="{unchanged}")
    + """,
change AS (
    INSERT INTO scorekeeper_handchange (match_id, number, action, before, after, created_at)
    SELECT m.id, %s, %s, %s::jsonb, %s::jsonb, now() FROM m
),
hands AS (
    UPDATE scorekeeper_hand AS h
    SET input = v.input, result = v.result, game = v.game, updated_at = now()
    FROM m, jsonb_to_recordset(%s::jsonb) AS v (id bigint, input jsonb, result jsonb, game smallint)
    WHERE h.id = v.id AND h.match_id = m.id
)
SELECT m.version FROM m"""
)
STORE_CORRECTION = {
    versioned: CORRECT.replace("{unchanged}", "AND xmin = %s::xid" if versioned else "")
    for versioned in (False, True)
}


def match_params(match: Match) -> list[Any]:
    """``UPDATE_MATCH``'s parameters before its version: what a hand changes, and the key."""
    return [json.dumps(match.state), match.status, match.winner, match.closed, match.pk]


def hand_params(hand: Hand) -> list[Any]:
    """``INSERT_HAND``'s parameters."""
    return [hand.number, hand.game, json.dumps(hand.input), json.dumps(hand.result)]


def answer_params(answer: IdempotentRequest | None) -> list[Any]:
    """``INSERT_ANSWER``'s parameters (none without an answer to keep)."""
    if answer is None:
        return []
    return [answer.key, answer.path, answer.body_hash, answer.status, json.dumps(answer.response)]


def match_of(match_id: Any, values: Sequence[Any]) -> Match:
    """The match from its key and ``FIELDS``' values, as the ORM loads a row (its
    positional ``__init__``: a quarter of the time of naming every field)."""
    row = list(values)
    row.insert(MATCH_KEY_AT, match_id)
    return Match.from_db(DEFAULT_DB_ALIAS, MATCH_FIELDS, row)  # ``connection``'s alias


def hand_of(match: Match, values: Sequence[Any]) -> Hand:
    """A stored hand from ``HAND_ROW``'s values as JSON gave them."""
    row = dict(zip(HAND_ROW, values, strict=True), match_id=match.pk)
    for stamp in ("created_at", "updated_at"):
        row[stamp] = datetime.fromisoformat(row[stamp])
    hand = Hand.from_db(DEFAULT_DB_ALIAS, HAND_FIELDS, [row[name] for name in HAND_FIELDS])
    hand.match = match
    return hand


def loads(value: Any) -> Any:
    """A JSON column's value as read: text decoded, what psycopg decoded kept."""
    return json.loads(value) if isinstance(value, str | bytes) else value
