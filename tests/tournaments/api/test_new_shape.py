"""A table shape and a format added by a test alone (issue 31, "Done when"): a mêlée whose
win is worth 3 match points to both partners (a draw 1.5 each), registered here, is drawn,
stored, ranked, rated, shown on the desk and exported by the services, selectors and
pages as they are: they read the shape (``brackets.shapes``) and the format's declaration,
never the number of entries or the format's name."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from openskill.models import PlackettLuce

from tests.tournaments.api.test_clubs import Club
from tournaments.brackets import FORMATS
from tournaments.brackets.melee import Melee
from tournaments.brackets.shapes import SHAPES, Shape, register_shape

THREE = Shape("teams_three_points", sides=((0, 2), (1, 3)), place_points=(3, 0))
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elsa", "Fabio", "Gina", "Hugo"]


class ThreePoints(Melee):
    """The mêlée's draw, its tables of the test's shape."""

    name = "melee_three_points"
    label = "Mêlée, 3 points a win"

    def shape(self, settings: Any) -> Shape:
        return THREE


@pytest.fixture
def three_points(transactional_db: None):
    register_shape(THREE)
    FORMATS[ThreePoints.name] = ThreePoints()
    yield Club()
    FORMATS.pop(ThreePoints.name)
    SHAPES.pop(THREE.name)


def test_a_test_only_shape_is_drawn_rated_shown_and_exported(three_points):
    api = three_points
    club = api.club()
    tournament = api.evening(
        club,
        variant="belote",
        hands_per_match=None,
        stages=[{"format": ThreePoints.name, "rounds": 2, "draw": "standings"}],
        entries=[{"name": name, "seed": n} for n, name in enumerate(NAMES, 1)],
    )
    api.start(tournament)
    first, second = api.round(tournament, 1)["pairings"]
    assert first["shape"] == THREE.name and first["teams"] == [[1, 2], [3, 4]]
    assert second["teams"] == [[5, 6], [7, 8]]
    api.result(tournament, 1, 1, winner=2, points=[164, 160])  # named by a partner
    api.result(tournament, 1, 2, draw=True, points=[81, 81])
    rows = {row["entry"]: row for row in api.tournament(tournament["id"])["standings"]}
    assert [rows[n]["match_points"] for n in range(1, 9)] == [3, 3, 0, 0, 1.5, 1.5, 1.5, 1.5]
    assert rows[1]["partners"] == 1 and rows[1]["buchholz"] == 0  # the partner no opponent
    # Rated as two teams of two, as the library rates them.
    model = PlackettLuce()

    def fresh() -> list[list[Any]]:
        return [[model.rating(), model.rating()], [model.rating(), model.rating()]]

    a, b = model.rate(fresh(), ranks=[1, 2])
    c, _d = model.rate(fresh(), ranks=[1, 1])
    players = api.players(club)
    assert players["Anna"]["mu"] == pytest.approx(a[0].mu, abs=1e-4)
    assert players["Carla"]["mu"] == pytest.approx(b[0].mu, abs=1e-4)
    assert players["Elsa"]["mu"] == pytest.approx(c[0].mu, abs=1e-4)
    chances = [p["win_chance"] for p in api.round(tournament, 2)["pairings"]]
    assert all(len(chance) == 2 and sum(chance) == pytest.approx(1) for chance in chances)
    # The desk shows the teams and takes a result for a team.
    desk = api.client.get(f"/d/{tournament['id']}/").content.decode()
    assert "lineup-teams" in desk and "Anna &amp; Bruno" in desk
    # The export writes the teams.
    exported = api.get(f"/api/tournaments/{tournament['view_id']}/results.csv")
    lines = list(csv.reader(io.StringIO(exported.content.decode("utf-8-sig"))))
    assert lines[1][2:6] == ["Anna & Bruno – Carla & Dario"] * 2 + ["Anna & Bruno", "164–160"]
