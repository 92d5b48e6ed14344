"""The pure pairing engine: formats, draws and standings, with no Django, DRF or Celery
import. Use ``find_format(name)`` or ``FORMATS``; ``standings.standings`` ranks entries.
"""

from .base import Draw, Entry, Format, Pairing, Result, RoundName, RuleViolation, StageSpec
from .registry import FORMATS, find_format, register

__all__ = ["FORMATS", "Draw", "Entry", "Format", "Pairing", "Result", "RoundName",
           "RuleViolation", "StageSpec", "find_format", "register"]
