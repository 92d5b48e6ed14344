"""The public page for a room of phones: each part rendered once per version and language,
sent gzipped, split so a phone fetches only what changed, and small at 256 tables."""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client
from django.test.signals import template_rendered

from tests.tournaments.conftest import Director, entries
from tournaments import services, validation
from tournaments.models import Round

pytestmark = pytest.mark.django_db(transaction=True)
LIVE = "tournaments/public/live.html"


@pytest.fixture(autouse=True)
def _no_version_cache(settings: Any) -> None:
    settings.TOURNAMENT_POLL_CACHE_SECONDS = 0


@pytest.fixture
def rendered() -> Iterator[list[str]]:
    """The names of the templates rendered meanwhile."""
    names: list[str] = []

    def seen(sender: Any, template: Any, **kwargs: Any) -> None:
        names.append(template.name)

    template_rendered.connect(seen)
    yield names
    template_rendered.disconnect(seen)


def _swiss(director: Director, count: int = 8) -> dict[str, Any]:
    tournament = director.create(variant="tarneeb", entries=entries(count))
    director.start(tournament)
    return director.tournament(tournament["id"])


def _first_result(director: Director, tournament: dict[str, Any]) -> None:
    pairing = director.round(tournament, 1)["pairings"][0]
    director.result(tournament, 1, pairing["slot"], winner=pairing["entries"][0], points=[321, 123])


def test_a_version_is_rendered_once_per_language(director: Director, rendered: list[str]) -> None:
    tournament = _swiss(director)
    url = f"/p/{tournament['view_id']}/live/"
    first, second = Client().get(url), Client().get(url)  # two phones, no copy yet
    assert first.status_code == second.status_code == 200
    assert first.content == second.content and first["ETag"] == second["ETag"]
    assert rendered.count(LIVE) == 1
    french = Client().get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 200 and french["ETag"] != first["ETag"]
    assert Client().get(url, HTTP_ACCEPT_LANGUAGE="fr").content == french.content
    assert rendered.count(LIVE) == 2  # French is another rendering, once too
    _first_result(director, tournament)
    after = Client().get(url)
    assert after["ETag"] != first["ETag"]
    assert "321 – 123" in re.sub(r"</?bdi[^>]*>", "", after.content.decode())
    assert Client().get(url).content == after.content
    assert rendered.count(LIVE) == 3


def test_the_page_is_made_of_the_parts_rendered_for_its_version(
    director: Director, rendered: list[str]
) -> None:
    tournament = _swiss(director)
    Client().get(f"/p/{tournament['view_id']}/live/")
    html = Client().get(f"/p/{tournament['view_id']}/").content.decode()
    assert rendered.count(LIVE) == 1  # the page took the live part already rendered
    assert 'id="find-list"' in html and 'class="pairings"' in html and "csrfmiddlewaretoken" in html
    assert Client().get(f"/p/{tournament['view_id']}/projector/").status_code == 200
    Client().get(f"/p/{tournament['view_id']}/projector/live/")
    assert rendered.count("tournaments/public/projector_live.html") == 1


def test_the_live_parts_are_sent_gzipped_to_browsers_that_take_them(director: Director) -> None:
    tournament = _swiss(director)
    for path in ("live/", "live/tables/", "projector/live/"):
        url = f"/p/{tournament['view_id']}/{path}"
        plain = Client().get(url)
        packed = Client().get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
        assert packed.status_code == 200 and packed["Content-Encoding"] == "gzip"
        assert gzip.decompress(packed.content) == plain.content
        assert not plain.has_header("Content-Encoding")
        assert "Accept-Encoding" in packed["Vary"] and packed["ETag"] == plain["ETag"]
        again = Client().get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=packed["ETag"])
        assert again.status_code == 304
    # The page is compressed too (Speed: every page); its language form's CSRF token is
    # masked afresh in every answer, so BREACH finds no fixed secret to read.
    client, page = Client(), f"/p/{tournament['view_id']}/"
    answers = [client.get(page, HTTP_ACCEPT_ENCODING="gzip") for _ in range(2)]
    assert answers[0]["Content-Encoding"] == "gzip"
    pages = [gzip.decompress(answer.content) for answer in answers]
    tokens = [re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', p).group(1) for p in pages]
    assert tokens[0] != tokens[1]


def test_a_result_changes_the_live_part_but_not_the_tables(director: Director) -> None:
    tournament = _swiss(director)
    base = f"/p/{tournament['view_id']}/live/"
    live, tables = Client().get(base), Client().get(f"{base}tables/", {"q": "P1a"})
    assert tables.status_code == 200 and 'data-name="P1a' in tables.content.decode()
    assert "Standings" in live.content.decode() and "find-list" not in live.content.decode()
    _first_result(director, tournament)
    after = Client().get(base, HTTP_IF_NONE_MATCH=live["ETag"])
    assert after.status_code == 200
    # Find your table changes only when a round is drawn: the phones' copies stay good, and
    # the live part says so (it names the tables' current ETag: no need to ask for them).
    again = Client().get(f"{base}tables/", {"q": "P1a"}, HTTP_IF_NONE_MATCH=tables["ETag"])
    assert again.status_code == 304
    named = tables["ETag"].replace('"', "&quot;")
    assert f'data-find-tables="{named}"' in after.content.decode()
    for pairing in director.round(tournament, 1)["pairings"][1:]:  # the round ends: round 2
        director.result(tournament, 1, pairing["slot"], winner=pairing["entries"][1], points=[1, 2])
    drawn = Client().get(f"{base}tables/", {"q": "P1a"}, HTTP_IF_NONE_MATCH=tables["ETag"])
    assert drawn.status_code == 200 and drawn["ETag"] != tables["ETag"]
    named = drawn["ETag"].replace('"', "&quot;")
    assert f'data-find-tables="{named}"' in Client().get(base).content.decode()


def _league(count: int) -> Any:
    """A started Swiss of ``count`` entries with club-length names."""
    teams = [
        {
            "name": f"Les Atouts de Marseille {n}",
            "players": [f"Anne-Sophie Lefèvre {n}", f"Karim Benali {n}"],
            "seed": n,
        }
        for n in range(1, count + 1)
    ]
    tournament = services.tournament_create(
        validation.tournament_spec(
            dict(
                name="Open",
                variant="tarneeb",
                entries=teams,
                stages=[{"format": "swiss", "rounds": 5}],
            )
        )
    )
    services.tournament_start(tournament_id=tournament.pk)
    for pairing in Round.objects.get(tournament=tournament, number=1).pairings.all()[:64]:
        services.pairing_result_set(
            tournament_id=tournament.pk,
            round_number=1,
            slot=pairing.slot,
            winner=pairing.entries[0],
            points=[152, 97],
        )
    return tournament


def test_the_live_part_of_a_256_table_event_is_small() -> None:
    view_id = _league(512).view_id
    live = Client().get(f"/p/{view_id}/live/", HTTP_ACCEPT_ENCODING="gzip")
    html = gzip.decompress(live.content).decode()
    assert html.count('class="is-') == 256  # every table of the round in play
    assert html.count("/entries/") == 32  # and the first page of the standings, with why
    assert html.count('<div class="why">') == 32
    assert len(html.encode()) < 100_000, len(html.encode())
    assert len(live.content) < 15_000, len(live.content)
    # Find your table: the names that hold what is typed, never the whole list.
    found = Client().get(f"/p/{view_id}/live/tables/?q=Karim+Benali+1", HTTP_ACCEPT_ENCODING="gzip")
    assert gzip.decompress(found.content).decode().count("<li") == 20
    assert len(found.content) < 2_000, len(found.content)


def test_the_standings_come_a_page_at_a_time(director: Director) -> None:
    tournament = _swiss(director, 40)
    base = f"/p/{tournament['view_id']}/"
    first = Client().get(f"{base}live/").content.decode()
    assert first.count("/entries/") == 32 and "1–32 of 40" in first  # a row links its entry
    assert 'data-standings="2"' in first
    second = Client().get(f"{base}live/?standings=2").content.decode()
    assert second.count("/entries/") == 8 and "33–40 of 40" in second
    assert 'data-standings="1"' in second and 'data-standings="3"' not in second
    # Without script the link opens the page at that page; an absurd page is the last one.
    page = Client().get(f"{base}?standings=2").content.decode()
    assert "33–40 of 40" in page and "live/?standings=2" in page
    assert "33–40 of 40" in Client().get(f"{base}live/?standings=99999").content.decode()
    assert "1–32 of 40" in Client().get(f"{base}live/?standings=x²").content.decode()


def test_a_poll_never_waits_for_a_render_while_a_recent_copy_is_at_hand(
    director: Director, rendered: list[str], settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tournaments.pages import public_parts

    settings.TOURNAMENT_STALE_SECONDS = 3
    clock = [1_000_000.0]
    monkeypatch.setattr(public_parts, "time", SimpleNamespace(time=lambda: clock[0]))
    tournament = _swiss(director)
    url = f"/p/{tournament['view_id']}/live/"
    first = Client().get(url)  # nothing rendered yet: rendered first
    assert first.status_code == 200 and rendered.count(LIVE) == 1
    _first_result(director, tournament)
    clock[0] += 1  # a copy 1 s old: the polls get it, nothing is rendered
    again = Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and rendered.count(LIVE) == 1
    clock[0] += 3  # 4 s old: still the copy, and the new version rendered once it is sent
    later = Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert later.status_code == 304 and later["ETag"] == first["ETag"]
    assert rendered.count(LIVE) == 2
    rendered.clear()
    fresh = Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200 and fresh["ETag"] != first["ETag"] and rendered == []
    assert "321 – 123" in re.sub(r"</?bdi[^>]*>", "", fresh.content.decode())
    _first_result_of_table(director, tournament, 1)
    clock[0] += public_parts.MAX_STALE  # a copy nobody asked for a while: rendered first
    last = Client().get(url, HTTP_IF_NONE_MATCH=fresh["ETag"])
    assert last.status_code == 200 and last["ETag"] != fresh["ETag"]


def _first_result_of_table(director: Director, tournament: dict[str, Any], index: int) -> None:
    pairing = director.round(tournament, 1)["pairings"][index]
    director.result(tournament, 1, pairing["slot"], winner=pairing["entries"][0], points=[300, 1])
