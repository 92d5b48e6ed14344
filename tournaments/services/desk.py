"""The director's desk's own writes, beside ``services`` (which the API shares).

``table_keys_ensure``: a table's key is made when a round first uses the table; the desk
makes the keys of every table the first round can use (one per two active entries) so the
cards can be printed before the start. Keys already there are kept (the draw keeps them
too: it creates the missing ones with ``ignore_conflicts``).

``entry_check_in``: the tick the director gives each entry that has arrived, before the
start; ``services.tournament_start`` drops the others once anyone is checked in.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.rules.errors import _

from ..brackets import get_format
from ..models import Entry, TableKey, Tournament
from .locks import touch, tournament_locked


@transaction.atomic
def table_keys_ensure(*, tournament_id: Any) -> int:
    """Create the missing keys of tables 1 … active entries // 2 (an individual event's:
    // its seats, 4 or 5 players a table); the number of tables."""
    tournament = Tournament.objects.get(pk=tournament_id)
    stages = list(tournament.stages.values_list("format", "settings"))
    seats = 2
    if len(stages) == 1 and get_format(stages[0][0]).individual:
        seats = int((stages[0][1] or {}).get("seats") or 4)
    count = tournament.entries.filter(active=True).count() // seats
    TableKey.objects.bulk_create(
        [TableKey(tournament=tournament, table=table) for table in range(1, count + 1)],
        ignore_conflicts=True,
    )
    return count


@transaction.atomic
def entry_check_in(*, tournament_id: Any, number: int, checked_in: Any) -> Entry:
    """Tick (or untick) an entry as arrived; only before the start."""
    if not isinstance(checked_in, bool):
        raise RuleViolation("checked_in", _("Must be true or false."))
    tournament = tournament_locked(tournament_id)
    entry = tournament.entries.get(number=number)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise MatchConflict(_("Check-in is over: the tournament has started."))
    entry.checked_in = checked_in
    entry.save(update_fields=["checked_in"])
    touch(tournament)  # the pages' ETags follow the version
    return entry
