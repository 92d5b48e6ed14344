"""Club ratings: the Weng–Lin (OpenSkill) Plackett–Luce model with the ``openskill``
library's defaults (mu 25, sigma 25/3), teams rated as teams, a draw as equal ranks.

A *game* is one finished pairing as the ratings see it: its ``teams`` (the player ids of
each side of its table, as the table's shape says: two teams of a team event or of a
mêlée table, five teams of one player at a trionfo table) and their ``ranks`` (1 first;
level teams share the rank, a draw of two teams is ``(1, 1)``). ``replay`` rates games in
the order given from the ratings given; rating a club's whole list from the defaults, or
its tail from the ratings stored before it, gives the same numbers. The ``rating`` shown
to people is the ordinal mu - 3 sigma.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from openskill.models import PlackettLuce

__all__ = [
    "MODEL",
    "Game",
    "Rating",
    "ordinal",
    "rate",
    "rate_two",
    "replay",
    "win_chance",
]

MODEL = PlackettLuce()
TAU = MODEL.tau
BETA_SQUARED = MODEL.beta**2
KAPPA = MODEL.kappa


@dataclass(frozen=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    rated: int = 0  # how many pairings made it


class Game(NamedTuple):  # a tuple: a replay builds 100,000 of them
    teams: tuple[tuple[int, ...], ...]  # each team's player ids
    ranks: tuple[int, ...]  # each team's rank: 1 first, level teams share it


def ordinal(mu: float, sigma: float) -> float:
    """The rating people read: mu - 3 sigma, to 2 decimals."""
    return round(mu - 3 * sigma, 2)


def rate(
    teams: Sequence[Sequence[tuple[float, float]]], ranks: Sequence[float]
) -> list[list[tuple[float, float]]]:
    """The library's ``PlackettLuce.rate(teams, ranks=ranks)`` with the model's defaults
    (no scores, no weights, ``balance`` and ``limit_sigma`` off) on plain ``(mu, sigma)``
    pairs, for two teams or more, level ranks included: the same operations in the same
    order, so the very same floats (a test compares them with the library's, game by
    game), without the library's copies and its rating objects' random ids (most of its
    time in a replay)."""
    tau_squared = TAU * TAU
    # The library's ``rate``: sigma widened by tau, the teams sorted by rank (stable).
    widened = [[(mu, math.sqrt(sigma * sigma + tau_squared)) for mu, sigma in t] for t in teams]
    order = sorted(range(len(teams)), key=lambda i: ranks[i])
    game = [widened[i] for i in order]
    sorted_ranks = sorted(ranks)
    # ``_calculate_team_ratings``: each team's players by ordinal, highest first.
    team_mu: list[float] = []
    team_ss: list[float] = []
    team_rank: list[int] = []
    for index, team in enumerate(game):
        mu_summed = 0.0
        sigma_squared_summed = 0.0
        for mu, sigma in sorted(team, key=lambda p: p[0] - 3.0 * p[1], reverse=True):
            mu_summed += mu
            sigma_squared_summed += sigma**2
        team_mu.append(mu_summed)
        team_ss.append(sigma_squared_summed)
        team_rank.append(int(sorted_ranks[index]))
    k = len(game)
    # ``_c``, ``_sum_q``, ``_a``.
    collective = 0.0
    for ss in team_ss:
        collective += ss + BETA_SQUARED
    c = math.sqrt(collective)
    sum_q: dict[int, float] = {}
    for i in range(k):
        summed = math.exp(team_mu[i] / c)
        for q in range(k):
            if team_rank[i] >= team_rank[q]:
                if q in sum_q:
                    sum_q[q] += summed
                else:
                    sum_q[q] = summed
    sums = list(sum_q.values())
    a = [sum(1 for q in team_rank if q == r) for r in team_rank]
    # ``_compute`` (its averaging of tied teams' changes adds 0: left out).
    result: list[list[tuple[float, float]]] = []
    for i in range(k):
        omega = 0.0
        delta = 0.0
        i_mu_over_c = math.exp(team_mu[i] / c)
        for q in range(k):
            i_mu_over_ce_over_sum_q = i_mu_over_c / sums[q]
            if team_rank[q] <= team_rank[i]:
                delta += i_mu_over_ce_over_sum_q * (1 - i_mu_over_ce_over_sum_q) / a[q]
                if q == i:
                    omega += (1 - i_mu_over_ce_over_sum_q) / a[q]
                else:
                    omega -= i_mu_over_ce_over_sum_q / a[q]
        ss = team_ss[i]
        omega *= ss / c
        delta *= ss / c**2
        delta *= math.sqrt(ss) / c  # the default gamma
        players = []
        for mu, sigma in game[i]:
            mu += (sigma**2 / ss) * omega
            sigma *= math.sqrt(max(1 - (sigma**2 / ss) * delta, KAPPA))
            players.append((mu, sigma))
        result.append(players)
    back: list[list[tuple[float, float]]] = [[] for _ in range(k)]
    for position, i in enumerate(order):
        back[i] = result[position]
    return back


def rate_two(
    a: Sequence[tuple[float, float]], b: Sequence[tuple[float, float]], ranks: Sequence[float]
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """``rate`` of one game of two teams (``ranks`` of ``a`` and ``b``), the library's
    sums written out for two teams: the same floats (tested against the library
    and ``rate``), a third of the time. What each line of ``rate`` comes to for two
    teams: the winner is the first team once sorted; with distinct ranks the winner's
    share is ``x = e_w / (e_w + e_l)``, ``omega = 1 - x``, ``delta = x (1 - x)`` and the
    loser's ``omega = -y``, ``delta = y (1 - y)`` (its own term adds ``0.0``); a draw sums
    two halves per team."""
    tau_squared = TAU * TAU
    first = [(mu, math.sqrt(sigma * sigma + tau_squared)) for mu, sigma in a]
    second = [(mu, math.sqrt(sigma * sigma + tau_squared)) for mu, sigma in b]
    outcome = "draw" if ranks[0] == ranks[1] else "a" if ranks[0] < ranks[1] else "b"
    if outcome == "b":
        first, second = second, first
    mu_1, ss_1 = _team_sums(first)
    mu_2, ss_2 = _team_sums(second)
    c = math.sqrt((ss_1 + BETA_SQUARED) + (ss_2 + BETA_SQUARED))
    e_1 = math.exp(mu_1 / c)
    e_2 = math.exp(mu_2 / c)
    total = e_1 + e_2
    x = e_1 / total
    y = e_2 / total
    if outcome == "draw":
        omega_1 = (1 - x) / 2 - x / 2
        delta_1 = x * (1 - x) / 2 + x * (1 - x) / 2
        omega_2 = (1 - y) / 2 - y / 2
        delta_2 = y * (1 - y) / 2 + y * (1 - y) / 2
    else:
        omega_1 = 1 - x
        delta_1 = x * (1 - x)
        omega_2 = -y
        delta_2 = y * (1 - y)
    new_1 = _team_update(first, ss_1, omega_1, delta_1, c)
    new_2 = _team_update(second, ss_2, omega_2, delta_2, c)
    return (new_2, new_1) if outcome == "b" else (new_1, new_2)


def _team_sums(team: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """A team's mu and sigma squared, its players added up highest ordinal first (the
    order only matters from three players on)."""
    if len(team) > 2:
        team = sorted(team, key=lambda p: p[0] - 3.0 * p[1], reverse=True)
    mu_summed = 0.0
    sigma_squared_summed = 0.0
    for mu, sigma in team:
        mu_summed += mu
        sigma_squared_summed += sigma**2
    return mu_summed, sigma_squared_summed


def _team_update(
    team: Sequence[tuple[float, float]], ss: float, omega: float, delta: float, c: float
) -> list[tuple[float, float]]:
    omega *= ss / c
    delta *= ss / c**2
    delta *= math.sqrt(ss) / c
    return [
        (
            mu + (sigma**2 / ss) * omega,
            sigma * math.sqrt(max(1 - (sigma**2 / ss) * delta, KAPPA)),
        )
        for mu, sigma in team
    ]


def replay(
    games: Iterable[Game], start: Mapping[int, Rating]
) -> tuple[dict[int, Rating], list[list[tuple[int, float, float]]]]:
    """Rate ``games`` in order from ``start`` (a player not in it has the defaults).
    Returns every player's rating after them (those of ``start`` included) and, for each
    game, each of its players' ``(id, mu, sigma)`` after it."""
    held: dict[int, tuple[float, float]] = {}
    rated = {player: rating.rated for player, rating in start.items()}
    history: list[list[tuple[int, float, float]]] = []
    default = (MODEL.mu, MODEL.sigma)
    for player, rating in start.items():
        held[player] = (rating.mu, rating.sigma)
    for teams, ranks in games:
        if len(teams) == 2:  # most games: the two teams' sums written out
            a, b = teams
            new_teams: Sequence[list[tuple[float, float]]] = rate_two(
                [held.get(p, default) for p in a], [held.get(p, default) for p in b], ranks
            )
        else:
            new_teams = rate([[held.get(p, default) for p in team] for team in teams], ranks)
        points = []
        for ids, new_side in zip(teams, new_teams, strict=True):
            for player, new in zip(ids, new_side, strict=True):
                held[player] = new
                rated[player] = rated.get(player, 0) + 1
                points.append((player, new[0], new[1]))
        history.append(points)
    now = dict(start)
    now.update({p: Rating(mu, sigma, rated.get(p, 0)) for p, (mu, sigma) in held.items()})
    return now, history


def win_chance(teams: Sequence[Sequence[Rating | None]]) -> list[float] | None:
    """Each team's chance to win (``predict_win`` of the teams, in their order); a player
    never rated counts with the defaults; ``None`` when no team has a rated player (or a
    team has no player)."""
    if len(teams) < 2 or not all(teams):
        return None
    if not any(r is not None and r.rated for team in teams for r in team):
        return None
    rated = [
        [MODEL.rating(mu=(r or Rating()).mu, sigma=(r or Rating()).sigma) for r in team]
        for team in teams
    ]
    return [round(p, 4) for p in MODEL.predict_win(rated)]
