"""Reads for the public pages (the ``view_id`` link, the projector, a player's history and
the match page's tournament panel). Each runs a fixed number of SQL queries, whatever the
number of entries or rounds: it builds on ``selectors.tournament_data``.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import timezone

from scorekeeper.selectors import VIEW_ID

from ..brackets import eliminating, get_format
from ..models import CancelledMatch, Pairing, Round, Stage, Tournament
from . import lineups, round_name, stage_rows, standings_data, tournament_data


def public_version(view_id: str) -> int | None:
    """The tournament's version (one query), or ``None`` for an unknown link: what the
    ETag of every public page is made of."""
    if not VIEW_ID.fullmatch(view_id):
        return None
    return Tournament.objects.filter(view_id=view_id).values_list("version", flat=True).first()


def public_state(view_id: str) -> dict[str, Any]:
    """Everything the public page shows. ``Tournament.DoesNotExist`` for an unknown link."""
    if not VIEW_ID.fullmatch(view_id):
        raise Tournament.DoesNotExist
    tournament = Tournament.objects.get(view_id=view_id)
    data = tournament_data(tournament, director=False)
    names = {entry["number"]: entry["name"] for entry in data["entries"]}
    current = next((r for r in data["rounds"] if r["number"] == data["round"]), None)
    data.update(
        names=names,
        current=current,
        now=timezone.now().isoformat(),
        tables=find_your_table(data["entries"], current),
        brackets=_brackets(data),
        champion_name=names.get(data["champion"]) if data["champion"] else None,
        earlier=_earlier_stages(tournament),
        # an individual event's rows are players (its only stage is a ``melee``)
        individual=len(data["stages"]) == 1 and get_format(data["stages"][0]["format"]).individual,
    )
    if current is not None:
        best_of = _best_of(data, current["stage"])
        current["rows"] = [_pairing_row(p, names, best_of) for p in current["pairings"]]
        lineups.add_lineups(current, names)
        if current["sit_out_names"] is not None:  # a sit-out is said under the tables
            current["rows"] = [row for row in current["rows"] if not row["bye"]]
    return data


def _earlier_stages(tournament: Tournament) -> list[dict[str, Any]]:
    """The final standings of each stage before the one in play (the qualifiers stay
    visible in the knockout), latest first: one query when there is none."""
    stages = list(
        Stage.objects.filter(tournament=tournament, number__lt=tournament.stage or 0).order_by(
            "-number"
        )
    )
    if not stages:
        return []
    entries = list(tournament.entries.all())
    kept, found = tournament.standings, []
    for stage in stages:
        tournament.standings = stage_rows(tournament, stage)
        found.append({"number": stage.number, "rows": standings_data(tournament, entries)})
    tournament.standings = kept
    return found


def find_your_table(
    entries: list[dict[str, Any]], current: dict[str, Any] | None
) -> list[dict[str, Any]]:
    """Every team's and player's name with its table in the round in play, by name."""
    table_of: dict[int, Any] = {}
    for pairing in (current or {}).get("pairings", []):
        for number in pairing["entries"]:
            table_of[number] = "bye" if pairing["bye"] else pairing["table"]
    rows = []
    for entry in entries:
        table = table_of.get(entry["number"])
        rows.append({"name": entry["name"], "team": None, "table": table, "entry": entry["number"]})
        for player in entry["players"]:
            if player != entry["name"]:
                rows.append(
                    {
                        "name": player,
                        "team": entry["name"],
                        "table": table,
                        "entry": entry["number"],
                    }
                )
    return sorted(rows, key=lambda row: (row["name"].casefold(), row["team"] or ""))


def _best_of(data: dict[str, Any], stage: int) -> bool:
    """Whether a match of this stage is more than one game (the stage's own
    ``games_to_win``, else the tournament's): its games are shown, not its summed points."""
    stages = data["stages"]
    own = stages[stage - 1].get("games_to_win") if 0 < stage <= len(stages) else None
    return int(own or data["games_to_win"] or 1) > 1


def _pairing_row(
    pairing: dict[str, Any], names: dict[int, str], best_of: bool = False
) -> dict[str, Any]:
    sides = []
    games = pairing.get("games") if best_of else None
    # a four-player table of an individual event: its two teams are the sides (``points``
    # are the teams'); a pairing of two entries or five: each entry
    members = pairing.get("teams") or [[number] for number in pairing["entries"]]
    given = pairing["points"] or []
    for index, team in enumerate(members):
        sides.append(
            {
                "number": team[0],
                "name": " & ".join(names.get(number, "") for number in team),
                "points": given[index] if index < len(given) else None,
                "games": games[index] if games and index < len(games) else None,
                "won": pairing["winner"] in team,
            }
        )
    return {
        **pairing,
        "sides": sides,
        "best_of": bool(games),
        "lineup": lineups.lineup(pairing, names),
    }


def _brackets(data: dict[str, Any]) -> list[dict[str, Any]]:
    """For each elimination stage, its brackets: columns of rounds of named sides."""
    names = {entry["number"]: entry["name"] for entry in data["entries"]}
    stages = {number: stage for number, stage in enumerate(data["stages"], start=1)}
    found: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for round_ in data["rounds"]:
        if stages.get(round_["stage"], {}).get("format") not in eliminating():
            continue
        best_of = _best_of(data, round_["stage"])
        by_bracket: dict[str, list[dict[str, Any]]] = {}
        for pairing in round_["pairings"]:
            by_bracket.setdefault(pairing["bracket"] or "main", []).append(
                _pairing_row(pairing, names, best_of)
            )
        for bracket, pairings in by_bracket.items():
            found.setdefault((round_["stage"], bracket), []).append(
                {"name": round_["name"], "number": round_["number"], "pairings": pairings}
            )
    order = ["main", "winners", "losers", "final", "third_place", "consolation"]
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
    data = public_state(view_id)
    entry = next((e for e in data["entries"] if e["number"] == number), None)
    if entry is None:
        raise Tournament.DoesNotExist
    names = data["names"]

    def people(numbers: list[int]) -> list[dict[str, Any]]:
        return [
            {
                "number": n,
                "name": names.get(n, "?"),
                "url": reverse("tournament-entry", args=[view_id, n]),
            }
            for n in numbers
        ]

    rows = []
    for round_ in data["rounds"]:
        sits_out = number in (round_.get("sit_out") or ())
        if sits_out and not any(number in p["entries"] for p in round_["pairings"]):
            rows.append({"round": round_["name"], "number": round_["number"], "sit_out": True})
        for pairing in round_["pairings"]:
            if number not in pairing["entries"]:
                continue
            if sits_out and pairing["bye"]:  # an individual event's sit-out is kept as a bye
                rows.append({"round": round_["name"], "number": round_["number"], "sit_out": True})
                continue
            mine = pairing["entries"].index(number)
            other = [n for n in pairing["entries"] if n != number]
            points = pairing["points"] or []
            row: dict[str, Any] = {
                "round": round_["name"],
                "number": round_["number"],
                "table": pairing["table"],
                "bye": pairing["bye"],
                "status": pairing["status"],
                "partner": None,
                "opponents": None,
                "mates": None,
                "place": None,
            }
            if pairing.get("teams"):  # a table of four: the player's team is the side
                mine %= 2
                row["partner"] = people([n for n in pairing["teams"][mine] if n != number])[0]
                row["opponents"] = people(pairing["teams"][1 - mine])
                other = pairing["teams"][1 - mine]
            elif len(pairing["entries"]) > 2:  # trionfo: four table-mates, a place
                row["mates"] = people(other)
                row["place"] = _place(points, mine) if pairing["status"] == "finished" else None
            row.update(
                {
                    "opponent": names.get(other[0]) if other else None,
                    "opponent_number": other[0] if other else None,
                    "points_for": points[mine] if len(points) > mine else None,
                    "points_against": points[1 - mine] if len(points) == 2 else None,
                    "result": _result(pairing, number),
                }
            )
            rows.append(row)
    standing = next((s for s in data["standings"] if s["entry"] == number), None)
    # an individual event's seats at a table (4: partner and opponents; 5: table-mates)
    seats = data["stages"][0].get("seats", 4) if data["individual"] else None
    return {"tournament": data, "entry": entry, "rows": rows, "standing": standing, "seats": seats}


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


def _result(pairing: dict[str, Any], number: int) -> str | None:
    if pairing["status"] != "finished":
        return None
    if pairing["result"] == "draw":
        return "draw"
    if pairing.get("teams"):  # a table of four: won with the partner
        team = pairing["teams"][pairing["entries"].index(number) % 2]
        return "win" if pairing["winner"] in team else "loss"
    return "win" if pairing["winner"] == number else "loss"


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
        "finished": pairing.status == Pairing.Status.FINISHED,
        "tournament_finished": tournament.status == Tournament.Status.FINISHED,
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
    if pairing.status != Pairing.Status.FINISHED:
        return {"kind": "limit_ahead", "played": played, "limit": limit} if limit else {}
    if pairing.forfeit:
        return {"kind": "forfeit"}
    if pairing.source == Pairing.Source.DIRECTOR:
        return {"kind": "director"}
    if limit and played >= limit:
        return {"kind": "limit", "played": played, "limit": limit}
    # a trionfo session: closed by the table, or played to its own number of hands
    # (option ``deals``); no winning score was reached in either
    if pairing.match_id and pairing.match.closed:
        return {"kind": "closed"}
    deals = pairing.match.options.get("deals") if pairing.match_id else None
    if deals and pairing.match.hands.count() >= deals:
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
        row = {"name": names.get(number, ""), "table": None, "bye": False, "out": other is None}
        if other is not None:
            row.update(table=other.table, bye=other.bye)
        rows.append(row)
    return rows
