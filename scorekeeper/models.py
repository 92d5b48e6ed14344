"""Matches, their hands as entered, and the audit trail of every correction and undo.

The hand as entered (``Hand.input``) is the truth. What the engine computed from it
(``Hand.result``) and the match's running state (``Match.state``) are caches that the
services own and rebuild from the payloads whenever a hand changes.
"""

from __future__ import annotations

import secrets
import uuid

from django.db import models


def new_view_id() -> str:
    return secrets.token_urlsafe(24)


class Match(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "in progress"
        FINISHED = "finished", "finished"

    # The id is the key to the match: whoever holds it may enter hands.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    view_id = models.CharField(max_length=64, unique=True, default=new_view_id, editable=False)
    variant = models.CharField(max_length=32)
    players = models.JSONField()
    options = models.JSONField(help_text="Every option, resolved at creation.")
    games_to_win = models.PositiveSmallIntegerField(default=1)
    first_dealer = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.IN_PROGRESS)
    winner = models.SmallIntegerField(null=True, blank=True)
    closed = models.BooleanField(default=False, help_text="Closed by the table.")
    state = models.JSONField(help_text="The engine's state after the last hand (a cache).")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # A tournament's limits (rules/limits.py); a friendly match has none.
    hands_per_match = models.PositiveSmallIntegerField(null=True, blank=True)
    at_time = models.CharField(max_length=16, default="finish_hand",
                               choices=[("finish_hand", "finish the hand"),
                                        ("one_more_hand", "one more hand")])
    draws_allowed = models.BooleanField(default=True, help_text="Level at a limit: a draw "
                                        "(else play goes on until one side is ahead).")
    time_called_after = models.PositiveIntegerField(
        null=True, blank=True, help_text="The number of hands recorded when time was called.")
    # Where a tournament placed the match; null for a friendly match.
    tournament = models.CharField(max_length=64, null=True, blank=True,  # noqa: DJ001 (null: friendly)
                                  help_text="The tournament's public view_id.")
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "matches"
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["tournament", "round"], name="match_tournament_round")]

    def __str__(self) -> str:
        return f"{self.variant}: {', '.join(self.players)}"


class Hand(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    game = models.PositiveSmallIntegerField()
    input = models.JSONField(help_text="The payload as entered.")
    result = models.JSONField(help_text="What the engine computed from it (a cache).")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_hand_per_number"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.match_id}"


class HandChange(models.Model):
    """An audit record: a hand corrected or undone, with what it was before."""

    class Action(models.TextChoices):
        CORRECT = "correct", "correction"
        UNDO = "undo", "undo"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=16, choices=Action.choices)
    before = models.JSONField(help_text="The hand's payload and result before the change.")
    after = models.JSONField(null=True, blank=True, help_text="The new payload (corrections).")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.action} of hand {self.number}"


class IdempotentRequest(models.Model):
    """The first answer to a POST that carried an Idempotency-Key, to repeat it on retries."""

    key = models.CharField(max_length=255)
    path = models.CharField(max_length=255)
    body_hash = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    response = models.JSONField(null=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["key", "path"], name="one_answer_per_key"),
        ]

    def __str__(self) -> str:
        return f"{self.key} on {self.path}"
