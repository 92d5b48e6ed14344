"""Demo matches: loaded once by ``manage.py load_demo`` (``make run``), listed on the home page
(``pages/demo.py``).

A demo match is an ordinary match whose spectators' link starts with ``demo-``: that is how
the home page finds them again, without a column of their own.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from . import services
from .models import Match, new_view_id

PREFIX = "demo-"
PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
HANDS: list[dict[str, Any]] = [
    {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8},
    {"declarer": 0, "bid": 9, "trump": "spades", "tricks": 7},
    {"thrown_in": True},
    {"declarer": 2, "bid": 8, "trump": "clubs", "tricks": 10},
]
SWEEP: dict[str, Any] = {"declarer": 3, "bid": 13, "trump": "hearts", "tricks": 13}


def demo_matches() -> list[Match]:
    return list(Match.objects.filter(view_id__startswith=PREFIX).order_by("created_at"))


def _create(options: dict[str, Any] | None, hands: list[dict[str, Any]]) -> Match:
    match = services.match_create(variant="tarneeb", players=PLAYERS, options=options)
    for payload in hands:
        services.hand_record(match_id=match.pk, payload=payload)
    match.view_id = PREFIX + new_view_id()[:32]
    Match.objects.filter(pk=match.pk).update(view_id=match.view_id)
    return match


@transaction.atomic
def load() -> list[Match]:
    """A match in progress and a finished one; nothing when the site has matches already."""
    if Match.objects.exists():
        return []
    return [_create(None, HANDS), _create({"target": 31}, [*HANDS, SWEEP])]
