"""Reads for the public pages (the ``view_id`` link, the projector, a player's history and
the match page's tournament panel). Each runs a fixed number of SQL queries, whatever the
number of entries or rounds: it builds on one ``TournamentView``.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import timezone

from scorekeeper.selectors import VIEW_ID

from ..brackets import eliminating
from ..models import CancelledMatch, Entry, Pairing, Round, Tournament
from . import lineups
from .rounds import RoundView, finished, pairing_data, round_name, teams_of
from .standings import stage_rows, standings_data
from .view import TournamentView, tournament_view


def public_version(view_id: str) -> int | None:
    """The tournament's version (one query), or ``None`` for an unknown link: what the
    ETag of every public page is made of."""
    if not VIEW_ID.fullmatch(view_id):
        return None
    return Tournament.objects.filter(view_id=view_id).values_list("version", flat=True).first()


def public_view(view_id: str) -> TournamentView:
    """The public view of the tournament a ``view_id`` opens. ``Tournament.DoesNotExist``
    for an unknown link."""
    if not VIEW_ID.fullmatch(view_id):
        raise Tournament.DoesNotExist
    return tournament_view(Tournament.objects.get(view_id=view_id), director=False)


def public_state(view_id: str) -> dict[str, Any]:
    """Everything the public page's parts show (plain values: a part's ETag is a digest of
    what it shows). ``Tournament.DoesNotExist`` for an unknown link."""
    view = public_view(view_id)
    tournament = view.tournament
    return {
        "name": tournament.name,
        "version": tournament.version,
        "status": tournament.status,
        "tiebreaks": tournament.tiebreaks,
        "standings": view.standings,
        "current": _current(view),
        "now": timezone.now().isoformat(),
        "tables": find_your_table(view),
        "brackets": _brackets(view),
        "champion_name": view.champion_name,
        "earlier": _earlier_stages(view),
        # an individual event's rows are players (its only stage is a ``melee``)
        "individual": view.individual,
    }


def _current(view: TournamentView) -> dict[str, Any] | None:
    """The round in play as the page shows it: its pairings' ``rows`` (named sides, the
    lineup of an individual event's table) and who sits out."""
    round_ = view.current
    if round_ is None:
        return None
    names = view.names
    current = round_.data(director=False)
    best_of = view.best_of(round_.stage.number)
    current["rows"] = [_pairing_row(p, names, best_of) for p in round_.pairings]
    lineups.add_lineups(current, names)
    if current["sit_out_names"] is not None:  # a sit-out is said under the tables
        current["rows"] = [row for row in current["rows"] if not row["bye"]]
    return current


def _earlier_stages(view: TournamentView) -> list[dict[str, Any]]:
    """The final standings of each stage before the one in play (the qualifiers stay
    visible in the knockout), latest first."""
    tournament = view.tournament
    return [
        {
            "number": stage.number,
            "rows": standings_data(tournament, view.entries, rows=stage_rows(tournament, stage)),
        }
        for stage in reversed(view.stages)
        if stage.number < (tournament.stage or 0)
    ]


def find_your_table(view: TournamentView) -> list[dict[str, Any]]:
    """Every team's and player's name with its table in the round in play, by name."""
    table_of: dict[int, Any] = {}
    current = view.current
    for pairing in current.pairings if current else ():
        for number in pairing.entries:
            table_of[number] = "bye" if pairing.bye else pairing.table
    rows = []
    for entry in view.entries:
        table = table_of.get(entry.number)
        rows.append({"name": entry.name, "team": None, "table": table, "entry": entry.number})
        rows.extend(
            {"name": player, "team": entry.name, "table": table, "entry": entry.number}
            for player in entry.players
            if player != entry.name
        )
    return sorted(rows, key=lambda row: (row["name"].casefold(), row["team"] or ""))


def _pairing_row(pairing: Pairing, names: dict[int, str], best_of: bool = False) -> dict[str, Any]:
    """A pairing as the public pages show it: its document, with its named ``sides`` (a
    four-player table's two teams, else each entry), games when ``best_of``, its lineup."""
    data = pairing_data(pairing, director=False)
    games = data["games"] if best_of else None
    # a four-player table of an individual event: its two teams are the sides (``points``
    # are the teams'); a pairing of two entries or five: each entry
    members = teams_of(pairing.entries) or [[number] for number in pairing.entries]
    given = pairing.points or []
    sides = [
        {
            "number": team[0],
            "name": " & ".join(names.get(number, "") for number in team),
            "points": given[index] if index < len(given) else None,
            "games": games[index] if games and index < len(games) else None,
            "won": pairing.winner in team,
        }
        for index, team in enumerate(members)
    ]
    return {**data, "sides": sides, "best_of": bool(games), "lineup": lineups.lineup(data, names)}


BRACKET_ORDER = ["main", "winners", "losers", "final", "third_place", "consolation"]


def _brackets(view: TournamentView) -> list[dict[str, Any]]:
    """For each elimination stage, its brackets: columns of rounds of named sides."""
    found: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for round_ in view.rounds:
        if round_.stage.format not in eliminating():
            continue
        best_of = view.best_of(round_.stage.number)
        by_bracket: dict[str, list[dict[str, Any]]] = {}
        for pairing in round_.pairings:
            by_bracket.setdefault(pairing.bracket or "main", []).append(
                _pairing_row(pairing, view.names, best_of)
            )
        for bracket, pairings in by_bracket.items():
            found.setdefault((round_.stage.number, bracket), []).append(
                {"name": round_.name, "number": round_.number, "pairings": pairings}
            )
    order = BRACKET_ORDER
    keys = sorted(found, key=lambda k: (k[0], order.index(k[1]) if k[1] in order else 99))
    return [
        {"stage": stage, "bracket": bracket, "columns": found[(stage, bracket)]}
        for stage, bracket in keys
    ]


def entry_history(view_id: str, number: int) -> dict[str, Any]:
    """One entry's evening: every round, opponent, table and score. In an individual
    event each round names the player's partner and both opponents (a table of four) or
    the four table-mates and the player's place (trionfo), and a round sat out says so.
    ``Tournament.DoesNotExist`` for an unknown link or entry."""
    view = public_view(view_id)
    entry = next((e for e in view.entries if e.number == number), None)
    if entry is None:
        raise Tournament.DoesNotExist
    history = _History(view_id, view.names, entry)
    rows = [row for round_ in view.rounds for row in history.rows(round_)]
    standing = next((s for s in view.standings if s["entry"] == number), None)
    return {
        "tournament": view.tournament,
        "entry": entry,
        "rows": rows,
        "standing": standing,
        # an individual event's seats at a table (4: partner and opponents; 5: table-mates)
        "seats": view.seats,
    }


class _History:
    """An entry's rounds, one row each (two for a round it sat out and played: never)."""

    def __init__(self, view_id: str, names: dict[int, str], entry: Entry) -> None:
        self.view_id, self.names, self.number = view_id, names, entry.number

    def people(self, numbers: list[int]) -> list[dict[str, Any]]:
        return [
            {
                "number": n,
                "name": self.names.get(n, "?"),
                "url": reverse("tournament-entry", args=[self.view_id, n]),
            }
            for n in numbers
        ]

    def rows(self, round_: RoundView) -> list[dict[str, Any]]:
        number = self.number
        sat_out = {"round": round_.name, "number": round_.number, "sit_out": True}
        sits_out = number in (round_.sit_out or ())
        found: list[dict[str, Any]] = []
        if sits_out and not any(number in p.entries for p in round_.pairings):
            found.append(sat_out)
        for pairing in round_.pairings:
            if number not in pairing.entries:
                continue
            if sits_out and pairing.bye:  # an individual event's sit-out is kept as a bye
                found.append(dict(sat_out))
                continue
            found.append(self.row(round_, pairing))
        return found

    def row(self, round_: RoundView, pairing: Pairing) -> dict[str, Any]:
        number = self.number
        mine = pairing.entries.index(number)
        other = [n for n in pairing.entries if n != number]
        points = pairing.points or []
        row: dict[str, Any] = {
            "round": round_.name,
            "number": round_.number,
            "table": pairing.table,
            "bye": pairing.bye,
            "status": pairing.status,
            "partner": None,
            "opponents": None,
            "mates": None,
            "place": None,
        }
        teams = teams_of(pairing.entries)
        if teams:  # a table of four: the player's team is the side
            mine %= 2
            row["partner"] = self.people([n for n in teams[mine] if n != number])[0]
            row["opponents"] = self.people(teams[1 - mine])
            other = teams[1 - mine]
        elif len(pairing.entries) > 2:  # trionfo: four table-mates, a place
            row["mates"] = self.people(other)
            row["place"] = _place(points, mine) if finished(pairing) else None
        row.update(
            {
                "opponent": self.names.get(other[0]) if other else None,
                "opponent_number": other[0] if other else None,
                "points_for": points[mine] if len(points) > mine else None,
                "points_against": points[1 - mine] if len(points) == 2 else None,
                "result": _result(pairing, number),
            }
        )
        return row


def _place(points: list[int], mine: int) -> dict[str, Any] | None:
    """A trionfo player's place at the table (1 to 5) by their own final score, and
    whether another player shares it."""
    if len(points) <= mine:
        return None
    score = points[mine]
    return {
        "place": 1 + sum(1 for p in points if p > score),
        "shared": sum(1 for p in points if p == score) > 1,
        "of": len(points),
    }


def _result(pairing: Pairing, number: int) -> str | None:
    if not finished(pairing):
        return None
    if pairing.result == "draw":
        return "draw"
    teams = teams_of(pairing.entries)
    if teams:  # a table of four: won with the partner
        team = teams[pairing.entries.index(number) % 2]
        return "win" if pairing.winner in team else "loss"
    return "win" if pairing.winner == number else "loss"


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
    tournament, round_ = pairing.tournament, pairing.round
    panel: dict[str, Any] = {
        "tournament": tournament.view_id,
        "name": tournament.name,
        "version": tournament.version,
        "round": round_.number,
        "round_name": round_name(round_.name),
        "table": pairing.table,
        "match_view": match["view_id"],
        "at_time": tournament.at_time,
        "ends_at": (pairing.ends_at or round_.ends_at),
        "now": timezone.now(),
        "time_called": pairing.time_called or round_.time_called,
        "finished": finished(pairing),
        "tournament_finished": tournament_view(tournament, director=False).finished,
        "next": [],
    }
    names = dict(
        tournament.entries.filter(number__in=pairing.entries).values_list("number", "name")
    )
    panel["teams"] = [names.get(number, "") for number in pairing.entries]
    # an individual event's table: two teams (partners together) or trionfo's five players
    panel["lineup"] = lineups.of_entries(pairing.entries, names)
    panel["why"] = _why(tournament, pairing)
    # "go to table N" only while that next round is the one in play
    panel["moved_on"] = panel["finished"] and tournament.round > round_.number + 1
    if panel["finished"] and not panel["moved_on"]:
        panel["next"] = _next_tables(tournament, round_, pairing)
    return panel


def _why(tournament: Tournament, pairing: Pairing) -> dict[str, Any]:
    """Why the match ended, or how long it goes on: the hand limit, time called, a forfeit
    or another result the director entered (the template puts it in words)."""
    limit = tournament.hands_per_match
    played = pairing.match.hands.count() if limit and pairing.match_id else 0
    if not finished(pairing):
        return {"kind": "limit_ahead", "played": played, "limit": limit} if limit else {}
    if pairing.forfeit:
        return {"kind": "forfeit"}
    if pairing.source == Pairing.Source.DIRECTOR:
        return {"kind": "director"}
    if limit and played >= limit:
        return {"kind": "limit", "played": played, "limit": limit}
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
        row = {"name": names.get(number, ""), "table": None, "bye": False, "out": other is None}
        if other is not None:
            row.update(table=other.table, bye=other.bye)
        rows.append(row)
    return rows
