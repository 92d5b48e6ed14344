"""The locks every write takes, in one order, and the tournament row's version.

The order (scorekeeper's services and hooks take it too): a table's match first, then its
tournament, then the pairing; a club before its players. So the draws, results and clock
of one tournament are applied one after the other, and two writes never wait on each other
in a circle. ``touch`` saves what a write changed on the tournament's row and bumps its
``version`` (the pages' ETags, the stored standings' compare-and-set follow it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scorekeeper.models import Match
from scorekeeper.rules import MatchConflict
from scorekeeper.rules.errors import _

from ..models import Club, Pairing, Tournament


def tournament_locked(tournament_id: Any) -> Tournament:
    """The tournament, its row locked (``SELECT … FOR UPDATE``); without its stored
    standings (10,000 rows of JSON for a championship), which no write reads."""
    return Tournament.objects.select_for_update().defer("standings").get(pk=tournament_id)


def touch(tournament: Tournament, *fields: str) -> None:
    """Save the given fields and bump the version (the pages' ETags follow it); standings
    saved here are those of the new version."""
    tournament.version += 1
    if "standings" in fields:
        tournament.standings_version = tournament.version
        fields = (*{*fields, "standings_version"},)
    tournament.save(update_fields=["version", "updated_at", *fields])


def pairing_locked(pairing_id: Any) -> Pairing:
    """The pairing locked, with its round and stage; without the stage's lists of entries
    and final standings (a second stage's, or a first stage's once it ended: as long as
    the event), which no result reads."""
    return (
        Pairing.objects.select_for_update()
        .select_related("round__stage")
        .defer("round__stage__entries", "round__stage__standings")
        .get(pk=pairing_id)
    )


def matches_locked(match_ids: Iterable[Any]) -> None:
    """The matches' rows locked (in one order, as every writer takes them)."""
    ids = sorted(str(pk) for pk in match_ids if pk is not None)
    if ids:
        list(Match.objects.select_for_update().filter(pk__in=ids).order_by("pk"))


def club_locked(club_id: Any) -> Club:
    return Club.objects.select_for_update().get(pk=club_id)


@dataclass(frozen=True)
class PairingHeld:
    """A pairing and its tournament locked for a director's write, and whether the table's
    match was still being played when it was locked (``None``: a bye, no match)."""

    tournament: Tournament
    pairing: Pairing
    match_status: str | None


# A director's write on a pairing that a redraw or a swap of its round replaced while the
# write waited for its locks: the director looks at the round again (never a 404).
REPLACED = _(
    "Round {number} was drawn again or changed meanwhile: look at its tables and give the "
    "result again."
)


def pairing_held(tournament_id: Any, round_number: int, slot: int) -> PairingHeld:
    """The pairing's match, then its tournament, then the pairing itself locked (the
    order of scorekeeper's hooks). The pairing is found again under the tournament's lock,
    which a redraw and a swap hold too: one that replaced it while this write waited (its
    row gone, or another match seated there) makes the write a ``MatchConflict``."""
    where = {"tournament_id": tournament_id, "round__number": round_number, "slot": slot}
    found = Pairing.objects.values_list("pk", "match_id").get(**where)
    pairing_id, match_id = found
    status = None
    if match_id is not None:
        status = (
            Match.objects.select_for_update()
            .filter(pk=match_id)
            .values_list("status", flat=True)
            .first()
        )
    tournament = tournament_locked(tournament_id)
    if Pairing.objects.values_list("pk", "match_id").filter(**where).first() != found:
        raise MatchConflict(REPLACED, number=round_number)
    return PairingHeld(tournament, pairing_locked(pairing_id), status)
