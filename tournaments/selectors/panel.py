"""What the match page shows of its tournament (the panel): the tournament, round and
table, the clock, why the match ended, and where its entries play next; for a match a
redraw or a swap cancelled, where its entries play now. A few queries, whatever the size.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from scorekeeper.selectors import VIEW_ID

from ..models import CancelledMatch, Pairing, Round, Tournament
from . import lineups
from .rounds import finished, round_name
from .view import tournament_view


def match_panel(match: dict[str, Any]) -> dict[str, Any] | None:
    """What the match page shows of its tournament: the tournament, round and table, the
    clock, time called, and once the match is over where its entries play next.
    Four queries at most; ``None`` when the match is not a tournament's."""
    if not match.get("tournament") or not match.get("view_id"):
        return None
    pairing = (
        Pairing.objects.filter(match_view=match["view_id"])
        .select_related("round", "tournament")
        .first()
    )
    if pairing is None:
        return _cancelled_panel(match["view_id"])
    panel = _panel(pairing)
    tournament, round_ = pairing.tournament, pairing.round
    names = dict(
        tournament.entries.filter(number__in=pairing.entries).values_list("number", "name")
    )
    panel["teams"] = [names.get(number, "") for number in pairing.entries]
    # an individual event's table: two teams (partners together) or trionfo's five players
    panel["lineup"] = lineups.of_entries(pairing.entries, names, pairing.table_shape)
    panel["why"] = _why(tournament, pairing)
    # "go to table N" only while that next round is the one in play
    panel["moved_on"] = panel["finished"] and (tournament.round or 0) > round_.number + 1
    if panel["finished"] and not panel["moved_on"]:
        panel["next"] = _next_tables(tournament, round_, pairing)
    return panel


def team_names(match: dict[str, Any]) -> list[str] | None:
    """A tournament match's team names, in team order: each team is one entry, named as
    the entry is ("Les As", not "Anne & Bruno"). ``None`` for a friendly match, a bye, and
    an individual event's table (a team of two entries has no name of its own). Two
    queries."""
    if not match.get("tournament") or not match.get("view_id"):
        return None
    pairing = (
        Pairing.objects.filter(match_view=match["view_id"]).select_related("tournament").first()
    )
    if pairing is None or pairing.bye or pairing.table_shape.partnered:
        return None
    names = dict(
        pairing.tournament.entries.filter(number__in=pairing.entries).values_list("number", "name")
    )
    found = [names.get(number, "") for number in pairing.entries]
    return found if all(found) else None


def _panel(pairing: Pairing) -> dict[str, Any]:
    """The panel's tournament, round, table and clock."""
    tournament, round_ = pairing.tournament, pairing.round
    return {
        "tournament": tournament.view_id,
        "name": tournament.name,
        "version": tournament.version,
        "round": round_.number,
        "round_name": round_name(round_.name),
        "table": pairing.table,
        "match_view": pairing.match_view,
        "at_time": tournament.at_time,
        "ends_at": (pairing.ends_at or round_.ends_at),
        "now": timezone.now(),
        "time_called": pairing.time_called or round_.time_called,
        "finished": finished(pairing),
        "tournament_finished": tournament_view(tournament, director=False).finished,
        "next": [],
    }


def _why(tournament: Tournament, pairing: Pairing) -> dict[str, Any]:
    """Why the match ended, or how long it goes on: the hand limit, time called, a forfeit
    or another result the director entered (the template puts it in words)."""
    match = pairing.match if pairing.match_id else None
    # the match's own limit: a finished one keeps the limit it was played to
    limit = match.hands_per_match if match is not None else tournament.hands_per_match
    played = match.hands.count() if limit and match is not None else 0
    if not finished(pairing):
        return {"kind": "limit_ahead", "played": played, "limit": limit} if limit else {}
    if pairing.forfeit:
        return {"kind": "forfeit"}
    if pairing.source == Pairing.Source.DIRECTOR:
        return {"kind": "director"}
    if limit and played >= limit:
        return {"kind": "limit", "played": played, "limit": limit}
    # a trionfo session: closed by the table, or played to its own number of hands
    # (option ``deals``); no winning score was reached in either
    if match is not None and match.closed:
        return {"kind": "closed"}
    deals = match.options.get("deals") if match is not None else None
    if deals and match is not None and match.hands.count() >= deals:
        return {"kind": "limit", "played": deals, "limit": deals}
    if pairing.time_called or pairing.round.time_called:
        return {"kind": "time", "played": played}
    return {"kind": "target"}


def _cancelled_panel(match_view: str) -> dict[str, Any] | None:
    """A match cancelled by a redraw or a swap: where its entries play now (nowhere yet after
    an undone start)."""
    cancelled = (
        CancelledMatch.objects.filter(match__view_id=match_view)
        .select_related("tournament")
        .first()
    )
    if cancelled is None:
        return None
    tournament = cancelled.tournament
    names = dict(
        tournament.entries.filter(number__in=cancelled.entries).values_list("number", "name")
    )
    now = Pairing.objects.filter(tournament=tournament, round__number=cancelled.round_number)
    placed = {number: other for other in now for number in other.entries}
    moved = [
        {
            "name": names.get(number, ""),
            "table": placed[number].table if number in placed else None,
            "bye": number in placed and placed[number].bye,
        }
        for number in cancelled.entries
    ]
    return {
        "tournament": tournament.view_id,
        "name": tournament.name,
        "version": tournament.version,
        "match_view": match_view,
        "cancelled": True,
        "moved": moved if placed else [],
        "now": timezone.now(),
    }


def match_panel_by_view(tournament_view: str, match_view: str) -> dict[str, Any] | None:
    if not (VIEW_ID.fullmatch(tournament_view) and VIEW_ID.fullmatch(match_view)):
        return None
    panel = match_panel({"tournament": tournament_view, "view_id": match_view})
    return panel if panel and panel["tournament"] == tournament_view else None


def _next_tables(tournament: Tournament, round_: Round, pairing: Pairing) -> list[dict[str, Any]]:
    """Where each entry of the pairing sits in the next round, once it is drawn; an entry
    the next round leaves out (knocked out, not among those who advance, dropped out) is
    said to have no match then, so no table waits for a round that has come."""
    later = list(
        Pairing.objects.filter(
            tournament=tournament,
            round__number=round_.number + 1,
            round__status=Round.Status.PLAYING,
        )
    )
    if not later:
        return []
    names = dict(
        tournament.entries.filter(number__in=pairing.entries).values_list("number", "name")
    )
    placed = {number: other for other in later for number in other.entries}
    rows = []
    for number in pairing.entries:
        other = placed.get(number)
        row: dict[str, Any] = {
            "name": names.get(number, ""),
            "table": None,
            "bye": False,
            "out": other is None,
        }
        if other is not None:
            row.update(table=other.table, bye=other.bye)
        rows.append(row)
    return rows
