"""The hot path's statements on PostgreSQL: prepared once per connection, and sent again
on a new connection when the first turns out lost (``once``).

Parsing and planning a hand's statement afresh was half of its time on the server: each
is prepared once per connection and its parameters sent apart (server-side binding).
Through Django's wrappers, as ``connection.cursor()`` is: counted, logged, errors
translated. (Django prepares nothing by default, for transaction-mode poolers; psycopg
names its statements at the protocol level, which PgBouncer 1.21 and later keep apart.)
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from django.db import InterfaceError, OperationalError
from django.db.backends.postgresql.base import ServerBindingCursor

from .bulk import database

NEVER_BY_ITSELF = 2**31 - 1  # executions before psycopg prepares a statement unasked


class PreparedCursor(ServerBindingCursor):
    """psycopg's server-binding cursor, each statement prepared (``prepare=True``)."""

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        self.shown = SimpleNamespace(query=query.encode())
        # django-stubs leave psycopg's Cursor out of ServerBindingCursor's bases.
        return super().execute(query, params, prepare=True)  # type: ignore[misc]

    # What Django logs of it (CaptureQueriesContext, DEBUG): the statement's text, which
    # psycopg does not keep for a statement it prepared before.
    @property
    def _query(self) -> Any:
        found = self.__dict__.get("psycopg_query")
        if found is not None and found.query is not None:
            return found
        return getattr(self, "shown", None)

    @_query.setter
    def _query(self, value: Any) -> None:
        self.__dict__["psycopg_query"] = value


def cursor(*, checked: bool = True) -> Any:
    """A cursor for the hot path's statements (PostgreSQL), each prepared once per
    connection. ``checked``: the connection's health check first, as Django's cursors do
    (see ``once``)."""
    db = database()
    if checked:
        db.close_if_health_check_failed()
    db.ensure_connection()
    raw = db.connection
    if raw.prepare_threshold is None:  # Django's "never": only what asks is prepared
        raw.prepare_threshold = NEVER_BY_ITSELF
    with db.wrap_database_errors:
        # django-stubs leave psycopg's Cursor, and its connection argument, out (as above).
        return db._prepare_cursor(PreparedCursor(raw))  # type: ignore[call-arg]


def once(sql: str, params: Sequence[Any]) -> Any:
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
        return first_row(sql, params)
    try:
        row = first_row(sql, params, checked=False)
    except (OperationalError, InterfaceError):
        raw = db.connection
        if raw is not None and not (raw.closed or raw.broken):
            raise  # the statement failed, not the connection
        db.close()
        row = first_row(sql, params)
    db.health_check_done = True  # this request's connection is known to work
    return row


def first_row(sql: str, params: Sequence[Any], *, checked: bool = True) -> Any:
    """The first row of one of the hot path's statements (``cursor``, prepared)."""
    with cursor(checked=checked) as prepared:
        prepared.execute(sql, params)
        return prepared.fetchone()
