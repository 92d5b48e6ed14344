"""Reads about a tournament's entries that the writes and the pages share: whether entries
may still be added, and whether they are single players."""

from __future__ import annotations

from ..brackets import get_format
from ..models import Stage, Tournament

Status = Tournament.Status


def late_entries_open(tournament: Tournament) -> bool:
    """Whether entries may still be added: before the start, and while the first stage runs
    if its format takes late entries (Swiss: the entry is drawn from the next round on).
    Elsewhere after the start: no."""
    if tournament.status == Status.REGISTRATION:
        return True
    if tournament.status == Status.FINISHED or tournament.stage != 1:
        return False
    first = Stage.objects.filter(tournament=tournament, number=1).values_list("format", flat=True)
    return any(get_format(name).takes_late_entries for name in first)


def individual(tournament: Tournament) -> bool:
    """Whether the entries are single players (the only stage is a ``melee``)."""
    formats = list(Stage.objects.filter(tournament=tournament).values_list("format", flat=True))
    return len(formats) == 1 and get_format(formats[0]).individual
