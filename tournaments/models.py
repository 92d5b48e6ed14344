"""Tournaments: entries, stages, rounds, pairings (each with its table's match), table keys
and the audit of the director's results.

Terms (see ``../shared/tournaments.md``): a *tournament* has *entries*, one or two *stages*
and *rounds* numbered from 1 across the whole tournament; a *pairing* seats its entries at a
numbered table in a real match of the site as its *shape* says (``brackets.shapes``: two
entries; four or five players of an individual event), or gives one entry a *bye*.

The facts are the entries, the draws (rounds and pairings, with their random seeds) and the
results. The standings are a copy kept by version (``TournamentState``, a row of its own that
results write without locking the tournament's): the services store them at an advance and
refresh them after results (``services.standings``), so reads never recompute them.
"""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from django.db import models

from scorekeeper.models import Match, new_view_id

from .brackets import vocabulary
from .brackets.shapes import TWO, Shape, get_shape
from .brackets.vocabulary import SHAPE_NAME, PairingStatus, RoundStatus, TournamentStatus

WORDS = vocabulary.STATUS_WORDS


def new_table_key() -> str:
    return secrets.token_urlsafe(24)


# A table's short code, typed by hand when the QR cannot be scanned: no 0/O, 1/I/L.
TABLE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
TABLE_CODE_LENGTH = 6


def new_table_code() -> str:
    return "".join(secrets.choice(TABLE_CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH))


class TournamentManager(models.Manager["Tournament"]):
    """Every tournament read with its state (one join): its version and stored standings."""

    def get_queryset(self) -> models.QuerySet[Tournament]:
        return super().get_queryset().select_related("state")


class Tournament(models.Model):
    class Status(models.TextChoices):  # the engine's vocabulary (``brackets.vocabulary``)
        REGISTRATION = TournamentStatus.REGISTRATION.value, WORDS[TournamentStatus.REGISTRATION]
        RUNNING = TournamentStatus.RUNNING.value, WORDS[TournamentStatus.RUNNING]
        FINISHED = TournamentStatus.FINISHED.value, WORDS[TournamentStatus.FINISHED]

    # The id is the director's key; the view_id the public link.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    view_id = models.CharField(max_length=64, unique=True, default=new_view_id, editable=False)
    name = models.CharField(max_length=vocabulary.TOURNAMENT_NAME)
    variant = models.CharField(max_length=32)
    options = models.JSONField(help_text="Every option of the variant, resolved.")
    games_to_win = models.PositiveSmallIntegerField(default=1)
    hands_per_match = models.PositiveSmallIntegerField(null=True, blank=True)
    round_minutes = models.PositiveIntegerField(null=True, blank=True)
    break_minutes = models.PositiveIntegerField(default=5)
    tiebreaks = models.JSONField()
    bye_points = models.IntegerField(default=0)
    auto_advance = models.BooleanField(default=True)
    confirm_results = models.BooleanField(
        default=False,
        help_text="A match ended at the table waits for the other side's agreement.",
    )
    at_time = models.CharField(max_length=16, default="finish_hand")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    stage = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The number of the stage in play."
    )
    round = models.PositiveIntegerField(
        null=True, blank=True, help_text="The number of the round in play."
    )
    champion = models.PositiveIntegerField(
        null=True, blank=True, help_text="The winning entry's number."
    )
    next_entry = models.PositiveIntegerField(default=1, help_text="Numbers are never reused.")
    problem = models.CharField(
        max_length=500,
        blank=True,
        default="",
        help_text="Why the automatic advance failed; cleared when the director acts.",
    )
    problem_since = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # A club's tournament (migration 0004_clubs), and the season it counts towards.
    club = models.ForeignKey(
        "Club", on_delete=models.PROTECT, null=True, blank=True, related_name="tournaments"
    )
    season = models.ForeignKey(
        "Season", on_delete=models.SET_NULL, null=True, blank=True, related_name="tournaments"
    )

    objects = TournamentManager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    # What changes with every result lives in ``TournamentState`` (its own row): read here.
    @property
    def version(self) -> int:
        return self.state.version

    @property
    def standings(self) -> list[dict[str, Any]]:
        return self.state.standings

    @standings.setter
    def standings(self, rows: list[dict[str, Any]]) -> None:  # shown, not saved
        self.state.standings = rows

    @property
    def standings_version(self) -> int:
        return self.state.standings_version

    @property
    def standings_queued(self) -> bool:
        return self.state.standings_queued

    @property
    def standings_rest(self) -> Any:
        return self.state.standings_rest


class TournamentState(models.Model):
    """A tournament's version and stored standings, apart from its row: a result bumps the
    version here (its last statement, so this row is held only until the commit) and never
    locks the tournament's row, which the director's writes and the advance hold. The
    standings are a copy kept by version (``standings_version``): the services store them at
    an advance and refresh them after results (``services.standings``), so reads never
    recompute them."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, primary_key=True, related_name="state"
    )
    version = models.PositiveIntegerField(default=1, help_text="Bumped on every change.")
    standings = models.JSONField(default=list, help_text="A copy: services rebuild it.")
    standings_version = models.PositiveIntegerField(
        default=0, help_text="The version the stored standings were computed for."
    )
    standings_queued = models.BooleanField(
        default=False, help_text="A refresh of the standings is queued."
    )
    standings_rest = models.DateTimeField(
        null=True,
        blank=True,
        help_text="A large event's refresh rests until then (a few times what it took): "
        "results meanwhile ask for none; the next one after it, or the clock, does.",
    )
    changed_at = models.DateTimeField(auto_now=True, help_text="When the version last moved.")

    def __str__(self) -> str:
        return f"version {self.version}"


class Entry(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=vocabulary.ENTRY_NAME)
    players = models.JSONField()
    seed = models.PositiveIntegerField(null=True, blank=True)
    active = models.BooleanField(default=True)
    checked_in = models.BooleanField(
        default=False,
        help_text="Ticked at the desk before the start: once anyone is checked in, the start "
        "drops the entries that are not.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_entry_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class Stage(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField()
    format = models.CharField(max_length=32)
    settings = models.JSONField(help_text="The format's settings, defaults filled in.")
    advance = models.PositiveIntegerField(null=True, blank=True)
    seed = models.BigIntegerField(help_text="The random seed of the stage's draws.")
    entries = models.JSONField(
        null=True,
        blank=True,
        help_text="A second stage: [number, seed] of each entry that "
        "advanced, seed = the rank it advanced with.",
    )
    standings = models.JSONField(
        null=True, blank=True, help_text="The stage's final standings once it is over."
    )
    reseeds = models.JSONField(
        default=dict,
        blank=True,
        help_text="A round redrawn after the first: {index: the random seed it was drawn "
        "again with} (the first round's redraw draws a new seed for the whole stage).",
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_stage_per_number"),
        ]

    def __str__(self) -> str:
        return f"stage {self.number}: {self.format}"


class Round(models.Model):
    class Status(models.TextChoices):  # the engine's vocabulary (``brackets.vocabulary``)
        PLAYING = RoundStatus.PLAYING.value, WORDS[RoundStatus.PLAYING]
        COMPLETE = RoundStatus.COMPLETE.value, WORDS[RoundStatus.COMPLETE]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField(help_text="From 1 across the whole tournament.")
    index = models.PositiveIntegerField(help_text="From 1 within its stage.")
    name = models.JSONField(help_text="The engine's RoundName: kind, number, size.")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PLAYING)
    seed = models.BigIntegerField(help_text="The random seed this round was drawn with.")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(null=True, blank=True)
    time_called = models.BooleanField(default=False)
    advance_queued = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When its advance was queued: the clock queues none more until that one "
        "is done or, its worker killed, ADVANCE_PENDING has passed.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            # A round is drawn once, however many workers try at the same time.
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number"),
        ]
        indexes = [models.Index(fields=["status", "ends_at"])]

    def __str__(self) -> str:
        return f"round {self.number}"


class Pairing(models.Model):
    class Status(models.TextChoices):  # the engine's vocabulary (``brackets.vocabulary``)
        IN_PROGRESS = PairingStatus.IN_PROGRESS.value, WORDS[PairingStatus.IN_PROGRESS]
        AWAITING = PairingStatus.AWAITING.value, WORDS[PairingStatus.AWAITING]
        DISPUTED = PairingStatus.DISPUTED.value, WORDS[PairingStatus.DISPUTED]
        FINISHED = PairingStatus.FINISHED.value, WORDS[PairingStatus.FINISHED]

    class Source(models.TextChoices):
        TABLE = "table", "the table's match"
        DIRECTOR = "director", "the director"
        BYE = "bye", "a bye"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    slot = models.PositiveIntegerField()
    table = models.PositiveIntegerField(null=True, blank=True)
    entries = models.JSONField(help_text="Entry numbers in seat order; one for a bye.")
    shape = models.CharField(
        max_length=SHAPE_NAME,
        default=TWO.name,
        help_text="The table's shape (brackets.shapes): two, teams, places or bye.",
    )
    bracket = models.CharField(max_length=16, null=True, blank=True)  # noqa: DJ001 (null: none)
    group = models.PositiveSmallIntegerField(null=True, blank=True)
    match = models.OneToOneField(
        Match, on_delete=models.PROTECT, null=True, blank=True, related_name="pairing"
    )
    match_view = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    status = models.CharField(max_length=24, choices=Status.choices, default=Status.IN_PROGRESS)
    result = models.CharField(max_length=8, null=True, blank=True)  # noqa: DJ001 (win, draw)
    winner = models.PositiveIntegerField(null=True, blank=True)
    points = models.JSONField(null=True, blank=True)
    games_won = models.JSONField(null=True, blank=True)
    source = models.CharField(max_length=16, choices=Source.choices, default=Source.TABLE)
    forfeit = models.PositiveIntegerField(
        null=True, blank=True, help_text="The entry that did not play (the director's result)."
    )
    note = models.CharField(
        max_length=200, blank=True, default="", help_text="Why the other side disputes it."
    )
    ends_at = models.DateTimeField(null=True, blank=True, help_text="A table given more time.")
    time_called = models.BooleanField(default=False)
    # A club's (migration 0004_clubs): the ratings' prediction and the order they follow.
    win_chance = models.JSONField(
        null=True, blank=True, help_text="predict_win when drawn (a club's)."
    )
    finished_at = models.DateTimeField(
        null=True, blank=True, help_text="When its result came in: the order ratings follow."
    )

    class Meta:
        ordering = ["round", "slot"]
        constraints = [
            models.UniqueConstraint(fields=["round", "slot"], name="one_pairing_per_slot"),
        ]
        indexes = [
            models.Index(fields=["tournament", "table"]),
            # A result decides its round's completion: any pairing still in progress?
            models.Index(fields=["round", "status"]),
        ]

    def __str__(self) -> str:
        return f"round {self.round_id} slot {self.slot}"

    @property
    def table_shape(self) -> Shape:
        """The engine's shape of this pairing's table (its ``shape`` column)."""
        return get_shape(self.shape)

    @property
    def bye(self) -> bool:
        return self.table_shape.bye


class TableKey(models.Model):
    """A table's own key: its card opens the match now played at that table all evening."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="table_keys")
    table = models.PositiveIntegerField()
    key = models.CharField(max_length=64, unique=True, default=new_table_key, editable=False)
    code = models.CharField(max_length=8, unique=True, default=new_table_code, editable=False)

    class Meta:
        ordering = ["tournament", "table"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "table"], name="one_key_per_table"),
        ]

    def __str__(self) -> str:
        return f"table {self.table}"


class ResultChange(models.Model):
    """An audit record of every change during the event: a director's result or its removal,
    a table's correction of a finished pairing, a confirmation or dispute, a redraw, a swap,
    the undone start, a changed setting. A redraw or an undone start deletes pairings: the
    record keeps their round and slot (and their rows in ``before``)."""

    # No foreign key constraint in the database (Django still deletes these rows with their
    # tournament): its check at the commit would take a share lock on the tournament's row,
    # and a result would wait for the director's write holding it.
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="result_changes", db_constraint=False
    )
    pairing = models.ForeignKey(
        Pairing, on_delete=models.SET_NULL, null=True, blank=True, related_name="changes"
    )
    round_number = models.PositiveIntegerField(null=True, blank=True)
    slot = models.PositiveIntegerField(null=True, blank=True)
    by = models.CharField(max_length=16, help_text="director or table")
    action = models.CharField(
        max_length=16,
        help_text="result, changed, reopened, removed, forfeit, confirmed, disputed, redraw, "
        "swap, unstart, settings",
    )
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.action} by {self.by}"


# --- Clubs: players, seasons and ratings (``../shared/clubs.md``) -------------------------


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


class CancelledMatch(models.Model):
    """A table's match cancelled by a redraw or a swap (it had no hand): its page says so
    and points to where its entries play now."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="cancelled")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="cancelled_matches"
    )
    round_number = models.PositiveIntegerField()
    entries = models.JSONField(help_text="The entries that were to play it.")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"cancelled {self.match_id}"
