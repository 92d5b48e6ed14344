"""The public page's parts, each rendered once per tournament version and language.

A *part* is a piece of the public page that a browser fetches on its own, so a phone
downloads only what changed and what it shows:

- ``live``: the clock (or the champion), the pairings of the round in play with their
  results, and one page of the standings (``STANDINGS_PAGE`` rows, with tiebreaks and
  ``why``); it changes with every result. The page polls it, and it names the current ETag
  of the other parts, so the page fetches one of them only once it has changed;
- ``tables``: "find your table", every team's and player's name with its table; it changes
  when a round is drawn. It is never sent whole: its URL answers ``find``, the few names
  that hold what the player types (``FIND_ROWS`` at most), under the part's ETag;
- ``bracket``: the elimination brackets (empty outside an elimination stage);
- ``projector``: the projector's slides (pairings, the whole standings, the brackets);
- ``head``: what the page around them needs (the tournament's name).

Each is rendered at most once per (tournament, version, language, part) and kept gzipped,
with its ETag, in the ``public`` cache (``CACHES``): shared by every worker when the site has
Redis (``CACHE_URL``, or a Redis ``CELERY_BROKER_URL``), else one copy per worker process.
A failing cache (Redis down) is read as empty (``scorekeeper.caches.Forgiving``): each
request renders its part, and is answered.
The ETag is a digest of the part's content, so a part that a change left as it was (the
tables after a result) is still answered ``304``.

A poll never waits for a render while a recent copy is at hand (``polled``): it is answered
with the part as last rendered (``latest``) when that is less than ``stale_seconds()`` old,
and when it is older, with it still, the new version being rendered once the answer is
sent (``then``: at most one render at a time per part and cache), so a change shows on the
polls that follow. A room of phones polling through a burst of results thus costs one
render per part every few seconds, not one per result, and no phone waits for it. Only a
copy older than ``MAX_STALE`` (a page nobody polled for a while) is rendered first.

The parts are sent as kept, gzipped (the site's ``CompressMiddleware`` leaves an answer
already compressed alone, and compresses the pages around them: BREACH, see its docstring).
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import Http404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, get_language_bidi, gettext, override

from scorekeeper.caches import Forgiving
from tournaments.models import Tournament
from tournaments.selectors import public as public_selectors
from tournaments.selectors import tiebreak_word

from . import bracket

STANDINGS_PAGE = 32  # standings rows per page of the live part
FIND_ROWS = 20  # names "find your table" shows at most for what is typed
TIMEOUT = 30 * 60  # seconds a version's parts are kept (a newer version replaces them)
MAX_STALE = 15.0  # seconds: an older copy is not shown to a poll, the new one is rendered first
RENDERING = 30  # seconds a render holds its part's lock at most
log = logging.getLogger(__name__)
TEMPLATES = {
    "live": "tournaments/public/live.html",
    "tables": "tournaments/public/_find.html",
    "bracket": "tournaments/public/_brackets.html",
    "projector": "tournaments/public/projector_live.html",
}
# The parts the live part names the current ETag of (the page fetches them when it changes).
OTHERS = ("tables", "bracket")
# The state a version was rendered from, per worker: a change is read once for all its
# parts (and every standings page), not once per part.
_states: dict[tuple[str, int, str], dict[str, Any]] = {}


@dataclass(frozen=True)
class Part:
    etag: str
    gzipped: bytes

    def html(self) -> str:
        return gzip.decompress(self.gzipped).decode()


def part(view_id: str, version: int, name: str, page: int = 1) -> Part:
    """The part ``name`` of this version in the request's language (``page``: the
    standings page of the live part), rendered on the first request that needs it, and not
    rendered again for a later version that left what it shows as it was."""
    language = get_language()
    cache = Forgiving("public")
    key = f"tpublic:{view_id}:{version}:{language}:{name}:{page}"
    found = cache.get(key)
    if found is None:
        inputs = _inputs(_state(view_id, version), name, page)
        if name == "live":  # the other parts' ETags: a phone fetches them once they change
            inputs["etags"] = {other: part(view_id, version, other).etag for other in OTHERS}
        # The template's own words are in the language: two languages never share an ETag.
        shown = repr((language, inputs)).encode()
        digest = hashlib.blake2b(shown, digest_size=12).hexdigest()
        same = f"tpublic:{view_id}:{language}:{name}:{digest}"
        found = cache.get(same)
        if found is None:
            context = _context(view_id, name, inputs)
            html = render_to_string(TEMPLATES[name], context).encode()
            found = (f'"{name}-{digest[:16]}"', gzip.compress(html, compresslevel=6))
            cache.set(same, found, TIMEOUT)
        cache.set(key, found, TIMEOUT)
        latest = cache.get(_latest_key(view_id, language, name, page))
        if latest is None or latest[0] <= version:
            cache.set(_latest_key(view_id, language, name, page), (version, time.time(), *found))
    return Part(*found)


def polled(
    view_id: str, version: int, name: str, page: int = 1
) -> tuple[Part, Callable[[], None] | None]:
    """The part for a poll, and what to do once the answer is sent (``None``: nothing).
    This version's part when it is at hand; else the part as last rendered when it is
    recent (see the module's docstring), then rendering this version when the copy is
    older than ``stale_seconds()``; else this version, rendered first."""
    language = get_language()
    cache = Forgiving("public")
    found = cache.get(f"tpublic:{view_id}:{version}:{language}:{name}:{page}")
    if found is not None:
        return Part(*found), None
    window = stale_seconds()
    latest = cache.get(_latest_key(view_id, language, name, page)) if window > 0 else None
    if latest is None:
        return part(view_id, version, name, page), None
    shown, at, *copy = latest
    age = time.time() - at
    if shown >= version:  # another worker's render of a version this one has yet to read
        return Part(*copy), None
    if age >= MAX_STALE:
        return part(view_id, version, name, page), None
    if age < window:
        return Part(*copy), None
    lock = _latest_key(view_id, language, name, page) + ":rendering"
    if not cache.add(lock, 1, RENDERING):
        return Part(*copy), None  # being rendered elsewhere

    def then() -> None:
        try:
            with override(language):
                part(view_id, version, name, page)
        except Exception:  # the answer is sent: the next poll renders it instead
            log.exception("The public part %s of %s was not rendered", name, view_id)
        finally:
            cache.delete(lock)

    return Part(*copy), then


def stale_seconds() -> float:
    """How old a copy a poll may be answered with before the next version is rendered:
    ``TOURNAMENT_STALE_SECONDS``, by default three times the moment each worker keeps the
    version (``TOURNAMENT_POLL_CACHE_SECONDS``; 0: always this version, rendered first)."""
    poll = getattr(settings, "TOURNAMENT_POLL_CACHE_SECONDS", 1.0)
    return float(getattr(settings, "TOURNAMENT_STALE_SECONDS", 3 * poll))


def _latest_key(view_id: str, language: str | None, name: str, page: int) -> str:
    return f"tpublic:{view_id}:{language}:{name}:{page}:latest"


def fold(text: str) -> str:
    """A name as it is searched: no accents, no case (as the page's script folds it)."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def find(view_id: str, version: int, query: str) -> tuple[str, str]:
    """ "Find your table" for what is typed: the ``tables`` part's ETag (the answer changes
    with it, and with the query, which is in the URL) and the rows whose name (or team)
    holds the query, ``FIND_ROWS`` at most; none for an empty query."""
    etag = part(view_id, version, "tables").etag
    wanted = fold(query.strip())
    rows = []
    if wanted:
        state = _state(view_id, version)
        if "folded" not in state:  # once per version and worker, not once per search
            state["folded"] = [
                (fold(f"{row['name']} {row['team'] or ''}"), row) for row in state["tables"]
            ]
        rows = [row for name, row in state["folded"] if wanted in name][:FIND_ROWS]
    context = _context(view_id, "tables", {"t": {"tables": _where(rows)}})
    return etag, render_to_string(TEMPLATES["tables"], context)


def head(view_id: str, version: int) -> dict[str, Any]:
    """The page's frame: the tournament's name."""
    key = f"tpublic:{view_id}:{version}:head"
    cache = Forgiving("public")
    found = cache.get(key)
    if found is None:
        found = {"name": _state(view_id, version)["name"]}
        cache.set(key, found, TIMEOUT)
    return found


def page_of(value: str | None) -> int:
    """The standings page a request names (``?standings=2``); 1 when it names none."""
    return int(value) if value and value.isascii() and value.isdigit() and len(value) < 6 else 1


def _inputs(state: dict[str, Any], name: str, page: int) -> dict[str, Any]:
    """What the part shows, and nothing else: the same inputs make the same part."""
    shown = ("version", "registration", "champion_name", "current", "individual")
    status = {k: state[k] for k in shown}
    if name == "live":
        return {
            "t": {**status, "columns": state["columns"], "figures_of": state["figures_of"]},
            **_standings_page(state, page),
            "earlier": state["earlier"],
        }
    if name == "tables":
        return {"t": {"tables": _where(state["tables"])}}
    if name == "bracket":
        return {"t": {"brackets": state["brackets"]}}
    keep = ("name", "columns", "standings", "brackets", "figures_of")
    return {
        "t": {**status, **{k: state[k] for k in keep}},
        "standings": state["standings"],
        "earlier": state["earlier"],
    }


def _context(view_id: str, name: str, inputs: dict[str, Any]) -> dict[str, Any]:
    context = {**inputs, "view_id": view_id, "entry_base": _entry_base(view_id)}
    if "standings" in inputs:  # each group under its own heading, each earlier stage too
        context["sections"] = _groups(inputs["standings"])
        context["earlier"] = [
            {**stage, "sections": _groups(stage["rows"])} for stage in inputs["earlier"]
        ]
    if name in ("bracket", "projector"):
        context["t"] = {**inputs["t"], "brackets": _svgs(inputs["t"]["brackets"])}
    return context


def _state(view_id: str, version: int) -> dict[str, Any]:
    key = (view_id, version, get_language())
    if key not in _states:
        try:
            data = public_selectors.public_state(view_id)
        except Tournament.DoesNotExist:
            raise Http404 from None
        if len(_states) >= 8:
            _states.clear()
        _states[key] = _with_columns(data)
    return _states[key]


def _with_columns(data: dict[str, Any]) -> dict[str, Any]:
    """The standings' tiebreak columns: the tournament's order, then the other metrics (an
    individual event's last: ``partners``)."""
    keys = [k for k in data["tiebreaks"] if k not in ("played", "wins", "draws", "losses")]
    words = {key: tiebreak_word(key) for key in keys}
    if data.get("individual"):  # an individual event: how many different partners each had
        keys.append("partners")
        words["partners"] = gettext("partners")
    data["columns"] = [{"key": key, "word": words[key]} for key in keys]
    for row in [*data["standings"], *(r for stage in data["earlier"] for r in stage["rows"])]:
        row["cells"] = [row.get(key, 0) for key in keys]
    return data


def _groups(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows cut into their groups (in order of group), each with its heading; one
    section with no heading when the stage has no groups."""
    sections: dict[Any, list[dict[str, Any]]] = {}
    for row in rows:
        sections.setdefault(row.get("group"), []).append(row)
    return [
        {
            "group": group,
            "title": gettext("Group %(number)s") % {"number": group} if group else "",
            "rows": found,
        }
        for group, found in sorted(sections.items(), key=lambda item: item[0] or 0)
    ]


def _standings_page(state: dict[str, Any], page: int) -> dict[str, Any]:
    rows = state["standings"]
    pages = max(1, -(-len(rows) // STANDINGS_PAGE))
    page = min(max(page, 1), pages)
    first = (page - 1) * STANDINGS_PAGE
    shown = rows[first : first + STANDINGS_PAGE]
    pager = None
    if pages > 1:
        pager = {
            "page": page,
            "previous": page - 1 if page > 1 else None,
            "next": page + 1 if page < pages else None,
            "first": first + 1,
            "last": first + len(shown),
            "count": len(rows),
        }
    return {"standings": shown, "pager": pager}


def _where(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each name's table in words, translated once per table rather than once per name."""
    words: dict[Any, str] = {"bye": gettext("bye"), None: "–"}
    for row in rows:
        if row["table"] not in words:
            words[row["table"]] = gettext("table %(table)s") % {"table": row["table"]}
    return [{**row, "where": words[row["table"]]} for row in rows]


def _svgs(brackets: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            **item,
            "title": _bracket_title(item["bracket"]),
            "svg": bracket.svg(
                item["columns"],
                _bracket_title(item["bracket"]),
                gettext("bye"),
                rtl=get_language_bidi(),
            ),
        }
        for item in brackets
    ]


def _entry_base(view_id: str) -> str:
    """``/p/<view_id>/entries/``: a player's page is this and its number (reversed once,
    not once per row)."""
    return reverse("tournament-entry", args=[view_id, 0]).removesuffix("0/")


def _bracket_title(key: str) -> str:
    titles = {
        "main": gettext("Bracket"),
        "winners": gettext("Winners' bracket"),
        "losers": gettext("Losers' bracket"),
        "final": gettext("Grand final"),
        "third_place": gettext("Third place"),
        "consolation": gettext("Consolation"),
    }
    return titles.get(key, key)
