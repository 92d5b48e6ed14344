"""Match limits through the services and the API: time called then hands, corrections and
undos across the time call, many matches at once, and the tournament hook's events."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper import hooks, selectors, services
from scorekeeper.models import Hand, HandChange, Match
from scorekeeper.rules import MatchLimits, RuleViolation
from scorekeeper.services import MatchConflict, MatchSpec

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
A = {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 8}  # side 0: +8
B = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}  # side 1: +8
LEVEL = {"thrown_in": True}

pytestmark = pytest.mark.django_db


@pytest.fixture
def events() -> Iterator[list[tuple[str, str, str]]]:
    """Every event the hook fires, as (match id, event, status when told)."""
    seen: list[tuple[str, str, str]] = []

    def listener(match: Match, event: str) -> None:
        seen.append((str(match.pk), event, match.status))

    hooks.match_listeners.register(listener)
    yield seen
    hooks.match_listeners.unregister(listener)


def tournament_match(**limits: Any) -> Match:
    return services.match_create(
        variant="tarneeb",
        players=PLAYERS,
        limits=MatchLimits(**limits),
        tournament="club-evening",
        round=1,
        table=3,
    )


def record(match: Match, *payloads: dict[str, Any]) -> Match:
    for payload in payloads:
        services.hand_record(match_id=match.pk, payload=payload)
    return Match.objects.get(pk=match.pk)


def reload(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


# -- time called, then hands ----------------------------------------------------------------
def test_finish_hand_the_next_hand_is_the_last(events: list[Any]) -> None:
    match = record(tournament_match(), A)
    called = services.match_call_time(match_id=match.pk)
    assert called.time_called_after == 1 and called.status == Match.Status.IN_PROGRESS
    match = record(match, A)
    assert match.status == Match.Status.FINISHED and match.winner == 0
    assert events == [(str(match.pk), "finished", "finished")]
    outcome = selectors.match_outcome(match)
    assert outcome.points == (16, 0) and not outcome.draw and outcome.games_won == (0, 0)
    with pytest.raises(MatchConflict):
        services.hand_record(match_id=match.pk, payload=A)


def test_one_more_hand_plays_one_after_the_hand_in_play() -> None:
    match = record(tournament_match(at_time="one_more_hand"), A)
    services.match_call_time(match_id=match.pk)
    assert record(match, B).status == Match.Status.IN_PROGRESS
    match = record(match, B)
    assert match.status == Match.Status.FINISHED and match.winner == 1


def test_calling_time_twice_or_on_a_finished_match_changes_nothing() -> None:
    match = record(tournament_match(), A)
    services.match_call_time(match_id=match.pk)
    record(match, B)
    services.match_call_time(match_id=match.pk)
    assert reload(match).time_called_after == 1
    finished = record(tournament_match(hands_per_match=1), A)
    assert services.match_call_time(match_id=finished.pk).time_called_after is None


def test_level_at_the_limit_a_draw_or_play_on(events: list[Any]) -> None:
    draw = record(tournament_match(hands_per_match=2), A, B)
    assert draw.status == Match.Status.FINISHED and draw.winner is None
    assert selectors.match_outcome(draw).draw
    on = record(tournament_match(hands_per_match=2, draws=False), A, B, LEVEL)
    assert on.status == Match.Status.IN_PROGRESS
    on = record(on, B)
    assert on.status == Match.Status.FINISHED and on.winner == 1
    assert [event for _id, event, _status in events] == ["finished", "finished"]


# -- corrections and undos across the time call ----------------------------------------------
def test_correction_after_time_called_changes_the_result(events: list[Any]) -> None:
    match = record(tournament_match(), A)
    services.match_call_time(match_id=match.pk)
    match = record(match, A)
    assert match.winner == 0
    services.hand_correct(match_id=match.pk, number=2, payload=B)  # now 8 to 8: a draw
    match = reload(match)
    assert match.status == Match.Status.FINISHED and match.winner is None
    assert selectors.match_outcome(match).draw and match.time_called_after == 1
    services.hand_correct(match_id=match.pk, number=1, payload=LEVEL)  # 0 to 8
    match = reload(match)
    assert match.winner == 1
    assert [event for _id, event, _status in events] == ["finished", "changed", "changed"]


def test_a_correction_that_keeps_the_result_fires_nothing(events: list[Any]) -> None:
    match = record(tournament_match(hands_per_match=2), A, A)
    services.hand_correct(match_id=match.pk, number=2, payload={**A, "trump": "spades"})
    assert [event for _id, event, _status in events] == ["finished"]


def test_undo_reopens_and_the_time_call_stays(events: list[Any]) -> None:
    match = record(tournament_match(), A, B)
    services.match_call_time(match_id=match.pk)
    match = record(match, A)
    services.hand_undo(match_id=match.pk, number=3)
    match = reload(match)
    assert match.status == Match.Status.IN_PROGRESS and match.time_called_after == 2
    assert selectors.match_data(match, writable=False)["time_called"] is True
    services.hand_undo(match_id=match.pk, number=2)  # the hand in play at the call is gone
    assert reload(match).time_called_after == 1
    match = record(match, B)  # hand 2 is in play again: it is the last
    assert match.status == Match.Status.FINISHED and match.winner is None
    assert [event for _id, event, _status in events] == ["finished", "reopened", "finished"]
    assert [e[2] for e in events] == ["finished", "in_progress", "finished"]


def test_close_finishes_a_tournament_match(events: list[Any]) -> None:
    match = record(tournament_match(), A)
    services.match_close(match_id=match.pk)
    assert events == [(str(match.pk), "finished", "finished")]


def test_a_friendly_match_fires_nothing(events: list[Any]) -> None:
    match = services.match_create(
        variant="tarneeb", players=PLAYERS, limits=MatchLimits(hands_per_match=1)
    )
    record(match, A)
    services.hand_undo(match_id=match.pk, number=1)
    assert events == []


# -- a listener refuses --------------------------------------------------------------------
@pytest.fixture
def refusing() -> Iterator[None]:
    def listener(match: Match, event: str) -> None:
        if event == "reopened":
            raise MatchConflict("The next round is drawn: this result cannot change.")

    hooks.match_listeners.register(listener)
    yield
    hooks.match_listeners.unregister(listener)


def test_a_listener_refusing_rolls_everything_back(api: Any, refusing: None) -> None:
    match = record(tournament_match(hands_per_match=1), A)
    response = api.delete(f"/api/matches/{match.pk}/hands/1/")
    assert response.status_code == 409
    assert "cannot change" in response.json()["detail"]
    match = reload(match)
    assert match.status == Match.Status.FINISHED and match.winner == 0
    assert Hand.objects.filter(match=match).count() == 1
    assert not HandChange.objects.filter(match=match).exists()


# -- many matches at once ---------------------------------------------------------------------
def spec(table: int, **more: Any) -> MatchSpec:
    return MatchSpec(
        variant="tarneeb",
        players=[f"{name} {table}" for name in PLAYERS],
        limits=MatchLimits(hands_per_match=8),
        tournament="club-evening",
        round=2,
        table=table,
        **more,
    )


def test_matches_create_checks_each_spec_and_inserts_them_all() -> None:
    matches = services.matches_create(specs=[spec(table) for table in range(1, 6)])
    assert len(matches) == 5
    stored = Match.objects.filter(tournament="club-evening", round=2).order_by("table")
    assert [m.table for m in stored] == [1, 2, 3, 4, 5]
    assert {m.hands_per_match for m in stored} == {8}
    assert {str(m.pk) for m in stored} == {str(m.pk) for m in matches}
    first = stored[0]
    assert services.state_of(first) == services.state_of(
        services.match_create(variant="tarneeb", players=first.players)
    )
    with pytest.raises(RuleViolation) as caught:
        services.matches_create(specs=[spec(6), spec(7, games_to_win=5)])
    assert caught.value.field == "games_to_win"
    with pytest.raises(RuleViolation) as caught:
        services.matches_create(specs=[spec(0)])
    assert caught.value.field == "table"
    assert Match.objects.count() == 6


def test_matches_call_time_is_idempotent_and_cheap() -> None:
    matches = services.matches_create(specs=[spec(table) for table in range(1, 4)])
    finished = record(tournament_match(hands_per_match=1), A)
    record(matches[0], A, B)
    ids = [m.pk for m in matches] + [finished.pk]
    assert services.matches_call_time(match_ids=ids) == 3
    assert [reload(m).time_called_after for m in matches] == [2, 0, 0]
    assert reload(finished).time_called_after is None
    with CaptureQueriesContext(connection) as queries:
        assert services.matches_call_time(match_ids=ids) == 0
    # the select of matches still to call, inside the savepoint pair of the test's transaction
    assert len([q for q in queries if "SAVEPOINT" not in q["sql"]]) == 1
    assert record(matches[1], B).status == Match.Status.FINISHED


# -- the API ----------------------------------------------------------------------------------
PLACE_AND_LIMITS = (
    "tournament",
    "round",
    "table",
    "hands_per_match",
    "at_time",
    "time_called",
    "draw",
    "points",
)


def test_api_answers_carry_the_tournament_and_the_limits(api: Any) -> None:
    match = record(tournament_match(hands_per_match=2), A)
    services.match_call_time(match_id=match.pk)
    data = api.get(f"/api/matches/{match.pk}/").json()
    assert {key: data[key] for key in PLACE_AND_LIMITS} == {
        "tournament": "club-evening",
        "round": 1,
        "table": 3,
        "hands_per_match": 2,
        "at_time": "finish_hand",
        "time_called": True,
        "draw": False,
        "points": [8, 0],
    }
    api.hand({"id": str(match.pk)}, B)
    data = api.get(f"/api/matches/{match.view_id}/").json()
    assert data["status"] == "finished" and data["draw"] and data["winner"] is None
    assert data["points"] == [8, 8]


def test_a_friendly_match_shows_nulls_and_refuses_tournament_fields(api: Any) -> None:
    data = api.new_match()
    assert {key: data[key] for key in PLACE_AND_LIMITS} == {
        "tournament": None,
        "round": None,
        "table": None,
        "hands_per_match": None,
        "at_time": None,
        "time_called": False,
        "draw": False,
        "points": [0, 0],
    }
    for field, value in [("tournament", "x"), ("hands_per_match", 3), ("round", 1)]:
        response = api.post(
            "/api/matches/", {"variant": "tarneeb", "players": PLAYERS, field: value}
        )
        assert response.status_code == 400 and field in response.json()


def test_the_schema_describes_the_new_fields(api: Any) -> None:
    schema = api.get("/api/schema/?format=json").json()
    properties = schema["components"]["schemas"]["Match"]["properties"]
    for field in (
        "tournament",
        "round",
        "table",
        "time_called",
        "draw",
        "hands_per_match",
        "at_time",
        "points",
    ):
        assert field in properties
