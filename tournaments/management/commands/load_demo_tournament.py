"""Load the demo club evening, once (``make demo`` runs it after ``load_demo``): a Swiss in
its second round, some tables finished. Prints the desk, the public page and the cards."""

from __future__ import annotations

import os
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.urls import reverse

from tournaments import demo


class Command(BaseCommand):
    help = "Create a demo club evening in progress if there is none, and print its pages."

    def add_arguments(self, parser: CommandParser) -> None:
        port = os.environ.get("PORT", "8000")
        parser.add_argument(
            "--base-url",
            default=f"http://127.0.0.1:{port}",
            help="where the site is served (make run passes its PORT)",
        )

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
