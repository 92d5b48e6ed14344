"""Reads that the API (and the pages) share. Each runs a fixed number of SQL queries,
whatever the number of entries or rounds: one per kind of row, never one per row.

The director's view (through the tournament's ``id``) shows every match's key and the table
keys; the public view (``view_id``) shows everything else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext

from scorekeeper.selectors import VIEW_ID, key_of

from ..brackets import standings as bracket_standings
from ..models import Entry, Pairing, Round, Stage, TableKey, Tournament


def tournament_by_token(token: str) -> tuple[Tournament, bool]:
    """The tournament a link opens, and whether it is the director's key (its ``id``)."""
    tournament_id = key_of(token)
    if tournament_id is not None:
        return Tournament.objects.get(pk=tournament_id), True
    if not VIEW_ID.fullmatch(token):
        raise Tournament.DoesNotExist
    return Tournament.objects.get(view_id=token), False


def entry_data(entry: Entry) -> dict[str, Any]:
    return {
        "number": entry.number,
        "name": entry.name,
        "players": entry.players,
        "seed": entry.seed,
        "active": entry.active,
    }


def late_entries_open(tournament: Tournament) -> bool:
    """Whether entries may still be added: before the start, and while the first stage, a
    Swiss, runs (the entry is drawn from the next round on). Elsewhere after the start: no."""
    if tournament.status == Tournament.Status.REGISTRATION:
        return True
    if tournament.status == Tournament.Status.FINISHED or tournament.stage != 1:
        return False
    return Stage.objects.filter(tournament=tournament, number=1, format="swiss").exists()


def stage_data(stage: Stage) -> dict[str, Any]:
    data: dict[str, Any] = {"format": stage.format, **stage.settings}
    if stage.advance is not None:
        data["advance"] = stage.advance
    return data


def round_name(name: dict[str, Any]) -> str:
    """The round's name in the request's language."""
    kind = name.get("kind")
    if kind == "final":
        return gettext("Final")
    if kind == "semi_final":
        return gettext("Semi-final")
    if kind == "quarter_final":
        return gettext("Quarter-final")
    if kind == "round_of":
        return gettext("Round of {size}").format(size=name.get("size"))
    return gettext("Round {number}").format(number=name.get("number"))


def pairing_data(pairing: Pairing, *, director: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "slot": pairing.slot,
        "table": pairing.table,
        "entries": pairing.entries,
        "bye": pairing.bye,
        "bracket": pairing.bracket,
        "group": pairing.group,
    }
    if director:
        data["match"] = str(pairing.match_id) if pairing.match_id else None
    data.update(
        {
            "match_view": pairing.match_view,
            "status": pairing.status,
            "result": pairing.result,
            "points": pairing.points,
            "winner": pairing.winner,
            "games_won": pairing.games_won,
            "games": pairing.games_won if pairing.status == Pairing.Status.FINISHED else None,
            "forfeit": pairing.forfeit,
            "note": pairing.note,
            "decided_by": pairing.source,
            "ends_at": _iso(pairing.ends_at),
            "time_called": pairing.time_called,
        }
    )
    return data


def round_data(
    round_: Round, pairings: Sequence[Pairing], *, director: bool, stage_number: int
) -> dict[str, Any]:
    return {
        "number": round_.number,
        "stage": stage_number,
        "name": round_name(round_.name),
        "status": round_.status,
        "starts_at": _iso(round_.starts_at),
        "ends_at": _iso(round_.ends_at),
        "time_called": round_.time_called,
        "seed": round_.seed,
        "pairings": [pairing_data(p, director=director) for p in pairings],
    }


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def rounds_data(
    tournament: Tournament, *, director: bool, number: int | None = None
) -> list[dict[str, Any]]:
    """Every round (or the one numbered ``number``) with its pairings: two queries."""
    rounds = Round.objects.filter(tournament=tournament).select_related("stage")
    pairings = Pairing.objects.filter(tournament=tournament).order_by("round_id", "slot")
    if number is not None:
        rounds = rounds.filter(number=number)
        pairings = pairings.filter(round__number=number)
    # The rounds are read first: a round and its pairings are committed together, so the
    # pairings read after it are all there (read the other way round, a round drawn between
    # the two queries would show no pairing).
    found = list(rounds.order_by("number"))
    by_round: dict[int, list[Pairing]] = {}
    for pairing in pairings:
        by_round.setdefault(pairing.round_id, []).append(pairing)
    return [
        round_data(r, by_round.get(r.pk, []), director=director, stage_number=r.stage.number)
        for r in found
    ]


def standings_data(tournament: Tournament, entries: Sequence[Entry]) -> list[dict[str, Any]]:
    """The stored standings with names, activity and ``why`` in the request's language."""
    names = {entry.number: entry.name for entry in entries}
    active = {entry.number: entry.active for entry in entries}
    rows = []
    for row in tournament.standings:
        number = row["entry"]
        data: dict[str, Any] = {
            "rank": row["rank"],
            "entry": number,
            "name": names.get(number, ""),
            "active": active.get(number, True),
        }
        if row.get("group") is not None:
            data["group"] = row["group"]
        data.update({key: row.get(key, 0) for key in bracket_standings.METRICS})
        data["why"] = why_text(row.get("why"), names)
        rows.append(data)
    return rows


def tiebreak_word(key: str) -> str:
    """A tiebreak key's words in the request's language."""
    words = getattr(bracket_standings, "KEY_WORDS", {})
    return gettext(words[key]) if key in words else key


def why_text(why: Any, names: dict[int, str]) -> str:
    """The engine's ``why`` (template and values) as a sentence in the request's language:
    an entry's number becomes its name, a tiebreak key its name."""
    if not isinstance(why, dict) or not why.get("template"):
        return ""
    params = {}
    for key, value in (why.get("params") or {}).items():
        if key in ("other", "entry") and isinstance(value, int):
            params[key] = names.get(value, str(value))
        elif key in ("key", "tiebreak") and isinstance(value, str):
            params[key] = tiebreak_word(value)
        else:
            params[key] = value
    template = why["template"]
    try:
        return gettext(template).format(**params)
    except (KeyError, IndexError, ValueError):
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            return template


def tournament_data(tournament: Tournament, *, director: bool) -> dict[str, Any]:
    """The whole tournament as the API shows it: six queries at most, however large."""
    entries = list(Entry.objects.filter(tournament=tournament).order_by("number"))
    stages = list(Stage.objects.filter(tournament=tournament).order_by("number"))
    data: dict[str, Any] = {"id": str(tournament.id)} if director else {}
    data.update(
        {
            "view_id": tournament.view_id,
            "name": tournament.name,
            "variant": tournament.variant,
            "options": tournament.options,
            "games_to_win": tournament.games_to_win,
            "hands_per_match": tournament.hands_per_match,
            "round_minutes": tournament.round_minutes,
            "break_minutes": tournament.break_minutes,
            "stages": [stage_data(stage) for stage in stages],
            "tiebreaks": tournament.tiebreaks,
            "bye_points": tournament.bye_points,
            "auto_advance": tournament.auto_advance,
            "confirm_results": tournament.confirm_results,
            "at_time": tournament.at_time,
            "status": tournament.status,
            "stage": tournament.stage,
            "round": tournament.round,
            "champion": tournament.champion,
            "version": tournament.version,
            "entries": [entry_data(entry) for entry in entries],
            "rounds": rounds_data(tournament, director=director),
            "standings": standings_data(tournament, entries),
        }
    )
    if director:
        data["tables"] = [
            {"table": table, "key": key}
            for table, key in TableKey.objects.filter(tournament=tournament)
            .order_by("table")
            .values_list("table", "key")
        ]
    return data


def table_data(key: str) -> dict[str, Any]:
    """What a table's card opens: the match now played at that table (its key included),
    or, between rounds, what comes next. ``TableKey.DoesNotExist`` for an unknown key."""
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
    data: dict[str, Any] = {
        "tournament": tournament.view_id,
        "name": tournament.name,
        "table": table_key.table,
        "tournament_status": tournament.status,
        "round": None,
        "round_status": None,
        "match": None,
        "match_view": None,
        "entries": None,
        "starts_at": None,
        "ends_at": None,
    }
    if pairing is None or pairing.round.number != tournament.round:
        data["round"] = tournament.round
        data["next"] = _next_text(tournament)
        return data
    round_ = pairing.round
    data.update(
        {
            "round": round_.number,
            "round_status": round_.status,
            "round_name": round_name(round_.name),
            "match": str(pairing.match_id),
            "match_view": pairing.match_view,
            "entries": pairing.entries,
            "status": pairing.status,
            "starts_at": _iso(round_.starts_at),
            "ends_at": _iso(pairing.ends_at or round_.ends_at),
        }
    )
    return data


def _next_text(tournament: Tournament) -> str:
    if tournament.status == Tournament.Status.FINISHED:
        return gettext("The tournament is finished.")
    if tournament.status == Tournament.Status.REGISTRATION:
        return gettext("The tournament has not started yet.")
    return gettext("No match at this table in this round: wait for the next round.")
