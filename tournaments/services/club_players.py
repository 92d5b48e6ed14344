"""A club's players as entries name them: each name is the club's player of that name (NFC,
case folded, trimmed), or a new player of the club. The callers lock the club's row (its
``next_player`` counter numbers new players, never reusing a number)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction

from scorekeeper.rules import RuleViolation
from scorekeeper.rules.names import clean_name

from ..models import Club, Entry, EntryPlayer, Player
from .locks import club_locked


def name_key(name: str) -> str:
    """The form two names are compared in: NFC, case folded, trimmed."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold()).strip()


def player_of(club: Club, name: str, known: dict[str, Player]) -> tuple[Player, bool]:
    """The club's player of that (clean) name, or a new one (the club's row is locked)."""
    key = name_key(name)
    if key in known:
        return known[key], False
    player = Player.objects.create(club=club, number=club.next_player, name=name, key=key)
    club.next_player += 1
    club.save(update_fields=["next_player"])
    known[key] = player
    return player, True


def players_known(club: Club, names: Iterable[str]) -> dict[str, Player]:
    keys = {name_key(name) for name in names}
    return {p.key: p for p in Player.objects.filter(club=club, key__in=keys)}


def entries_link(*, club: Club, entries: Sequence[Entry], strict: bool = True) -> None:
    """Each entry's players as the club's players of those names, new ones created (the
    club's row is locked by the caller)."""
    names = [name for entry in entries for name in entry.players]
    known = players_known(club, names)
    rows = []
    for entry in entries:
        try:
            names = [
                clean_name(name, f"entries[{entry.number - 1}].players[{seat}]")
                for seat, name in enumerate(entry.players)
            ]
        except RuleViolation:
            if strict:
                raise
            continue  # a name the rule refuses stays unlinked (and unrated)
        for seat, name in enumerate(names):
            player, _new = player_of(club, name, known)
            rows.append(EntryPlayer(entry=entry, player=player, seat=seat))
    EntryPlayer.objects.bulk_create(rows)


@transaction.atomic
def club_entries_link(*, club_id: Any) -> int:
    """Link the entries added to the club's tournaments since (one by one, or late)."""
    club = club_locked(club_id)
    entries = list(
        Entry.objects.filter(tournament__club=club, club_players__isnull=True).distinct()
    )
    entries_link(club=club, entries=entries, strict=False)
    return len(entries)
