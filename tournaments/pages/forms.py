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

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper import rules
from scorekeeper.pages import fields, matchsetup
from scorekeeper.rules import RuleViolation
from scorekeeper.rules.limits import AT_TIME as AT_TIME  # the rules' choices, for the views
from scorekeeper.translate import translated

from .. import validation
from ..brackets import eliminating
from ..brackets.vocabulary import GAMES_TO_WIN

SEEDED_LINE = re.compile(r"^\s*(\d{1,6})\s*[.)]\s*(.*)$")
# Players are separated by a comma, the Arabic comma (U+060C, what an Arabic or Persian
# keyboard types) included.
PLAYER_SEPARATOR = re.compile(r"[,\u060c]")

# The match choice that keeps best of three (la bella) for the elimination stages only.
KNOCKOUT_ONLY = "knockout"
# (key, label): a single stage of each format, and the two-stage shapes a club plays most,
# filled in from rounds / advance / groups.
STAGE_PRESETS = (
    ("swiss", gettext_lazy("Swiss")),
    ("swiss_top", gettext_lazy("Swiss then top 4")),
    ("round_robin", gettext_lazy("Round robin")),
    ("groups_knockout", gettext_lazy("Groups then knockout")),
    ("knockout", gettext_lazy("Knockout")),
    ("double_elimination", gettext_lazy("Double elimination")),
    ("melee", gettext_lazy("Individual event (mêlée): partners drawn every round")),
)
# How an individual event draws its tables each round (clubs.md).
MELEE_DRAWS = (
    ("random", gettext_lazy("At random")),
    ("standings", gettext_lazy("By the standings")),
)
# the numbers each preset reads (the others are ignored, whatever they hold)
PRESET_NUMBERS = {
    "swiss": {"rounds"},
    "swiss_top": {"rounds", "advance"},
    "round_robin": set(),
    "groups_knockout": {"groups", "advance"},
    "knockout": set(),
    "double_elimination": set(),
    "melee": {"rounds"},
}
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
# A pasted list: 20,000 entries of a few dozen characters fit; more is refused by its length.
MAX_PASTE = 400_000
MAX_REASON = 200
# The page's words for a field, put in front of its error where the page lists them all.
LABELS = {
    "name": gettext_lazy("Name of the tournament"),
    "games_to_win": gettext_lazy("Match"),
    "hands_per_match": gettext_lazy("Hands per match (empty: no limit)"),
    "round_minutes": gettext_lazy("Minutes per round (empty: no clock)"),
    "break_minutes": gettext_lazy("Minutes between the draw and the start of a round"),
    "at_time": gettext_lazy("When time is called"),
    "preset": gettext_lazy("Stages"),
    "rounds": gettext_lazy("Swiss rounds"),
    "groups": gettext_lazy("Groups"),
    "advance": gettext_lazy("Entries that go on to the knockout"),
    "tiebreaks": gettext_lazy("Tiebreaks"),
    "draw": gettext_lazy("Partners and tables drawn (individual event)"),
    "entries": gettext_lazy("Entries"),
    "outcome": gettext_lazy("Winner"),
    "winner": gettext_lazy("Winner"),
    "points": gettext_lazy("Points"),
    "points_0": gettext_lazy("Points"),
    "points_1": gettext_lazy("Points"),
    "points_2": gettext_lazy("Points"),
    "points_3": gettext_lazy("Points"),
    "points_4": gettext_lazy("Points"),
    "reason": gettext_lazy("Reason"),
    "minutes": gettext_lazy("Minutes"),
}
# The service's sentences that name a field by its API key are said in the page's words.
PAGE_WORDS = {
    "advance": gettext_lazy("Must be 2 or more."),
}
SWITCH = (("0", "0"), ("1", "1"))


@dataclass
class Pasted:
    entries: list[dict[str, Any]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)  # the line of each entry, from 1
    error: str = ""


def labelled(name: str, message: str) -> str:
    """An error with the words of its field in front (``Swiss rounds: …``)."""
    label = LABELS.get(name)
    return _("{label}: {message}").format(label=label, message=message) if label else message


def pasted_message(violation: RuleViolation, pasted: Pasted) -> str:
    """The service's refusal in the page's language; one that names an entry of the pasted
    list says its line (``Line 3: …``)."""
    message = translated(violation)
    listed = validation.item_of(violation.field)
    if listed is not None and listed[0] == "entries":
        index = listed[1]
        if index < len(pasted.lines):
            return _("Line {line}: {message}").format(line=pasted.lines[index], message=message)
    return message


def presets(variant: rules.Variant) -> tuple[tuple[str, Any], ...]:
    """The stages the creation page offers: trionfo is played only as an individual event."""
    if variant.slug in validation.INDIVIDUAL_ONLY:
        return tuple(p for p in STAGE_PRESETS if p[0] == "melee")
    return STAGE_PRESETS


def default_preset(variant: rules.Variant) -> str:
    return "melee" if variant.slug in validation.INDIVIDUAL_ONLY else "swiss_top"


def stages_of(
    preset: str, *, rounds: Any, advance: Any, groups: Any, draw: str = "random"
) -> list[dict[str, Any]]:
    """The ``stages`` of a preset; numbers are passed on for the service to judge."""
    if preset == "melee":  # the seats (4, or 5 in trionfo) follow from the game
        return [{"format": "melee", "rounds": rounds, "draw": draw}]
    if preset == "swiss":
        return [{"format": "swiss", "rounds": rounds}]
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


class TournamentForm(forms.Form):
    """The creation page (step 2; the house rules are ``options_form``'s). Numbers are only
    read here: their ranges are the service's (``tournament_create``), which has the last
    word on every value."""

    name = fields.TextField(limit=validation.MAX_TOURNAMENT_NAME)
    # one game, best of three, or best of three in the knockout only (la bella kept for the
    # elimination stages: their own ``games_to_win``)
    games_to_win = fields.PickField(
        (*((str(n), str(n)) for n in GAMES_TO_WIN), (KNOCKOUT_ONLY, KNOCKOUT_ONLY)), empty="1"
    )
    hands_per_match = fields.WholeNumberField()
    round_minutes = fields.WholeNumberField()
    break_minutes = fields.WholeNumberField(empty=5)
    at_time = fields.PickField([(key, key) for key in AT_TIME], empty="finish_hand")
    preset = fields.PickField(STAGE_PRESETS, empty="swiss_top")
    rounds = fields.WholeNumberField(empty=3)
    groups = fields.WholeNumberField(empty=2)
    advance = fields.WholeNumberField(empty=4, message=PAGE_WORDS["advance"])
    tiebreaks = fields.PickField(TIEBREAK_LABELS, empty="default")
    draw = fields.PickField(MELEE_DRAWS, empty="random")
    auto_advance = forms.BooleanField(required=False)
    confirm_results = forms.BooleanField(required=False)
    entries = fields.TextField(limit=MAX_PASTE, lines=True)
    seed_in_order = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        read = PRESET_NUMBERS.get(cleaned.get("preset", ""), {"rounds", "groups", "advance"})
        for unread in {"rounds", "groups", "advance"} - read:
            self.errors.pop(unread, None)  # a number the chosen stages do not use
            cleaned.setdefault(unread, None)
        if cleaned.get("preset") != "melee":  # only an individual event is drawn so
            self.errors.pop("draw", None)
            cleaned["draw"] = "random"
        return cleaned

    def messages(self) -> dict[str, str]:
        """One sentence by field."""
        return {name: " ".join(str(m) for m in found) for name, found in self.errors.items()}

    def create_fields(self, slug: str, options: dict[str, Any], pasted: Pasted) -> dict[str, Any]:
        data = self.cleaned_data
        stages = stages_of(
            data["preset"],
            rounds=data["rounds"],
            advance=data["advance"],
            groups=data["groups"],
            draw=data.get("draw") or "random",
        )
        knockout_only = data["games_to_win"] == KNOCKOUT_ONLY
        if knockout_only:
            for stage in stages:
                if stage["format"] in eliminating():
                    stage["games_to_win"] = max(GAMES_TO_WIN)
        return {
            "name": data["name"],
            "variant": slug,
            "options": options,
            "games_to_win": 1 if knockout_only else int(data["games_to_win"]),
            "hands_per_match": data["hands_per_match"],
            "round_minutes": data["round_minutes"],
            "break_minutes": data["break_minutes"],
            "stages": stages,
            "tiebreaks": TIEBREAK_PRESETS[data["tiebreaks"]],
            "auto_advance": data["auto_advance"],
            "confirm_results": data["confirm_results"],
            "at_time": data["at_time"],
            "entries": pasted.entries,
        }


class EntriesForm(forms.Form):
    """Entries added on the desk: the creation form's pasted list."""

    entries = fields.TextField(limit=MAX_PASTE, lines=True)


class ActiveForm(forms.Form):
    """Drop out (0) or back (1)."""

    active = fields.PickField(SWITCH, empty=None)


class CheckInForm(forms.Form):
    """The check-in tick: 1 ticked, 0 unticked."""

    checked_in = fields.PickField(SWITCH, empty=None)


class OutcomeField(forms.Field):
    """The winner's button: an entry's number, or ``draw``; empty is no choice (``None``)."""

    def to_python(self, value: Any) -> int | str | None:
        text = "" if value is None else str(value).strip()
        if not text:
            return None
        if text == "draw":
            return text
        number = fields.whole_number(text)
        if number is None:
            raise ValidationError(_("Choose one of the buttons."), code="invalid")
        return number


class ClockForm(forms.Form):
    """Call time, or more time (``minutes``): for the round, or one table (``slot``)."""

    action = fields.PickField((("call_time", "call_time"), ("extend", "extend")), empty=None)
    minutes = fields.WholeNumberField(empty=5)
    slot = fields.WholeNumberField()


def first_error(form: forms.Form) -> tuple[str, str]:
    """The field and sentence of a desk form's first error (a desk form shows one)."""
    name, found = next(iter(form.errors.items()))
    return name, labelled(name, " ".join(str(m) for m in found))


def parse_entries(
    text: str, team_size: int, *, seed_in_order: bool = False, individual: bool = False
) -> Pasted:
    """The pasted list as the API's entries; the first line that cannot be read is an
    error naming it (nothing is created then). ``individual``: an individual event's
    entries, one player each, named by ``name`` alone (the API's form)."""
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
        if individual:
            entry = {"name": entry["name"]}
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
