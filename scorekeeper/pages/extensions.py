"""Panels other apps add to the match page, without scorekeeper importing them.

A panel is a callable registered at start-up (an ``AppConfig.ready()``) that takes the
match's data (``selectors.match_data``) and returns ``(template name, context)`` to render
in the match page, or ``None`` when it has nothing to show for that match. The match page
renders them with ``{% match_panels %}`` (``templatetags/scorekeeper.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Panel = Callable[[dict[str, Any]], "tuple[str, dict[str, Any]] | None"]

_panels: list[Panel] = []


def register_panel(panel: Panel) -> Panel:
    """Add a panel once (registering it twice, as a reloaded app may, changes nothing)."""
    if panel not in _panels:
        _panels.append(panel)
    return panel


def panels(match: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The panels that have something to show for this match, in registration order."""
    found = []
    for panel in _panels:
        result = panel(match)
        if result is not None:
            found.append(result)
    return found


# Team names other apps give a match (a tournament's entries: "Les As", not "Anne & Bruno"):
# a callable registered at start-up that takes the match's data and answers each team's
# name in team order, or ``None`` when the match's teams have no names of their own.
TeamNames = Callable[[dict[str, Any]], "list[str] | None"]

_team_names: list[TeamNames] = []


def register_team_names(names: TeamNames) -> TeamNames:
    """Add a source of team names once (as ``register_panel``)."""
    if names not in _team_names:
        _team_names.append(names)
    return names


def team_names(match: dict[str, Any]) -> list[str] | None:
    """The match's team names from the first source that has them; ``None``: none has."""
    for source in _team_names:
        found = source(match)
        if found:
            return found
    return None


# Demos other apps add to the home page (the demo club evening): a callable registered at
# start-up that answers ``{"title", "name", "text", "links": [{"label", "url"}]}`` in the
# request's language, or ``None`` when it has no demo loaded (a fresh site shows nothing).
HomeDemo = Callable[[], "dict[str, Any] | None"]

_home_demos: list[HomeDemo] = []


def register_home_demo(demo: HomeDemo) -> HomeDemo:
    """Add a home page demo once (as ``register_panel``)."""
    if demo not in _home_demos:
        _home_demos.append(demo)
    return demo


def home_demos() -> list[dict[str, Any]]:
    """The demos loaded on this site, in registration order."""
    return [found for demo in _home_demos if (found := demo()) is not None]
