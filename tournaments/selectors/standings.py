"""The stored standings as the API shows them: names, activity and ``why`` in the
request's language (no query: the caller hands the entries)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext

from scorekeeper import rules, words

from .. import convert
from ..brackets import planner
from ..brackets import standings as bracket_standings
from ..models import Entry, Stage, Tournament
from .snapshot import snapshot_load

METRICS = bracket_standings.METRICS  # the figures of a standings row


def standings_data(
    tournament: Tournament,
    entries: Sequence[Entry],
    *,
    rows: Sequence[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """The stored standings (or the ``rows`` given: an earlier stage's) with names,
    activity and ``why`` in the request's language."""
    names = {entry.number: entry.name for entry in entries}
    active = {entry.number: entry.active for entry in entries}
    # An individual event (format ``melee``): entries of one player at tables of 4 or 5.
    individual = rules.get_variant(tournament.variant).players > 2 and all(
        len(entry.players) == 1 for entry in entries
    )
    found = []
    for row in tournament.standings if rows is None else rows:
        number = row["entry"]
        data: dict[str, Any] = {
            "rank": row["rank"],
            "entry": number,
            "name": names.get(number, ""),
            "active": active.get(number, True),
        }
        if row.get("group") is not None:
            data["group"] = row["group"]
        data.update({key: row.get(key, 0) for key in bracket_standings.METRICS})
        if individual:
            data["partners"] = row.get("partners", 0)
        data["why"] = why_text(row.get("why"), names)
        found.append(data)
    return found


def tiebreak_word(key: str) -> str:
    """A tiebreak key's words in the request's language."""
    words = getattr(bracket_standings, "KEY_WORDS", {})
    return gettext(words[key]) if key in words else key


def why_text(why: Any, names: dict[int, str]) -> str:
    """The engine's ``why`` (template and values) as a sentence in the request's language:
    an entry's number becomes its name, a tiebreak key its name, a negative figure has a
    true minus sign kept on its left in a right-to-left sentence (``words.number_in_text``)."""
    if not isinstance(why, dict) or not why.get("template"):
        return ""
    params = {}
    for key, value in (why.get("params") or {}).items():
        if key in ("other", "entry") and isinstance(value, int):
            params[key] = names.get(value, str(value))
        elif key in ("key", "tiebreak") and isinstance(value, str):
            params[key] = tiebreak_word(value)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            params[key] = words.number_in_text(value)  # "−7" on the minus's side in Arabic
        else:
            params[key] = value
    template = why["template"]
    try:
        return gettext(template).format(**params)
    except (KeyError, IndexError, ValueError):
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            return template


def stage_rows(tournament: Tournament, stage: Stage) -> list[dict[str, Any]]:
    """A stage's stored rows: as kept when it ended (the first stage, once the second is
    drawn), or computed from one snapshot of its results now."""
    if stage.standings:
        return list(stage.standings)
    snapshot = snapshot_load(tournament).snapshot
    state = next(s for s in snapshot.stages if s.number == stage.number)
    return [convert.row_data(row) for row in planner.stage_rows(snapshot, state)]
