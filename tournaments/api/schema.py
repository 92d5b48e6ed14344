"""OpenAPI descriptions of the tournament API's bodies (drf-spectacular reads these)."""

from __future__ import annotations

from rest_framework import serializers


def ints(*, null: bool = False) -> serializers.ListField:
    return serializers.ListField(child=serializers.IntegerField(), allow_null=null)


class EntrySerializer(serializers.Serializer):
    number = serializers.IntegerField(read_only=True, help_text="1, 2, … never reused.")
    name = serializers.CharField(max_length=80)
    players = serializers.ListField(
        child=serializers.CharField(max_length=40), help_text="Two players (belote_2p: one)."
    )
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    active = serializers.BooleanField(read_only=True)


class EntryPatchSerializer(serializers.Serializer):
    active = serializers.BooleanField(required=False, help_text="false: the entry drops out.")
    name = serializers.CharField(required=False)
    players = serializers.ListField(child=serializers.CharField(), required=False)
    seed = serializers.IntegerField(required=False, help_text="Only before the start.")


class StageSerializer(serializers.Serializer):
    format = serializers.ChoiceField(
        choices=["swiss", "round_robin", "single_elimination", "double_elimination"]
    )
    advance = serializers.IntegerField(
        required=False, help_text="A second stage: how many entries go on."
    )


class TournamentCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    variant = serializers.CharField(help_text="Any variant but trionfo.")
    options = serializers.DictField(required=False)
    games_to_win = serializers.IntegerField(required=False, min_value=1, max_value=2)
    hands_per_match = serializers.IntegerField(required=False, allow_null=True)
    round_minutes = serializers.IntegerField(required=False, allow_null=True)
    break_minutes = serializers.IntegerField(required=False)
    stages = StageSerializer(
        many=True, help_text="One or two stages; each also takes its format's settings."
    )
    tiebreaks = serializers.ListField(child=serializers.CharField(), required=False)
    bye_points = serializers.IntegerField(required=False)
    auto_advance = serializers.BooleanField(required=False)
    at_time = serializers.ChoiceField(choices=["finish_hand", "one_more_hand"], required=False)
    entries = EntrySerializer(many=True, required=False)


class PairingSerializer(serializers.Serializer):
    slot = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    entries = ints()
    bye = serializers.BooleanField()
    bracket = serializers.CharField(allow_null=True)
    group = serializers.IntegerField(allow_null=True)
    match = serializers.CharField(
        allow_null=True,
        required=False,
        help_text="The match's key: only through the director's id.",
    )
    match_view = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=["in_progress", "finished"])
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
    status = serializers.ChoiceField(choices=["playing", "complete"])
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
    status = serializers.ChoiceField(choices=["registration", "running", "finished"])
    stage = serializers.IntegerField(allow_null=True)
    round = serializers.IntegerField(allow_null=True)
    champion = serializers.IntegerField(allow_null=True)
    version = serializers.IntegerField(help_text="Bumped on every change (an ETag).")
    entries = EntrySerializer(many=True)
    rounds = RoundSerializer(many=True)
    standings = StandingSerializer(many=True)
    tables = TableKeySerializer(
        many=True, required=False, help_text="Each table's key: only through the director's id."
    )


class ResultSerializer(serializers.Serializer):
    winner = serializers.IntegerField(required=False, help_text="The winning entry's number.")
    draw = serializers.BooleanField(required=False, help_text="Not in an elimination stage.")
    points = ints()
    reason = serializers.CharField(required=False, max_length=200)


class ClockSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=["call_time", "extend"])
    minutes = serializers.IntegerField(required=False, min_value=1, max_value=600)
    slot = serializers.IntegerField(required=False, help_text="One table only.")


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
