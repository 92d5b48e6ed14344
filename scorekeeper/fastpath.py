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
the first finds it lost (``prepared.once``). A correction is one statement to read the
match with its hands and one to store it all (``read(…, hands=True)``,
``store_correction``). The ORM's own cost per query was most of a hand's time (see
``bench/``); the SQL (``statements``, each prepared once per connection: ``prepared``) does
exactly what the ORM lines in the fallback do, which is what SQLite (the embedded default)
runs. Both paths run in CI.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, IntegrityError, connection
from django.utils import timezone

from . import statements as sql
from .bulk import database, fast, save_hands
from .models import Hand, HandChange, IdempotentRequest, Match
from .prepared import first_row, once
from .rules import MatchConflict, RuleViolation

RACES_BEFORE_LOCK = 3  # a friendly hand read again this often, then under the match's lock

# The friendly matches this process stored last: id -> (version, the row's values).
_latest: dict[Any, tuple[str, tuple[Any, ...]]] = {}
LATEST = 2048


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
    statement = sql.READ_WITH_HANDS if hands else sql.READ
    row = once(statement + (" FOR UPDATE OF m" if lock else ""), [key, scope, match_id])
    if row is None:
        raise Match.DoesNotExist
    if not hands:
        return _snapshot(match_id, key, scope, row)
    snapshot = _snapshot(match_id, key, scope, row[:-1])
    match = snapshot.match
    stored = [sql.hand_of(match, values) for values in sql.loads(row[-1])]
    return Snapshot(match, snapshot.version, snapshot.answer, hands=stored)


def _snapshot(match_id: Any, key: str | None, scope: str | None, row: Sequence[Any]) -> Snapshot:
    """``READ``'s row (version, the match's columns, the key's answer) as a snapshot."""
    version, values, (body_hash, status, response) = row[0], row[1:-3], row[-3:]
    fields = zip(sql.FIELDS, values, strict=True)
    match = sql.match_of(match_id, [sql.loads(v) if n in sql.JSON_FIELDS else v for n, v in fields])
    answer = None
    if body_hash is not None and key is not None and scope is not None:  # asked, answered
        answer = IdempotentRequest(
            key=key, path=scope, body_hash=body_hash, status=status, response=sql.loads(response)
        )
    return Snapshot(match, version, answer)


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
    return Snapshot(sql.match_of(match_id, values), version, None, answer_known=False)


def _remember(match: Match, version: str | None) -> None:
    """Keep the row as just stored (autocommit: its own transaction, now committed)."""
    if version is None or database().in_atomic_block or match.tournament is not None:
        return
    _latest.pop(match.pk, None)
    if len(_latest) >= LATEST:
        del _latest[next(iter(_latest))]  # the oldest
    _latest[match.pk] = (version, sql.VALUES(match))


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
    params = [*sql.match_params(match), version, key, scope, *sql.hand_params(hand)]
    params += sql.answer_params(answer)
    params += [key, scope, match.pk]
    # with a key, sent twice it stores nothing twice: no health check first
    run = once if answer is not None else first_row
    row = run(sql.ATTEMPT[answer is not None], params)
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
    params = sql.match_params(match)
    if version is not None:
        params.append(version)
    params += sql.hand_params(hand) + sql.answer_params(answer)
    row = first_row(sql.APPEND[answer is not None, version is not None], params)
    if row is None:
        return False
    hand.pk = row[0]
    hand._state.adding = False
    hand._state.db = connection.alias
    return True


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
    params = sql.match_params(match)
    if version is not None:
        params.append(version)
    params += [change.number, change.action, json.dumps(change.before), json.dumps(change.after)]
    rows = [{"id": h.pk, "input": h.input, "result": h.result, "game": h.game} for h in hands]
    params.append(json.dumps(rows))
    row = first_row(sql.STORE_CORRECTION[version is not None], params)
    if row is None:
        return False
    now = timezone.now()
    for hand in hands:
        hand.updated_at = now
    _remember(match, row[0])
    return True
