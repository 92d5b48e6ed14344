"""The link that opens a tournament, the tournament as the API shows it (its
``TournamentView``'s document: six queries at most, however large), and what a table's card
opens (``TableView``: two queries)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from django.utils.translation import gettext

from scorekeeper.selectors import VIEW_ID, key_of

from ..convert import stage_data as stage_data
from ..models import Pairing, TableKey, Tournament
from .rounds import awaiting, disputed, in_progress, iso, playing, round_name
from .view import TournamentView, tournament_view
from .view import entry_data as entry_data
from .view import problem_data as problem_data


def tournament_by_token(token: str, *, standings: bool = True) -> tuple[Tournament, bool]:
    """The tournament a link opens, and whether it is the director's key (its ``id``).
    ``standings=False`` leaves the stored standings out (a write never reads them: 10,000
    rows of JSON in a large event, read only if asked for)."""
    tournament_id = key_of(token)
    rows = Tournament.objects.all() if standings else Tournament.objects.defer("state__standings")
    if tournament_id is not None:
        return rows.get(pk=tournament_id), True
    if not VIEW_ID.fullmatch(token):
        raise Tournament.DoesNotExist
    return rows.get(view_id=token), False


def view_by_token(token: str) -> TournamentView:
    """The view of the tournament a link opens (director's or public).
    ``Tournament.DoesNotExist`` for an unknown link."""
    tournament, director = tournament_by_token(token)
    return tournament_view(tournament, director=director)


def tournament_data(tournament: Tournament, *, director: bool) -> dict[str, Any]:
    """The whole tournament as the API shows it (``TournamentView.data``)."""
    return tournament_view(tournament, director=director).data


def tournament_head(tournament: Tournament, *, director: bool) -> dict[str, Any]:
    """The tournament without its entries, rounds, standings and table keys
    (``TournamentView.head``): its size does not grow with the event's."""
    return tournament_view(tournament, director=director).head


@dataclass(frozen=True)
class TableView:
    """What a table's card opens: the table's key (its tournament joined) and the pairing
    played at that table in the round in play (``None`` between rounds, or when the round
    in play has no match at this table)."""

    key: TableKey
    pairing: Pairing | None

    @property
    def tournament(self) -> Tournament:
        return self.key.tournament

    @cached_property
    def event(self) -> TournamentView:
        """The tournament's view: what its status means (``registration``, ``finished``)."""
        return tournament_view(self.tournament, director=False)

    @property
    def registration(self) -> bool:
        return self.event.registration

    @property
    def finished(self) -> bool:
        return self.event.finished

    @property
    def match_key(self) -> str | None:
        """The match's write key; none once the tournament is finished (closed to the
        tables) or when no match is played here now."""
        if self.pairing is None or self.finished:
            return None
        return str(self.pairing.match_id)

    @property
    def at_play(self) -> bool:
        """Whether the card opens the table's match: being played, or its result waiting for
        the other side's agreement (the match page asks it) or disputed (the page says the
        director decides)."""
        if self.match_key is None or self.pairing is None:
            return False
        pairing = self.pairing
        return in_progress(pairing) or awaiting(pairing) or disputed(pairing)

    @property
    def idle(self) -> bool:
        """The event runs, but the round in play has no match at this table (fewer
        pairings, a knockout's later rounds)."""
        return self.event.running and self.match_key is None

    @property
    def playing(self) -> bool:
        """Whether a round is in play: this table's, or (no match here) the event's."""
        if self.pairing is None:
            return self.event.running
        return playing(self.pairing.round)

    @property
    def ends_at(self) -> datetime | None:
        """When the table's match (or its round) is due to end; none between rounds."""
        if self.pairing is None:
            return None
        return self.pairing.ends_at or self.pairing.round.ends_at

    def _next_text(self) -> str:
        if self.finished:
            return gettext("The tournament is finished.")
        if self.registration:
            return gettext("The tournament has not started yet.")
        return gettext("No match at this table in this round: wait for the next round.")

    @property
    def data(self) -> dict[str, Any]:
        """The card's answer as the API shows it."""
        tournament = self.tournament
        data: dict[str, Any] = {
            "tournament": tournament.view_id,
            "name": tournament.name,
            "table": self.key.table,
            "tournament_status": tournament.status,
            "round": None,
            "round_status": None,
            "match": None,
            "match_view": None,
            "entries": None,
            "starts_at": None,
            "ends_at": None,
        }
        pairing = self.pairing
        if pairing is None:
            data["round"] = tournament.round
            data["next"] = self._next_text()
            return data
        round_ = pairing.round
        data.update(
            {
                "round": round_.number,
                "round_status": round_.status,
                "round_name": round_name(round_.name),
                "match": self.match_key,
                "match_view": pairing.match_view,
                "entries": pairing.entries,
                "status": pairing.status,
                "starts_at": iso(round_.starts_at),
                "ends_at": iso(self.ends_at),
            }
        )
        return data


def table_view(key: str) -> TableView:
    """What a table's card opens: two queries. ``TableKey.DoesNotExist`` for an unknown
    key."""
    if not VIEW_ID.fullmatch(key):
        raise TableKey.DoesNotExist
    table_key = TableKey.objects.select_related("tournament").get(key=key)
    tournament = table_key.tournament
    pairing = (
        Pairing.objects.filter(tournament=tournament, table=table_key.table)
        .select_related("round")
        .order_by("-round__number")
        .first()
    )
    if pairing is not None and pairing.round.number != tournament.round:
        pairing = None  # the table's last match was in an earlier round
    return TableView(table_key, pairing)


def table_data(key: str) -> dict[str, Any]:
    """What a table's card opens, as the API shows it (``TableView.data``): the match now
    played at that table (its key included), or, between rounds, what comes next."""
    return table_view(key).data


# The demo evening (``tournaments/demo.py``) is known by its public link's prefix: no
# tournament created through the site has such a link (``scorekeeper.demo`` does the same).
DEMO_PREFIX = "demo-"


def demo_evening() -> Tournament | None:
    """The demo club evening, once loaded (``manage.py load_demo_tournament``); else None."""
    return Tournament.objects.filter(view_id__startswith=DEMO_PREFIX).order_by("created_at").first()
