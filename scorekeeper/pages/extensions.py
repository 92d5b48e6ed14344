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
