"""The director's desk's own writes, beside ``services`` (which the API shares).

``table_keys_ensure``: a table's key is made when a round first uses the table; the desk
makes the keys of every table the first round can use (one per two active entries) so the
cards can be printed before the start. Keys already there are kept (the draw keeps them
too: it creates the missing ones with ``ignore_conflicts``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from .models import TableKey, Tournament


@transaction.atomic
def table_keys_ensure(*, tournament_id: Any) -> int:
    """Create the missing keys of tables 1 … active entries // 2; the number of tables."""
    tournament = Tournament.objects.get(pk=tournament_id)
    count = tournament.entries.filter(active=True).count() // 2
    TableKey.objects.bulk_create(
        [TableKey(tournament=tournament, table=table) for table in range(1, count + 1)],
        ignore_conflicts=True,
    )
    return count
