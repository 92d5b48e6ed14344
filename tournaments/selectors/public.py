"""Reads for the public pages (the ``view_id`` link, the projector and a player's history;
the match page's tournament panel is ``panel``'s). Each runs a fixed number of SQL queries,
whatever the number of entries or rounds: it builds on one ``TournamentView``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.urls import reverse
from django.utils import timezone

from scorekeeper.selectors import VIEW_ID

from ..brackets import eliminating
from ..brackets.shapes import TWO
from ..models import Entry, Pairing, Tournament
from . import lineups
from .rounds import RoundView, awaiting, disputed, finished, pairing_data
from .standings import METRICS, stage_rows, standings_data
from .view import TournamentView, tournament_view


def public_version(view_id: str) -> int | None:
    """The tournament's version (one query), or ``None`` for an unknown link: what the
    ETag of every public page is made of."""
    if not VIEW_ID.fullmatch(view_id):
        return None
    return (
        Tournament.objects.filter(view_id=view_id).values_list("state__version", flat=True).first()
    )


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
    earlier = _earlier_stages(view)
    standings, figures_of = _figures(view, earlier)
    return {
        "name": tournament.name,
        "version": tournament.version,
        "registration": view.registration,
        "tiebreaks": tournament.tiebreaks,
        "standings": standings,
        # the stage whose figures the standings show, when not the stage in play
        "figures_of": figures_of,
        "current": _current(view),
        "now": timezone.now().isoformat(),
        "tables": find_your_table(view),
        "brackets": _brackets(view),
        "champion_name": view.champion_name,
        "earlier": earlier,
        # an individual event's rows are players (its only stage is a ``melee``)
        "individual": view.individual,
    }


FIGURES = (*METRICS, "partners")


def _figures(
    view: TournamentView, earlier: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], int | None]:
    """The standings as the public page shows them, and the stage their figures are of
    (``None``: the stage in play). A knockout after a first stage ranks by how far each
    entry went, and its own figures are the bracket's (zeros until it is played): each row
    shows the entry's figures of the first stage instead, where it qualified."""
    standings = view.standings
    stage = view.stage(view.tournament.stage or 0)
    if stage is None or stage.format not in eliminating() or not earlier:
        return standings, None
    first = earlier[-1]  # the first stage (latest first)
    rows = {row["entry"]: row for row in first["rows"]}
    shown = [
        {**row, **{key: rows[row["entry"]][key] for key in FIGURES if key in rows[row["entry"]]}}
        if row["entry"] in rows
        else row
        for row in standings
    ]
    return shown, first["number"]


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
    # the sides of the table's shape: a four-player table's two teams (``points`` are the
    # teams'); a pairing of two entries or five: each entry
    members = pairing.table_shape.side_entries(pairing.entries)
    given = pairing.points or []
    sides = [
        {
            "number": team[0],
            "name": " & ".join(names.get(number, "") for number in team),
            "points": given[index] if index < len(given) else None,
            "games": games[index] if games and index < len(games) else None,
            # a result awaiting the other side's confirmation names no winner yet
            "won": finished(pairing) and pairing.winner in team,
        }
        for index, team in enumerate(members)
    ]
    return {
        **data,
        "finished": finished(pairing),
        "awaiting": awaiting(pairing),
        "disputed": disputed(pairing),
        "sides": sides,
        "best_of": bool(games),
        "forfeit_name": names.get(pairing.forfeit) if pairing.forfeit else None,
        "lineup": lineups.lineup(data, names),
    }


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
    standings, figures_of = _figures(view, _earlier_stages(view))
    standing = next((s for s in standings if s["entry"] == number), None)
    return {
        "tournament": view.tournament,
        "entry": entry,
        "rows": rows,
        "standing": standing,
        "figures_of": figures_of,  # a knockout's: the first stage's match points
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
        number, shape, seats = self.number, pairing.table_shape, pairing.entries
        mine = shape.side_named(seats, number)  # the player's side
        other = list(shape.opponents(seats, number))
        points = list(shape.side_values(pairing.points)) if pairing.points else []
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
        if shape.partnered:  # a table of four: the player's team is the side
            row["partner"] = self.people(list(shape.partners(seats, number)))[0]
            row["opponents"] = self.people(other)
        elif len(shape.sides) > len(TWO.sides):  # trionfo: four table-mates, a place
            row["mates"] = self.people(other)
            row["place"] = _place(points, mine) if finished(pairing) else None
        row.update(
            {
                "opponent": self.names.get(other[0]) if other else None,
                "opponent_number": other[0] if other else None,
                "points_for": points[mine] if len(points) > mine else None,
                "points_against": points[1 - mine] if len(points) == 2 else None,
                "result": _result(pairing, number),
                "forfeit_name": self.names.get(pairing.forfeit) if pairing.forfeit else None,
            }
        )
        return row


def _place(points: Sequence[float], mine: int) -> dict[str, Any] | None:
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
    shape, seats, winner = pairing.table_shape, pairing.entries, pairing.winner
    won = (
        winner is not None
        and winner in seats
        and shape.side_named(seats, winner) == shape.side_named(seats, number)
    )
    return "win" if won else "loss"  # a table of four: won with the partner
