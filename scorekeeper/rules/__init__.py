"""The pure rules engine: every variant's rules, with no Django, DRF or Celery import.

Use `get_variant(slug)` (or `find_variant` for a slug someone typed) or `VARIANTS`, then
`make_table`, `start`, `play` and `replay` from `scorekeeper.rules.match`.
"""

# Each family package registers its variants when imported.
from . import blot, maraffa, tarneeb  # noqa: F401
from .base import GameState, HandContext, Score, Table, Turn, Variant
from .errors import MatchConflict, RuleViolation
from .limits import MatchLimits, Outcome, call_time, check_new_limit, outcome
from .match import (
    MatchFinished,
    MatchState,
    PlayedHand,
    close,
    make_table,
    play,
    replay,
    start,
)
from .registry import VARIANTS, UnknownVariant, find_variant, get_variant

__all__ = [
    "VARIANTS",
    "GameState",
    "HandContext",
    "MatchConflict",
    "MatchFinished",
    "MatchLimits",
    "MatchState",
    "Outcome",
    "PlayedHand",
    "RuleViolation",
    "Score",
    "Table",
    "Turn",
    "UnknownVariant",
    "Variant",
    "call_time",
    "check_new_limit",
    "close",
    "find_variant",
    "get_variant",
    "make_table",
    "outcome",
    "play",
    "replay",
    "start",
]
