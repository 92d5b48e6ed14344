"""The one way out of `scorekeeper` for another app: listeners told when a tournament's
match ends, reopens or changes result.

`scorekeeper` never imports `tournaments`; `tournaments` registers a listener in its
``AppConfig.ready()``. The services call the listeners inside their transaction, after the
match row is saved, and only for matches whose ``tournament`` is set (a friendly match
costs nothing). Events:

- ``"finished"``: the match just ended (its last hand, a limit, or ``match_close``; not
  ``match_closing``, the tournament's own close of a match it decided);
- ``"reopened"``: an undo or a correction put a finished match back in progress;
- ``"changed"``: a correction changed a finished match's result (winner, draw or points).

A listener may raise ``scorekeeper.services.MatchConflict`` to refuse the change: the
transaction is rolled back (nothing is stored) and the API answers ``409``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Match

FINISHED = "finished"
REOPENED = "reopened"
CHANGED = "changed"

Listener = Callable[["Match", str], None]


class MatchListeners:
    """A registry of listeners, called in the order they registered."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def register(self, listener: Listener) -> Listener:
        """Add a listener (once, however often it is registered); usable as a decorator."""
        if listener not in self._listeners:
            self._listeners.append(listener)
        return listener

    def unregister(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def fire(self, match: Match, event: str) -> None:
        for listener in list(self._listeners):
            listener(match, event)


match_listeners = MatchListeners()
register = match_listeners.register
