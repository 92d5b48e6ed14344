"""OpenAPI descriptions of the API's bodies (drf-spectacular reads these)."""

from __future__ import annotations

from typing import Any, cast

from rest_framework import serializers

from .. import rules
from ..rules.match import GAMES_TO_WIN

# A JSON object the API answers or takes, described for drf-spectacular (the views answer
# plain dicts: no instance goes through these serializers).
Body = serializers.Serializer[dict[str, Any]]


class OptionSerializer(Body):
    type = serializers.ChoiceField(choices=["integer", "boolean", "choice"])
    default = serializers.JSONField()
    choices = serializers.ListField(child=serializers.JSONField(), required=False)


class VariantSerializer(Body):
    slug = serializers.CharField()
    name = serializers.CharField()
    family = serializers.CharField()
    description = serializers.CharField()
    players = serializers.IntegerField()
    teams = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()), allow_null=True
    )
    individual = serializers.BooleanField()
    session = serializers.BooleanField()
    suits = serializers.ListField(child=serializers.CharField())
    default_games_to_win = serializers.IntegerField()
    options = serializers.DictField(child=OptionSerializer())
    hand_schema = serializers.JSONField(help_text="A JSON Schema of the hand payload.")


class MatchCreateSerializer(Body):
    variant = serializers.ChoiceField(choices=[])
    players = serializers.ListField(
        child=serializers.CharField(max_length=40), help_text="Names in seat order (order of play)."
    )
    options = serializers.DictField(
        required=False, help_text="Any subset of the variant's options."
    )
    games_to_win = serializers.IntegerField(
        required=False,
        min_value=min(GAMES_TO_WIN),
        max_value=max(GAMES_TO_WIN),
        help_text="1: one game; 2: best of three.",
    )
    first_dealer = serializers.IntegerField(required=False, min_value=0)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Declared as a ChoiceField above; ``fields`` is typed by its base class.
        cast(serializers.ChoiceField, self.fields["variant"]).choices = list(rules.VARIANTS)


class HandSerializer(Body):
    number = serializers.IntegerField()
    game = serializers.IntegerField()
    input = serializers.JSONField(help_text="The payload as accepted.")
    dealer = serializers.IntegerField()
    first_to_speak = serializers.IntegerField(allow_null=True)
    delta = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    player_delta = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    scores_after = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    player_scores_after = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    thrown_in = serializers.BooleanField()
    summary = serializers.CharField()
    details = serializers.JSONField()
    ended_game = serializers.BooleanField()
    game_winner = serializers.IntegerField(allow_null=True)


class GameSerializer(Body):
    number = serializers.IntegerField()
    scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    player_scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    finished = serializers.BooleanField()


class NextSerializer(Body):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    first_to_speak = serializers.IntegerField(allow_null=True)


class ChangeSerializer(Body):
    number = serializers.IntegerField()
    action = serializers.ChoiceField(choices=["correct", "undo"])
    before = serializers.DictField(
        help_text="The hand before the change: its payload (`input`), `game` and `result`."
    )
    after = serializers.DictField(
        allow_null=True,
        help_text="The new payload, as the correction gave it; null for an undo.",
    )
    at = serializers.DateTimeField()


class MatchSerializer(Body):
    id = serializers.CharField(
        required=False, help_text="The key to the match; only shown to whoever holds it."
    )
    view_id = serializers.CharField(help_text="The spectators' read-only key.")
    variant = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())
    teams = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()), allow_null=True
    )
    options = serializers.DictField()
    games_to_win = serializers.IntegerField()
    first_dealer = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["in_progress", "finished"])
    closed = serializers.BooleanField()
    game = serializers.IntegerField()
    scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    player_scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    games_won = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    games = GameSerializer(many=True)
    winner = serializers.IntegerField(allow_null=True)
    next = NextSerializer(allow_null=True)
    hands = HandSerializer(many=True)
    changes = ChangeSerializer(many=True)
    created_at = serializers.DateTimeField()
    tournament = serializers.CharField(
        allow_null=True, help_text="The tournament's view_id; null for a friendly match."
    )
    round = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    hands_per_match = serializers.IntegerField(
        allow_null=True, help_text="The match ends after that many hands; null: no limit."
    )
    at_time = serializers.ChoiceField(
        choices=["finish_hand", "one_more_hand"],
        allow_null=True,
        help_text="When time is called: the hand in play is the "
        "last, or one more is played; null for a "
        "friendly match.",
    )
    time_called = serializers.BooleanField()
    draw = serializers.BooleanField(help_text="Finished level at a limit.")
    points = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="Per side: the sum of its final score in every "
        "game of the match (null for trionfo).",
    )


def hand_payload_schema() -> dict[str, Any]:
    """Every variant's hand payload, from the variants' own declarations: ``anyOf``, since
    one payload (a thrown-in hand) can be valid in several variants."""
    return {
        "anyOf": [
            {**variant.hand_schema(), "title": variant.slug} for variant in rules.VARIANTS.values()
        ],
        "description": "The variant's hand payload (see /api/variants/{slug}/), plus an "
        "optional `number`: the hand number the client believes it enters.",
    }
