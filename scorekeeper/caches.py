"""A cache that only speeds things up, and so never fails a request.

The tournaments' public parts are kept in the ``public`` cache (Redis when the site has it)
so that each is rendered once for every worker. When Redis is down the page is still
served: `Forgiving` reads a failing cache as empty, skips a write, and takes no lock (the
caller renders itself instead), logging the failure at most once a minute per cache rather
than at every poll of every phone. As the throttles do (``throttling``), it serves the
room rather than a 500.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.cache import caches

log = logging.getLogger(__name__)
QUIET = 60.0  # seconds between two warnings of one cache's failures
_warned: dict[str, float] = {}


class Forgiving:
    """The cache ``alias``, its failures answered as a miss, a skipped write or no lock."""

    def __init__(self, alias: str) -> None:
        self.alias = alias

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return caches[self.alias].get(key, default)
        except Exception:
            self._failed()
            return default

    def set(self, key: str, value: Any, timeout: Any = None) -> None:
        try:
            caches[self.alias].set(key, value, timeout)
        except Exception:
            self._failed()

    def add(self, key: str, value: Any, timeout: Any = None) -> bool:
        """Whether the key was added (a lock taken); a failing cache takes none."""
        try:
            return bool(caches[self.alias].add(key, value, timeout))
        except Exception:
            self._failed()
            return False

    def delete(self, key: str) -> None:
        try:
            caches[self.alias].delete(key)
        except Exception:
            self._failed()

    def _failed(self) -> None:
        now = time.monotonic()
        if now - _warned.get(self.alias, -QUIET) >= QUIET:
            _warned[self.alias] = now
            log.warning("The %r cache failed; served without it", self.alias, exc_info=True)
