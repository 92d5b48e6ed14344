"""The pure rules engine: every variant's rules, with no Django, DRF or Celery import.

Use `find_variant(slug)` or `VARIANTS`, then `make_table`, `start`, `play` and `replay`
from `scorekeeper.rules.match`.
"""

# Each family package registers its variants when imported.
from . import blot, maraffa, tarneeb  # noqa: F401
from .base import GameState, HandContext, Score, Table, Turn, Variant
from .errors import MatchConflict, RuleViolation
from .match import MatchFinished, MatchState, PlayedHand, close, make_table, play, replay, start
from .registry import VARIANTS, find_variant

__all__ = [
    "VARIANTS",
    "GameState",
    "HandContext",
    "MatchConflict",
    "MatchFinished",
    "MatchState",
    "PlayedHand",
    "RuleViolation",
    "Score",
    "Table",
    "Turn",
    "Variant",
    "close",
    "find_variant",
    "make_table",
    "play",
    "replay",
    "start",
]
