"""Preparing a release, and refusing to serve one that was not prepared.

``manage.py release`` (``make release``) does, in order: compile the translations (Babel,
``locale/*/LC_MESSAGES/django.po`` to ``.mo``), collect the static files into
``STATIC_ROOT`` (with their hashed names and the manifest that maps them), and migrate the
database. Run it with the production environment before (re)starting the web processes.

With ``DEBUG`` off, every page names its CSS and scripts by their hashed names, read from
that manifest: without it each page would answer ``500``. So the WSGI application refuses
to start, with a sentence saying what to run, when the manifest is missing.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.exceptions import ImproperlyConfigured


def compile_translations() -> None:
    from babel.messages.frontend import CommandLineInterface

    locale = str(settings.LOCALE_PATHS[0])
    CommandLineInterface().run(["pybabel", "-q", "compile", "-d", locale, "-D", "django"])


def require_collected_static() -> None:
    """Raise `ImproperlyConfigured` if pages would fail for want of ``collectstatic``."""
    if settings.DEBUG:
        return
    manifest = getattr(staticfiles_storage, "manifest_name", None)
    if manifest is not None and not staticfiles_storage.exists(manifest):
        raise ImproperlyConfigured(
            f"The static files are not collected in {settings.STATIC_ROOT} (no {manifest}): "
            "with DEBUG off every page would answer 500. Prepare the release first: "
            "`make release` (or `python manage.py release`) with the same environment."
        )
