"""The tournaments' words, declared once: the statuses of a tournament, a round and a
pairing (the models' choices and every reader take them from here), the bounds of
``games_to_win`` and the longest name of each kind (the models' and forms' ``max_length``
and the services' checks read them; a test ties them together).

The rest of the vocabulary lives with what it describes: a table's shape and the match
points of a result in ``shapes``, a format's label and settings on its ``Format`` class.

Pure Python: no Django, DRF or Celery import.
"""

from __future__ import annotations

from enum import StrEnum

from scorekeeper.rules.match import GAMES_TO_WIN
from scorekeeper.rules.names import MAX_NAME

__all__ = [
    "CLUB_NAME",
    "ENTRY_NAME",
    "GAMES_TO_WIN",
    "PLAYER_NAME",
    "SEASON_NAME",
    "SHAPE_NAME",
    "STATUS_WORDS",
    "TOURNAMENT_NAME",
    "PairingStatus",
    "RoundStatus",
    "TournamentStatus",
]


class TournamentStatus(StrEnum):
    REGISTRATION = "registration"  # entries come and go; nothing drawn
    RUNNING = "running"
    FINISHED = "finished"


class RoundStatus(StrEnum):
    PLAYING = "playing"
    COMPLETE = "complete"  # every pairing finished


class PairingStatus(StrEnum):
    IN_PROGRESS = "in_progress"
    AWAITING = "awaiting_confirmation"  # the other side has to agree (``confirm_results``)
    DISPUTED = "disputed"  # the other side did not: the director decides
    FINISHED = "finished"


# Each status's label in the models' choices (the admin's words; pages say them their own
# way, translated).
STATUS_WORDS: dict[str, str] = {
    TournamentStatus.REGISTRATION: "registration",
    TournamentStatus.RUNNING: "running",
    TournamentStatus.FINISHED: "finished",
    RoundStatus.PLAYING: "playing",
    RoundStatus.COMPLETE: "complete",
    PairingStatus.IN_PROGRESS: "in progress",
    PairingStatus.AWAITING: "awaiting confirmation",
    PairingStatus.DISPUTED: "disputed",
    PairingStatus.FINISHED: "finished",
}


# ``GAMES_TO_WIN`` (1, 2): a match is won by the first side to win 1 game, or 2 (best of
# three); the scorekeeper's rule, which a tournament's and a stage's setting obey.

# The longest name of each kind, in characters. A player's name is the scorekeeper's (a
# club's player sits at a table under that name).
TOURNAMENT_NAME = 120
ENTRY_NAME = 80
PLAYER_NAME = MAX_NAME
CLUB_NAME = 120
SEASON_NAME = 120
SHAPE_NAME = 32  # a table shape's name (``shapes.register_shape`` checks it)
