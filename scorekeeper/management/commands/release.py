"""``manage.py release``: compile the translations, collect the static files, migrate."""

from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand

from ...release import compile_translations


class Command(BaseCommand):
    help = "Prepare a release: compile translations, collectstatic, migrate (README)."

    def handle(self, *args: Any, **options: Any) -> None:
        verbosity = options["verbosity"]
        self.stdout.write("Compiling the translations")
        compile_translations()
        self.stdout.write("Collecting the static files")
        call_command("collectstatic", interactive=False, verbosity=max(0, verbosity - 1))
        self.stdout.write("Migrating the database")
        call_command("migrate", interactive=False, verbosity=max(0, verbosity - 1))
        self.stdout.write(self.style.SUCCESS("Release ready."))
