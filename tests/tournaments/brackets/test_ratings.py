"""Ratings against the openskill library's own calculation, replayed here step by step."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from tournaments.brackets.ratings import Game, Rating, ordinal, rate, rate_two, replay, win_chance

A = (1, 2)  # the first team won
B = (2, 1)
DRAW = (1, 1)
GAMES = [
    Game(((1, 2), (3, 4)), A),
    Game(((1, 3), (2, 4)), DRAW),
    Game(((5, 2), (1, 4)), B),
    Game(((3, 5), (4, 2)), A),
]
# A trionfo table: five teams of one, ranked by place (two share the second place).
FIVE = Game(((1,), (2,), (3,), (4,), (5,)), (3, 1, 2, 2, 5))


def by_hand(games):
    model = PlackettLuce()
    ratings = {}
    for game in games:
        teams = [[ratings.get(p) or model.rating() for p in side] for side in game.teams]
        after = model.rate(teams, ranks=list(game.ranks))
        for side, new in zip(game.teams, after, strict=True):
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


def test_a_game_of_five_teams_of_one_is_the_library_exactly():
    games = [*GAMES[:2], FIVE, *GAMES[2:], Game(FIVE.teams, (1, 1, 1, 1, 1))]
    ratings, history = replay(games, {})
    assert flat(ratings) == by_hand(games)
    assert [len(points) for points in history] == [4, 4, 5, 4, 4, 5]
    assert ratings[3].rated == 5


def test_a_corrected_result_changes_every_later_rating():
    corrected = [*GAMES[:1], Game(((1, 3), (2, 4)), A), *GAMES[2:]]
    ratings, _ = replay(corrected, {})
    assert flat(ratings) == by_hand(corrected)
    assert ratings[5].mu != replay(GAMES, {})[0][5].mu


def test_win_chance_is_predict_win_with_defaults_for_the_unrated():
    strong = Rating(30.0, 5.0, 3)
    chance = win_chance([[strong, None], [None, None]])
    model = PlackettLuce()
    expected = model.predict_win(
        [[model.rating(mu=30, sigma=5), model.rating()], [model.rating(), model.rating()]]
    )
    assert chance == pytest.approx(expected, abs=1e-4)
    assert chance[0] > 0.5
    assert win_chance([[None, None], [Rating(), None]]) is None


def test_win_chance_of_five_teams_of_one_is_predict_win_of_the_five():
    weak = Rating(20.0, 4.0, 2)
    chance = win_chance([[None], [weak], [None], [None], [None]])
    model = PlackettLuce()
    expected = model.predict_win(
        [[model.rating()], [model.rating(mu=20, sigma=4)], *[[model.rating()]] * 3]
    )
    assert chance == [round(p, 4) for p in expected]
    assert len(chance) == 5 and chance[1] < chance[0]


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
        assert list(rate_two(teams[0], teams[1], ranks)) == expected


@pytest.mark.parametrize("seed", range(5))
def test_rate_of_many_teams_with_shared_ranks_is_the_library_rate_exactly(seed):
    """Three to six teams of one to three players, ranks with ties (places shared at a
    trionfo table): the replay's ``rate`` gives the library's very floats."""
    rng = random.Random(100 + seed)
    model = PlackettLuce()
    for _ in range(200):
        count = rng.randint(3, 6)
        teams = [
            [(rng.uniform(-10, 60), rng.choice([25 / 3, rng.uniform(0.05, 12)])) for _ in range(n)]
            for n in (rng.randint(1, 3) for _ in range(count))
        ]
        ranks = [rng.randint(1, count) for _ in range(count)]
        library = model.rate(
            [[model.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams],
            ranks=list(ranks),
        )
        assert rate(teams, ranks) == [[(r.mu, r.sigma) for r in team] for team in library]


def test_a_long_replay_is_the_library_replayed_exactly():
    rng = random.Random(7)
    games = [
        Game((tuple(rng.sample(range(30), 2)), tuple(rng.sample(range(30, 60), 2))), ranks)
        for ranks in rng.choices([A, B, DRAW], weights=[10, 10, 1], k=3000)
    ]
    games += [
        Game(tuple((p,) for p in rng.sample(range(60), 5)), tuple(rng.choices(range(1, 6), k=5)))
        for _ in range(500)
    ]
    ratings, _ = replay(games, {})
    assert flat(ratings) == by_hand(games)
