"""The demo club evening on the home page (scorekeeper's ``extensions.register_home_demo``):
loaded by ``manage.py load_demo_tournament`` (``make run``), linked from the home page once it
exists; a site without it (a fresh database, a real club's site) shows nothing."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from ..selectors.tournaments import demo_evening as evening


def demo_evening() -> dict[str, Any] | None:
    """The demo evening's public page and desk, in the request's language."""
    tournament = evening()
    if tournament is None:
        return None
    return {
        "title": _("Demo tournament"),
        "name": tournament.name,
        "text": _(
            "A club evening under way: the players' public page, and the director's desk to try."
        ),
        "links": [
            {
                "label": _("Public page"),
                "url": reverse("tournament-public", args=[tournament.view_id]),
            },
            {"label": _("Director's desk"), "url": reverse("desk", args=[tournament.pk])},
        ],
    }
