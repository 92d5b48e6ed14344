"""Reads of a club (``../shared/clubs.md``): the club, its players with their ratings and
histories, its seasons' standings, and the games the ratings are computed from."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Max
from django.utils.translation import gettext

from scorekeeper.selectors import VIEW_ID, key_of

from ..brackets import get_format
from ..brackets.ratings import ordinal
from ..brackets.seasons import KEY_WORDS, Placing, season_standings
from ..brackets.shapes import number as number_of
from ..models import (
    Club,
    Entry,
    EntryPlayer,
    Pairing,
    Player,
    RatedPairing,
    Season,
    Stage,
    Tournament,
)
from . import lineups


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
    club_id = tournament.club_id
    if club_id is None:
        return {}
    club = Club.objects.get(pk=club_id)
    season_id = tournament.season_id
    season = Season.objects.filter(pk=season_id).first() if season_id is not None else None
    return {"club": club.view_id, "season": season.number if season else None}


def entry_players(tournament: Tournament) -> dict[int, list[tuple[int, str]]]:
    """Each entry's club players, (number, club's name) in seat order: one query."""
    people: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for entry, number, name in (
        EntryPlayer.objects.filter(entry__tournament=tournament)
        .order_by("entry__number", "seat")
        .values_list("entry__number", "player__number", "player__name")
    ):
        people[entry].append((number, name))
    return dict(people)


def is_individual(tournament: Tournament) -> bool:
    """Whether the tournament's entries are single players (an individual event)."""
    stages = list(tournament.stages.all())
    return len(stages) == 1 and get_format(stages[0].format).individual


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


class Seating:
    """Who sat in the entries of some tournaments, as the club's players: each entry's
    players (ids and the club's names, seat order, from the entries' links: a name typed
    another way is the club's player), its name, and whether the tournament's entries are
    single players (an individual event). Three queries."""

    def __init__(self, tournaments: Iterable[Any]) -> None:
        ids = list(tournaments)
        self.players: dict[tuple[Any, int], list[tuple[int, str]]] = defaultdict(list)
        for tournament, number, player, name in (
            EntryPlayer.objects.filter(entry__tournament_id__in=ids)
            .order_by("entry_id", "seat")
            .values_list("entry__tournament_id", "entry__number", "player_id", "player__name")
        ):
            self.players[(tournament, number)].append((player, name))
        self.entries: dict[tuple[Any, int], tuple[str, list[str]]] = {
            (tournament, number): (name, players)
            for tournament, number, name, players in Entry.objects.filter(
                tournament_id__in=ids
            ).values_list("tournament_id", "number", "name", "players")
        }
        self.individual = {
            tournament: get_format(name).individual
            for tournament, name in Stage.objects.filter(
                tournament_id__in=ids, number=1
            ).values_list("tournament_id", "format")
        }

    def people(self, tournament: Any, number: int) -> list[tuple[int | None, str]]:
        """An entry's players: the club's (id, name), or the names as typed if not linked."""
        linked: list[tuple[int | None, str]] = list(self.players.get((tournament, number), ()))
        if linked:
            return linked
        return [(None, name) for name in self.entries.get((tournament, number), ("", []))[1]]

    def names(self, tournament: Any, numbers: Iterable[int], but: Any = None) -> list[str]:
        """The players of these entries, the player ``but`` left out."""
        return [
            name
            for number in numbers
            for player, name in self.people(tournament, number)
            if player is None or player != but
        ]

    def entry_name(self, tournament: Any, number: int) -> str:
        """An entry as people name it: an individual event's player by the club's name."""
        if self.individual.get(tournament):
            return " & ".join(self.names(tournament, [number]))
        return self.entries.get((tournament, number), ("?", []))[0]


def player_data(club: Club, number: int) -> dict[str, Any]:
    """The player with ``history`` (each tournament and pairing) and ``rating_history``."""
    player = Player.objects.get(club=club, number=number)
    data = _player_row(player, _played(club))
    links = list(
        EntryPlayer.objects.filter(player=player)
        .select_related("entry__tournament")
        .order_by("entry__tournament__created_at")
    )
    tournaments = {link.entry.tournament_id for link in links}
    seating = Seating(tournaments)
    pairings: dict[Any, list[Pairing]] = defaultdict(list)
    for pairing in Pairing.objects.filter(
        tournament_id__in=list(tournaments), status=Pairing.Status.FINISHED
    ).select_related("round"):
        pairings[pairing.tournament_id].append(pairing)
    data["history"] = [
        _evening(link, player, seating, pairings[link.entry.tournament_id]) for link in links
    ]
    data["rating_history"] = _rating_history(club, player, list(tournaments))
    return data


def _rating_history(club: Club, player: Player, tournaments: list[Any]) -> list[dict[str, Any]]:
    """One point per rated pairing the player played: the rated pairings of the
    tournaments the player entered (not the whole club), kept where the player is in."""
    points: list[dict[str, Any]] = []
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
    link: EntryPlayer, player: Player, seating: Seating, pairings: list[Pairing]
) -> dict[str, Any]:
    entry = link.entry
    tournament = entry.tournament
    mine = sorted(
        (p for p in pairings if entry.number in p.entries), key=lambda p: (p.round.number, p.slot)
    )
    rows = [_pairing_seen(p, entry.number, player, seating) for p in mine]
    partners = seating.names(tournament.pk, [entry.number], but=player.pk)
    for row in rows:  # an individual event's partners: drawn every round
        partners += [name for name in row["partners"] if name not in partners]
    return {
        "tournament": tournament.view_id,
        "date": tournament.created_at.date().isoformat(),
        "name": tournament.name,
        "entry": entry.number,
        "entry_name": seating.entry_name(tournament.pk, entry.number),
        "partners": partners,
        "rank": _ranks(tournament).get(entry.number),
        "of": sum(1 for key in seating.entries if key[0] == tournament.pk),
        "pairings": rows,
    }


def _pairing_seen(
    pairing: Pairing, number: int, player: Player, seating: Seating
) -> dict[str, Any]:
    """A pairing seen from entry ``number``'s side, as the table's shape says: its
    partners (the other players of its side), its opponents (every other side's), the
    result (``win``, ``draw``, ``loss``: its match points against the table's average), the
    points with its side's first, and (a table ranked by points: trionfo) its place."""
    shape, seats, tournament = pairing.table_shape, pairing.entries, pairing.tournament_id
    side = shape.side_named(seats, number)
    opponents = shape.opponents(seats, number)
    earned = shape.match_points(seats, pairing.winner, pairing.points)
    points = shape.side_values(pairing.points)
    ranks = shape.ranks(seats, pairing.winner, pairing.points)
    return {
        "round": pairing.round.number,
        "partners": seating.names(
            tournament, [number, *shape.partners(seats, number)], but=player.pk
        ),
        "opponents": [seating.entry_name(tournament, n) for n in opponents],
        "opponent_players": seating.names(tournament, opponents),
        "result": shape.outcomes(earned)[seats.index(number)],
        "points": [points[side], *(v for index, v in enumerate(points) if index != side)],
        "match_points": earned[seats.index(number)],
        "place": ranks[side] if shape.ranked_by == "points" else None,
    }


def _match_points(pairings: Iterable[Pairing]) -> dict[int, int | float]:
    """Each entry's match points over these finished pairings, each as its table's shape
    gives them (a team's win to both partners, trionfo's places, a bye's 2)."""
    points: dict[int, int | float] = defaultdict(int)
    for pairing in pairings:
        shape = pairing.table_shape
        earned = shape.match_points(pairing.entries, pairing.winner, pairing.points)
        for number, value in zip(pairing.entries, earned, strict=True):
            points[number] += value
    return {number: number_of(value) for number, value in points.items()}


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
    """One row per pairing (a bye or sit-out included): round, table, entries, players,
    result, points, games, each written by the table's sides: "Anna & Carlo – Bruno &
    Dario", the result naming the winning side (a table ranked by points: every player
    with their place), points and games per side."""
    entries = {e.number: e for e in Entry.objects.filter(tournament=tournament)}
    individual = lineups.is_individual(tournament)
    rows = []
    for p in Pairing.objects.filter(tournament=tournament).select_related("round"):
        shape = p.table_shape
        sides = shape.side_entries(p.entries)

        def name(number: int) -> str:
            return entries[number].name if number in entries else "?"

        def players(number: int) -> str:
            return " & ".join(entries[number].players) if number in entries else "?"

        rows.append(
            [
                p.round.number,
                p.table or "",
                " – ".join(" & ".join(name(n) for n in side) for side in sides),
                " – ".join(" & ".join(players(n) for n in side) for side in sides),
                _result_text(p, sides, name, individual),
                "–".join(str(v) for v in shape.side_values(p.points)) if p.points else "",
                "–".join(str(v) for v in shape.side_values(p.games_won)) if p.points else "",
            ]
        )
    return rows


def _result_text(pairing: Pairing, sides: Any, name: Any, individual: bool) -> str:
    """A finished pairing's result in words: ``draw``, the winning side, a bye (a sit-out in
    an individual event), or (a table ranked by points) each player with their place."""
    shape = pairing.table_shape
    if pairing.status != Pairing.Status.FINISHED:
        return ""
    if shape.bye:
        return gettext("sits out") if individual else gettext("bye")
    if shape.ranked_by == "points":
        ranks = shape.ranks(pairing.entries, pairing.winner, pairing.points)
        placed = sorted(zip(ranks, sides, strict=True), key=lambda item: item[0])
        return " – ".join(f"{rank}. {' & '.join(name(n) for n in side)}" for rank, side in placed)
    if pairing.winner is None or pairing.winner not in pairing.entries:
        return gettext("draw")
    return " & ".join(name(n) for n in sides[shape.side_named(pairing.entries, pairing.winner)])
