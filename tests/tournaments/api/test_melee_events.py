"""Acceptance tests of issue 21, individual events (clubs.md, "Individual events"): a whole
18-player belote mêlée and a whole 12-player trionfo event, every hand of every table
entered through the match API (``/api/matches/{key}/hands/``), and every standing row
checked against values worked out by hand below (not by the engine).

The draw is random: the stage's seed is fixed right after creation (the API draws it), so
the draw is the same on every run; the test checks that the API drew exactly the tables
below, in seat order, then enters each table's hands. The hands are named by a letter;
each table's points are the sums of its hands' scores, written out.
"""

from __future__ import annotations

from typing import Any

from tests.tournaments.api.test_melee import players
from tournaments.models import Stage

SEED = 20261125

# Belote (rules/blot.md), two hands a table (``hands_per_match``: 2, nobody reaches 501):
# the table's winner is the team with more points (level: a draw), 2 match points a win,
# 1 a draw. Each hand's score as [team 0 (seats 0 and 2), team 1 (seats 1 and 3)]:
BELOTE_HANDS: dict[str, tuple[dict[str, Any], list[int]]] = {
    # Team 0 takes and makes it with 100 card points: each side scores what it took.
    "A": ({"declarer": 0, "trump": "hearts", "points": [100, 62]}, [100, 62]),
    # Team 1 takes and falls (70 < 92), dedans: team 0 scores 162, team 1 nothing.
    "B": ({"declarer": 1, "trump": "spades", "points": [92, 70]}, [162, 0]),
    # Team 1 takes and makes it with 112.
    "C": ({"declarer": 1, "trump": "clubs", "points": [50, 112]}, [50, 112]),
    # Team 1 makes it with 122 and the belote (seat 3): 122 + 20 = 142.
    "D": ({"declarer": 1, "trump": "diamonds", "points": [40, 122], "belote": 3}, [40, 142]),
    # Team 1 makes it with 100.
    "E": ({"declarer": 1, "trump": "hearts", "points": [62, 100]}, [62, 100]),
}

# Trionfo (rules/maraffa.md), two deals a table (option ``deals``: 2): each player's own
# total, in seat order. Places 1 to 5 give 4, 3, 2, 1, 0 match points (shared places share
# the average); a sit-out gives 2 match points and ``bye_points`` (3 here).
TRIONFO_HANDS: dict[str, tuple[dict[str, Any], list[int]]] = {
    # Seat 1 calls the 3 of swords (seat 2) and wins with 21 thirds (7 points).
    "a": (
        {
            "declarer": 1,
            "bid": "chiamo",
            "trump": "coins",
            "called": "3 of swords",
            "partner": 2,
            "thirds": 21,
        },
        [-1, 2, 1, -1, -1],
    ),
    # Seat 3 alone (di più) loses with 9 thirds (3 points): -8, the others +2.
    "b": ({"declarer": 3, "bid": "di_piu", "trump": "cups", "thirds": 9}, [2, 2, 2, -8, 2]),
    # Seat 0 calls seat 4 and loses with 12 thirds (4 points): -2, -1, the others +1.
    "c": (
        {
            "declarer": 0,
            "bid": "chiamo",
            "trump": "swords",
            "called": "3 of cups",
            "partner": 4,
            "thirds": 12,
        },
        [-2, 1, 1, 1, -1],
    ),
    # Seat 2 alone wins with 24 thirds (8 points): +8, the others -2.
    "d": ({"declarer": 2, "bid": "di_piu", "trump": "clubs", "thirds": 24}, [-2, -2, 8, -2, -2]),
    # Seat 4 makes maso: +16, the others -4.
    "e": ({"declarer": 4, "bid": "maso", "trump": "coins", "made": True}, [-4, -4, -4, -4, 16]),
}

# Each round: who sits out, then each table: its players in seat order, its hands, its
# points (belote: per team; trionfo: per seat) as the sums of its hands' scores.
BELOTE_ROUNDS: list[dict[str, Any]] = [
    # Round 1
    {
        "sit_out": [5, 12],
        "tables": [
            ([6, 18, 2, 11], "AB", [100 + 162, 62 + 0]),  # [262, 62]
            ([7, 4, 8, 3], "CD", [50 + 40, 112 + 142]),  # [90, 254]
            ([10, 15, 16, 13], "AE", [100 + 62, 62 + 100]),  # [162, 162]
            ([17, 1, 14, 9], "DA", [40 + 100, 142 + 62]),  # [140, 204]
        ],
    },
    # Round 2
    {
        "sit_out": [18, 11],
        "tables": [
            ([2, 12, 9, 15], "EA", [62 + 100, 100 + 62]),  # [162, 162]
            ([6, 10, 3, 14], "BB", [162 + 162, 0 + 0]),  # [324, 0]
            ([4, 5, 7, 17], "CA", [50 + 100, 112 + 62]),  # [150, 174]
            ([1, 13, 8, 16], "DC", [40 + 50, 142 + 112]),  # [90, 254]
        ],
    },
    # Round 3
    {
        "sit_out": [14, 8],
        "tables": [
            ([6, 13, 4, 9], "AA", [100 + 100, 62 + 62]),  # [200, 124]
            ([3, 12, 7, 11], "CE", [50 + 62, 112 + 100]),  # [112, 212]
            ([5, 2, 15, 17], "BD", [162 + 40, 0 + 142]),  # [202, 142]
            ([16, 18, 1, 10], "EA", [62 + 100, 100 + 62]),  # [162, 162]
        ],
    },
    # Round 4
    {
        "sit_out": [7, 10],
        "tables": [
            ([6, 1, 11, 17], "DB", [40 + 162, 142 + 0]),  # [202, 142]
            ([5, 15, 14, 8], "AE", [100 + 62, 62 + 100]),  # [162, 162]
            ([12, 16, 9, 2], "CC", [50 + 50, 112 + 112]),  # [100, 224]
            ([3, 4, 18, 13], "BA", [162 + 100, 0 + 62]),  # [262, 62]
        ],
    },
]


# The standing rows, in rank order (default tiebreaks: match_points, points_diff,
# points_for, buchholz, head_to_head). Columns:
COLUMNS = (
    "rank",
    "entry",
    "played",
    "wins",
    "draws",
    "losses",
    "match_points",
    "games_won",
    "points_for",
    "points_against",
    "points_diff",
    "buchholz",
    "median_buchholz",
    "sonneborn_berger",
    "head_to_head",
    "partners",
    "why",
)

# Worked out for player 6: four wins (262-62 with 2, 324-0 with 3, 200-124 with 4, 202-142
# with 11): 8 match points; points 262 + 324 + 200 + 202 = 988, against 62 + 0 + 124 + 142 =
# 328; Buchholz: opponents 18 and 11 (5 + 6), 10 and 14 (4 + 3), 13 and 9 (3 + 3), 1 and 17
# (3 + 2) = 29; median without the highest (6) and the lowest (2): 21; Sonneborn-Berger: all
# beaten, 29; four different partners. Sit-outs: a win, 2 match points, 0 points, no
# opponent. Every other row likewise.
# fmt: off
BELOTE_STANDINGS = [
    (1, 6, 4, 4, 0, 0, 8, 0, 988, 328, 660, 29, 21, 29, 0, 4,
     "ahead of Player 5 on match points (8 to 7)"),
    (2, 5, 4, 3, 1, 0, 7, 0, 538, 454, 84, 21, 14, 17, 0, 3,
     "ahead of Player 3 on match points (7 to 6)"),
    (3, 3, 4, 3, 0, 1, 6, 0, 952, 364, 588, 30, 22, 19, 0, 4,
     "ahead of Player 16 on points difference (588 to 288)"),
    (4, 16, 4, 2, 2, 0, 6, 0, 802, 514, 288, 31, 23, 22.5, 0, 4,
     "ahead of Player 11 on points difference (288 to -40)"),
    (5, 11, 4, 3, 0, 1, 6, 0, 476, 516, -40, 26, 16, 13, 0, 3,
     "ahead of Player 2 on match points (6 to 5)"),
    (6, 2, 4, 2, 1, 1, 5, 0, 790, 526, 264, 41, 31, 24, 0, 4,
     "ahead of Player 15 on points difference (264 to 60)"),
    (7, 15, 4, 1, 3, 0, 5, 0, 688, 628, 60, 35, 26, 21, 0, 4,
     "ahead of Player 18 on points difference (60 to 0)"),
    (8, 18, 4, 2, 1, 1, 5, 0, 486, 486, 0, 29, 18, 11.5, 0, 3,
     "ahead of Player 12 on points difference (0 to -24)"),
    (9, 12, 4, 2, 1, 1, 5, 0, 474, 498, -24, 27, 19, 12, 0, 3,
     "ahead of Player 4 on match points (5 to 4)"),
    (10, 4, 4, 2, 0, 2, 4, 0, 666, 650, 16, 31, 22, 11, 0, 4,
     "ahead of Player 10 on points difference (16 to -324)"),
    (11, 10, 4, 1, 2, 1, 4, 0, 324, 648, -324, 31, 20, 8.5, 0, 3,
     "ahead of Player 13 on match points (4 to 3)"),
    (12, 13, 4, 1, 1, 2, 3, 0, 602, 714, -112, 39, 28, 11, 0, 4,
     "ahead of Player 9 on points difference (-112 to -136)"),
    (13, 9, 4, 1, 1, 2, 3, 0, 590, 726, -136, 38, 28, 10, 0, 4,
     "ahead of Player 1 on points difference (-136 to -160)"),
    (14, 1, 4, 1, 1, 2, 3, 0, 598, 758, -160, 37, 27, 9.5, 0, 4,
     "ahead of Player 8 on points difference (-160 to -328)"),
    (15, 8, 4, 1, 1, 2, 3, 0, 342, 670, -328, 29, 19, 5, 0, 3,
     "ahead of Player 14 on points difference (-328 to -388)"),
    (16, 14, 4, 1, 1, 2, 3, 0, 302, 690, -388, 28, 17, 4, 0, 3,
     "ahead of Player 17 on match points (3 to 2)"),
    (17, 17, 4, 1, 0, 3, 2, 0, 598, 758, -160, 38, 28, 6, 0, 4,
     "ahead of Player 7 on points difference (-160 to -288)"),
    (18, 7, 4, 1, 0, 3, 2, 0, 352, 640, -288, 30, 21, 0, 0, 3,
     ""),
]
# fmt: on

TRIONFO_ROUNDS: list[dict[str, Any]] = [
    # Round 1
    {
        "sit_out": [3, 6],
        "tables": [
            ([5, 7, 4, 12, 1], "ab", [-1 + 2, 2 + 2, 1 + 2, -1 - 8, -1 + 2]),  # [1, 4, 3, -9, 1]
            ([10, 2, 8, 9, 11], "cd", [-2 - 2, 1 - 2, 1 + 8, 1 - 2, -1 - 2]),  # [-4, -1, 9, -1, -3]
        ],
    },
    # Round 2
    {
        "sit_out": [12, 10],
        "tables": [
            (
                [8, 4, 2, 6, 5],
                "ed",
                [-4 - 2, -4 - 2, -4 + 8, -4 - 2, 16 - 2],
            ),  # [-6, -6, 4, -6, 14]
            ([7, 9, 3, 1, 11], "ab", [-1 + 2, 2 + 2, 1 + 2, -1 - 8, -1 + 2]),  # [1, 4, 3, -9, 1]
        ],
    },
    # Round 3
    {
        "sit_out": [1, 11],
        "tables": [
            ([9, 5, 4, 6, 10], "cb", [-2 + 2, 1 + 2, 1 + 2, 1 - 8, -1 + 2]),  # [0, 3, 3, -7, 1]
            (
                [7, 2, 3, 8, 12],
                "ae",
                [-1 - 4, 2 - 4, 1 - 4, -1 - 4, -1 + 16],
            ),  # [-5, -2, -3, -5, 15]
        ],
    },
]

# Worked out for player 5: round 1 seat 0, 1 point, level with seat 4 for third and fourth
# place: (2 + 1) / 2 = 1.5 (a loss: under the middle place's 2); round 2 seat 4, 14 points,
# first: 4 (a win); round 3 seat 1, 3 points, level with seat 2 for first and second:
# (4 + 3) / 2 = 3.5 (a win). Match points 1.5 + 4 + 3.5 = 9; points 1 + 14 + 3 = 18; against
# (1 + 4 + 3 - 9 + 1 - 1) + (-6 - 6 + 4 - 6 + 14 - 14) + (0 + 3 + 3 - 7 + 1 - 3) = -18.
# The sit-outs score 2 match points and 3 points (``bye_points``). No partners in trionfo.
# fmt: off
TRIONFO_STANDINGS = [
    (1, 5, 3, 2, 0, 1, 9, 0, 18, -18, 36, 69.5, 58, 50.5, 0, 0,
     "ahead of Player 2 on match points (9 to 8.5)"),
    (2, 2, 3, 3, 0, 0, 8.5, 0, 1, -1, 2, 71, 59, 46.75, 0, 0,
     "ahead of Player 9 on match points (8.5 to 7.5)"),
    (3, 9, 3, 2, 0, 1, 7.5, 0, 3, -3, 6, 67, 55, 36.75, 0, 0,
     "ahead of Player 4 on points difference (6 to 0)"),
    (4, 4, 3, 2, 0, 1, 7.5, 0, 0, 0, 0, 74, 62, 41.75, 0, 0,
     "ahead of Player 3 on match points (7.5 to 7)"),
    (5, 3, 3, 2, 1, 0, 7, 0, 3, 0, 3, 47.5, 35.5, 25.5, 0, 0,
     "ahead of Player 12 on match points (7 to 6)"),
    (6, 12, 3, 2, 0, 1, 6, 0, 9, -6, 15, 53, 40.5, 27, 0, 0,
     "ahead of Player 7 on points difference (15 to 0)"),
    (7, 7, 3, 1, 0, 2, 6, 0, 0, 0, 0, 75.5, 63, 34.5, 0, 0,
     "ahead of Player 8 on match points (6 to 5.5)"),
    (8, 8, 3, 1, 0, 2, 5.5, 0, -2, 2, -4, 80, 68, 32.75, 0, 0,
     "ahead of Player 11 on match points (5.5 to 4.5)"),
    (9, 11, 3, 1, 0, 2, 4.5, 0, 1, 2, -1, 49.5, 37.5, 10.5, 0, 0,
     "ahead of Player 10 on match points (4.5 to 4)"),
    (10, 10, 3, 1, 1, 1, 4, 0, 0, 3, -3, 53, 41, 10.5, 0, 0,
     "ahead of Player 1 on match points (4 to 3.5)"),
    (11, 1, 3, 1, 0, 2, 3.5, 0, -5, 8, -13, 53.5, 40, 10.5, 0, 0,
     "ahead of Player 6 on match points (3.5 to 3)"),
    (12, 6, 3, 1, 0, 2, 3, 0, -10, 13, -23, 58.5, 45.5, 6.5, 0, 0,
     ""),
]
# fmt: on


def _row(values: tuple[Any, ...]) -> dict[str, Any]:
    row = dict(zip(COLUMNS, values, strict=True))
    return {**row, "name": f"Player {row['entry']}", "active": True}


def _play(
    director: Any,
    t: dict[str, Any],
    rounds: list[dict[str, Any]],
    hands: dict[str, tuple[dict[str, Any], list[int]]],
    count: int,
) -> None:
    sat_out: list[int] = []
    partners: set[frozenset[int]] = set()
    for number, expected in enumerate(rounds, start=1):
        round_ = director.round(t, number)
        assert round_["status"] == "playing"
        tables = [p for p in round_["pairings"] if not p["bye"]]
        assert round_["sit_out"] == expected["sit_out"], number
        assert [p["entries"] for p in tables] == [e for e, _h, _p in expected["tables"]], number
        seated = [n for p in tables for n in p["entries"]] + round_["sit_out"]
        assert sorted(seated) == list(range(1, count + 1))  # everyone once
        sat_out += round_["sit_out"]
        assert len(set(sat_out)) == len(sat_out)  # nobody twice before everyone once
        for pairing, (_entries, letters, _points) in zip(tables, expected["tables"], strict=True):
            if len(pairing["entries"]) == 4:
                a, b, c, d = pairing["entries"]
                assert pairing["teams"] == [[a, c], [b, d]]
                teams = {frozenset((a, c)), frozenset((b, d))}
                assert not teams & partners  # no partner twice
                partners |= teams
            for index, letter in enumerate(letters):
                payload = dict(hands[letter][0])
                if index == 0 and len(pairing["entries"]) == 5:
                    payload["first"] = 0  # trionfo's first deal names who spoke first
                director.hand({"id": pairing["match"]}, payload)
        done = [p for p in director.round(t, number)["pairings"] if not p["bye"]]
        for pairing, (_entries, _letters, points) in zip(done, expected["tables"], strict=True):
            assert pairing["status"] == "finished" and pairing["decided_by"] == "table"
            assert pairing["points"] == points, (number, pairing["entries"])
            best = max(points)
            if points.count(best) > 1:
                assert (pairing["result"], pairing["winner"]) == ("draw", None)
            else:
                assert pairing["winner"] == pairing["entries"][points.index(best)]


def _check_hands(rounds: list[dict[str, Any]], hands: dict[str, Any]) -> None:
    """The data's own arithmetic: each table's points are its hands' sums."""
    for expected in rounds:
        for _entries, letters, points in expected["tables"]:
            sums = [sum(hands[k][1][i] for k in letters) for i in range(len(points))]
            assert sums == points


def test_an_18_player_belote_melee_played_hand_by_hand(director):
    _check_hands(BELOTE_ROUNDS, BELOTE_HANDS)
    t = director.create(
        variant="belote",
        hands_per_match=2,
        entries=players(18),
        stages=[{"format": "melee", "rounds": 4}],
    )
    Stage.objects.filter(tournament_id=t["id"]).update(seed=SEED)
    director.start(t)
    _play(director, t, BELOTE_ROUNDS, BELOTE_HANDS, 18)
    final = director.tournament(t["id"])
    assert final["status"] == "finished" and final["champion"] == 6
    assert final["standings"] == [_row(values) for values in BELOTE_STANDINGS]


def test_a_12_player_trionfo_event_played_hand_by_hand(director):
    _check_hands(TRIONFO_ROUNDS, TRIONFO_HANDS)
    t = director.create(
        variant="trionfo",
        options={"deals": 2},
        bye_points=3,
        entries=players(12),
        stages=[{"format": "melee", "rounds": 3}],
    )
    Stage.objects.filter(tournament_id=t["id"]).update(seed=SEED)
    director.start(t)
    _play(director, t, TRIONFO_ROUNDS, TRIONFO_HANDS, 12)
    final = director.tournament(t["id"])
    assert final["status"] == "finished" and final["champion"] == 5
    assert final["standings"] == [_row(values) for values in TRIONFO_STANDINGS]
