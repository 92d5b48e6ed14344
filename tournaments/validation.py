"""A tournament's input, declared once, and its checking: every bad input is a
``RuleViolation`` naming the field (the API's ``400``), raised before anything is stored.

``TOURNAMENT`` and ``ENTRY`` declare every field a director gives (its type, default,
limits and choices, with ``scorekeeper.rules.fields``): the API checks bodies against them
here, the published schema (``api.schema``) is built from them, and the desk's creation
form takes its limits from them. A field whose value depends on others (the variant's
options, the stages' formats, the entries' players) is declared here too and checked by
its own function below. Names follow ``scorekeeper.rules.names`` (one rule for every
name); a field inside a list is named with its index: ``entries[3].players[1]``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any

from scorekeeper import rules
from scorekeeper.rules.errors import RuleViolation, _
from scorekeeper.rules.fields import Bool, Choice, Field, Int, clean_fields, is_int
from scorekeeper.rules.limits import AT_TIME, FINISH_HAND, MatchLimits
from scorekeeper.rules.names import MAX_NAME as MAX_PLAYER_NAME
from scorekeeper.rules.names import Name, clean_name

from .brackets import FORMATS, StageSpec, vocabulary
from .brackets import standings as bracket_standings
from .brackets.vocabulary import GAMES_TO_WIN

MAX_TOURNAMENT_NAME = vocabulary.TOURNAMENT_NAME
MAX_ENTRY_NAME = vocabulary.ENTRY_NAME
MAX_ENTRIES = 20_000
MAX_MINUTES = 24 * 60


def team_variants() -> tuple[str, ...]:
    """The variants a tournament of teams is played in."""
    return tuple(slug for slug, v in rules.VARIANTS.items() if v.team_tournaments and v.teams)


@dataclass(frozen=True)
class TeamVariant(Choice):
    """The variant of a tournament of teams: one of ``choices``, refused with the list."""

    def check(self, value: Any) -> str:
        return variant_input(value, individual=True).slug


TEAM_VARIANTS = team_variants()


# Every field of a new tournament. ``Field`` alone: a value checked by its own function.
TOURNAMENT: tuple[Field, ...] = (
    Name("name", max_length=MAX_TOURNAMENT_NAME),
    TeamVariant("variant", choices=team_variants(), help="Any variant played by teams."),
    Field("options", required=False, help="The variant's options (its house rules)."),
    Int(
        "games_to_win",
        required=False,
        nullable=True,
        min=min(GAMES_TO_WIN),
        max=max(GAMES_TO_WIN),
        help="Default: variant's.",
    ),
    Int("hands_per_match", required=False, nullable=True, min=1, max=1000),
    Int("round_minutes", required=False, nullable=True, min=1, max=MAX_MINUTES),
    Int("break_minutes", required=False, default=5, min=0, max=MAX_MINUTES),
    Field("stages", help="One or two stages; each also takes its format's settings."),
    Field("tiebreaks", required=False, default=bracket_standings.DEFAULT_TIEBREAKS),
    Int("bye_points", required=False, default=0, min=0, max=100_000),
    Bool("auto_advance", required=False, default=True),
    Bool("confirm_results", required=False, default=False),
    Choice("at_time", required=False, default=FINISH_HAND, choices=AT_TIME),
    Field("entries", required=False, default=()),
)
# Every field of an entry (``number`` and ``active`` are the tournament's, not given).
ENTRY: tuple[Field, ...] = (
    Name("name", max_length=MAX_ENTRY_NAME),
    Field("players", help="The entry's players (two; one in belote_2p)."),
    Int("seed", required=False, nullable=True, min=1, max=10**6),
)
TOURNAMENT_FIELDS = frozenset(f.name for f in TOURNAMENT)
ENTRY_FIELDS = frozenset(f.name for f in ENTRY)
MAX_STAGES = 2
# The variant played only in individual events (format ``melee``), five to a table.
INDIVIDUAL_ONLY = frozenset({"trionfo"})


@dataclass(frozen=True)
class EntryInput:
    name: str
    players: tuple[str, ...]
    seed: int | None


@dataclass(frozen=True)
class TournamentInput:
    """A new tournament, checked: what ``services.tournament_create`` takes (built from
    a body by ``tournament_input``, from a form or a caller's fields by ``tournament_spec``)."""

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


def item(field: str, index: int) -> str:
    """The name of a list's item in an error: ``entries[3]``."""
    return f"{field}[{index}]"


ITEM = re.compile(r"^(\w+)\[(\d+)\]")


def item_of(field: str) -> tuple[str, int] | None:
    """The list and index an error's field starts with (``entries[3].name``: entries, 3)."""
    found = ITEM.match(field)
    return (found[1], int(found[2])) if found else None


def refuse_unknown(data: Mapping[str, Any], known: Set[str], prefix: str = "") -> None:
    unknown = sorted(str(key)[:40] for key in data if key not in known)
    if unknown:
        raise RuleViolation(prefix + unknown[0], _("Unknown field '{key}'."), key=unknown[0])


def _declared(fields: Sequence[Field], data: Mapping[str, Any], prefix: str) -> dict[str, Any]:
    """``data`` checked against declared ``fields``, a refusal named under ``prefix``."""
    try:
        return clean_fields(fields, data)
    except RuleViolation as violation:
        if not prefix:
            raise
        raise RuleViolation(
            prefix + violation.field, violation.template, **violation.params
        ) from None


def tournament_input(data: Any) -> TournamentInput:
    data = body(data)
    refuse_unknown(data, TOURNAMENT_FIELDS)
    given = _declared(TOURNAMENT, data, "")
    variant = rules.get_variant(given["variant"])
    stages = stages_input(given["stages"], variant)
    individual = is_individual(stages)
    if variant.slug in INDIVIDUAL_ONLY and not individual:
        variant_input(variant.slug)  # refused: trionfo is played only in a melee
    # The table every match will be created with, checked now: a setting the start would
    # refuse (an option, games_to_win, a limit) is refused at the creation, by its field.
    table = rules.make_table(
        variant,
        [f"P{seat}" for seat in range(variant.players)],
        given["options"],
        given["games_to_win"],
        limits=MatchLimits(hands_per_match=given["hands_per_match"], at_time=given["at_time"]),
    )
    _check_stage_games(variant, stages, table)
    return TournamentInput(
        name=given["name"],
        variant=variant.slug,
        options=dict(table.options),
        games_to_win=table.games_to_win,
        hands_per_match=given["hands_per_match"],
        round_minutes=given["round_minutes"],
        break_minutes=given["break_minutes"],
        stages=stages,
        tiebreaks=tiebreaks_input(given["tiebreaks"]),
        bye_points=given["bye_points"],
        auto_advance=given["auto_advance"],
        confirm_results=given["confirm_results"],
        at_time=given["at_time"],
        entries=entries_input(given["entries"], variant, individual=individual),
    )


def tournament_spec(fields: Mapping[str, Any]) -> TournamentInput:
    """A new tournament from the fields a form or a caller gives: a ``None`` is a field
    left out (its default)."""
    if not isinstance(fields, Mapping):
        raise RuleViolation("name", _("The body must be a JSON object."))
    return tournament_input({key: value for key, value in fields.items() if value is not None})


def _check_stage_games(
    variant: rules.Variant, stages: Sequence[StageSpec], table: rules.Table
) -> None:
    """A stage's own ``games_to_win`` checked as its matches will be made (a session plays
    one game), named by the stage."""
    for index, stage in enumerate(stages):
        games = stage.settings.get("games_to_win")
        if games is None or games == table.games_to_win:
            continue
        try:
            rules.make_table(variant, list(table.players), dict(table.options), games)
        except RuleViolation as violation:
            raise RuleViolation(
                f"stages.{index}.{violation.field}", violation.template, **violation.params
            ) from None


def is_individual(stages: Sequence[StageSpec]) -> bool:
    """Whether the entries are single players: the only stage is an individual format."""
    return len(stages) == 1 and FORMATS[stages[0].format].individual


# What a director may change at any time (``PATCH``): declared once, in ``TOURNAMENT``.
# A new ``hands_per_match`` applies to the matches still being played (not below the hand
# one of them is at) and to those drawn next; a finished match keeps its own.
SETTINGS = (
    "name",
    "auto_advance",
    "hands_per_match",
    "round_minutes",
    "break_minutes",
    "confirm_results",
)


def settings_input(data: Any) -> dict[str, Any]:
    """The settings given, checked as at the creation (only those given)."""
    data = body(data)
    refuse_unknown(data, set(SETTINGS))
    return clean_fields([f for f in TOURNAMENT if f.name in data], data)


def variant_input(value: Any, *, individual: bool = False) -> rules.Variant:
    """A variant a tournament of teams is played in (a stored tournament's, or given);
    ``individual``: also a variant played only in individual events (trionfo)."""
    found = rules.find_variant(value) if isinstance(value, str) else None
    allowed = set(team_variants()) | (INDIVIDUAL_ONLY if individual else set())
    if found is None or found.slug not in allowed:
        raise RuleViolation(
            "variant",
            _("Tournaments are played in one of: {slugs}."),
            slugs=", ".join(team_variants()),
        )
    return found


def seats(variant: rules.Variant) -> int:
    """The players at a table of an individual event: 5 in trionfo, else 4 (two teams)."""
    return variant.players


def stages_input(value: Any, variant: rules.Variant) -> tuple[StageSpec, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_STAGES:
        raise RuleViolation("stages", _("Give one or two stages."))
    specs = []
    for index, raw in enumerate(value):
        field = f"stages.{index}"
        if not isinstance(raw, Mapping):
            raise RuleViolation(field, _("Must be a JSON object."))
        if "format" not in raw:
            raise RuleViolation(field + ".format", _("This field is required."))
        fmt_name = raw["format"]
        fmt = FORMATS.get(fmt_name) if isinstance(fmt_name, str) else None
        if fmt is None:
            raise RuleViolation(
                field + ".format",
                _("Unknown format. Choose one of: {names}."),
                names=", ".join(FORMATS),
            )
        if fmt.individual and (len(value) > 1 or not _individual_variant(variant)):
            raise RuleViolation(
                field + ".format",
                _(
                    "An individual event is the only stage, in a four-player partnership "
                    "variant or trionfo."
                ),
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
        if fmt.individual:
            rest["seats"] = seats(variant)
        settings = fmt.configure(rest, field)
        if "games_to_win" in raw:  # its own, where la bella is kept for the knockout
            settings["games_to_win"] = _games_to_win(raw["games_to_win"], field)
        specs.append(
            StageSpec(format=fmt.name, settings=settings, advance=advance if index else None)
        )
    return tuple(specs)


def _individual_variant(variant: rules.Variant) -> bool:
    return variant.slug in INDIVIDUAL_ONLY or (variant.players == 4 and team_size(variant) == 2)


def _games_to_win(value: Any, field: str) -> int:
    if not is_int(value) or value not in GAMES_TO_WIN:
        raise RuleViolation(
            field + ".games_to_win", _("Must be 1 (one game) or 2 (best of three).")
        )
    return int(value)


def tiebreaks_input(value: Any) -> tuple[str, ...]:
    if isinstance(value, tuple):  # the declared default
        return value
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


def entries_input(
    value: Any, variant: rules.Variant, *, individual: bool = False
) -> tuple[EntryInput, ...]:
    """A list of entries, each named by its index (``entries[3].name``) when refused."""
    if isinstance(value, tuple):  # the declared default
        return ()
    if not isinstance(value, list) or len(value) > MAX_ENTRIES:
        raise RuleViolation("entries", _("Must be a list."))
    entries = tuple(
        entry_input(raw, variant, item("entries", index) + ".", individual=individual)
        for index, raw in enumerate(value)
    )
    check_unique(entries, [], "entries")
    return entries


def entry_input(
    raw: Any, variant: rules.Variant, prefix: str = "", *, individual: bool = False
) -> EntryInput:
    """One entry; ``prefix`` names it in a list (``entries[3].``), empty for one alone.
    ``individual``: a single player, named by ``name`` (``players`` is that one name)."""
    if not isinstance(raw, Mapping):
        raise RuleViolation(prefix.rstrip(".") or "non_field_errors", _("Must be a JSON object."))
    if individual:
        refuse_unknown(raw, ENTRY_FIELDS - {"players"}, prefix)
        given = _declared([f for f in ENTRY if f.name != "players"], raw, prefix)
        name = clean_name(given["name"], prefix + "name", MAX_PLAYER_NAME)
        return EntryInput(name=name, players=(name,), seed=given["seed"])
    refuse_unknown(raw, ENTRY_FIELDS, prefix)
    given = _declared(ENTRY, raw, prefix)
    return EntryInput(
        name=given["name"],
        players=players_input(given["players"], variant, prefix + "players"),
        seed=given["seed"],
    )


def team_size(variant: rules.Variant) -> int:
    return variant.players // len(variant.teams or ((0,),))


def players_input(value: Any, variant: rules.Variant, field: str) -> tuple[str, ...]:
    size = team_size(variant)
    if not isinstance(value, list) or len(value) != size:
        raise RuleViolation(
            field, _("An entry of {variant} has {count} players."), variant=variant.name, count=size
        )
    # A player's name is a match's player name: the match's rule and limit.
    names = tuple(
        clean_name(name, item(field, index), MAX_PLAYER_NAME) for index, name in enumerate(value)
    )
    if len(set(names)) != len(names):
        raise RuleViolation(
            field,
            _("Each player needs a different name: {name} is there twice."),
            name=next(name for name in names if names.count(name) > 1),
        )
    return names


def check_unique(
    new: Sequence[EntryInput], existing: Sequence[tuple[str, int | None]], field: str
) -> None:
    """Names (and seeds) already taken, by existing entries or earlier new ones. ``field``
    names the list (``entries``: a refusal names ``entries[3].name``), empty for one entry.
    """
    names = {name.casefold() for name, _seed in existing}
    seeds = {seed for _name, seed in existing if seed is not None}
    listed = field.rstrip(".")
    for index, entry in enumerate(new):
        where = item(listed, index) + "." if listed else ""
        if entry.name.casefold() in names:
            raise RuleViolation(
                where + "name", _("Another entry is already called {name}."), name=entry.name
            )
        if entry.seed is not None and entry.seed in seeds:
            raise RuleViolation(where + "seed", _("Seed {seed} is already taken."), seed=entry.seed)
        names.add(entry.name.casefold())
        if entry.seed is not None:
            seeds.add(entry.seed)
