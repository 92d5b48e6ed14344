"""The pure pairing engine: formats, draws and standings, with no Django, DRF or Celery
import. Use ``get_format(name)`` or ``FORMATS``; a format draws from one ``DrawInput``;
``standings.standings`` ranks entries.
"""

from . import double_elimination, melee, round_robin, single_elimination, swiss
from .base import (
    Draw,
    DrawInput,
    Entry,
    Format,
    Pairing,
    Result,
    RoundName,
    RuleViolation,
    StageSpec,
)
from .registry import FORMATS, UnknownFormat, eliminating, get_format, register

__all__ = [
    "FORMATS",
    "Draw",
    "DrawInput",
    "Entry",
    "Format",
    "Pairing",
    "Result",
    "RoundName",
    "RuleViolation",
    "StageSpec",
    "UnknownFormat",
    "double_elimination",
    "eliminating",
    "get_format",
    "melee",
    "register",
    "round_robin",
    "single_elimination",
    "swiss",
]
