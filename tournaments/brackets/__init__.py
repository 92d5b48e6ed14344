"""The pure pairing engine: formats, draws and standings, with no Django, DRF or Celery
import. Use ``find_format(name)`` or ``FORMATS``; ``standings.standings`` ranks entries.
"""

from . import double_elimination, round_robin, single_elimination, swiss
from .base import Draw, Entry, Format, Pairing, Result, RoundName, RuleViolation, StageSpec
from .registry import FORMATS, find_format, register

__all__ = [
    "FORMATS",
    "Draw",
    "Entry",
    "Format",
    "Pairing",
    "Result",
    "RoundName",
    "RuleViolation",
    "StageSpec",
    "double_elimination",
    "find_format",
    "register",
    "round_robin",
    "single_elimination",
    "swiss",
]
