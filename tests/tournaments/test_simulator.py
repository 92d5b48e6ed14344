"""A tournament simulator: whole tournaments of every format and sizes 2 to 64, played to
the end through the services with random results (real hands entered at the tables through
scorekeeper's services, or the director's results), with drop-outs and late entries. The
invariants are checked after every round; the advances run as the embedded default runs
them (tasks in process, after each commit).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

from scorekeeper import services as match_services
from tests.tournaments.conftest import entries, won_by
from tournaments import services, validation
from tournaments.models import Entry, Pairing, Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SE = "single_elimination"
DE = "double_elimination"
RR = "round_robin"
CASES: list[tuple[str, int, list[dict[str, Any]], dict[str, Any]]] = [
    # (name, entries, stages, chaos: drop-outs and late entries)
    ("swiss-2", 2, [{"format": "swiss", "rounds": 1}], {}),
    ("swiss-3", 3, [{"format": "swiss", "rounds": 2}], {}),
    ("swiss-5", 5, [{"format": "swiss", "rounds": 4}], {}),
    ("swiss-8", 8, [{"format": "swiss", "rounds": 5}], {"drop": 1, "late": 1}),
    ("swiss-9-random", 9, [{"format": "swiss", "rounds": 4, "pairing": "random"}], {"late": 1}),
    ("swiss-13", 13, [{"format": "swiss", "rounds": 4}], {"drop": 2}),
    ("swiss-64", 64, [{"format": "swiss", "rounds": 3}], {"drop": 1, "late": 1}),
    ("rr-2", 2, [{"format": RR}], {}),
    ("rr-3", 3, [{"format": RR}], {}),
    ("rr-6", 6, [{"format": RR}], {}),
    ("rr-5-cycles", 5, [{"format": RR, "cycles": 2}], {}),
    ("rr-7-groups", 7, [{"format": RR, "groups": 2}], {}),
    ("rr-6-drop", 6, [{"format": RR}], {"drop": 1}),
    ("se-2", 2, [{"format": SE}], {}),
    ("se-3", 3, [{"format": SE}], {}),
    ("se-5", 5, [{"format": SE}], {}),
    ("se-8-third", 8, [{"format": SE, "third_place": True}], {}),
    ("se-11-consolation", 11, [{"format": SE, "consolation": True}], {}),
    ("se-33", 33, [{"format": SE}], {}),
    ("se-16-drop", 16, [{"format": SE}], {"drop": 1}),
    ("de-2", 2, [{"format": DE}], {}),
    ("de-3", 3, [{"format": DE}], {}),
    ("de-6", 6, [{"format": DE, "grand_final_reset": True}], {}),
    ("de-9-no-reset", 9, [{"format": DE, "grand_final_reset": False}], {}),
    (
        "swiss-then-se",
        8,
        [{"format": "swiss", "rounds": 3}, {"format": SE, "advance": 4}],
        {"late": 1},
    ),
    ("groups-then-se", 10, [{"format": RR, "groups": 2}, {"format": SE, "advance": 4}], {}),
    ("swiss-then-de", 7, [{"format": "swiss", "rounds": 3}, {"format": DE, "advance": 4}], {}),
]


class Simulation:
    def __init__(
        self, name: str, size: int, stages: list[dict[str, Any]], chaos: dict[str, Any]
    ) -> None:
        self.rnd = random.Random(name)
        self.stages = stages
        self.chaos = dict(chaos)
        seeded = entries(size)
        for entry in seeded[size // 2 :]:
            entry.pop("seed")  # half the field unseeded: a random order, drawn once
        tournament = services.tournament_create(
            validation.tournament_spec(
                dict(name=name, variant="tarneeb", hands_per_match=1, stages=stages, entries=seeded)
            )
        )
        self.id = tournament.pk
        services.tournament_start(tournament_id=self.id)
        self.checked: set[int] = set()
        self.dropped: dict[int, int] = {}  # entry: the last round drawn when it dropped out

    @property
    def tournament(self) -> Tournament:
        return Tournament.objects.get(pk=self.id)

    def run(self) -> Tournament:
        for _turn in range(200):
            tournament = self.tournament
            if tournament.status == "finished":
                return tournament
            round_ = Round.objects.get(tournament_id=self.id, number=tournament.round)
            self.check_round(round_)
            self.play(round_)
            self.stir(round_)
        raise AssertionError("the tournament never finished")

    def play(self, round_: Round) -> None:
        draws = round_.stage.format in ("swiss", RR)
        for pairing in round_.pairings.filter(status="in_progress"):
            team = self.rnd.randrange(2)
            if self.rnd.random() < 0.5:
                match_services.hand_record(match_id=pairing.match_id, payload=won_by(team))
            elif draws and self.rnd.random() < 0.2:
                services.pairing_result_set(
                    tournament_id=self.id,
                    round_number=round_.number,
                    slot=pairing.slot,
                    draw=True,
                    points=[80, 80],
                )
            else:
                services.pairing_result_set(
                    tournament_id=self.id,
                    round_number=round_.number,
                    slot=pairing.slot,
                    winner=pairing.entries[team],
                    points=[162, 0][:: 1 - 2 * team],
                )

    def stir(self, round_: Round) -> None:
        """Drop-outs and late entries, between rounds."""
        if self.tournament.status != "running":
            return
        if self.chaos.get("drop") and round_.index >= 1:
            active = list(Entry.objects.filter(tournament_id=self.id, active=True))
            if len(active) > 4:
                number = self.rnd.choice(active).number
                services.entry_update(tournament_id=self.id, number=number, active=False)
                self.dropped[number] = self.tournament.round
                self.chaos["drop"] -= 1
        if (
            self.chaos.get("late")
            and self.tournament.stage == 1
            and self.stages[0]["format"] == "swiss"
        ):
            count = Entry.objects.filter(tournament_id=self.id).count()
            services.entry_add(
                tournament_id=self.id, name=f"Late {count}", players=[f"L{count}a", f"L{count}b"]
            )
            self.chaos["late"] -= 1

    # -- invariants -------------------------------------------------------------------------

    def check_round(self, round_: Round) -> None:
        if round_.pk in self.checked:
            return
        self.checked.add(round_.pk)
        pairings = list(round_.pairings.all())
        seen = Counter(n for p in pairings for n in p.entries)
        assert all(count == 1 for count in seen.values()), seen
        out = {n for n, last in self.dropped.items() if round_.number > last}
        assert not set(seen) & out, ("a dropped-out entry was drawn", set(seen) & out)
        active = {
            n
            for n in Entry.objects.filter(tournament_id=self.id).values_list("number", flat=True)
            if n not in out
        }
        for pairing in pairings:
            assert (pairing.match_id is None) == pairing.bye
            assert pairing.bye == (pairing.status == "finished" and pairing.table is None)
        if round_.stage.format == "swiss":
            self.check_swiss(round_, pairings, active)
        if round_.stage.format == RR:
            self.check_round_robin(round_, pairings)
        self.check_standings()

    def earlier(self, round_: Round) -> list[Pairing]:
        return list(
            Pairing.objects.filter(round__stage=round_.stage, round__number__lt=round_.number)
        )

    def check_swiss(self, round_: Round, pairings: list[Pairing], active: set[int]) -> None:
        before = self.earlier(round_)
        met = {frozenset(p.entries) for p in before if not p.bye}
        had_bye = {p.entries[0] for p in before if p.bye}
        byes = [p.entries[0] for p in pairings if p.bye]
        drawn = {n for p in pairings for n in p.entries}
        assert len(byes) == len(drawn) % 2 and len(byes) <= 1
        if byes and byes[0] in had_bye:
            assert drawn - {byes[0]} <= had_bye, "a second bye while another has none"
        rematches = [p for p in pairings if not p.bye and frozenset(p.entries) in met]
        if rematches and len(drawn) <= 16:
            assert not can_pair(frozenset(drawn), frozenset(met)), "an avoidable rematch"
        elif rematches:
            raise AssertionError(f"a rematch in a field of {len(drawn)}")

    def check_round_robin(self, round_: Round, pairings: list[Pairing]) -> None:
        cycles = round_.stage.settings.get("cycles", 1)
        per_cycle = Round.objects.filter(stage=round_.stage).count()
        met = Counter(frozenset(p.entries) for p in self.earlier(round_) if not p.bye)
        for pairing in pairings:
            if not pairing.bye:
                assert met[frozenset(pairing.entries)] < cycles, "met too often"
        assert per_cycle >= 1

    def check_standings(self) -> None:
        tournament = self.tournament
        rows = tournament.standings
        numbers = set(Entry.objects.filter(tournament_id=self.id).values_list("number", flat=True))
        assert sorted(row["entry"] for row in rows) == sorted(numbers)
        by_group: dict[Any, list[int]] = {}
        for row in rows:
            by_group.setdefault(row.get("group"), []).append(row["rank"])
        for ranks in by_group.values():
            assert ranks == list(range(ranks[0], ranks[0] + len(ranks))), ranks

    def check_end(self, tournament: Tournament) -> None:
        assert tournament.champion is not None
        assert tournament.status == "finished"
        last = self.stages[-1]
        rows = tournament.standings
        if last["format"] in (SE, DE):
            assert rows[0]["entry"] == tournament.champion
        pairings = list(
            Pairing.objects.filter(tournament_id=self.id, round__stage__number=len(self.stages))
        )
        played = [p for p in pairings if not p.bye]
        losses = Counter(n for p in played for n in p.entries if p.winner not in (None, n))
        if last["format"] == SE and not self.chaos_used:
            main = [p for p in played if p.bracket in (None, "winners", "main")]
            assert losses[tournament.champion] == 0 or any(
                p.bracket not in (None, "winners", "main") for p in played
            )
            entrants = self.stage_size()
            extra = 1 if last.get("third_place") and entrants >= 4 else 0
            if not last.get("consolation"):
                assert len(main) + extra == len(played)
                assert len(main) == entrants - 1, (len(main), entrants)
        if last["format"] == DE and not self.chaos_used:
            entrants = self.stage_size()
            assert len(played) in (2 * entrants - 2, 2 * entrants - 1), (len(played), entrants)
            assert losses[tournament.champion] <= 1
        if last["format"] == RR and len(self.stages) == 1 and not self.chaos_used:
            cycles = last.get("cycles", 1)
            met = Counter(frozenset(p.entries) for p in played)
            assert set(met.values()) <= {cycles}

    @property
    def chaos_used(self) -> bool:
        return bool(Entry.objects.filter(tournament_id=self.id, active=False).exists())

    def stage_size(self) -> int:
        if len(self.stages) == 2:
            return self.stages[1]["advance"]
        return Entry.objects.filter(tournament_id=self.id).count()


def can_pair(entries: frozenset[int], met: frozenset[frozenset[int]]) -> bool:
    """Whether the entries can all be paired (one bye when odd) with no rematch."""

    @cache
    def solve(left: frozenset[int], bye_left: bool) -> bool:
        if not left:
            return True
        first = min(left)
        rest = left - {first}
        if bye_left and solve(rest, False):
            return True
        return any(
            frozenset((first, other)) not in met and solve(rest - {other}, bye_left)
            for other in rest
        )

    return solve(entries, len(entries) % 2 == 1)


@pytest.mark.parametrize(
    ("name", "size", "stages", "chaos"), CASES, ids=[case[0] for case in CASES]
)
def test_a_whole_tournament(name, size, stages, chaos):
    simulation = Simulation(name, size, stages, chaos)
    tournament = simulation.run()
    simulation.check_standings()
    simulation.check_end(tournament)
    assert Round.objects.filter(tournament=tournament, status="playing").count() == 0
