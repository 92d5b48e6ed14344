"""Keys out of the logs: a match's or a tournament's key is shown by its first 6 characters.

A match's ``id`` (and a spectator's ``view_id``, and a tournament's keys) are the only
credential there is: whoever reads one in an access log may enter hands. Every URL path
segment that looks like a key (20 or more letters, digits, ``-`` or ``_``: a UUID, a
``token_urlsafe``) is cut to its first 6 characters followed by ``…``; that is enough to
find a match in the admin, and useless to write to it. Static file names (with dots) and
the site's own words are shorter or are not keys, so they stay whole.

Used by Django's loggers (``LOGGING`` in settings: ``django.request``, ``django.server``,
``django.security``), by gunicorn's access and error logs (`GunicornLogger`, named in
``deploy/gunicorn.conf.py``), and by Celery's task logs where a key is an argument.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from gunicorn.glogging import Logger

SHOWN = 6
# A key follows a "/" (or an encoded "/" or "=" in a query string) and ends a segment.
KEY = re.compile(
    r"(?:(?<=/)|(?<=%2[Ff])|(?<==))([A-Za-z0-9_-]{" + str(SHOWN) + r"})"
    r"[A-Za-z0-9_-]{14,}(?=[/?#&\s\"']|%2[Ff]|$)"
)


def redact(text: str) -> str:
    """``text`` with every key in a URL cut to its first characters."""
    return KEY.sub(r"\1…", text)


class RedactKeys(logging.Filter):
    """Rewrite a record's message so that no handler (nor a propagated one) sees a key."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        shortened = redact(message)
        if shortened != message:
            record.msg, record.args = shortened, None
        return True


class GunicornLogger(Logger):
    """gunicorn's logger, with keys cut short in every access log atom and error."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            log.addFilter(RedactKeys())

    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> dict[str, Any]:
        found = super().atoms(resp, req, environ, request_time)
        # Every atom: the request line, path, query and referrer, and the {header}i and
        # {variable}e atoms a custom access_log_format may name.
        return {
            name: redact(value) if isinstance(value, str) else value
            for name, value in found.items()
        }
