"""A tournament as every read shows it: one ``TournamentView`` per request, as
``scorekeeper.selectors.MatchView`` is for a match.

The view holds the row and whether the link is the director's; each fact is read when first
asked for and at most once (entries, stages, rounds with their pairings, table keys), one
query per kind of row whatever the size. The API's document (``data``), the desk, the cards
and the public pages all read these typed attributes; what a status means to them is said
here (``registration``, ``running``, ``finished``) and in ``rounds`` (``RoundView.playing``,
``finished(pairing)``), never by comparing status words in the adapters.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..brackets import get_format
from ..convert import stage_data
from ..models import Entry, Player, Stage, TableKey, Tournament
from .clubs import tournament_club_data
from .problems import Problem, problem_of
from .rounds import RoundView, rounds_of
from .standings import standings_data


def entry_data(entry: Entry) -> dict[str, Any]:
    return {
        "number": entry.number,
        "name": entry.name,
        "players": entry.players,
        "seed": entry.seed,
        "active": entry.active,
    }


def problem_data(tournament: Tournament) -> dict[str, Any] | None:
    """The problem as the API shows it (the director's view only); None when all is well."""
    view = tournament_view(tournament, director=True)
    return view.problem.data() if view.problem else None


@dataclass(frozen=True)
class TournamentView:
    """A tournament as every read shows it, built once per request by ``tournament_view``:
    the row, whether the link is the director's (its ``id``), and the facts read from it,
    each when first asked for (one query per kind of row, however large)."""

    tournament: Tournament
    director: bool

    @property
    def registration(self) -> bool:
        """Before the start: entries are added and checked in, no round is drawn."""
        return self.tournament.status == Tournament.Status.REGISTRATION

    @property
    def running(self) -> bool:
        return self.tournament.status == Tournament.Status.RUNNING

    @property
    def finished(self) -> bool:
        """Over: a champion (or the last stage's standings), closed to the tables."""
        return self.tournament.status == Tournament.Status.FINISHED

    @cached_property
    def entries(self) -> list[Entry]:
        """Every entry (dropped out too), by number: one query."""
        return list(Entry.objects.filter(tournament=self.tournament).order_by("number"))

    @cached_property
    def stages(self) -> list[Stage]:
        """The stages, by number: one query."""
        return list(Stage.objects.filter(tournament=self.tournament).order_by("number"))

    @cached_property
    def rounds(self) -> list[RoundView]:
        """Every round drawn with its pairings, by number: two queries (and the stages)."""
        return rounds_of(self.tournament, stages=self.stages)

    @cached_property
    def current(self) -> RoundView | None:
        """The round in play (the latest drawn; after the last, the last): read alone unless
        every round is read already; ``None`` before the first draw."""
        number = self.tournament.round
        if not number:
            return None
        if "rounds" in self.__dict__:
            return next((r for r in self.rounds if r.number == number), None)
        found = rounds_of(self.tournament, number=number, stages=self.stages)
        return found[0] if found else None

    @cached_property
    def names(self) -> dict[int, str]:
        """Each entry's name by its number."""
        return {entry.number: entry.name for entry in self.entries}

    @property
    def champion_name(self) -> str | None:
        champion = self.tournament.champion
        return self.names.get(champion) if champion else None

    @cached_property
    def individual(self) -> bool:
        """Whether the entries are single players (the only stage is a ``melee``)."""
        stages = self.stages
        return len(stages) == 1 and get_format(stages[0].format).individual

    @property
    def seats(self) -> int | None:
        """An individual event's players at a table (4: two teams of two; 5: trionfo);
        ``None`` for an event of teams."""
        return self.stages[0].settings.get("seats", 4) if self.individual else None

    @property
    def checked_in(self) -> set[int]:
        """The numbers of the entries checked in at the desk."""
        return {entry.number for entry in self.entries if entry.checked_in}

    def stage(self, number: int) -> Stage | None:
        return next((stage for stage in self.stages if stage.number == number), None)

    def best_of(self, stage_number: int) -> bool:
        """Whether a match of this stage is more than one game (the stage's own
        ``games_to_win``, else the tournament's): its games are shown, not summed points."""
        stage = self.stage(stage_number)
        own = stage.settings.get("games_to_win") if stage is not None else None
        return int(own or self.tournament.games_to_win or 1) > 1

    @property
    def can_draw(self) -> bool:
        """Whether the next round may be drawn now: running, every result of the round in
        play in (the round is completed by a job after the commit, or by the draw itself)."""
        current = self.current
        return bool(current and self.running and current.results_in)

    @cached_property
    def standings(self) -> list[dict[str, Any]]:
        """The stored standings in the request's language (names, activity, ``why``)."""
        return standings_data(self.tournament, self.entries)

    @cached_property
    def table_keys(self) -> list[tuple[int, str]]:
        """(table, key) of every table, in order: the director's view only (one query)."""
        if not self.director:
            return []
        rows = TableKey.objects.filter(tournament=self.tournament).order_by("table")
        return list(rows.values_list("table", "key"))

    @cached_property
    def problem(self) -> Problem | None:
        """Why the event cannot go on by itself (a failed advance, a stuck job): the
        director's view only."""
        return problem_of(self.tournament, self.current) if self.director else None

    @cached_property
    def club(self) -> dict[str, Any]:
        """A club's tournament: ``club`` (view_id) and ``season``; empty otherwise."""
        return tournament_club_data(self.tournament)

    @cached_property
    def club_players(self) -> list[str]:
        """The names of the club's players, for the desk's entries to offer as the director
        types (no query for a tournament without a club)."""
        club = self.tournament.club_id
        if club is None:
            return []
        rows = Player.objects.filter(club_id=club).order_by("name")
        return list(rows.values_list("name", flat=True))

    @cached_property
    def head(self) -> dict[str, Any]:
        """The tournament as the API shows it without what grows with its size (entries,
        rounds, standings, table keys): what ``start`` answers (tournaments.md, Speed)."""
        tournament = self.tournament
        data: dict[str, Any] = {"id": str(tournament.id)} if self.director else {}
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
                "stages": [stage_data(stage) for stage in self.stages],
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
                # Below ``version`` while the standings' refresh is due (a large event's
                # follow its results by a few seconds): the standings shown are those of
                # that version.
                "standings_version": min(tournament.standings_version, tournament.version),
            }
        )
        data.update(self.club)  # clubs.md: "club" and "season"
        if self.director:
            data["problem"] = self.problem.data() if self.problem else None
        return data

    @cached_property
    def data(self) -> dict[str, Any]:
        """The whole tournament as the API shows it: six queries at most, however large."""
        data = {
            **self.head,
            "entries": [entry_data(entry) for entry in self.entries],
            "rounds": [r.data(director=self.director) for r in self.rounds],
            "standings": self.standings,
        }
        if self.director:
            data["tables"] = [{"table": table, "key": key} for table, key in self.table_keys]
        return data


def tournament_view(tournament: Tournament, *, director: bool) -> TournamentView:
    """The tournament's one view for this request."""
    return TournamentView(tournament, director)
