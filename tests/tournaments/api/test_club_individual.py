"""A club's individual evenings (issue 27, clubs.md "Individual events in a club"): a belote
mêlée of 8 players and a trionfo table of 5 (and a sit-out) of an Armenian club, the
director's results through the API. The ratings are checked against the ``openskill``
library itself (a mêlée table as two teams of two, a trionfo table as five teams of one
ranked by place), after a merge and a correction too; a player's history, head-to-head,
the season's match points and ``results.csv`` against values worked out by hand below.

The draw is ``standings`` from seeded entries, so the tables are known:
- mêlée round 1: (1, 3, 2, 4) and (5, 7, 6, 8); teams seats 0 and 2 against 1 and 3:
  Անի & Արամ beat Գոռ & Դավիթ 164–160 (named by Արամ); Էլեն & Լիլիթ draw with
  Մարի & Նարեկ 81–81.
- mêlée round 2: (1, 2, 6, 5) and (7, 8, 3, 4): Արամ & Էլեն beat Անի & Լիլիթ 120–42 (so
  the score is given as [42, 120]); Մարի & Գոռ beat Նարեկ & Դավիթ 100–62.
- trionfo: (1, 2, 3, 4, 5) scores [12, 4, 4, -6, -14] (places 1, 2, 2, 4, 5: match points
  4, 2.5, 2.5, 1, 0); Լիլիթ sits out (2 match points). Արամ is typed "արամ" (the club's
  Արամ) and Դավիթ "Դավիտ" (a new player until merged).
"""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from openskill.models import PlackettLuce

from tests.tournaments.api.test_clubs import Club
from tournaments.services import enqueue

MELEE = ["Անի", "Արամ", "Գոռ", "Դավիթ", "Էլեն", "Լիլիթ", "Մարի", "Նարեկ"]
TRIONFO = ["Անի", "արամ", "Գոռ", "Դավիտ", "Էլեն", "Լիլիթ"]
# (round, slot): the winner (an entry: any player of the winning team; None: a draw), points
MELEE_RESULTS = {
    (1, 1): (2, [164, 160]),
    (1, 2): (None, [81, 81]),
    (2, 1): (5, [42, 120]),
    (2, 2): (7, [100, 62]),
}
TRIONFO_SCORES = [12, 4, 4, -6, -14]
# The library's games, in the order they were finished: teams (names) and ranks.
GAMES = [
    ([["Անի", "Արամ"], ["Գոռ", "Դավիթ"]], [1, 2]),
    ([["Էլեն", "Լիլիթ"], ["Մարի", "Նարեկ"]], [1, 1]),
    ([["Անի", "Լիլիթ"], ["Արամ", "Էլեն"]], [2, 1]),
    ([["Մարի", "Գոռ"], ["Նարեկ", "Դավիթ"]], [1, 2]),
]
TRIONFO_GAME = ([["Անի"], ["Արամ"], ["Գոռ"], ["Դավիտ"], ["Էլեն"]], [1, 2, 2, 4, 5])


def library(games: list[tuple[list[list[str]], list[int]]]) -> dict[str, Any]:
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for teams, ranks in games:
        after = model.rate([[ratings.get(p) or model.rating() for p in t] for t in teams], ranks)
        for team, rated in zip(teams, after, strict=True):
            ratings.update(zip(team, rated, strict=True))
    return ratings


def flat(ratings: dict[str, Any]) -> dict[tuple[str, str], float]:
    return {(name, k): getattr(r, k) for name, r in ratings.items() for k in ("mu", "sigma")}


def predicted(ratings: dict[str, Any], teams: list[list[str]]) -> list[float]:
    model = PlackettLuce()
    chance = model.predict_win([[ratings.get(p) or model.rating() for p in t] for t in teams])
    return [round(p, 4) for p in chance]


class Evenings(Club):
    def melee(self, club: dict[str, Any], **fields: Any) -> dict[str, Any]:
        return self.evening(
            club,
            name="Ուրբաթ",
            variant="belote",
            stages=[{"format": "melee", "rounds": 2, "draw": "standings"}],
            entries=[{"name": n, "seed": i} for i, n in enumerate(MELEE, 1)],
            **fields,
        )

    def trionfo(self, club: dict[str, Any], names=TRIONFO, **fields: Any) -> dict[str, Any]:
        return self.evening(
            club,
            name="Trionfo",
            variant="trionfo",
            hands_per_match=None,
            stages=[{"format": "melee", "rounds": 1, "draw": "standings"}],
            entries=[{"name": n, "seed": i} for i, n in enumerate(names, 1)],
            **fields,
        )

    def play_melee_round(self, tournament: dict[str, Any], number: int) -> None:
        for pairing in self.round(tournament, number)["pairings"]:
            if pairing["bye"]:
                continue
            winner, points = MELEE_RESULTS[(number, pairing["slot"])]
            fields = {"draw": True} if winner is None else {"winner": winner}
            self.result(tournament, number, pairing["slot"], points=points, **fields)

    def rated(self, club: dict[str, Any]) -> dict[tuple[str, str], float]:
        return {
            (name, k): p[k]
            for name, p in self.players(club).items()
            if p["rated_pairings"]
            for k in ("mu", "sigma")
        }

    def player(self, club: dict[str, Any], name: str) -> dict[str, Any]:
        number = self.players(club)[name]["number"]
        return self.get(f"/api/clubs/{club['view_id']}/players/{number}/").json()


@pytest.fixture
def api(transactional_db: None) -> Evenings:
    return Evenings()


def _two_evenings(api: Evenings, **fields: Any) -> tuple[dict, dict, dict]:
    club = api.club(name="Երևանի ակումբ", language="hy")
    melee = api.melee(club, **fields)
    api.start(melee)
    drawn = api.round(melee, 1)["pairings"]
    assert [p["entries"] for p in drawn] == [[1, 3, 2, 4], [5, 7, 6, 8]]
    api.play_melee_round(melee, 1)
    assert [p["entries"] for p in api.round(melee, 2)["pairings"]] == [[1, 2, 6, 5], [7, 8, 3, 4]]
    api.play_melee_round(melee, 2)
    trionfo = api.trionfo(club, **fields)
    api.start(trionfo)
    table, sit_out = api.round(trionfo, 1)["pairings"]
    assert table["entries"] == [1, 2, 3, 4, 5] and sit_out["entries"] == [6] and sit_out["bye"]
    api.result(trionfo, 1, table["slot"], points=TRIONFO_SCORES)
    return club, melee, trionfo


def test_melee_and_trionfo_tables_are_rated_as_the_library_rates_them(api):
    club, melee, trionfo = _two_evenings(api)
    expected = library([*GAMES, TRIONFO_GAME])
    assert api.rated(club) == pytest.approx(flat(expected), abs=1e-4)
    players = api.players(club)
    assert players["Արամ"]["rated_pairings"] == 3 and players["Լիլիթ"]["rated_pairings"] == 2
    assert players["Դավիտ"]["rated_pairings"] == 1  # the sit-out is not rated
    assert "արամ" not in players
    # Round 2's win chances: from the ratings of every round-1 result (the last one's
    # rating update runs after the draw it finished).
    after_round_1 = library(GAMES[:2])
    chances = [p["win_chance"] for p in api.round(melee, 2)["pairings"]]
    assert chances == [predicted(after_round_1, GAMES[2][0]), predicted(after_round_1, GAMES[3][0])]
    # The trionfo table: five numbers in seat order; the sit-out none.
    table, sit_out = api.round(trionfo, 1)["pairings"]
    assert table["win_chance"] == predicted(library(GAMES), TRIONFO_GAME[0])
    assert len(table["win_chance"]) == 5 and sit_out["win_chance"] is None
    history = api.player(club, "Արամ")["rating_history"]
    assert len(history) == 3 and history[-1]["mu"] == round(expected["Արամ"].mu, 4)


def test_a_merge_and_a_correction_re_rate_individual_evenings_as_the_library(api):
    club, melee, _trionfo = _two_evenings(api)
    players = api.players(club)
    typo, right = players["Դավիտ"]["number"], players["Դավիթ"]["number"]
    merged = api.post(f"/api/clubs/{club['id']}/players/{typo}/merge/", {"into": right})
    assert merged.status_code == 200 and merged.json()["rated_pairings"] == 3
    one = ([["Անի"], ["Արամ"], ["Գոռ"], ["Դավիթ"], ["Էլեն"]], TRIONFO_GAME[1])
    assert api.rated(club) == pytest.approx(flat(library([*GAMES, one])), abs=1e-4)
    # The director corrects round 1's draw: Մարի & Նարեկ won it.
    api.result(melee, 1, 2, winner=8, points=[80, 82])
    corrected = [GAMES[0], (GAMES[1][0], [2, 1]), *GAMES[2:], one]
    assert api.rated(club) == pytest.approx(flat(library(corrected)), abs=1e-4)


def test_win_chance_is_drawn_from_results_not_rated_yet(api, monkeypatch):
    """The rating updates never run (a broker down): round 2 is still drawn with ratings
    that include round 1."""
    monkeypatch.setattr(enqueue, "rating_update", lambda **kwargs: None)
    club = api.club()
    melee = api.melee(club)
    api.start(melee)
    api.play_melee_round(melee, 1)
    assert all(not p["rated_pairings"] for p in api.players(club).values())
    after_round_1 = library(GAMES[:2])
    chances = [p["win_chance"] for p in api.round(melee, 2)["pairings"]]
    assert chances == [predicted(after_round_1, GAMES[2][0]), predicted(after_round_1, GAMES[3][0])]


def test_a_players_history_and_head_to_head_from_their_side(api):
    club, _melee, _trionfo = _two_evenings(api)
    aram = api.player(club, "Արամ")
    first, second = aram["history"]
    assert first["partners"] == ["Անի", "Էլեն"] and first["rank"] == 1 and first["of"] == 8
    seen = [
        {k: p[k] for k in ("round", "partners", "opponents", "result", "points", "place")}
        for p in first["pairings"]
    ]
    assert seen == [
        {
            "round": 1,
            "partners": ["Անի"],
            "opponents": ["Գոռ", "Դավիթ"],
            "result": "win",
            "points": [164, 160],
            "place": None,
        },
        {
            "round": 2,
            "partners": ["Էլեն"],
            "opponents": ["Անի", "Լիլիթ"],
            "result": "win",
            "points": [120, 42],
            "place": None,
        },
    ]
    # Typed "արամ", shown as the club's Արամ; trionfo: no partner, four table-mates.
    assert second["entry_name"] == "Արամ" and second["partners"] == [] and second["rank"] == 2
    (table,) = second["pairings"]
    assert table["partners"] == [] and table["opponents"] == ["Անի", "Գոռ", "Դավիտ", "Էլեն"]
    assert table["points"][0] == 4 and table["place"] == 2 and table["result"] == "win"
    # Լիլիթ's evenings: a draw, a loss, a sit-out.
    lilit = [p for e in api.player(club, "Լիլիթ")["history"] for p in e["pairings"]]
    assert [(p["result"], p["points"], p["opponents"]) for p in lilit] == [
        ("draw", [81, 81], ["Մարի", "Նարեկ"]),
        ("loss", [42, 120], ["Արամ", "Էլեն"]),
        ("win", [0], []),
    ]
    # Head-to-head on the player's page: Անի was Արամ's partner in round 1 (not counted)
    # and his opponent in round 2 (a win); the trionfo table counts against all four.
    number = api.players(club)["Արամ"]["number"]
    page = api.client.get(f"/p/c/{club['view_id']}/players/{number}/")
    versus = dict(page.context["versus"])
    assert versus["Անի"] == {"win": 2} and versus["Լիլիթ"] == {"win": 1}
    assert versus["Գոռ"] == {"win": 2} and "Էլեն" in versus and versus["Էլեն"] == {"win": 1}
    assert dict(page.context["partners"]) == {"Անի": 1, "Էլեն": 1}


def test_a_season_by_match_points_credits_both_partners_and_trionfo_places(api):
    club = api.club(name="Երևանի ակումբ", language="hy")
    season = {"name": "Ձմեռ", "scoring": "match_points", "points": [], "best_of": None}
    assert api.post(f"/api/clubs/{club['id']}/seasons/", season).status_code == 201
    melee = api.melee(club, season=1)
    api.start(melee)
    api.play_melee_round(melee, 1)
    api.play_melee_round(melee, 2)
    trionfo = api.trionfo(club, names=["Անի", "արամ", "Գոռ", "Դավիթ", "Էլեն", "Լիլիթ"], season=1)
    api.start(trionfo)
    table = api.round(trionfo, 1)["pairings"][0]
    api.result(trionfo, 1, table["slot"], points=TRIONFO_SCORES)
    rows = api.get(f"/api/clubs/{club['view_id']}/seasons/1/standings/").json()
    got = [
        (r["rank"], r["name"], r["points"], r["tournaments"], r["wins"], r["best"]) for r in rows
    ]
    assert got == [
        (1, "Արամ", 6.5, 2, 1, 1),
        (2, "Անի", 6, 2, 1, 1),
        (3, "Գոռ", 4.5, 2, 0, 3),
        (4, "Էլեն", 3, 2, 0, 2),
        (5, "Մարի", 3, 1, 0, 3),
        (6, "Լիլիթ", 3, 2, 0, 4),
        (7, "Դավիթ", 1, 2, 0, 5),
        (8, "Նարեկ", 1, 1, 0, 6),
    ]
    assert rows[3]["why"] and "Մարի" in rows[3]["why"]


def _csv(response) -> list[list[str]]:
    assert response.status_code == 200 and response.content.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_results_csv_of_a_melee_and_of_a_trionfo_evening(api):
    _club, melee, trionfo = _two_evenings(api)
    rows = _csv(api.get(f"/api/tournaments/{melee['view_id']}/results.csv"))
    assert rows[1:] == [
        [
            "1",
            "1",
            "Անի & Արամ – Գոռ & Դավիթ",
            "Անի & Արամ – Գոռ & Դավիթ",
            "Անի & Արամ",
            "164–160",
            "1–0",  # a director's win of a one-game match
        ],
        [
            "1",
            "2",
            "Էլեն & Լիլիթ – Մարի & Նարեկ",
            "Էլեն & Լիլիթ – Մարի & Նարեկ",
            rows[2][4],
            "81–81",
            "0–0",
        ],
        [
            "2",
            "1",
            "Անի & Լիլիթ – Արամ & Էլեն",
            "Անի & Լիլիթ – Արամ & Էլեն",
            "Արամ & Էլեն",
            "42–120",
            "0–1",
        ],
        [
            "2",
            "2",
            "Մարի & Գոռ – Նարեկ & Դավիթ",
            "Մարի & Գոռ – Նարեկ & Դավիթ",
            "Մարի & Գոռ",
            "100–62",
            "1–0",
        ],
    ]
    assert rows[2][4] and rows[2][4] != "Էլեն & Լիլիթ"  # "draw" in the club's language
    rows = _csv(api.get(f"/api/tournaments/{trionfo['view_id']}/results.csv"))
    table, sit_out = rows[1:]
    assert table[2] == "Անի – արամ – Գոռ – Դավիտ – Էլեն"
    assert table[4] == "1. Անի – 2. արամ – 2. Գոռ – 4. Դավիտ – 5. Էլեն"
    assert table[5] == "12–4–4–-6–-14"
    assert sit_out[:3] == ["1", "", "Լիլիթ"] and sit_out[4]


def test_a_melee_table_played_to_the_end_has_its_games_in_results_csv(api):
    club = api.club()
    melee = api.evening(
        club,
        variant="belote",
        options={"target": 100},
        stages=[{"format": "melee", "rounds": 1}],
        entries=[{"name": n} for n in MELEE[:4]],
    )
    api.start(melee)
    (pairing,) = api.round(melee, 1)["pairings"]
    api.hand({"id": pairing["match"]}, {"declarer": 0, "trump": "hearts", "points": [100, 62]})
    (pairing,) = api.round(melee, 1)["pairings"]
    assert pairing["status"] == "finished" and pairing["games_won"] == [1, 0]
    rows = _csv(api.get(f"/api/tournaments/{melee['view_id']}/results.csv"))
    assert rows[1][5:] == ["100–62", "1–0"]
