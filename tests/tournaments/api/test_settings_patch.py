"""The hand limit changed during the event (``PATCH hands_per_match``): the matches still
being played take it, unless one of them has already played that many hands (refused,
naming the field, in the request's language); a finished match keeps its own; the next
rounds are drawn with it."""

from __future__ import annotations

from scorekeeper.models import Match
from tests.tournaments.conftest import Director, entries, won_by
from tournaments.models import ResultChange, Tournament


def _limits(t: dict) -> dict[int, int | None]:
    rows = Match.objects.filter(tournament=t["view_id"])
    return {m.table: m.hands_per_match for m in rows.filter(round=1)}


def test_a_new_hand_limit_reaches_the_matches_still_played(director: Director) -> None:
    swiss = [{"format": "swiss", "rounds": 3}]
    t = director.create(variant="tarneeb", hands_per_match=3, entries=entries(4), stages=swiss)
    first, second = (p["match"] for p in director.start(t)["rounds"][0]["pairings"])
    for _ in range(3):
        director.hand({"id": second}, won_by(0))  # table 2 ends at the limit: 3 hands
    director.hand({"id": first}, won_by(0))
    director.hand({"id": first}, won_by(1))  # table 1 is at hand 3
    url = f"/api/tournaments/{t['id']}/"

    refused = director.patch(url, {"hands_per_match": 2})
    assert refused.status_code == 400 and list(refused.json()) == ["hands_per_match"]
    assert "at least 3: table 1 is already at hand 3" in str(refused.json())
    director.client.credentials(HTTP_ACCEPT_LANGUAGE="ar")
    arabic = str(director.patch(url, {"hands_per_match": 2}).json())
    director.client.credentials()
    assert "table 1" not in arabic and "3" in arabic
    assert Tournament.objects.get().hands_per_match == 3 and _limits(t) == {1: 3, 2: 3}

    changed = director.patch(url, {"hands_per_match": 4})
    assert changed.status_code == 200 and changed.json()["hands_per_match"] == 4
    assert _limits(t) == {1: 4, 2: 3}  # the finished table keeps the limit it played to
    record = ResultChange.objects.filter(action="settings").get()
    assert (record.before, record.after) == ({"hands_per_match": 3}, {"hands_per_match": 4})
    director.hand({"id": first}, won_by(0))
    assert director.match({"id": first})["status"] == "in_progress"  # 3 of 4 hands
    director.hand({"id": first}, won_by(0))
    assert director.match({"id": first})["status"] == "finished"  # the 4th ends it

    second_round = director.tournament(t["id"])["rounds"][1]["pairings"]
    drawn = Match.objects.filter(pk__in=[p["match"] for p in second_round])
    assert {m.hands_per_match for m in drawn} == {4}  # the next round is drawn with it
    assert director.patch(url, {"hands_per_match": None}).status_code == 200
    assert {m.hands_per_match for m in Match.objects.filter(round=2)} == {None}
    assert director.patch(url, {"hands_per_match": 0}).status_code == 400


def test_a_redraw_between_the_matches_locks_and_the_tournaments_refuses_the_limit(
    director: Director, monkeypatch
) -> None:
    # A redraw committed after the new limit reached the round's matches, before the
    # tournament's lock was taken: its new matches, made with the old limit, are not left
    # so. The change is refused (409, nothing changed) and takes when set again.
    from tournaments.services import redraw, settings

    swiss = [{"format": "swiss", "rounds": 3}]
    t = director.create(variant="tarneeb", hands_per_match=3, entries=entries(4), stages=swiss)
    director.start(t)
    url = f"/api/tournaments/{t['id']}/"
    limit = settings._limit_open_matches

    def then_redrawn(tournament_id, hands_per_match):
        reached = limit(tournament_id, hands_per_match)
        monkeypatch.setattr(settings, "_limit_open_matches", limit)
        redraw.round_redraw(tournament_id=tournament_id, round_number=1)
        return reached

    monkeypatch.setattr(settings, "_limit_open_matches", then_redrawn)
    refused = director.patch(url, {"hands_per_match": 5})
    assert refused.status_code == 409, refused.content
    assert "drawn again meanwhile" in str(refused.json())
    assert Tournament.objects.get().hands_per_match == 3
    assert director.patch(url, {"hands_per_match": 5}).status_code == 200
    pairings = director.tournament(t["id"])["rounds"][0]["pairings"]
    drawn = Match.objects.filter(pk__in=[p["match"] for p in pairings])
    assert {m.hands_per_match for m in drawn} == {5}
