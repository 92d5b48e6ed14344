"""Clubs (``../shared/clubs.md``): a club's players, its seasons and their ratings.

A *club* keeps its *players* (numbered, never reused; one per name as compared), its
*seasons* (the tournaments that count towards each, and how they score) and the players'
ratings (``mu``, ``sigma``). An *entry* of a club's tournament names the club's players
(``EntryPlayer``); every finished pairing the ratings took is kept in finished order
(``RatedPairing``), so a replay starts at the first that changed.
"""

from __future__ import annotations

import uuid

from django.db import models

from scorekeeper.models import new_view_id

from ..brackets import vocabulary
from .tournament import Entry, Pairing, Tournament


class Club(models.Model):
    """A club: its tournaments, players and seasons. The id is the director's key; the
    view_id the public link. ``ratings_version`` is bumped by every store of the ratings, so
    a replay computed without a lock is stored only if nothing was stored meanwhile."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    view_id = models.CharField(max_length=64, unique=True, default=new_view_id, editable=False)
    name = models.CharField(max_length=vocabulary.CLUB_NAME)
    language = models.CharField(max_length=8, default="en")
    next_player = models.PositiveIntegerField(default=1, help_text="Numbers are never reused.")
    next_season = models.PositiveIntegerField(default=1)
    rated_up_to = models.PositiveIntegerField(
        default=0, help_text="How many finished pairings, in finished order, are rated."
    )
    ratings_version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3


class Player(models.Model):
    """A person of one club. ``key`` is the name compared (NFC, case folded, trimmed)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=vocabulary.PLAYER_NAME)
    key = models.CharField(max_length=200)
    mu = models.FloatField(default=DEFAULT_MU)
    sigma = models.FloatField(default=DEFAULT_SIGMA)
    rated_pairings = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "number"]
        constraints = [
            models.UniqueConstraint(fields=["club", "number"], name="one_player_per_number"),
            models.UniqueConstraint(fields=["club", "key"], name="one_player_per_name"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class Season(models.Model):
    class Scoring(models.TextChoices):
        PLACEMENT = "placement", "placement"
        MATCH_POINTS = "match_points", "match points"
        AVERAGE_PLACEMENT = "average_placement", "average placement"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=vocabulary.SEASON_NAME)
    scoring = models.CharField(max_length=24, choices=Scoring.choices)
    points = models.JSONField(default=list, help_text="Points for rank 1, 2, … (placement).")
    best_of = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "number"]
        constraints = [
            models.UniqueConstraint(fields=["club", "number"], name="one_season_per_number"),
        ]

    def __str__(self) -> str:
        return self.name


class EntryPlayer(models.Model):
    """An entry of a club's tournament names the club's players, in seat order."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="club_players")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="entries")
    seat = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["entry", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "seat"], name="one_player_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.player_id}"


class RatedPairing(models.Model):
    """One finished pairing as the ratings took it, at ``position`` in finished order: the
    teams (player ids, two or more teams) and their ranks, so a replay starts at the first
    that changed, and each player's rating after it (``after``: ``[[player_id, mu, sigma],
    …]`` in teams' order: the players' rating histories and the ratings a replay starts
    from)."""

    # No foreign key constraint in the database (Django still deletes these rows with their
    # club or pairing): a full replay writes 100,000 rows, and checking each one's two keys
    # at the commit took as long as writing them. The club's own index would repeat the
    # first column of ``one_rated_per_position``.
    club = models.ForeignKey(
        Club,
        on_delete=models.CASCADE,
        related_name="rated_pairings",
        db_constraint=False,
        db_index=False,
    )
    position = models.PositiveIntegerField()
    pairing = models.ForeignKey(
        Pairing, on_delete=models.CASCADE, related_name="+", db_constraint=False
    )
    finished_at = models.DateTimeField(help_text="The pairing's, when it was rated.")
    teams = models.JSONField(help_text="[[player_id, …], …]: each team's players.")
    ranks = models.JSONField(help_text="Each team's rank, 1 first; level teams share it.")
    after = models.JSONField(default=list, help_text="[[player_id, mu, sigma], …]")

    class Meta:
        ordering = ["club", "position"]
        constraints = [
            models.UniqueConstraint(fields=["club", "position"], name="one_rated_per_position"),
        ]
        indexes = [models.Index(fields=["club", "finished_at"])]

    def __str__(self) -> str:
        return f"{self.position}: {self.ranks}"


class RatingsDue(models.Model):
    """A change of a club's results (a result, its correction, its removal) that the club's
    ratings may not follow yet: written by the change's own transaction, deleted by the
    rating update stored after it (``since``: the first finished stamp it may touch, where
    that update replays from). Still there a tick after ``created_at``, its update was lost
    (a killed worker, a broker down): the clock redoes it and the desks say so."""

    # No foreign key constraints in the database (Django still deletes these rows with their
    # club or tournament): their checks would take a share lock on the club's row (which the
    # club's writes lock) and on the tournament's, and a result would wait on them.
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="ratings_due", db_constraint=False
    )
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="ratings_due", db_constraint=False
    )
    since = models.DateTimeField(help_text="The first finished stamp the change may touch.")
    created_at = models.DateTimeField(help_text="When the change was stored.")

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["created_at"])]

    def __str__(self) -> str:
        return f"{self.club_id} from {self.since}"
