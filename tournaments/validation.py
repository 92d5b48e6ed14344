"""Checking a tournament's set-up and its entries: every bad input is a ``RuleViolation``
naming the field (the API's ``400``), raised before anything is stored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper import rules
from scorekeeper.rules.errors import RuleViolation, _
from scorekeeper.rules.fields import is_int

from .brackets import StageSpec, find_format
from .brackets import standings as bracket_standings

TOURNAMENT_FIELDS = {
    "name",
    "variant",
    "options",
    "games_to_win",
    "hands_per_match",
    "round_minutes",
    "break_minutes",
    "stages",
    "tiebreaks",
    "bye_points",
    "auto_advance",
    "confirm_results",
    "at_time",
    "entries",
}
ENTRY_FIELDS = {"name", "players", "seed"}
AT_TIME = ("finish_hand", "one_more_hand")
MAX_NAME = 80
MAX_ENTRIES = 20_000
NOT_TOURNAMENT_VARIANTS = {"trionfo"}


@dataclass(frozen=True)
class EntryInput:
    name: str
    players: tuple[str, ...]
    seed: int | None


@dataclass(frozen=True)
class TournamentInput:
    name: str
    variant: str
    options: dict[str, Any]
    games_to_win: int
    hands_per_match: int | None
    round_minutes: int | None
    break_minutes: int
    stages: tuple[StageSpec, ...]
    tiebreaks: tuple[str, ...]
    bye_points: int
    auto_advance: bool
    confirm_results: bool
    at_time: str
    entries: tuple[EntryInput, ...]


def body(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RuleViolation("non_field_errors", _("The body must be a JSON object."))
    return value


def refuse_unknown(data: Mapping[str, Any], known: set[str], prefix: str = "") -> None:
    unknown = sorted(str(key)[:40] for key in data if key not in known)
    if unknown:
        raise RuleViolation(prefix + unknown[0], _("Unknown field '{key}'."), key=unknown[0])


def _required(data: Mapping[str, Any], key: str, prefix: str = "") -> Any:
    if key not in data:
        raise RuleViolation(prefix + key, _("This field is required."))
    return data[key]


def _whole(data: Mapping[str, Any], key: str, default: Any, low: int, high: int) -> Any:
    value = data.get(key, default)
    if value is None and default is None:
        return None
    if not is_int(value) or not low <= value <= high:
        raise RuleViolation(
            key, _("Must be a whole number from {min} to {max}."), min=low, max=high
        )
    return value


def _name(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RuleViolation(field, _("A name is required."))
    if len(value.strip()) > MAX_NAME:
        raise RuleViolation(field, _("A name may have at most {count} characters."), count=MAX_NAME)
    return value.strip()


def tournament_input(data: Any) -> TournamentInput:
    data = body(data)
    refuse_unknown(data, TOURNAMENT_FIELDS)
    name = _name(_required(data, "name"), "name")
    variant = _variant(_required(data, "variant"))
    table = rules.make_table(
        variant,
        [f"P{seat}" for seat in range(variant.players)],
        data.get("options"),
        data.get("games_to_win"),
    )
    stages = stages_input(_required(data, "stages"))
    auto_advance = data.get("auto_advance", True)
    if not isinstance(auto_advance, bool):
        raise RuleViolation("auto_advance", _("Must be true or false."))
    confirm_results = data.get("confirm_results", False)
    if not isinstance(confirm_results, bool):
        raise RuleViolation("confirm_results", _("Must be true or false."))
    at_time = data.get("at_time", "finish_hand")
    if at_time not in AT_TIME:
        raise RuleViolation("at_time", _("Must be one of: {choices}."), choices=", ".join(AT_TIME))
    return TournamentInput(
        name=name,
        variant=variant.slug,
        options=dict(table.options),
        games_to_win=table.games_to_win,
        hands_per_match=_whole(data, "hands_per_match", None, 1, 1000),
        round_minutes=_whole(data, "round_minutes", None, 1, 24 * 60),
        break_minutes=_whole(data, "break_minutes", 5, 0, 24 * 60),
        stages=stages,
        tiebreaks=tiebreaks_input(data.get("tiebreaks")),
        bye_points=_whole(data, "bye_points", 0, 0, 100_000),
        auto_advance=auto_advance,
        confirm_results=confirm_results,
        at_time=at_time,
        entries=entries_input(data.get("entries", []), variant),
    )


def _variant(value: Any) -> rules.Variant:
    found = rules.find_variant(value) if isinstance(value, str) else None
    if found is None or found.slug in NOT_TOURNAMENT_VARIANTS or found.teams is None:
        slugs = [slug for slug in rules.VARIANTS if slug not in NOT_TOURNAMENT_VARIANTS]
        raise RuleViolation(
            "variant", _("Tournaments are played in one of: {slugs}."), slugs=", ".join(slugs)
        )
    return found


def stages_input(value: Any) -> tuple[StageSpec, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= 2:
        raise RuleViolation("stages", _("Give one or two stages."))
    specs = []
    for index, raw in enumerate(value):
        field = f"stages.{index}"
        if not isinstance(raw, Mapping):
            raise RuleViolation(field, _("Must be a JSON object."))
        fmt_name = _required(raw, "format", field + ".")
        fmt = find_format(fmt_name) if isinstance(fmt_name, str) else None
        if fmt is None:
            from .brackets import FORMATS

            raise RuleViolation(
                field + ".format",
                _("Unknown format. Choose one of: {names}."),
                names=", ".join(FORMATS),
            )
        advance = raw.get("advance")
        if index == 0 and "advance" in raw:
            raise RuleViolation(
                field + ".advance", _("The first stage takes every entry: it has no advance.")
            )
        if index == 1 and (not is_int(advance) or advance < 2):
            raise RuleViolation(
                field + ".advance",
                _("A second stage needs advance: how many entries go on (2 or more)."),
            )
        own = ("format", "advance", "games_to_win")
        rest = {key: item for key, item in raw.items() if key not in own}
        settings = fmt.configure(rest, field)
        if "games_to_win" in raw:  # its own, where la bella is kept for the knockout
            settings["games_to_win"] = _games_to_win(raw["games_to_win"], field)
        specs.append(
            StageSpec(format=fmt.name, settings=settings, advance=advance if index else None)
        )
    return tuple(specs)


def _games_to_win(value: Any, field: str) -> int:
    if not is_int(value) or value not in (1, 2):
        raise RuleViolation(
            field + ".games_to_win", _("Must be 1 (one game) or 2 (best of three).")
        )
    return int(value)


def tiebreaks_input(value: Any) -> tuple[str, ...]:
    if value is None:
        return tuple(bracket_standings.DEFAULT_TIEBREAKS)
    known = bracket_standings.TIEBREAKS
    if not isinstance(value, list) or not value:
        raise RuleViolation("tiebreaks", _("Must be a list."))
    for key in value:
        if not isinstance(key, str) or key not in known:
            raise RuleViolation(
                "tiebreaks", _("Unknown tiebreak. Choose among: {keys}."), keys=", ".join(known)
            )
    if len(set(value)) != len(value):
        raise RuleViolation("tiebreaks", _("Each tiebreak may be given once."))
    return tuple(value)


def entries_input(value: Any, variant: rules.Variant) -> tuple[EntryInput, ...]:
    if not isinstance(value, list) or len(value) > MAX_ENTRIES:
        raise RuleViolation("entries", _("Must be a list."))
    entries = tuple(
        entry_input(raw, variant, f"entries.{index}.") for index, raw in enumerate(value)
    )
    check_unique(entries, [], "entries.")
    return entries


def entry_input(raw: Any, variant: rules.Variant, prefix: str = "") -> EntryInput:
    if not isinstance(raw, Mapping):
        raise RuleViolation(prefix.rstrip(".") or "non_field_errors", _("Must be a JSON object."))
    refuse_unknown(raw, ENTRY_FIELDS, prefix)
    name = _name(_required(raw, "name", prefix), prefix + "name")
    return EntryInput(
        name=name,
        players=players_input(_required(raw, "players", prefix), variant, prefix + "players"),
        seed=seed_input(raw.get("seed"), prefix + "seed"),
    )


def team_size(variant: rules.Variant) -> int:
    return variant.players // len(variant.teams or ((0,),))


def players_input(value: Any, variant: rules.Variant, field: str) -> tuple[str, ...]:
    size = team_size(variant)
    if not isinstance(value, list) or len(value) != size:
        raise RuleViolation(
            field, _("An entry of {variant} has {count} players."), variant=variant.name, count=size
        )
    names = tuple(_name(name, field) for name in value)
    if len(set(names)) != len(names):
        raise RuleViolation(
            field,
            _("Each player needs a different name: {name} is there twice."),
            name=next(name for name in names if names.count(name) > 1),
        )
    return names


def seed_input(value: Any, field: str) -> int | None:
    if value is None:
        return None
    if not is_int(value) or not 1 <= value <= 10**6:
        raise RuleViolation(field, _("A seed is a whole number from 1."))
    return value


def check_unique(
    new: Sequence[EntryInput], existing: Sequence[tuple[str, int | None]], prefix: str
) -> None:
    """Names (and seeds) already taken, by existing entries or earlier new ones."""
    names = {name.casefold() for name, _seed in existing}
    seeds = {seed for _name, seed in existing if seed is not None}
    for index, entry in enumerate(new):
        where = f"{prefix}{index}." if prefix else ""
        if entry.name.casefold() in names:
            raise RuleViolation(
                where + "name", _("Another entry is already called {name}."), name=entry.name
            )
        if entry.seed is not None and entry.seed in seeds:
            raise RuleViolation(where + "seed", _("Seed {seed} is already taken."), seed=entry.seed)
        names.add(entry.name.casefold())
        if entry.seed is not None:
            seeds.add(entry.seed)
