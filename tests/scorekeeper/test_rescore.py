"""Re-scoring a match from its stored payloads reproduces its stored totals."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import rules, services
from scorekeeper.models import Hand, Match
from scorekeeper.rules import RuleViolation

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
PLAYED = st.fixed_dictionaries(
    {
        "declarer": st.integers(0, 3),
        "bid": st.integers(7, 13),
        "trump": st.sampled_from(["clubs", "diamonds", "hearts", "spades"]),
        "tricks": st.integers(0, 13),
    }
)
HAND = st.one_of(PLAYED, st.just({"thrown_in": True}))


@pytest.mark.django_db
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    hands=st.lists(HAND, min_size=1, max_size=25),
    games=st.sampled_from([1, 2]),
    sweep=st.sampled_from(["instant", "instant_if_bid_13", "bonus"]),
    undo=st.booleans(),
    correct=st.integers(0, 24),
)
def test_rescoring_reproduces_the_stored_totals(hands, games, sweep, undo, correct):
    match = services.match_create(
        variant="tarneeb", players=PLAYERS, options={"sweep": sweep}, games_to_win=games
    )
    for payload in hands:
        try:
            services.hand_record(match_id=match.pk, payload=payload)
        except services.MatchConflict:
            break
    stored = list(Hand.objects.filter(match=match).order_by("number"))
    if stored and correct < len(stored):
        with contextlib.suppress(RuleViolation):
            services.hand_correct(
                match_id=match.pk, number=stored[correct].number, payload=hands[-1]
            )
    if stored and undo:
        services.hand_undo(match_id=match.pk, number=stored[-1].number)
    match = Match.objects.get(pk=match.pk)
    rows = list(Hand.objects.filter(match=match).order_by("number"))
    played, state = rules.replay(services.table_of(match), [row.input for row in rows])
    assert state.to_dict() == match.state
    assert [p.scores_after for p in played] == [tuple(r.result["scores_after"]) for r in rows]
    for game in state.games:
        totals = [
            sum(r.result["delta"][side] for r in rows if r.game == game.number) for side in (0, 1)
        ]
        assert tuple(totals) == game.scores
