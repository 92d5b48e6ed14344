"""The director's forms: a new tournament (the game's house rules come from the match set-up
page's form, ``scorekeeper.pages.matchsetup``), the stage and tiebreak presets, and the
entries pasted as a list.

A pasted line is ``Team name: Player, Player`` (``belote_2p``: one player per line; the
Arabic comma ``،`` separates players too), with
an optional seed in front: ``1. Les As: Anne, Bruno``. Lines are read here; the service
(``tournament_create``) has the last word on every value, and what it refuses is shown by
the field it names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper import rules
from scorekeeper.pages import matchsetup
from scorekeeper.rules.limits import AT_TIME as AT_TIME  # the rules' choices, for the views

SEEDED_LINE = re.compile(r"^\s*(\d{1,6})\s*[.)]\s*(.*)$")
# Players are separated by a comma, the Arabic comma (U+060C, what an Arabic or Persian
# keyboard types) included.
PLAYER_SEPARATOR = re.compile(r"[,\u060c]")

# (key, label): the stages a club plays most, filled in from rounds / advance / groups.
STAGE_PRESETS = (
    ("swiss_top", gettext_lazy("Swiss then top 4")),
    ("groups_knockout", gettext_lazy("Groups then knockout")),
    ("knockout", gettext_lazy("Knockout")),
    ("double_elimination", gettext_lazy("Double elimination")),
    ("round_robin", gettext_lazy("Round robin")),
)
TIEBREAK_PRESETS = {
    "default": ["match_points", "points_diff", "points_for", "buchholz", "head_to_head"],
    "concours": ["points_for", "match_points"],
    "gara": ["match_points", "head_to_head", "games_won", "points_diff"],
}
TIEBREAK_LABELS = (
    ("default", gettext_lazy("Match points, then points difference (usual)")),
    ("concours", gettext_lazy("French concours: points first")),
    ("gara", gettext_lazy("Italian gara: match points, then head to head")),
)


def stages_of(preset: str, *, rounds: Any, advance: Any, groups: Any) -> list[dict[str, Any]]:
    """The ``stages`` of a preset; numbers are passed on as typed for the service to judge."""
    if preset == "swiss_top":
        return [
            {"format": "swiss", "rounds": rounds},
            {"format": "single_elimination", "advance": advance},
        ]
    if preset == "groups_knockout":
        return [
            {"format": "round_robin", "groups": groups},
            {"format": "single_elimination", "advance": advance},
        ]
    if preset == "knockout":
        return [{"format": "single_elimination"}]
    if preset == "double_elimination":
        return [{"format": "double_elimination"}]
    return [{"format": "round_robin"}]


@dataclass
class Pasted:
    entries: list[dict[str, Any]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)  # the line of each entry, from 1
    error: str = ""


def parse_entries(text: str, team_size: int, *, seed_in_order: bool = False) -> Pasted:
    """The pasted list as the API's entries; the first line that cannot be read is an
    error naming it (nothing is created then)."""
    pasted = Pasted()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        seed = None
        found = SEEDED_LINE.match(line)
        if found:
            seed, line = int(found.group(1)), found.group(2).strip()
        entry = _entry(line, team_size)
        if entry is None:
            pasted.error = _line_error(number, team_size)
            return pasted
        if seed is None and seed_in_order:
            seed = len(pasted.entries) + 1
        pasted.entries.append({**entry, **({"seed": seed} if seed is not None else {})})
        pasted.lines.append(number)
    return pasted


def _entry(line: str, team_size: int) -> dict[str, Any] | None:
    if team_size == 1:
        return {"name": line, "players": [line]} if ":" not in line else None
    name, colon, rest = line.partition(":")
    players = [player.strip() for player in PLAYER_SEPARATOR.split(rest)]
    if not colon or not name.strip() or len(players) != team_size or not all(players):
        return None
    return {"name": name.strip(), "players": players}


def _line_error(number: int, team_size: int) -> str:
    if team_size == 1:
        return _("Line {line}: write one player's name per line.").format(line=number)
    return _("Line {line}: write “Team name: Player, Player”.").format(line=number)


def whole(posted: Mapping[str, Any], name: str, default: Any = None) -> Any:
    """A number field as typed: a whole number when it is one, else the text (the service
    refuses it by the field's name); empty is ``default``."""
    text = str(posted.get(name, "") or "").strip()
    if not text:
        return default
    return int(text) if text.isdigit() and len(text) < 10 else text


def options_form(
    variant: rules.Variant, posted: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, str]]:
    """The house rules as the match set-up page reads them: (options, errors by option)."""
    form = matchsetup.MatchSetupForm(variant, posted)
    form.is_valid()
    errors = {
        name: message
        for name, message in form.option_errors().items()
        if name in {option.name for option in variant.options}
    }
    return form.options(), errors
