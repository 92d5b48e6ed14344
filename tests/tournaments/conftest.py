"""Helpers for tournament tests: a club director's script over the real URL stack.

The tests run on a transactional database: a result's advance is queued with
``transaction.on_commit`` and, without a broker, runs right after the commit, as it does on
the embedded default.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Api

TEAMS = [
    ["Anne", "Bruno"],
    ["Chloé", "David"],
    ["Emma", "Farid"],
    ["Gina", "Hugo"],
    ["Inès", "Jules"],
    ["Karim", "Léa"],
    ["Marc", "Nour"],
    ["Olga", "Paul"],
]
# One hand of coinche that ends a 1000-point game at once is not available; belote's
# target is small enough to finish quickly with capots.


def entries(count: int, *, seeded: bool = True, size: int = 2) -> list[dict[str, Any]]:
    return [
        {
            "name": f"Team {n}",
            "players": [f"P{n}a", f"P{n}b"][:size],
            **({"seed": n} if seeded else {}),
        }
        for n in range(1, count + 1)
    ]


class Director(Api):
    def create(self, expect: int = 201, **fields: Any) -> dict[str, Any]:
        body = {
            "name": "Friday coinche",
            "variant": "coinche",
            "stages": [{"format": "swiss", "rounds": 3}],
            **fields,
        }
        response = self.post("/api/tournaments/", body)
        assert response.status_code == expect, response.json()
        return response.json()

    def patch(self, url: str, data: Any) -> Any:
        return self.client.patch(url, data, format="json")

    def tournament(self, token: str) -> dict[str, Any]:
        response = self.get(f"/api/tournaments/{token}/")
        assert response.status_code == 200, response.json()
        return response.json()

    def start(self, tournament: dict[str, Any], expect: int = 200) -> dict[str, Any]:
        """Start; the whole tournament read after it (``start`` itself answers the
        tournament without its rounds)."""
        response = self.post(f"/api/tournaments/{tournament['id']}/start/")
        assert response.status_code == expect, response.json()
        if expect != 200:
            return response.json()
        return self.tournament(tournament["id"])

    def round(self, tournament: dict[str, Any], number: int) -> dict[str, Any]:
        response = self.get(f"/api/tournaments/{tournament['id']}/rounds/{number}/")
        assert response.status_code == 200, response.json()
        return response.json()

    def result(
        self, tournament: dict[str, Any], number: int, slot: int, expect: int = 200, **body: Any
    ) -> Any:
        response = self.post(
            f"/api/tournaments/{tournament['id']}/rounds/{number}/pairings/{slot}/result/", body
        )
        assert response.status_code == expect, response.json()
        return response.json()

    def play_round(self, tournament: dict[str, Any], number: int) -> None:
        """Every pairing of the round decided by the director: the first entry wins."""
        for pairing in self.round(tournament, number)["pairings"]:
            if pairing["status"] == "in_progress":
                self.result(
                    tournament,
                    number,
                    pairing["slot"],
                    winner=pairing["entries"][0],
                    points=[500, 300],
                )


@pytest.fixture
def director(transactional_db: None) -> Director:
    return Director()


# A Tarneeb hand that the given team wins (its declarer bids 7 and takes 8 tricks).
def won_by(team: int) -> dict[str, Any]:
    return {"declarer": team, "bid": 7, "trump": "hearts", "tricks": 8}


def tarneeb(director: Director, count: int, **fields: Any) -> dict[str, Any]:
    """A Tarneeb tournament whose matches end after one hand (``hands_per_match``)."""
    fields.setdefault("stages", [{"format": "swiss", "rounds": 3}])
    return director.create(variant="tarneeb", hands_per_match=1, entries=entries(count), **fields)


def round_won_by_first(tournament: Any, number: int, points: list[int]) -> None:
    """Every match of round ``number`` still being played won by its first entry, with
    ``points``: the director's results (``pairing_result_set``)."""
    from tournaments import services
    from tournaments.models import Pairing, Round

    for pairing in Round.objects.get(tournament=tournament, number=number).pairings.all():
        if pairing.status == Pairing.Status.IN_PROGRESS:
            services.pairing_result_set(
                tournament_id=tournament.pk,
                round_number=number,
                slot=pairing.slot,
                winner=pairing.entries[0],
                points=points,
            )


def played_swiss(count: int, rounds: int) -> Any:
    """A 5-round Swiss of ``count`` tarneeb entries with ``rounds`` rounds played through
    the services (the director's results), drawn by hand; the tournament."""
    from tournaments import services, validation
    from tournaments.services import enqueue

    tournament = services.tournament_create(
        validation.tournament_spec(
            dict(
                name="Counted",
                variant="tarneeb",
                entries=entries(count),
                auto_advance=False,
                stages=[{"format": "swiss", "rounds": 5}],
            )
        )
    )
    services.tournament_start(tournament_id=tournament.pk)
    for number in range(1, rounds + 1):
        # The round's results as a desk's requests store them: the standings refreshed once
        # the round's last result is in (enqueue.deferring), not once per result.
        with enqueue.deferring():
            round_won_by_first(tournament, number, [100, 50])
        if number < rounds:
            services.round_draw(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament
