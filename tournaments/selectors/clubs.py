"""Reads of a club (``../shared/clubs.md``): the club, its players with their ratings and
histories, its seasons' standings, and the games the ratings are computed from."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Max
from django.utils.translation import gettext

from scorekeeper.selectors import VIEW_ID, key_of

from ..brackets.ratings import ordinal
from ..brackets.seasons import KEY_WORDS, Placing, season_standings
from ..models import (
    Club,
    Entry,
    EntryPlayer,
    Pairing,
    Player,
    RatedPairing,
    Season,
    Tournament,
)


def club_by_token(token: str) -> tuple[Club, bool]:
    """The club a link opens, and whether it is the director's key (its ``id``)."""
    club_id = key_of(token)
    if club_id is not None:
        return Club.objects.get(pk=club_id), True
    if not VIEW_ID.fullmatch(token):
        raise Club.DoesNotExist
    return Club.objects.get(view_id=token), False


def _tournament_ref(tournament: Tournament | None) -> dict[str, Any] | None:
    if tournament is None:
        return None
    return {
        "view_id": tournament.view_id,
        "name": tournament.name,
        "status": tournament.status,
        "date": tournament.created_at.date().isoformat(),
    }


def season_data(season: Season) -> dict[str, Any]:
    return {
        "number": season.number,
        "name": season.name,
        "scoring": season.scoring,
        "points": season.points,
        "best_of": season.best_of,
    }


def club_data(club: Club, *, director: bool) -> dict[str, Any]:
    tournaments = Tournament.objects.filter(club=club).order_by("-created_at")
    last = tournaments.exclude(status=Tournament.Status.REGISTRATION).first()
    upcoming = tournaments.filter(status=Tournament.Status.REGISTRATION).last()
    data: dict[str, Any] = {"id": str(club.id)} if director else {}
    data.update(
        {
            "view_id": club.view_id,
            "name": club.name,
            "language": club.language,
            "seasons": [season_data(s) for s in club.seasons.order_by("number")],
            "last_tournament": _tournament_ref(last),
            "next_tournament": _tournament_ref(upcoming),
        }
    )
    return data


def club_tournaments_data(club: Club) -> list[dict[str, Any]]:
    return [
        {**(_tournament_ref(t) or {}), "season": t.season.number if t.season else None}
        for t in Tournament.objects.filter(club=club).select_related("season")
    ]


def tournament_club_data(tournament: Tournament) -> dict[str, Any]:
    """What a club's tournament says of its club: ``club`` (view_id) and ``season``."""
    if tournament.club_id is None:
        return {}
    club = Club.objects.get(pk=tournament.club_id)
    season = Season.objects.filter(pk=tournament.season_id).first()
    return {"club": club.view_id, "season": season.number if season else None}


def _player_row(player: Player, played: dict[int, tuple[int, Any]]) -> dict[str, Any]:
    count, last = played.get(player.pk, (0, None))
    return {
        "number": player.number,
        "name": player.name,
        "rating": ordinal(player.mu, player.sigma),
        "mu": round(player.mu, 4),
        "sigma": round(player.sigma, 4),
        "rated_pairings": player.rated_pairings,
        "tournaments": count,
        "last_played": last.date().isoformat() if last else None,
    }


def _played(club: Club) -> dict[int, tuple[int, Any]]:
    rows = (
        EntryPlayer.objects.filter(player__club=club)
        .values("player_id")
        .annotate(
            n=Count("entry__tournament", distinct=True), last=Max("entry__tournament__created_at")
        )
    )
    return {row["player_id"]: (row["n"], row["last"]) for row in rows}


def players_data(club: Club) -> list[dict[str, Any]]:
    played = _played(club)
    return [_player_row(p, played) for p in club.players.order_by("number")]


def _ranks(tournament: Tournament) -> dict[int, int]:
    """Each entry's place in the tournament's standings (1 first)."""
    return {row["entry"]: i for i, row in enumerate(tournament.standings, 1)}


def _outcome(pairing: Pairing, number: int) -> str:
    if pairing.result == "draw":
        return "draw"
    return "win" if pairing.winner == number else "loss"


def player_data(club: Club, number: int) -> dict[str, Any]:
    """The player with ``history`` (each tournament and pairing) and ``rating_history``."""
    player = Player.objects.get(club=club, number=number)
    data = _player_row(player, _played(club))
    links = list(
        EntryPlayer.objects.filter(player=player)
        .select_related("entry__tournament")
        .order_by("entry__tournament__created_at")
    )
    entries = {link.entry.tournament_id: link.entry for link in links}
    everyone: dict[Any, dict[int, Entry]] = defaultdict(dict)
    for entry in Entry.objects.filter(tournament_id__in=list(entries)):
        everyone[entry.tournament_id][entry.number] = entry
    pairings: dict[Any, list[Pairing]] = defaultdict(list)
    for pairing in Pairing.objects.filter(
        tournament_id__in=list(entries), status=Pairing.Status.FINISHED
    ).select_related("round"):
        pairings[pairing.tournament_id].append(pairing)
    data["history"] = [
        _evening(link, everyone[link.entry.tournament_id], pairings[link.entry.tournament_id])
        for link in links
    ]
    data["rating_history"] = _rating_history(club, player, list(entries))
    return data


def _rating_history(club: Club, player: Player, tournaments: list[Any]) -> list[dict[str, Any]]:
    """One point per rated pairing the player played: the rated pairings of the
    tournaments the player entered (not the whole club), kept where the player is in."""
    points = []
    for position, after in (
        RatedPairing.objects.filter(club=club, pairing__tournament_id__in=tournaments)
        .order_by("position")
        .values_list("position", "after")
    ):
        points.extend(
            {"pairing": position, "rating": ordinal(mu, sigma), "mu": round(mu, 4)}
            for who, mu, sigma in after
            if who == player.pk
        )
    return points


def _evening(
    link: EntryPlayer, entries: dict[int, Entry], pairings: list[Pairing]
) -> dict[str, Any]:
    entry = link.entry
    tournament = entry.tournament
    mine = [p for p in pairings if entry.number in p.entries]
    return {
        "tournament": tournament.view_id,
        "date": tournament.created_at.date().isoformat(),
        "name": tournament.name,
        "entry": entry.number,
        "entry_name": entry.name,
        "partners": [n for seat, n in enumerate(entry.players) if seat != link.seat],
        "rank": _ranks(tournament).get(entry.number),
        "of": len(entries),
        "pairings": [
            {
                "round": p.round.number,
                "opponents": [entries[n].name for n in p.entries if n != entry.number],
                "opponent_players": [
                    name for n in p.entries if n != entry.number for name in entries[n].players
                ],
                "result": _outcome(p, entry.number),
                "points": p.points if p.entries[0] == entry.number else (p.points or [])[::-1],
            }
            for p in sorted(mine, key=lambda p: p.round.number)
        ],
    }


def _match_points(pairings: Iterable[Pairing]) -> dict[int, int]:
    points: dict[int, int] = defaultdict(int)
    for pairing in pairings:
        if pairing.result == "draw":
            for number in pairing.entries:
                points[number] += 1
        elif pairing.winner is not None:
            points[pairing.winner] += 2
    return points


def season_rows(season: Season) -> list[dict[str, Any]]:
    """The season's standings: its finished tournaments, each player's placings."""
    tournaments = list(season.tournaments.filter(status=Tournament.Status.FINISHED))
    placings = []
    names: dict[int, str] = {}
    for tournament in tournaments:
        ranks = _ranks(tournament)
        points = _match_points(tournament.pairings.filter(status=Pairing.Status.FINISHED))
        for number, player, name in EntryPlayer.objects.filter(
            entry__tournament=tournament
        ).values_list("entry__number", "player__number", "player__name"):
            names[player] = name
            rank = ranks.get(number)
            if rank is not None:
                placings.append(Placing(player, tournament.pk, rank, points.get(number, 0)))
    rows = season_standings(
        placings, names, scoring=season.scoring, points=season.points, best_of=season.best_of
    )
    return [
        {
            "rank": row.rank,
            "player": row.player,
            "name": row.name,
            "points": row.points,
            "tournaments": row.tournaments,
            "wins": row.wins,
            "best": row.best,
            "why": _why_text(row.why, names),
        }
        for row in rows
    ]


def _why_text(why: Any, names: dict[int, str]) -> str:
    if why is None:
        return ""
    params = dict(why.params)
    params["other"] = names.get(params["other"], str(params["other"]))
    if "key" in params:
        params["key"] = gettext(KEY_WORDS[params["key"]])
    return gettext(why.template).format(**params)


def results_rows(tournament: Tournament) -> list[list[Any]]:
    """One row per pairing: round, table, entries, players, result, points, games."""
    entries = {e.number: e for e in Entry.objects.filter(tournament=tournament)}
    rows = []
    for p in Pairing.objects.filter(tournament=tournament).select_related("round"):
        sides = [entries[n] for n in p.entries if n in entries]
        winner = entries.get(p.winner) if p.winner is not None else None
        result = (
            ""
            if p.status != Pairing.Status.FINISHED
            else (gettext("draw") if p.result == "draw" else winner.name if winner else "")
        )
        rows.append(
            [
                p.round.number,
                p.table or "",
                " – ".join(e.name for e in sides),
                " – ".join(" & ".join(e.players) for e in sides),
                result,
                "–".join(str(v) for v in p.points or []),
                "–".join(str(v) for v in p.games_won or []),
            ]
        )
    return rows
