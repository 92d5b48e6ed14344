"""Load a few demo matches, once: a fresh site has something to look at."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scorekeeper import services
from scorekeeper.models import Match

DEMO_PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
DEMO_HANDS = [
    {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8},
    {"declarer": 0, "bid": 9, "trump": "spades", "tricks": 7},
    {"thrown_in": True},
    {"declarer": 2, "bid": 8, "trump": "clubs", "tricks": 10},
]


class Command(BaseCommand):
    help = "Create a few demo matches if the database has no match yet."

    def handle(self, *args: Any, **options: Any) -> None:
        if Match.objects.exists():
            self.stdout.write("Demo data: the database already has matches; nothing loaded.")
            return
        match = services.match_create(variant="tarneeb", players=DEMO_PLAYERS)
        for payload in DEMO_HANDS:
            services.hand_record(match_id=match.pk, payload=payload)
        finished = services.match_create(
            variant="tarneeb", players=DEMO_PLAYERS, options={"target": 31}
        )
        for payload in [*DEMO_HANDS, {"declarer": 3, "bid": 13, "trump": "hearts", "tricks": 13}]:
            services.hand_record(match_id=finished.pk, payload=payload)
        for demo in (match, finished):
            self.stdout.write(
                f"Demo match: /api/matches/{demo.pk}/  (spectators: /api/matches/{demo.view_id}/)"
            )
