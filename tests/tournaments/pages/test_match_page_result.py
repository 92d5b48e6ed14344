"""A table's score sheet after its tournament's director decided the match: it does not
say "no winner" (the match was stopped; the pairing has the director's result)."""

from __future__ import annotations

from django.test import Client

from tests.tournaments.conftest import Director, tarneeb


def test_a_match_stopped_by_the_director_points_to_the_tournament(director: Director) -> None:
    tournament = tarneeb(director, 4)
    director.start(tournament)
    pairing = director.round(tournament, 1)["pairings"][0]
    director.result(tournament, 1, pairing["slot"], winner=pairing["entries"][0], points=[152, 101])
    for language, words in (
        ("en", "The match was stopped before its end: its result is on the tournament"),
        ("it", "incontro è stato interrotto prima della fine"),
        ("fa", "مسابقه پیش از پایانش متوقف شد"),
    ):
        page = Client().get(f"/m/{pairing['match']}/board/", headers={"accept-language": language})
        html = page.content.decode()
        assert page.status_code == 200
        assert words in html
        assert "no winner" not in html
