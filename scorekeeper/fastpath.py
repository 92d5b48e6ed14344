"""The hot path of recording a hand: read the match, then append the hand and its state.

On PostgreSQL this is two statements: one ``SELECT`` that reads what the engine needs (and
the first answer to the request's ``Idempotency-Key``, if any), and one that updates the
match's cached state, inserts the hand and keeps the key's answer together (a
data-modifying ``WITH``). A friendly match's hand needs no transaction: the update only
happens if the match row is still the version that was read (``xmin``), else nothing is
stored and the service reads again (``append(…, version=…)``).

A phone's next hand is usually one statement: each process remembers the friendly matches
it last stored (``remembered``: the row as written and its new ``xmin``), and the next hand
of such a match is played on that row and stored by ``append_or_read``, whose update only
happens if the row is still that version and the key was not answered yet; when it is not
(another process or write came first), the same statement returns the row as it is now
(and the key's answer), so a miss costs no more than the read it replaced. Nor does a
keyed hand wait for Django's health check of the connection (a round trip of its own): its
statement, which a second run cannot store twice, is sent again on a new connection when
the first finds it lost (``_once``). A correction is
one statement to read the match with its hands and one to store it all (``read(…,
hands=True)``, ``store_correction``). The ORM's own cost per query
was most of a hand's time (see ``bench/``); the SQL below does exactly what the ORM lines in
the fallback do, which is what SQLite (the embedded default) runs. Both paths run in CI.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from operator import attrgetter
from types import SimpleNamespace
from typing import Any

from django.db import DEFAULT_DB_ALIAS, IntegrityError, InterfaceError, OperationalError, connection
from django.db.models import JSONField
from django.utils import timezone

from .bulk import database, fast, save_hands
from .models import Hand, HandChange, IdempotentRequest, Match
from .rules import MatchConflict, RuleViolation

RACES_BEFORE_LOCK = 3  # a friendly hand read again this often, then under the match's lock

# Every column but the key, in the model's order (new fields join by themselves).
FIELDS = tuple(f.attname for f in Match._meta.concrete_fields if not f.primary_key)
VALUES = attrgetter(*FIELDS)  # a match's ``FIELDS``, as a tuple
JSON_FIELDS = {f.attname for f in Match._meta.concrete_fields if isinstance(f, JSONField)}

MATCH_KEY_AT = [f.primary_key for f in Match._meta.concrete_fields].index(True)
HAND_ROW = ("id", "number", "game", "input", "result", "created_at", "updated_at")
HAND_FIELDS = tuple(f.attname for f in Hand._meta.concrete_fields)
MATCH_FIELDS = tuple(f.attname for f in Match._meta.concrete_fields)  # ``_match``'s row


def _read_sql(alias: str, hands: bool = False) -> str:
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


READ = _read_sql("m")
READ_WITH_HANDS = _read_sql("m", hands=True)
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
SELECT NULL, NULL, found.* FROM ({_read_sql("c")}) AS found
WHERE NOT EXISTS (SELECT FROM hand)"""


def _attempt_sql(answer: bool) -> str:
    parts = [
        UPDATE_MATCH.format(unchanged="AND xmin = %s::xid " + UNANSWERED),
        INSERT_HAND,
        *([INSERT_ANSWER] if answer else []),
    ]
    return "WITH " + ",".join(parts) + FOUND


ATTEMPT = {answer: _attempt_sql(answer) for answer in (False, True)}
# The friendly matches this process stored last: id -> (version, the row's values).
_latest: dict[Any, tuple[str, tuple[Any, ...]]] = {}
LATEST = 2048


def _prepared(*, checked: bool = True) -> Any:
    """A cursor for this module's statements (PostgreSQL): each is prepared once per
    connection and its parameters sent apart (server-side binding), where parsing and
    planning a hand's statement afresh was half of its time on the server. Through
    Django's wrappers, as ``connection.cursor()`` is: counted, logged, errors translated.
    (Django prepares nothing by default, for transaction-mode poolers; psycopg names its
    statements at the protocol level, which PgBouncer 1.21 and later keep apart.)
    ``checked``: the connection's health check first, as Django's cursors do (see
    ``_once``)."""
    db = database()
    if checked:
        db.close_if_health_check_failed()
    db.ensure_connection()
    raw = db.connection
    if raw.prepare_threshold is None:  # Django's "never": only what asks is prepared
        raw.prepare_threshold = NEVER_BY_ITSELF
    with db.wrap_database_errors:
        return db._prepare_cursor(_prepared_cursor()(raw))


NEVER_BY_ITSELF = 2**31 - 1  # executions before psycopg prepares a statement unasked


def _once(sql: str, params: Sequence[Any]) -> Any:
    """The first row of a statement that may run twice: a read, or a write that a second
    run after a lost connection cannot store again (its key's answer is checked by the
    statement itself). Django's health check (``CONN_HEALTH_CHECKS``: a ``SELECT 1``, one
    round trip before a request's first statement) is not asked first: the statement is
    the check. When the connection turns out lost (the database restarted, an idle
    connection cut), it is opened again and the statement sent once more: had the first
    run been stored, the second finds the key answered and stores nothing. In a
    transaction, as a cursor of Django's: checked first, never sent twice."""
    db = database()
    if db.in_atomic_block:
        return _first_row(sql, params)
    try:
        row = _first_row(sql, params, checked=False)
    except (OperationalError, InterfaceError):
        raw = db.connection
        if raw is not None and not (raw.closed or raw.broken):
            raise  # the statement failed, not the connection
        db.close()
        row = _first_row(sql, params)
    db.health_check_done = True  # this request's connection is known to work
    return row


def first_row(sql: str, params: Sequence[Any]) -> Any:
    """The first row of a statement another hot path runs often (a tournament's result),
    on PostgreSQL: prepared once per connection, its parameters sent apart."""
    return _first_row(sql, params)


def _first_row(sql: str, params: Sequence[Any], *, checked: bool = True) -> Any:
    """The first row of one of this module's statements (``_prepared``'s cursor)."""
    with _prepared(checked=checked) as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


@cache
def _prepared_cursor() -> type:
    from django.db.backends.postgresql.base import ServerBindingCursor

    class Prepared(ServerBindingCursor):
        def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
            self.shown = SimpleNamespace(query=query.encode())
            # django-stubs leave psycopg's Cursor out of ServerBindingCursor's bases.
            return super().execute(query, params, prepare=True)  # type: ignore[misc]

        # What Django logs of it (CaptureQueriesContext, DEBUG): the statement's text,
        # which psycopg does not keep for a statement it prepared before.
        @property
        def _query(self) -> Any:
            found = self.__dict__.get("psycopg_query")
            if found is not None and found.query is not None:
                return found
            return getattr(self, "shown", None)

        @_query.setter
        def _query(self, value: Any) -> None:
            self.__dict__["psycopg_query"] = value

    return Prepared


@dataclass(frozen=True)
class Snapshot:
    """A match as read, the version of its row read (PostgreSQL's ``xmin``; ``None`` on
    SQLite), and the first answer to the key asked about, if it was answered. A snapshot
    this process ``remembered`` has not asked about any key (``answer_known`` false). With
    ``read(…, hands=True)``, the match's hands in order."""

    match: Match
    version: str | None
    answer: IdempotentRequest | None
    answer_known: bool = True
    hands: list[Hand] | None = None


def read(
    match_id: Any,
    *,
    key: str | None = None,
    scope: str | None = None,
    lock: bool = False,
    hands: bool = False,
) -> Snapshot:
    """The match and the answer kept for ``key`` in ``scope`` (and, with ``hands``, its
    hands): one statement on PostgreSQL. ``lock``: the match's row locked until the
    transaction ends. ``Match.DoesNotExist`` if there is no such match."""
    if not fast():
        query = Match.objects.select_for_update() if lock else Match.objects
        match = query.get(pk=match_id)
        answer = None
        if key is not None:
            answer = IdempotentRequest.objects.filter(key=key, path=scope).first()
        rows = list(match.hands.order_by("number")) if hands else None
        return Snapshot(match, None, answer, hands=rows)
    sql = READ_WITH_HANDS if hands else READ
    row = _once(sql + (" FOR UPDATE OF m" if lock else ""), [key, scope, match_id])
    if row is None:
        raise Match.DoesNotExist
    if not hands:
        return _snapshot(match_id, key, scope, row)
    snapshot = _snapshot(match_id, key, scope, row[:-1])
    match = snapshot.match
    stored = [_hand(match, values) for values in _json(row[-1])]
    return Snapshot(match, snapshot.version, snapshot.answer, hands=stored)


def _snapshot(match_id: Any, key: str | None, scope: str | None, row: Sequence[Any]) -> Snapshot:
    """``READ``'s row (version, the match's columns, the key's answer) as a snapshot."""
    version, values, (body_hash, status, response) = row[0], row[1:-3], row[-3:]
    match = _match(
        match_id, [_json(v) if n in JSON_FIELDS else v for n, v in zip(FIELDS, values, strict=True)]
    )
    answer = None
    if body_hash is not None and key is not None and scope is not None:  # asked, answered
        answer = IdempotentRequest(
            key=key, path=scope, body_hash=body_hash, status=status, response=_json(response)
        )
    return Snapshot(match, version, answer)


def _match(match_id: Any, values: Sequence[Any]) -> Match:
    """The match from its key and ``FIELDS``' values, as the ORM loads a row (its
    positional ``__init__``: a quarter of the time of naming every field)."""
    row = list(values)
    row.insert(MATCH_KEY_AT, match_id)
    return Match.from_db(DEFAULT_DB_ALIAS, MATCH_FIELDS, row)  # ``connection``'s alias


def _hand(match: Match, values: Sequence[Any]) -> Hand:
    """A stored hand from ``HAND_ROW``'s values as JSON gave them."""
    row = dict(zip(HAND_ROW, values, strict=True), match_id=match.pk)
    for stamp in ("created_at", "updated_at"):
        row[stamp] = datetime.fromisoformat(row[stamp])
    hand = Hand.from_db(DEFAULT_DB_ALIAS, HAND_FIELDS, [row[name] for name in HAND_FIELDS])
    hand.match = match
    return hand


def remembered(match_id: Any) -> Snapshot | None:
    """The friendly match as this process last stored it, if it did, not yet checked
    against the database: ``append_or_read`` stores a hand played on it only if the row
    is still that version. Never inside a transaction (all its writes share one
    ``xmin``, so a version would not tell them apart), nor on SQLite."""
    db = database()
    if db.vendor != "postgresql" or db.in_atomic_block:
        return None
    found = _latest.get(match_id)
    if found is None:
        return None
    version, values = found
    return Snapshot(_match(match_id, values), version, None, answer_known=False)


def _remember(match: Match, version: str | None) -> None:
    """Keep the row as just stored (autocommit: its own transaction, now committed)."""
    if version is None or database().in_atomic_block or match.tournament is not None:
        return
    _latest.pop(match.pk, None)
    if len(_latest) >= LATEST:
        del _latest[next(iter(_latest))]  # the oldest
    _latest[match.pk] = (version, VALUES(match))


def forget(match_id: Any) -> None:
    _latest.pop(match_id, None)


def lock(match_id: Any) -> Match:
    """The match, its row locked until the transaction ends (``Match.DoesNotExist`` if none)."""
    return read(match_id, lock=True).match


def append_or_read(
    match: Match,
    hand: Hand,
    *,
    version: str,
    answer: IdempotentRequest | None = None,
    key: str | None = None,
    scope: str | None = None,
) -> Snapshot | None:
    """PostgreSQL, no transaction: ``append``, only if the match's row is still
    ``version`` and ``key`` was not answered in ``scope``; ``None`` when stored (and the
    row remembered). Else nothing is stored and the answer is the snapshot as it is now
    (the row, its version, the key's answer), read by the same statement."""
    params = [json.dumps(match.state), match.status, match.winner, match.closed, match.pk]
    params += [version, key, scope]
    params += [hand.number, hand.game, json.dumps(hand.input), json.dumps(hand.result)]
    params += _answer_params(answer)
    params += [key, scope, match.pk]
    # with a key, sent twice it stores nothing twice: no health check first
    run = _once if answer is not None else _first_row
    row = run(ATTEMPT[answer is not None], params)
    if row is None:  # nothing stored, and no such match
        forget(match.pk)
        raise Match.DoesNotExist
    hand_id, stored, now = row[0], row[1], row[2:]
    if hand_id is None:
        return _snapshot(match.pk, key, scope, now)
    hand.pk = hand_id
    hand._state.adding = False
    hand._state.db = DEFAULT_DB_ALIAS
    _remember(match, stored)
    return None


def optimistic(
    match_id: Any,
    play: Callable[[Snapshot], Hand],
    answer: Callable[[Hand], IdempotentRequest | None],
    *,
    key: str | None = None,
    scope: str | None = None,
) -> Hand | None:
    """A friendly match's hand on PostgreSQL, with no lock and no transaction: played
    (``play``) on the match as read (or as this process last stored it: ``remembered``),
    stored with its key's ``answer`` only if the row is still that version and the key
    unanswered (``append_or_read``), else played again on the row as it is now. ``None``:
    not stored, for the caller to take the match's lock (a tournament's match, whose
    listeners write too; SQLite; ``RACES_BEFORE_LOCK`` races lost)."""
    if not fast():
        return None
    snapshot = remembered(match_id) or read(match_id, key=key, scope=scope)
    for _race in range(RACES_BEFORE_LOCK + 1):
        if snapshot.match.tournament is not None:
            return None
        try:
            hand = play(snapshot)
        except (RuleViolation, MatchConflict):
            if snapshot.answer_known:
                raise
            # a remembered row knows nothing of the key: its first answer (a retry of a
            # hand already stored) wins over what the rules say of it now
            snapshot = read(match_id, key=key, scope=scope)
            continue
        fresh = _append_or_reread(snapshot, hand, answer(hand), key, scope)
        if fresh is None:
            return hand
        snapshot = fresh
    return None


def _append_or_reread(
    snapshot: Snapshot,
    hand: Hand,
    answer: IdempotentRequest | None,
    key: str | None,
    scope: str | None,
) -> Snapshot | None:
    """``append_or_read``; the key answered meanwhile (a unique violation): read again."""
    try:
        version = snapshot.version or ""
        match = snapshot.match
        return append_or_read(match, hand, version=version, answer=answer, key=key, scope=scope)
    except IntegrityError:
        if connection.in_atomic_block:
            raise
        return read(snapshot.match.pk, key=key, scope=scope)


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
    params += _answer_params(answer)
    row = _first_row(APPEND[answer is not None, version is not None], params)
    if row is None:
        return False
    hand.pk = row[0]
    hand._state.adding = False
    hand._state.db = connection.alias
    return True


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


def store_correction(
    match: Match, change: HandChange, hands: Sequence[Hand], *, version: str | None = None
) -> bool:
    """A correction stored: ``match``'s state, status, winner and closed flag, the audit
    record ``change`` and the re-scored ``hands`` (their input, result and game). On
    PostgreSQL one statement; with a ``version`` (no lock held), only if the match's row
    is still that version: ``False`` when it is not, and nothing was stored."""
    if not fast():
        match.save(update_fields=["state", "status", "winner", "closed", "updated_at"])
        change.save(force_insert=True)
        save_hands(hands)
        return True
    params = [json.dumps(match.state), match.status, match.winner, match.closed, match.pk]
    if version is not None:
        params.append(version)
    params += [change.number, change.action, json.dumps(change.before), json.dumps(change.after)]
    rows = [{"id": h.pk, "input": h.input, "result": h.result, "game": h.game} for h in hands]
    params.append(json.dumps(rows))
    row = _first_row(STORE_CORRECTION[version is not None], params)
    if row is None:
        return False
    now = timezone.now()
    for hand in hands:
        hand.updated_at = now
    _remember(match, row[0])
    return True


def _answer_params(answer: IdempotentRequest | None) -> list[Any]:
    """``INSERT_ANSWER``'s parameters (none without an answer to keep)."""
    if answer is None:
        return []
    return [answer.key, answer.path, answer.body_hash, answer.status, json.dumps(answer.response)]


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value
