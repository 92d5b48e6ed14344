"""Writes, one module per concern; each service is one transaction that locks the
tournament's row, loads one snapshot of it, lets a pure planner (``brackets.planner``)
decide, stores, and queues its tasks after the commit (``enqueue``, the only module that
sends tasks).

- ``setup``: creation, entries, the start;
- ``rounds``: the draw, the advance (next round, next stage, the end), the director's next
  round, a failed advance marked as the tournament's ``problem``;
- ``results``: the director's result and the listener of the tables' matches;
- ``standings``: the stored standings, a copy kept by version;
- ``clock``: calling time, more time, beat's tick;
- ``snapshot``: the lock and the snapshot every write starts with;
- ``desk``: the desk's own writes (table keys, check-in);
- ``changes``: the changes during the event (redraw, swap, undo the start, the settings,
  the confirmation by the other side); ``director``: the director's result and its
  removal; ``followed``: the later pairings a director's result redraws.
"""

from .clock import clock_tick, round_clock
from .director import pairing_result_remove, pairing_result_set
from .results import match_event
from .rounds import round_advance, round_complete, round_draw
from .setup import (
    entries_add,
    entry_add,
    entry_remove,
    entry_update,
    late_entries_open,
    tournament_create,
    tournament_start,
)
from .standings import standings_rebuild, standings_refresh

__all__ = [
    "clock_tick",
    "entries_add",
    "entry_add",
    "entry_remove",
    "entry_update",
    "late_entries_open",
    "match_event",
    "pairing_result_remove",
    "pairing_result_set",
    "round_advance",
    "round_clock",
    "round_complete",
    "round_draw",
    "standings_rebuild",
    "standings_refresh",
    "tournament_create",
    "tournament_start",
]
