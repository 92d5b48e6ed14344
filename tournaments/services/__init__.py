"""Writes. Each service is one transaction that reads lock → load one snapshot → a pure
decision → store → enqueue after the commit, in two floors that import-linter keeps
(``[tool.importlinter]`` in ``pyproject.toml``):

The features, one module per concern, each importing only the floor below, the pure
engine (``brackets``: the planner, asked once per write) and the reads (``selectors``),
never each other:

- ``entries``: entries added (late ones too), changed, dropped out (offering the bye),
  removed; ``start``: the start (the first round) and its undo;
- ``rounds``: the advance (complete, then draw the next round, the next stage or the end),
  the director's next round, a failed advance marked as the tournament's ``problem``;
- ``results``: the listener of the tables' matches; ``director``: the director's result,
  its removal, and the later pairings it redraws in a followed knockout; ``confirm``: the
  confirmation by the other side;
- ``redraw``, ``swap``: the round in play drawn again, two entries swapped in it;
- ``settings``: hold (``auto_advance``), the name, the clock's minutes, ``confirm_results``;
- ``clock``: calling time, more time, beat's tick; ``desk``: table keys, check-in;
- ``clubs``: clubs, their players and seasons, a club's tournament.

The floor, the steps the features share (each layer imports only those below it):

- ``setup``: a tournament created from its body (the API's and a club's);
- ``store``: the store steps (a drawn round, its pairings and matches, the planner's
  decision, cancelled matches, what follows a result, a round's completion);
- ``standings``: the stored standings, a copy kept by version and refreshed by a task;
  ``ratings``: the club's ratings kept in step with the results;
- ``guards``: the questions asked before a change (running, the round in play, followed,
  played); ``audit``: the desk's history; ``outcomes``: what a table's match says;
  ``answers``: what a write answers (frozen values: warnings, offers); ``club_players``;
- ``locks``: the locks, in one order, and ``touch`` (the version); ``enqueue``: the only
  module that sends tasks (by name, after the commit).
"""

from .answers import EntryAnswer, Offer, PairingAnswer, SwapAnswer
from .clock import clock_tick, round_clock
from .confirm import match_confirm
from .director import pairing_result_remove, pairing_result_set
from .entries import entries_add, entry_add, entry_remove, entry_update
from .redraw import round_redraw
from .results import match_event
from .rounds import round_advance, round_draw
from .settings import tournament_update
from .setup import tournament_create
from .standings import standings_rebuild, standings_refresh
from .start import tournament_start, tournament_unstart
from .store import round_complete
from .swap import round_swap

__all__ = [
    "EntryAnswer",
    "Offer",
    "PairingAnswer",
    "SwapAnswer",
    "clock_tick",
    "entries_add",
    "entry_add",
    "entry_remove",
    "entry_update",
    "match_confirm",
    "match_event",
    "pairing_result_remove",
    "pairing_result_set",
    "round_advance",
    "round_clock",
    "round_complete",
    "round_draw",
    "round_redraw",
    "round_swap",
    "standings_rebuild",
    "standings_refresh",
    "tournament_create",
    "tournament_start",
    "tournament_unstart",
    "tournament_update",
]
