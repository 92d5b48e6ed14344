"""The home page's list of demo matches (``scorekeeper/demo.py`` loads them), in the page's
language: each one's game, players, totals and winner."""

from __future__ import annotations

from typing import Any

from .. import rules, selectors, words
from ..demo import demo_matches
from . import sheet
from .describe import Names


def listing() -> list[dict[str, Any]]:
    """The demo matches as the home page lists them, in the page's language."""
    found = []
    for match in demo_matches():
        if rules.find_variant(match.variant) is None:
            continue
        view = selectors.match_view(match, writable=True)
        variant, data = view.variant, view.data
        page = sheet.match_page(view)
        found.append(
            {
                "id": str(match.pk),
                "game": words.game_name(variant),
                "players": match.players,
                "totals": page["totals"],
                "winner": sheet.winner_name(variant, data, Names(match.players, data["teams"])),
                "created": match.created_at,
            }
        )
    return found
