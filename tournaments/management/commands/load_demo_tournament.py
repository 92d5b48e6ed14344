"""Load the demo club evening, once (``make demo`` runs it after ``load_demo``): a Swiss in
its second round, some tables finished. Prints the desk, the public page and the cards."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from scorekeeper.management.commands import load_demo
from tournaments import demo


class Command(load_demo.Command):
    """The matches' demo command's options (``--base-url``), the tournament's content."""

    help = "Create a demo club evening in progress if there is none, and print its pages."

    def handle(self, *args: Any, **options: Any) -> None:
        base = options["base_url"].rstrip("/")
        tournament = demo.load() or demo.evening()
        if tournament is None:
            return
        desk = base + reverse("desk", args=[tournament.pk])
        public = base + reverse("tournament-public", args=[tournament.view_id])
        cards = base + reverse("desk-cards", args=[tournament.pk])
        self.stdout.write(f"Demo tournament desk (the director's key): {desk}")
        self.stdout.write(f"Demo tournament public page: {public}  (table cards: {cards})")
