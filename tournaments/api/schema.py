"""OpenAPI descriptions of the tournament API's bodies (drf-spectacular reads these).

The bodies a director sends are described from their one declaration,
``validation.TOURNAMENT`` and ``validation.ENTRY``: the same fields, limits, choices and
defaults as the checks the service runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rest_framework import serializers

from scorekeeper.rules.fields import Bool, Choice, Field, Int
from scorekeeper.rules.names import Name

from .. import validation
from ..brackets import FORMATS
from ..brackets.shapes import SHAPES
from ..brackets.standings import TIEBREAKS
from ..brackets.vocabulary import PairingStatus, RoundStatus, TournamentStatus


def ints(*, null: bool = False) -> serializers.ListField:
    return serializers.ListField(child=serializers.IntegerField(), allow_null=null)


def described(field: Field) -> serializers.Field:
    """A declared field (``validation``) as the schema shows it: its type, limits, choices,
    default and whether it is required or may be null."""
    extra: dict[str, Any] = {"required": field.required, "allow_null": field.nullable}
    if field.help:
        extra["help_text"] = field.help
    if not field.required and field.default is not None:
        default = field.default
        extra["default"] = list(default) if isinstance(default, tuple) else default
    if isinstance(field, Name):
        return serializers.CharField(min_length=1, max_length=field.max_length, **extra)
    if isinstance(field, Int):
        return serializers.IntegerField(min_value=field.min, max_value=field.max, **extra)
    if isinstance(field, Bool):
        return serializers.BooleanField(**extra)
    if isinstance(field, Choice):
        return serializers.ChoiceField(choices=list(field.choices), **extra)
    return COMPOSITE[field.name](**extra)


def declared(name: str, fields: Sequence[Field], **more: serializers.Field) -> type:
    """A serializer for the schema, built from a declaration (it validates nothing: the
    service checks bodies against the same declaration)."""
    attrs: dict[str, Any] = {f.name: described(f) for f in fields}
    return type(name, (serializers.Serializer,), {**attrs, **more})


class StageSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=list(FORMATS))
    advance = serializers.IntegerField(
        required=False, min_value=2, help_text="A second stage: how many entries go on."
    )


def _players(**extra: Any) -> serializers.Field:
    name = serializers.CharField(min_length=1, max_length=validation.MAX_PLAYER_NAME)
    return serializers.ListField(child=name, min_length=1, max_length=2, **extra)


# The declared fields whose value is more than a type and limits: described here, checked
# by their own functions in ``validation``.
COMPOSITE: dict[str, Any] = {
    "options": serializers.DictField,
    # (many=True hands its limits to the list serializer, which the stubs do not say)
    "stages": lambda **extra: StageSerializer(  # type: ignore[call-arg]
        many=True, min_length=1, max_length=2, **extra
    ),
    "tiebreaks": lambda **extra: serializers.ListField(
        child=serializers.ChoiceField(choices=list(TIEBREAKS)), **extra
    ),
    "entries": lambda **extra: EntrySerializer(  # type: ignore[has-type]
        many=True, max_length=validation.MAX_ENTRIES, **extra
    ),
    "players": _players,
}
EntrySerializer = declared(
    "EntrySerializer",
    validation.ENTRY,
    number=serializers.IntegerField(read_only=True, help_text="1, 2, … never reused."),
    active=serializers.BooleanField(read_only=True),
)


class PairingSerializer(serializers.Serializer):
    slot = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    entries = ints()
    bye = serializers.BooleanField()
    shape = serializers.ChoiceField(
        choices=list(SHAPES), help_text="The table's shape: two, teams, places or bye."
    )
    bracket = serializers.CharField(allow_null=True)
    group = serializers.IntegerField(allow_null=True)
    match = serializers.CharField(
        allow_null=True,
        required=False,
        help_text="The match's key: only through the director's id.",
    )
    match_view = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=[s.value for s in PairingStatus])
    result = serializers.ChoiceField(choices=["win", "draw"], allow_null=True)
    points = ints(null=True)
    winner = serializers.IntegerField(allow_null=True)
    games_won = ints(null=True)
    decided_by = serializers.ChoiceField(choices=["table", "director", "bye"])
    ends_at = serializers.DateTimeField(allow_null=True)
    time_called = serializers.BooleanField()


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    stage = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=[s.value for s in RoundStatus])
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField(allow_null=True)
    time_called = serializers.BooleanField()
    seed = serializers.IntegerField()
    pairings = PairingSerializer(many=True)


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    entry = serializers.IntegerField()
    name = serializers.CharField()
    active = serializers.BooleanField()
    group = serializers.IntegerField(required=False)
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    match_points = serializers.IntegerField()
    games_won = serializers.IntegerField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    points_diff = serializers.IntegerField()
    buchholz = serializers.IntegerField()
    median_buchholz = serializers.IntegerField()
    sonneborn_berger = serializers.FloatField()
    head_to_head = serializers.IntegerField()
    partners = serializers.IntegerField(
        required=False, help_text="Individual events: how many different partners."
    )
    why = serializers.CharField()


class TableKeySerializer(serializers.Serializer):
    table = serializers.IntegerField()
    key = serializers.CharField()


class TournamentSerializer(serializers.Serializer):
    id = serializers.CharField(
        required=False, help_text="The director's key; only shown to whoever holds it."
    )
    view_id = serializers.CharField(help_text="The public link.")
    name = serializers.CharField()
    variant = serializers.CharField()
    options = serializers.DictField()
    games_to_win = serializers.IntegerField()
    hands_per_match = serializers.IntegerField(allow_null=True)
    round_minutes = serializers.IntegerField(allow_null=True)
    break_minutes = serializers.IntegerField()
    stages = serializers.ListField(child=serializers.DictField())
    tiebreaks = serializers.ListField(child=serializers.CharField())
    bye_points = serializers.IntegerField()
    auto_advance = serializers.BooleanField()
    at_time = serializers.CharField()
    status = serializers.ChoiceField(choices=[s.value for s in TournamentStatus])
    stage = serializers.IntegerField(allow_null=True)
    round = serializers.IntegerField(allow_null=True)
    champion = serializers.IntegerField(allow_null=True)
    version = serializers.IntegerField(help_text="Bumped on every change (an ETag).")
    standings_version = serializers.IntegerField(
        help_text="The version the standings shown were computed for: below version while "
        "their refresh is due (a large event's standings follow its results by seconds)."
    )
    entries = EntrySerializer(many=True)
    rounds = RoundSerializer(many=True)
    standings = StandingSerializer(many=True)
    tables = TableKeySerializer(
        many=True, required=False, help_text="Each table's key: only through the director's id."
    )


class LinksSerializer(serializers.Serializer):
    round = serializers.URLField(help_text="Round 1, its pairings by pages.")
    rounds = serializers.URLField()
    standings = serializers.URLField()
    entries = serializers.URLField()


class TournamentStartSerializer(TournamentSerializer):
    """The tournament without what grows with it (entries, rounds, standings, table keys):
    links to them instead."""

    entries = None
    rounds = None  # type: ignore[assignment]
    standings = None  # type: ignore[assignment]
    tables = None  # type: ignore[assignment]
    links = LinksSerializer()


class TableSerializer(serializers.Serializer):
    tournament = serializers.CharField(help_text="The tournament's view_id.")
    name = serializers.CharField()
    table = serializers.IntegerField()
    tournament_status = serializers.CharField()
    round = serializers.IntegerField(allow_null=True)
    round_status = serializers.CharField(allow_null=True)
    match = serializers.CharField(
        allow_null=True, help_text="The key of the match now played at this table."
    )
    match_view = serializers.CharField(allow_null=True)
    entries = ints(null=True)
    starts_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True)
    next = serializers.CharField(required=False, help_text="Between rounds: what comes next.")
