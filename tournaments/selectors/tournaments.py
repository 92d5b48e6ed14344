"""A tournament as the API shows it (six queries at most, however large), the link that
opens it, and what a table's card opens."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from scorekeeper.selectors import VIEW_ID, key_of

from ..convert import stage_data as stage_data
from ..models import Entry, Pairing, Stage, TableKey, Tournament
from .clubs import tournament_club_data
from .rounds import iso, round_name, rounds_data
from .standings import standings_data


def tournament_by_token(token: str, *, standings: bool = True) -> tuple[Tournament, bool]:
    """The tournament a link opens, and whether it is the director's key (its ``id``).
    ``standings=False`` leaves the stored standings out (a write never reads them: 10,000
    rows of JSON in a large event, read only if asked for)."""
    tournament_id = key_of(token)
    rows = Tournament.objects.all() if standings else Tournament.objects.defer("standings")
    if tournament_id is not None:
        return rows.get(pk=tournament_id), True
    if not VIEW_ID.fullmatch(token):
        raise Tournament.DoesNotExist
    return rows.get(view_id=token), False


def entry_data(entry: Entry) -> dict[str, Any]:
    return {
        "number": entry.number,
        "name": entry.name,
        "players": entry.players,
        "seed": entry.seed,
        "active": entry.active,
    }


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
            # Below ``version`` while the standings' refresh is due (a large event's follow
            # its results by a few seconds): the standings shown are those of that version.
            "standings_version": min(tournament.standings_version, tournament.version),
            "entries": [entry_data(entry) for entry in entries],
            "rounds": rounds_data(tournament, director=director),
            "standings": standings_data(tournament, entries),
        }
    )
    data.update(tournament_club_data(tournament))  # clubs.md: "club" and "season"
    if director:
        data["problem"] = problem_data(tournament)
        data["tables"] = [
            {"table": table, "key": key}
            for table, key in TableKey.objects.filter(tournament=tournament)
            .order_by("table")
            .values_list("table", "key")
        ]
    return data


def problem_data(tournament: Tournament) -> dict[str, Any] | None:
    """Why the tournament cannot go on by itself (the automatic advance failed) and what the
    director does about it; None when all is well. The director's view only."""
    if not tournament.problem:
        return None
    return {
        "message": gettext("The next round could not be drawn: {reason}").format(
            reason=tournament.problem
        ),
        "what_to_do": gettext(
            "Correct or drop out the entry it names, or correct the result, then draw the "
            "next round yourself. Nothing is retried until you change something."
        ),
        "since": iso(tournament.problem_since),
    }


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
    finished = tournament.status == Tournament.Status.FINISHED
    data.update(
        {
            "round": round_.number,
            "round_status": round_.status,
            "round_name": round_name(round_.name),
            # A finished tournament is closed to the tables: no write key any more.
            "match": None if finished else str(pairing.match_id),
            "match_view": pairing.match_view,
            "entries": pairing.entries,
            "status": pairing.status,
            "starts_at": iso(round_.starts_at),
            "ends_at": iso(pairing.ends_at or round_.ends_at),
        }
    )
    return data


def _next_text(tournament: Tournament) -> str:
    if tournament.status == Tournament.Status.FINISHED:
        return gettext("The tournament is finished.")
    if tournament.status == Tournament.Status.REGISTRATION:
        return gettext("The tournament has not started yet.")
    return gettext("No match at this table in this round: wait for the next round.")
