"""Ratings against the openskill library's own calculation, replayed here step by step."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from tournaments.brackets.ratings import Game, Rating, ordinal, rate, rate_two, replay, win_chance

GAMES = [
    Game((1, 2), (3, 4), "a"),
    Game((1, 3), (2, 4), "draw"),
    Game((5, 2), (1, 4), "b"),
    Game((3, 5), (4, 2), "a"),
]
RANKS = {"a": [1, 2], "b": [2, 1], "draw": [1, 1]}


def by_hand(games):
    model = PlackettLuce()
    ratings = {}
    for game in games:
        teams = [[ratings.get(p) or model.rating() for p in side] for side in (game.a, game.b)]
        after = model.rate(teams, ranks=RANKS[game.outcome])
        for side, new in zip((game.a, game.b), after, strict=True):
            ratings.update(zip(side, new, strict=True))
    return flat(ratings)


def flat(ratings):
    return {(p, k): getattr(r, k) for p, r in ratings.items() for k in ("mu", "sigma")}


def test_replay_equals_the_library_game_by_game():
    ratings, history = replay(GAMES, {})
    assert flat(ratings) == by_hand(GAMES)  # the very same floats, not merely close
    assert ratings[2].rated == 4 and ratings[5].rated == 2
    assert [len(points) for points in history] == [4, 4, 4, 4]
    assert history[0][0][1] > 25 > history[0][2][1]  # the winners go up, the losers down


def test_replaying_the_tail_from_stored_ratings_equals_rating_from_scratch():
    head, _ = replay(GAMES[:2], {})
    tail, _ = replay(GAMES[2:], head)
    whole, _ = replay(GAMES, {})
    assert tail == whole


def test_a_corrected_result_changes_every_later_rating():
    corrected = [*GAMES[:1], Game((1, 3), (2, 4), "a"), *GAMES[2:]]
    ratings, _ = replay(corrected, {})
    assert flat(ratings) == by_hand(corrected)
    assert ratings[5].mu != replay(GAMES, {})[0][5].mu


def test_win_chance_is_predict_win_with_defaults_for_the_unrated():
    strong = Rating(30.0, 5.0, 3)
    chance = win_chance([strong, None], [None, None])
    model = PlackettLuce()
    expected = model.predict_win(
        [[model.rating(mu=30, sigma=5), model.rating()], [model.rating(), model.rating()]]
    )
    assert chance == pytest.approx(expected, abs=1e-4)
    assert chance[0] > 0.5
    assert win_chance([None, None], [Rating(), None]) is None


def test_the_rating_shown_is_the_ordinal():
    assert ordinal(25.0, 25 / 3) == 0.0
    assert ordinal(30.123, 2.0) == 24.12


@pytest.mark.parametrize("seed", range(5))
def test_rate_on_plain_floats_is_the_library_rate_exactly(seed):
    """The replay's own ``rate`` against ``PlackettLuce.rate``: equal floats for teams of
    one to four players, wins, losses and draws, from ratings far apart and close."""
    rng = random.Random(seed)
    model = PlackettLuce()
    for _ in range(400):
        sizes = (rng.randint(1, 4), rng.randint(1, 4))
        teams = [
            [(rng.uniform(-10, 60), rng.choice([25 / 3, rng.uniform(0.05, 12)])) for _ in range(n)]
            for n in sizes
        ]
        if rng.random() < 0.1:  # equal ordinals: the library's sort keeps the given order
            teams[0] = [teams[0][0]] * len(teams[0])
        ranks = rng.choice([[1.0, 2.0], [2.0, 1.0], [1.0, 1.0]])
        library = model.rate(
            [[model.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams],
            ranks=list(ranks),
        )
        expected = [[(r.mu, r.sigma) for r in team] for team in library]
        assert rate(teams, ranks) == expected
        outcome = {(1.0, 2.0): "a", (2.0, 1.0): "b", (1.0, 1.0): "draw"}[tuple(ranks)]
        assert list(rate_two(teams[0], teams[1], outcome)) == expected


def test_a_long_replay_is_the_library_replayed_exactly():
    rng = random.Random(7)
    games = [
        Game(tuple(rng.sample(range(30), 2)), tuple(rng.sample(range(30, 60), 2)), o)
        for o in rng.choices(["a", "b", "draw"], weights=[10, 10, 1], k=3000)
    ]
    ratings, _ = replay(games, {})
    assert flat(ratings) == by_hand(games)
