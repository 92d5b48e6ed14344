"""Load a few demo matches, once: a fresh site has something to look at. Prints their pages."""

from __future__ import annotations

import os
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.urls import reverse

from scorekeeper import demo


class Command(BaseCommand):
    help = "Create a few demo matches if the database has no match yet, and print their pages."

    def add_arguments(self, parser: CommandParser) -> None:
        port = os.environ.get("PORT", "8000")
        parser.add_argument(
            "--base-url",
            default=f"http://127.0.0.1:{port}",
            help="where the site is served (make run passes its PORT)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        base = options["base_url"].rstrip("/")
        loaded = demo.load()
        matches = loaded or demo.demo_matches()
        if not loaded:
            self.stdout.write("Demo data: the database already has matches; nothing loaded.")
        for match in matches:
            page = base + reverse("match", args=[match.pk])
            spectators = base + reverse("match", args=[match.view_id])
            self.stdout.write(f"Demo match: {page}  (spectators: {spectators})")
        if matches:
            self.stdout.write(f"Home page: {base}/")
