"""An installable app: the web app manifest and the service worker.

The service worker is served from the site's root (``/sw.js``, through Django rather than
``/static/``) so that its scope covers every page, the matches at ``/m/…`` included. It
keeps a copy of the static files and of every page opened, and answers from that copy when
there is no network at all: a match page opened before opens again offline, and its hand
form keeps hands in the phone's outbox until the network returns (``static/js/hand/outbox.js``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, get_language_bidi
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

THEME = "#0b6e4f"
BACKGROUND = "#fbfaf7"
CACHED_FOLDERS = ("css", "js", "img")


def static_files() -> list[str]:
    """The URLs of every stylesheet, script and image, to keep on the phone at install."""
    found = set()
    for finder in finders.get_finders():
        for path, _storage in finder.list(["admin/*", "rest_framework/*", "drf_spectacular*"]):
            parts = Path(path).parts
            if parts and parts[0] in CACHED_FOLDERS and not path.endswith(".map"):
                found.add(Path(path).as_posix())
    return [static(path) for path in sorted(found)]


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    files = static_files()
    offline = [reverse("home")]
    version = hashlib.sha256(json.dumps([files, settings.STATIC_URL]).encode()).hexdigest()[:12]
    body = render_to_string(
        "pwa/sw.js", {"version": version, "precache": json.dumps(files + offline)}
    )
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    icons = [
        {"src": static("img/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("img/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    data = {
        "name": "Scorekeeper",
        "short_name": "Scorekeeper",
        "description": _(
            "One phone at the table records each hand; Scorekeeper applies the "
            "rules and keeps the score sheet."
        ),
        "lang": get_language(),
        "dir": "rtl" if get_language_bidi() else "ltr",
        "id": "/",
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": icons,
    }
    return JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )
