"""The Celery jobs: the advance and the clock are safe to run twice, and the clock redoes
whatever is overdue. Tasks run in process here (no broker), as on the embedded default."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from scorekeeper.models import Match
from tests.tournaments.conftest import entries
from tournaments import services, tasks, validation
from tournaments.models import Pairing, Round, Tournament
from tournaments.services import enqueue, store

pytestmark = pytest.mark.django_db(transaction=True)


def _tournament(count: int = 4, **fields) -> Tournament:
    fields.setdefault("stages", [{"format": "swiss", "rounds": 3}])
    tournament = services.tournament_create(
        validation.tournament_spec(
            dict(
                name="Club night",
                variant="tarneeb",
                hands_per_match=1,
                entries=entries(count),
                **fields,
            )
        )
    )
    return services.tournament_start(tournament_id=tournament.pk)


def _finish_quietly(round_: Round) -> None:
    """Results stored as if the worker that should advance the round had been killed."""
    for pairing in round_.pairings.filter(status="in_progress"):
        Pairing.objects.filter(pk=pairing.pk).update(
            status="finished",
            result="win",
            winner=pairing.entries[0],
            points=[10, 0],
            games_won=[0, 0],
            source="director",
        )


def test_round_advance_twice_draws_the_next_round_once():
    tournament = _tournament()
    first = Round.objects.get(number=1)
    _finish_quietly(first)
    assert tasks.round_advance(first.pk) == 2
    assert tasks.round_advance(first.pk) is None
    assert services.round_complete(round_id=first.pk) is False
    assert list(Round.objects.values_list("number", flat=True)) == [1, 2]
    tournament.refresh_from_db()
    assert tournament.round == 2 and Round.objects.get(number=1).status == "complete"


def test_round_advance_of_an_unfinished_round_does_nothing():
    _tournament()
    first = Round.objects.get(number=1)
    assert tasks.round_advance(first.pk) is None
    assert Round.objects.get(number=1).status == "playing" and Round.objects.count() == 1


def test_the_clock_calls_time_past_ends_at_and_spares_a_table_given_more_time():
    _tournament(round_minutes=30)
    first = Round.objects.get(number=1)
    later = timezone.now() + timedelta(minutes=40)
    services.round_clock(
        tournament_id=first.tournament_id, round_number=1, action="extend", minutes=60, slot=2
    )
    assert services.clock_tick(now=timezone.now()) == 0  # nothing due yet
    assert services.clock_tick(now=later) >= 1
    first.refresh_from_db()
    assert first.time_called
    slots = {p.slot: p for p in first.pairings.select_related("match")}
    assert slots[1].match.time_called_after == 0 and slots[1].time_called
    assert slots[2].match.time_called_after is None and not slots[2].time_called
    assert services.clock_tick(now=later) == 0  # safe to run twice
    services.clock_tick(now=later + timedelta(minutes=60))
    assert Match.objects.get(pk=slots[2].match_id).time_called_after == 0


def test_the_clock_redoes_a_lost_advance():
    tournament = _tournament()
    first = Round.objects.get(number=1)
    _finish_quietly(first)
    assert tasks.clock_tick() >= 1
    assert Round.objects.filter(number=2).exists()
    # A complete round whose next draw was lost is drawn by the next tick too.
    second = Round.objects.get(number=2)
    _finish_quietly(second)
    Round.objects.filter(pk=second.pk).update(status="complete")
    tasks.clock_tick()
    tournament.refresh_from_db()
    assert tournament.round == 3 and Round.objects.filter(number=3).count() == 1


def test_without_auto_advance_the_clock_does_not_draw():
    tournament = _tournament(auto_advance=False)
    first = Round.objects.get(number=1)
    _finish_quietly(first)
    tasks.clock_tick()
    tournament.refresh_from_db()
    assert Round.objects.get(number=1).status == "complete" and tournament.round == 1


def test_the_beat_schedule_names_the_clock_task(settings):
    schedule = settings.CELERY_BEAT_SCHEDULE["tournaments-clock"]
    assert schedule["task"] == tasks.clock_tick.name == "tournaments.clock_tick"
    assert schedule["schedule"] == 10.0
    assert tasks.round_advance.acks_late and tasks.clock_tick.acks_late


def test_two_ticks_while_an_advance_is_pending_queue_one(monkeypatch):
    """The clock queues no advance already queued or running (``Round.advance_queued``);
    one whose worker was killed is queued again once ``ADVANCE_PENDING`` has passed, and a
    done advance clears the mark."""
    sent: list[tuple[object, ...]] = []

    def record(name: str, *args: object) -> bool:
        sent.append((name, *args))
        return True

    monkeypatch.setattr(enqueue, "send", record)
    _tournament()
    first = Round.objects.get(number=1)
    _finish_quietly(first)
    now = timezone.now()
    assert services.clock_tick(now=now) == 1
    assert services.clock_tick(now=now + timedelta(seconds=10)) == 0
    assert sent == [(enqueue.ROUND_ADVANCE, first.pk)]
    assert Round.objects.get(pk=first.pk).advance_queued is not None
    # Its worker was killed long ago: queued again, once.
    long_ago = now - store.ADVANCE_PENDING - timedelta(seconds=1)
    Round.objects.filter(pk=first.pk).update(advance_queued=long_ago)
    assert services.clock_tick(now=now) == 1
    assert services.clock_tick(now=now) == 0
    assert len(sent) == 2
    assert tasks.round_advance(first.pk) == 2
    assert Round.objects.get(pk=first.pk).advance_queued is None


def test_a_tick_while_the_advance_runs_queues_no_other(monkeypatch):
    """The round's mark stays while its advance runs (cleared once it is done): a tick
    meanwhile leaves the round to it."""
    from tournaments.services import rounds

    sent: list[tuple[object, ...]] = []
    monkeypatch.setattr(enqueue, "send", lambda name, *args: sent.append((name, *args)) or True)
    _tournament()
    first = Round.objects.get(number=1)
    _finish_quietly(first)
    assert store.advance_queue(first.pk)  # the last result's advance, queued
    ticks: list[int] = []
    advance = rounds._advance

    def running(round_id: object) -> object:
        ticks.append(services.clock_tick(now=timezone.now()))
        return advance(round_id)

    monkeypatch.setattr(rounds, "_advance", running)
    assert tasks.round_advance(first.pk) == 2
    assert ticks == [0] and sent == [(enqueue.ROUND_ADVANCE, first.pk)]
    assert Round.objects.get(pk=first.pk).advance_queued is None
