"""The director's result's fast path (``tournaments.services.fastpath``, PostgreSQL): read
unlocked, decided, stored by one statement only if nothing it was decided on changed.
It stores exactly what the locked path stores (the rows, the audit, the versions, the
answer, the tasks); a write committed between its read and its write (another result of
the round, a hand at the table, a redraw) makes it store nothing and the locked path
decide again, on the rows as they then are."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from scorekeeper import services as match_services
from scorekeeper.rules import MatchConflict, RuleViolation
from tests.tournaments.conftest import entries
from tournaments import convert, services, validation
from tournaments.models import Pairing, ResultChange, Round, Tournament
from tournaments.services import enqueue, fastpath

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the fast path: PostgreSQL's"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def stored(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each guarded write of the fast path stored its result."""
    outcomes: list[bool] = []
    real = fastpath._stored

    def spy(*args: Any) -> bool:
        outcomes.append(real(*args))
        return outcomes[-1]

    monkeypatch.setattr(fastpath, "_stored", spy)
    return outcomes


def _started(count: int = 4, **fields: Any) -> Tournament:
    spec = dict(
        name="Fast",
        variant="tarneeb",
        entries=entries(count),
        stages=[{"format": "swiss", "rounds": 3}],
        **fields,
    )
    tournament = services.tournament_create(validation.tournament_spec(spec))
    return services.tournament_start(tournament_id=tournament.pk)


def _pairing(tournament: Tournament, slot: int) -> Pairing:
    return Pairing.objects.get(tournament=tournament, round__number=1, slot=slot)


def _set(tournament: Tournament, slot: int, **fields: Any) -> Any:
    return services.pairing_result_set(
        tournament_id=tournament.pk, round_number=1, slot=slot, **fields
    )


# Each step: the slot and the fields, given the pairing's entries. The last completes the
# round (its advance queued).
STEPS = [
    (1, lambda e: {"winner": e[0], "points": [250, 110], "reason": "slip"}),
    (1, lambda e: {"draw": True, "points": [160, 160]}),  # a correction: before is a result
    (1, lambda e: {"winner": e[1], "points": [90, 200]}),
    (2, lambda e: {"forfeit": e[1], "reason": "no show"}),
]


def _facts(tournament: Tournament, answers: list[Any], sent: list[tuple[Any, ...]]) -> Any:
    """What a run of ``STEPS`` left, the tournament's own keys left out."""
    tournament.refresh_from_db()
    changes = ResultChange.objects.filter(tournament=tournament).order_by("pk")
    audit = [(c.action, c.by, c.round_number, c.slot, c.before, c.after, c.reason) for c in changes]
    pairings = [
        (convert.pairing_data(p), p.note, p.finished_at is not None, p.match.closed, p.match.state)
        for p in Pairing.objects.filter(tournament=tournament).order_by("slot")
    ]
    said = [(convert.pairing_data(a.pairing), a.warnings, a.offers) for a in answers]
    rounds = list(Round.objects.filter(tournament=tournament).values_list("status", flat=True))
    state = (tournament.version, tournament.standings_queued)
    return audit, pairings, said, rounds, state, [task[0] for task in sent]


def _run(sent: list[tuple[Any, ...]]) -> Any:
    tournament = _started()
    sent.clear()
    answers = [
        _set(tournament, slot, **step(_pairing(tournament, slot).entries)) for slot, step in STEPS
    ]
    return _facts(tournament, answers, sent)


def test_the_fast_path_stores_what_the_locked_path_stores(sent, stored, monkeypatch):
    fast = _run(sent)
    assert stored == [True] * len(STEPS)  # each result stored by the fast path
    monkeypatch.setattr(fastpath, "optimistic", lambda *args: fastpath.Tried())
    locked = _run(sent)
    assert len(stored) == len(STEPS)  # not tried again
    assert fast == locked, (fast, locked)
    assert "tournaments.round_advance" in fast[-1]  # the round's last result


def test_a_refused_result_is_refused_as_the_locked_path_refuses_it(stored):
    tournament = _started()
    pairing = _pairing(tournament, 1)
    with pytest.raises(RuleViolation) as refused:
        _set(tournament, 1, winner=99, points=[1, 0])
    assert refused.value.field == "winner"
    assert stored == []  # decided on the unlocked read: nothing written, the locks said it
    pairing.refresh_from_db()
    assert pairing.status == Pairing.Status.IN_PROGRESS
    assert not ResultChange.objects.filter(tournament=tournament).exists()


def _meanwhile(monkeypatch: pytest.MonkeyPatch, change: Any) -> None:
    """``change`` committed (autocommit) once, right after the fast path's read."""
    real, done = fastpath.seated_read, []

    def read(*args: Any) -> Any:
        found = real(*args)
        if not done:
            done.append(True)
            change()
        return found

    monkeypatch.setattr(fastpath, "seated_read", read)


def test_another_result_of_the_round_meanwhile_sends_it_to_the_locks_and_the_round_advances(
    sent, stored, monkeypatch
):
    """The two last results of a round, the second stored between the first's read and
    its write: each saw the other open; the first's write stores nothing (the version
    moved) and under the locks it sees the round complete: the advance is queued."""
    tournament = _started()
    version = tournament.version
    first, second = _pairing(tournament, 1), _pairing(tournament, 2)
    sent.clear()
    _meanwhile(monkeypatch, lambda: _set(tournament, 2, winner=second.entries[0], points=[9, 1]))
    answer = _set(tournament, 1, winner=first.entries[1], points=[1, 9])
    assert stored == [True, False]  # the other's stored, this one's not
    assert answer.pairing.winner == first.entries[1]
    changes = ResultChange.objects.filter(tournament=tournament).order_by("pk")
    assert [(c.slot, c.action, c.after["winner"]) for c in changes] == [
        (2, "result", second.entries[0]),
        (1, "result", first.entries[1]),
    ]
    tournament.refresh_from_db()
    assert tournament.version == version + 2
    round_id = first.round_id
    assert [task for task in sent if task[0] == enqueue.ROUND_ADVANCE] == [
        (enqueue.ROUND_ADVANCE, round_id)
    ]


def _hand(tournament: Tournament, slot: int) -> None:
    hand = {"declarer": 0, "bid": 7, "trump": "hearts", "tricks": 8}
    match_services.hand_record(match_id=_pairing(tournament, slot).match_id, payload=hand)


def test_a_hand_at_the_table_meanwhile_is_kept_and_closed_as_the_locked_path_does(
    stored, monkeypatch
):
    """A hand stored between the read and the write: the write stores nothing (the match
    moved), and the locks close the match with the hand, as a result after it would."""
    raced, calm = _started(), _started()
    fields = {"winner": _pairing(raced, 1).entries[0], "points": [250, 110]}
    _hand(calm, 1)
    _set(calm, 1, **fields)
    assert stored == [True]
    _meanwhile(monkeypatch, lambda: _hand(raced, 1))
    _set(raced, 1, **fields)
    assert stored == [True, False]
    done = [_pairing(t, 1) for t in (raced, calm)]
    assert [p.match.hands.count() for p in done] == [1, 1]
    assert done[0].match.state == done[1].match.state and done[0].match.closed
    assert convert.pairing_data(done[0]) == convert.pairing_data(done[1])
    audits = [
        list(ResultChange.objects.filter(tournament=t).values_list("action", "before", "after"))
        for t in (raced, calm)
    ]
    assert audits[0] == audits[1] and len(audits[0]) == 1


def test_a_redraw_meanwhile_makes_it_a_conflict_and_stores_nothing(stored, monkeypatch):
    """The round drawn again between the read and the write: the pairing the director
    decided on is gone; the write stores nothing and the locks find another: ``409``."""
    tournament = _started()
    old = _pairing(tournament, 1)
    _meanwhile(
        monkeypatch, lambda: services.round_redraw(tournament_id=tournament.pk, round_number=1)
    )
    with pytest.raises(MatchConflict) as conflict:
        _set(tournament, 1, winner=old.entries[0], points=[250, 110])
    assert "drawn again" in str(conflict.value)
    assert stored == [False]
    new = _pairing(tournament, 1)
    assert new.pk != old.pk and new.status == Pairing.Status.IN_PROGRESS
    assert not ResultChange.objects.filter(tournament=tournament, action="result").exists()
