"""A director's result on PostgreSQL in two statements and no transaction: read, decide,
then one write that stores it only if nothing it was decided on changed.

The locked path (``locks.pairing_held``) is four round trips: ``BEGIN``, the locking read,
the one statement that writes (``store.result_recorded``), ``COMMIT``. Here the same read
takes no lock (``locks.seated_read``: with the versions, ``xmin``, of the match, pairing
and round rows the locked path would lock), the caller decides on it as the locked path
does (``decide``: nothing stored), and one statement (``_guarded``) stores it:

1. ``held`` locks the match, the pairing and the round (the locked path's order) only if
   they are still the versions read: a row changed meanwhile (a hand, a redraw, a swap,
   the advance) is not locked; a row another write holds is checked once that write
   ended, as it then is (PostgreSQL reads again a row it waited for);
2. ``bump`` bumps the tournament's version only if ``held`` locked all three and the
   version is still the one read;
3. the match, the pairing and the audit row are written only if ``bump`` was.

Why the version: every result (and every director's write) bumps it by its last
statement, holding the state's row until its commit. Unchanged, no such write committed
since the read, and none still running has bumped it; a result still running holds the
round, so ``held`` waits for it, and its commit then moves the version: nothing is
stored. The statement's view of the round's other pairings (``store.OTHERS_OPEN``: is the
round complete?) is thus the one it would have under the round's lock; a result that has
not reached the round yet sees this one when it does. Nothing stored: ``Tried`` says what
was read, and the caller takes the locks (the one retry: decided again on rows that
cannot change under it). Not here: SQLite, and whatever ``decide`` sends to the locks
(``LockNeeded``, or an error the locked path says again on the rows as they are then). In
a caller's transaction the two statements are its own; a club's event wraps the write in
one (its ratings note the result in the same transaction: ``store.result_followed``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from functools import cache
from typing import Any, Generic, TypeVar

from django.db import connection, transaction

from scorekeeper import prepared
from scorekeeper.models import Match
from scorekeeper.rules import MatchConflict, RuleViolation

from ..models import Pairing, ResultChange, Round, TournamentState
from . import store
from .guards import OPEN
from .locks import BUMPING, PairingHeld, bump_params, seated_read

T = TypeVar("T")


@dataclass(frozen=True)
class Ruled(Generic[T]):
    """A result decided, not stored: the rows to save (with their fields: the match
    first, then the pairing), its audit row and the caller's answer."""

    saved: store.Saved
    change: ResultChange
    answer: T


class LockNeeded(Exception):
    """The result is one the locked path decides (raised by ``decide``)."""


@dataclass(frozen=True)
class Tried(Generic[T]):
    """What the try came to: the caller's ``answer`` when it stored the result; else
    ``None``, and the pairing it read (``seen``: its key and its match's; ``None`` when
    none was read), which the locks must find again (``locks.pairing_held``)."""

    answer: T | None = None
    seen: tuple[Any, Any] | None = None


def optimistic(
    tournament_id: Any, round_number: int, slot: int, decide: Callable[[PairingHeld], Ruled[T]]
) -> Tried[T]:
    """The pairing's result decided (``decide``) on its rows read unlocked and stored by
    one statement if none changed meanwhile, then followed (``store.result_followed``)."""
    if connection.vendor != "postgresql":
        return Tried()
    read = seated_read(tournament_id, round_number, slot)
    if read is None:
        return Tried()
    held, versions = read
    seen = (held.pairing.pk, held.pairing.match_id)
    try:
        ruled = decide(held)
    except (LockNeeded, RuleViolation, MatchConflict):
        return Tried(seen=seen)
    # A club's ratings note the result in its transaction (``store.result_followed``).
    with transaction.atomic() if held.tournament.club_id is not None else nullcontext():
        if not _stored(held, ruled, versions):
            return Tried(seen=seen)
    return Tried(ruled.answer)


# Each part written only once the version is bumped.
BUMPED = " AND EXISTS (SELECT FROM bump)"


def _stored(held: PairingHeld, ruled: Ruled[Any], versions: Sequence[str]) -> bool:
    """The guarded statement (``_guarded``, then the rows' parts) sent: True when it stored
    the result (then followed)."""
    tournament, pairing, match = held.tournament, held.pairing, held.match
    assert match is not None  # a seated pairing's
    saved = [store.updating(n, r, tuple(f), BUMPED) for n, (r, f) in enumerate(ruled.saved)]
    parts = [*saved, store.inserting(ruled.change, "WHERE" + BUMPED.removeprefix(" AND"))]
    rows = [match.pk, versions[0], pairing.pk, versions[1], pairing.round_id, versions[2]]
    sql, others = _guarded(), store.others_open(pairing)
    now, key = bump_params(tournament)
    refresh = not store.result_ready(tournament, pairing) or pairing.status in OPEN
    bump = [now, refresh, now, key, tournament.state.version]
    sql += "," + ",".join(part for part, _values in parts) + "\nSELECT * FROM bump"
    written = [value for _part, values in parts for value in values]
    row = prepared.first_row(sql, [*rows, *others[1], *bump, *written])
    if row is None:
        return False
    store.result_followed(tournament, pairing, *store.recorded_row(tournament, pairing, row))
    return True


HELD = """
held AS (
    SELECT FROM {m} m, {p} p, {r} r
    WHERE m.id = %s AND m.xmin = %s::xid AND p.id = %s AND p.xmin = %s::xid
        AND r.id = %s AND r.xmin = %s::xid
    FOR UPDATE OF m, p, r
)"""


@cache
def _guarded() -> str:
    """The guarded statement's head: ``held``, ``store.OTHERS_OPEN``, then ``bump`` (the
    rows' parts follow, each gated on ``bump``: ``BUMPED``)."""
    tables = {"m": Match, "p": Pairing, "r": Round}
    held = HELD.format(**{alias: model._meta.db_table for alias, model in tables.items()})
    state = TournamentState._meta.db_table
    bump = BUMPING.format(
        refresh="%s OR (SELECT open FROM others)",
        also=", (SELECT open FROM others)",
        unchanged=f" AND {state}.version = %s AND EXISTS (SELECT FROM held)",
    )
    return f"WITH {held},{store.OTHERS_OPEN},\nbump AS ({bump})"
