"""Keys out of the logs: a match's or a tournament's key is shown by its first 6 characters.

A match's ``id`` (and a spectator's ``view_id``, and a tournament's keys) are the only
credential there is: whoever reads one in an access log may enter hands. Every URL path
segment that looks like a key (20 or more letters, digits, ``-`` or ``_``: a UUID, a
``token_urlsafe``) is cut to its first 6 characters followed by ``…``; that is enough to
find a match in the admin, and useless to write to it. Static file names (with dots) and
the site's own words are shorter or are not keys, so they stay whole.

Every log record is cut when it is made, whatever logger makes it and whichever handler
writes it (Django's ``django.request``, ``django.server`` and ``django.security.*``, the
root, Celery's, a test's ``caplog``): ``configure`` is Django's ``LOGGING_CONFIG`` (so every
process that sets Django up, web or worker, installs it) and wraps the record factory. A
filter on a logger would not do: it does not see what the logger's children propagate
(``django.security.csrf``'s warnings went out whole). gunicorn's access log is built from
atoms, not from a record's message: `GunicornLogger` (named in ``deploy/gunicorn.conf.py``)
cuts those, and its own records too, before Django is set up.
"""

from __future__ import annotations

import logging
import logging.config
import re
from collections.abc import Callable, MutableMapping
from typing import TYPE_CHECKING, Any, cast

from gunicorn.glogging import Logger

if TYPE_CHECKING:
    from datetime import timedelta

    from gunicorn.config import Config
    from gunicorn.glogging import _AtomsDict
    from gunicorn.http import Request
    from gunicorn.http.wsgi import Response

SHOWN = 6
# A key follows a "/" (or an encoded "/" or "=" in a query string) and ends a segment.
KEY = re.compile(
    r"(?:(?<=/)|(?<=%2[Ff])|(?<==))([A-Za-z0-9_-]{" + str(SHOWN) + r"})"
    r"[A-Za-z0-9_-]{14,}(?=[/?#&\s\"']|%2[Ff]|$)"
)


def redact(text: str) -> str:
    """``text`` with every key in a URL cut to its first characters."""
    return KEY.sub(r"\1…", text)


def shorten(record: logging.LogRecord) -> logging.LogRecord:
    """The record with its message's keys cut (the message then formatted, its args gone)."""
    try:
        message = record.getMessage()
    except Exception:  # a malformed record: its handler reports it when it formats it
        return record
    shortened = redact(message)
    if shortened != message:
        record.msg, record.args = shortened, ()
    return record


class RedactKeys(logging.Filter):
    """Rewrite a record's message so that the handlers after this filter see no key."""

    def filter(self, record: logging.LogRecord) -> bool:
        shorten(record)
        return True


def configure(config: dict[str, Any]) -> None:
    """Django's ``LOGGING_CONFIG``: the site's ``LOGGING``, then every record made from now
    on in this process has its keys cut (``install``)."""
    logging.config.dictConfig(config)
    install()


def install() -> None:
    """Wrap the log record factory so that every record is made with its keys cut (once,
    however often Django sets logging up)."""
    made = logging.getLogRecordFactory()
    if getattr(made, "shortens_keys", False):
        return

    def make(*args: Any, **kwargs: Any) -> logging.LogRecord:
        return shorten(made(*args, **kwargs))

    factory: Callable[..., logging.LogRecord] = make
    factory.shortens_keys = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)


class GunicornLogger(Logger):
    """gunicorn's logger, with keys cut short in every access log atom and error."""

    def setup(self, cfg: Config) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            log.addFilter(RedactKeys())

    def atoms(
        self,
        resp: Response,
        req: Request,
        environ: MutableMapping[str, Any],
        request_time: timedelta,
    ) -> _AtomsDict:
        found = super().atoms(resp, req, environ, request_time)
        # Every atom: the request line, path, query and referrer, and the {header}i and
        # {variable}e atoms a custom access_log_format may name (keys the stubs' TypedDict
        # of the fixed atoms does not list, hence the cast).
        return cast(
            "_AtomsDict",
            {
                name: redact(value) if isinstance(value, str) else value
                for name, value in found.items()
            },
        )
