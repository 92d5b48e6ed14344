"""Writes of a club (``../shared/clubs.md``): the club, its players (create, rename,
merge, import), its seasons, and its tournaments (new or copied, each entry's players
linked to the club's players of those names).

A player's name is compared by its ``key``: NFC, case folded, surrounding spaces dropped;
every name goes through the one name rule (``scorekeeper.rules.names``). Player and season
numbers come from counters on the club's row, which these services lock first; tables
never lock it, so no table waits on a club's desk.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction

from scorekeeper.rules import RuleViolation
from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import is_int
from scorekeeper.rules.names import clean_name
from scorekeeper.selectors import key_of

from .. import convert, spreadsheet, validation
from ..brackets import get_format, vocabulary
from ..brackets.seasons import SCORINGS
from ..models import Club, EntryPlayer, Player, Season, Tournament
from . import ratings
from .club_players import entries_link, name_key, player_of, players_known
from .locks import club_locked
from .setup import tournament_create

# Not copied: the new tournament has its own name and entries; stages are read from rows.
COPY_SKIPS = frozenset({"name", "entries", "stages"})

CLUB_NAME = vocabulary.CLUB_NAME
MAX_IMPORT = 2000


def _language(value: Any) -> str:
    codes = [code for code, _name in settings.LANGUAGES]
    if value not in codes:
        raise RuleViolation("language", _("Choose one of: {choices}."), choices=", ".join(codes))
    return str(value)


@transaction.atomic
def club_create(*, name: Any, language: Any = "en") -> Club:
    return Club.objects.create(
        name=clean_name(name, "name", CLUB_NAME), language=_language(language)
    )


@transaction.atomic
def club_update(*, club_id: Any, name: Any = None, language: Any = None) -> Club:
    club = club_locked(club_id)
    if name is not None:
        club.name = clean_name(name, "name", CLUB_NAME)
    if language is not None:
        club.language = _language(language)
    club.save(update_fields=["name", "language"])
    return club


@transaction.atomic
def player_create(*, club_id: Any, name: Any) -> Player:
    club = club_locked(club_id)
    clean = clean_name(name, "name", vocabulary.PLAYER_NAME)
    player, new = player_of(club, clean, players_known(club, [clean]))
    if not new:
        raise RuleViolation("name", _("The club already has a player of this name."))
    return player


@transaction.atomic
def player_rename(*, club_id: Any, number: int, name: Any) -> Player:
    club = club_locked(club_id)
    player = Player.objects.get(club=club, number=number)
    clean = clean_name(name, "name", vocabulary.PLAYER_NAME)
    key = name_key(clean)
    if Player.objects.filter(club=club, key=key).exclude(pk=player.pk).exists():
        raise RuleViolation("name", _("The club already has a player of this name."))
    player.name, player.key = clean, key
    player.save(update_fields=["name", "key"])
    return player


def player_merge(*, club_id: Any, number: int, into: Any) -> Player:
    """Every entry of player ``number`` becomes an entry of player ``into``; ``number`` is
    gone; the club is re-rated (outside the merge's transaction)."""
    player = _merge(club_id=club_id, number=number, into=into)
    ratings.club_ratings_update(club_id=club_id)
    player.refresh_from_db()
    return player


@transaction.atomic
def _merge(*, club_id: Any, number: int, into: Any) -> Player:
    club = club_locked(club_id)
    gone = Player.objects.get(club=club, number=number)
    if not is_int(into) or into == number:
        raise RuleViolation("into", _("Give the number of another player of the club."))
    target = Player.objects.filter(club=club, number=into).first()
    if target is None:
        raise RuleViolation("into", _("Give the number of another player of the club."))
    EntryPlayer.objects.filter(player=gone).update(player=target)
    gone.delete()
    return target


@transaction.atomic
def players_import(*, club_id: Any, file: Any) -> dict[str, list[str]]:
    """Add every name not yet a player: ``{"new": [...], "existing": [...]}``. The file is
    read before the club is locked (``spreadsheet.import_names``: its two shapes)."""
    if not hasattr(file, "read"):
        raise RuleViolation("file", _("Send a CSV file of names."))
    try:
        raw = file.read(spreadsheet.MAX_BYTES + 1)
    except OSError as error:
        raise RuleViolation("file", _("Send a CSV file of names.")) from error
    if not isinstance(raw, bytes):
        raise RuleViolation("file", _("Send a CSV file of names."))
    names = spreadsheet.import_names(raw, MAX_IMPORT)
    club = club_locked(club_id)
    known = players_known(club, names)
    answer: dict[str, list[str]] = {"new": [], "existing": []}
    seen: set[str] = set()
    for name in names:
        if name_key(name) in seen:
            continue
        seen.add(name_key(name))
        player, new = player_of(club, name, known)
        answer["new" if new else "existing"].append(player.name)
    return answer


def _points(value: Any) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) > 100
        or not all(is_int(v) and 0 <= v <= 10**6 for v in value)
    ):
        raise RuleViolation("points", _("Give a list of whole numbers of points, rank 1 first."))
    return list(value)


def _season_fields(name: Any, scoring: Any, points: Any, best_of: Any) -> dict[str, Any]:
    clean = clean_name(name, "name", vocabulary.SEASON_NAME)
    if scoring not in SCORINGS:
        raise RuleViolation("scoring", _("Choose one of: {choices}."), choices=", ".join(SCORINGS))
    if scoring == "placement" and points is None:
        raise RuleViolation("points", _("This field is required."))
    listed = _points([] if points is None else points)
    if best_of is not None and not (is_int(best_of) and 1 <= best_of <= 10**6):
        raise RuleViolation("best_of", _("Must be a whole number of at least 1, or null."))
    return {"name": clean, "scoring": scoring, "points": listed, "best_of": best_of}


@transaction.atomic
def season_create(
    *, club_id: Any, name: Any, scoring: Any, points: Any = None, best_of: Any = None
) -> Season:
    club = club_locked(club_id)
    fields = _season_fields(name, scoring, points, best_of)
    season = Season.objects.create(club=club, number=club.next_season, **fields)
    club.next_season += 1
    club.save(update_fields=["next_season"])
    return season


@transaction.atomic
def season_update(
    *,
    club_id: Any,
    number: Any,
    name: Any,
    scoring: Any,
    points: Any = None,
    best_of: Any = None,
) -> Season:
    """A season renamed or scored another way (its table follows: it is computed from the
    tournaments whenever it is read)."""
    club = club_locked(club_id)
    season = Season.objects.get(club=club, number=number)  # DoesNotExist: no such season
    for field, value in _season_fields(name, scoring, points, best_of).items():
        setattr(season, field, value)
    season.save(update_fields=["name", "scoring", "points", "best_of"])
    return season


def copied_settings(source: Tournament) -> dict[str, Any]:
    """The settings of an earlier tournament, as the body of a new one: every declared
    field of a tournament's body but its name and entries (``validation.TOURNAMENT``)."""
    settings = {
        field.name: getattr(source, field.name)
        for field in validation.TOURNAMENT
        if field.name not in COPY_SKIPS
    }
    settings["stages"] = [convert.stage_data(s) for s in source.stages.order_by("number")]
    return settings


def copied_entries(source: Tournament) -> list[dict[str, Any]]:
    """The entries of an earlier tournament as a new one's body: each player by the club's
    name of them (a name typed another way comes back as the club's); an individual
    event's entries are one name each."""
    linked: dict[int, list[str]] = {}
    for number, name in (
        EntryPlayer.objects.filter(entry__tournament=source)
        .order_by("entry__number", "seat")
        .values_list("entry__number", "player__name")
    ):
        linked.setdefault(number, []).append(name)
    stages = list(source.stages.all())
    individual = len(stages) == 1 and get_format(stages[0].format).individual
    entries: list[dict[str, Any]] = []
    for entry in source.entries.order_by("number"):
        players = linked.get(entry.number) or list(entry.players)
        if individual:
            entries.append({"name": players[0]})
        else:
            entries.append({"name": entry.name, "players": players})
    return entries


@transaction.atomic
def club_tournament_create(
    *,
    club_id: Any,
    spec: validation.TournamentInput | None = None,
    season: Any = None,
    copy_of: Any = None,
    name: Any = None,
    same_players: bool = False,
) -> Tournament:
    """A tournament of the club: ``spec`` (the body of ``POST /api/tournaments/``), or
    the settings of ``copy_of`` under the new ``name`` (``same_players``: its entries too,
    named as the club names its players); its entries' players become the club's players."""
    club = club_locked(club_id)
    chosen = None
    if season is not None:
        chosen = Season.objects.filter(club=club, number=season).first() if is_int(season) else None
        if chosen is None:
            raise RuleViolation("season", _("The club has no season of this number."))
    if copy_of is not None:
        source = _source(copy_of)
        fields = {**copied_settings(source), "name": name}
        if same_players:
            fields["entries"] = copied_entries(source)
        spec = validation.tournament_spec(fields)
    if spec is None:
        raise RuleViolation("name", _("This field is required."))
    tournament = tournament_create(spec)
    tournament.club, tournament.season = club, chosen
    tournament.save(update_fields=["club", "season"])
    entries_link(club=club, entries=list(tournament.entries.all()))
    return tournament


def _source(copy_of: Any) -> Tournament:
    key = key_of(str(copy_of))
    found = Tournament.objects.filter(pk=key).first() if key is not None else None
    if found is None:
        raise RuleViolation("copy_of", _("Give the director's key of an earlier tournament."))
    return found
