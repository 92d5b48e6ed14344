"""Reads that the API and the pages share. Each runs a fixed number of SQL queries, whatever
the number of entries or rounds: one per kind of row, never one per row.

- ``tournaments``: the whole tournament, the link that opens it, a table's card;
- ``rounds``: rounds and pairings; ``standings``: the stored standings in words;
- ``desk``: the director's desk; ``public``: the public pages;
- ``snapshot``: the one snapshot a write decides on; ``entries``: whether entries may still
  be added. Reads never import the writes (the services import these).

The director's view (through the tournament's ``id``) shows every match's key and the table
keys; the public view (``view_id``) shows everything else.
"""

from .entries import late_entries_open
from .rounds import pairing_data, round_data, round_name, rounds_data, rounds_of
from .standings import stage_rows, standings_data, tiebreak_word, why_text
from .tournaments import (
    entry_data,
    stage_data,
    table_data,
    tournament_by_token,
    tournament_data,
    tournament_head,
)

__all__ = [
    "entry_data",
    "late_entries_open",
    "pairing_data",
    "round_data",
    "round_name",
    "rounds_data",
    "rounds_of",
    "stage_data",
    "stage_rows",
    "standings_data",
    "table_data",
    "tiebreak_word",
    "tournament_by_token",
    "tournament_data",
    "tournament_head",
    "why_text",
]
