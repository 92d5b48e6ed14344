"""The tournaments' rows, by concern: ``tournament`` (tournaments, their entries, stages,
rounds, pairings, table keys and the audit of changes) and ``clubs`` (clubs, their players,
seasons and ratings). Every model is named here, so ``from tournaments.models import X``
reads the same whichever module declares it."""

from __future__ import annotations

from .clubs import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    Club,
    EntryPlayer,
    Player,
    RatedPairing,
    RatingsDue,
    Season,
)
from .tournament import (
    TABLE_CODE_ALPHABET,
    TABLE_CODE_LENGTH,
    CancelledMatch,
    Entry,
    Pairing,
    ResultChange,
    Round,
    Stage,
    TableKey,
    Tournament,
    TournamentManager,
    TournamentState,
    new_table_code,
    new_table_key,
)

__all__ = [
    "DEFAULT_MU",
    "DEFAULT_SIGMA",
    "TABLE_CODE_ALPHABET",
    "TABLE_CODE_LENGTH",
    "CancelledMatch",
    "Club",
    "Entry",
    "EntryPlayer",
    "Pairing",
    "Player",
    "RatedPairing",
    "RatingsDue",
    "ResultChange",
    "Round",
    "Season",
    "Stage",
    "TableKey",
    "Tournament",
    "TournamentManager",
    "TournamentState",
    "new_table_code",
    "new_table_key",
]
