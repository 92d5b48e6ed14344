"""The one place the write side hands work to the worker: Celery tasks sent by their
registered name (``tasks.py`` is never imported here), after the commit of the transaction
that made them due.

Each task's registered name is declared once, here (``tasks.py`` registers its tasks under
these constants). A saved result is a success: when the broker cannot be reached the send
is logged (the task's name only: its arguments are the tournament's and the club's keys)
and dropped, never raised (the answer has already been decided and stored), and beat's tick
(``clock_tick``) picks the round up later. The send does not wait on the result backend
(``ignore_result``) nor retry its connection. Without a broker (the embedded default, the
tests) the task runs in process right after the commit; the refresh of the standings and
the club's ratings (``AFTER_ANSWER``), asked for during a request, run once its answer has
been sent: deferred in the request's thread and run by the response's ``close()`` (Django's
``request_finished``, which WSGI servers and the test client send after the body), never in
a thread of their own. ``deferring()`` does the same around any code (the tests flush it).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from celery import current_app
from django.db import transaction

log = logging.getLogger(__name__)

ROUND_ADVANCE = "tournaments.round_advance"
STANDINGS_REFRESH = "tournaments.standings_refresh"
RATING_UPDATE = "tournaments.rating_update"
CLOCK_TICK = "tournaments.clock_tick"  # sent by beat (``CELERY_BEAT_SCHEDULE``), never here


# In process, these wait for the answer to be sent (the advance runs at once: its answer
# may show the round drawn).
AFTER_ANSWER = frozenset({STANDINGS_REFRESH, RATING_UPDATE})


class _Deferred(threading.local):
    calls: list[tuple[str, tuple[Any, ...]]] | None = None


_deferred = _Deferred()


def request_started(**_kwargs: Any) -> None:
    """Django's ``request_started``: tasks sent in process wait for the answer."""
    _deferred.calls = []


def request_finished(**_kwargs: Any) -> None:
    """Django's ``request_finished`` (the response closed: its body sent): run them."""
    if _deferred.calls is not None:
        flush()  # its connection stays open until the thread's next request closes it


def flush() -> int:
    """Run the tasks deferred in this thread, then stop deferring (each one's failure is
    logged, the others still run). How many ran."""
    calls, _deferred.calls = _deferred.calls or [], None
    for name, args in calls:
        try:
            current_app.tasks[name].apply(args=args, throw=True)
        except Exception:
            log.exception("task %s failed after the answer", name)
    return len(calls)


@contextmanager
def deferring() -> Iterator[None]:
    """Tasks sent in process inside wait until the block ends (as in a request)."""
    _deferred.calls = []
    try:
        yield
    finally:
        flush()


def in_process() -> bool:
    """Whether tasks run in this process after the commit (no broker: the embedded default,
    the tests)."""
    return bool(current_app.conf.task_always_eager)


def send(name: str, *args: Any) -> bool:
    """Send the task now; False (logged) when the broker refused it."""
    app = current_app
    if app.conf.task_always_eager:
        if name not in app.tasks:  # no worker has imported the tasks' modules
            app.loader.import_default_modules()
        if name in AFTER_ANSWER and _deferred.calls is not None:
            if (name, args) not in _deferred.calls:
                _deferred.calls.append((name, args))
            return True
        app.tasks[name].apply(args=args)
        return True
    try:
        app.send_task(name, args=list(args), ignore_result=True, retry=False)
    except Exception:
        log.warning("task %s not sent: the broker is unreachable", name, exc_info=True)
        return False
    return True


def after_commit(name: str, *args: Any, unsent: Callable[[], Any] | None = None) -> None:
    """Send the task after the commit; ``unsent``: called when the broker refused it."""

    def go() -> None:
        if not send(name, *args) and unsent is not None:
            unsent()

    transaction.on_commit(go)


def round_advance(*, round_id: Any, unsent: Callable[[], Any] | None = None) -> None:
    """Complete the round and draw the next, after the commit."""
    after_commit(ROUND_ADVANCE, round_id, unsent=unsent)


def standings_refresh(*, tournament_id: Any) -> None:
    """Recompute the stored standings for the tournament's version, after the commit."""
    after_commit(STANDINGS_REFRESH, str(tournament_id))


def rating_update(*, club_id: Any, since: Any) -> None:
    """Re-rate the club from the pairings finished at ``since`` on, after the commit."""
    after_commit(RATING_UPDATE, str(club_id), since.isoformat() if since is not None else None)
