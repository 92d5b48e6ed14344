"""The projector (1920×1080) follows a round's results, the next round and the standings
without a reload: its poll brings the new state once the tournament changes."""

from __future__ import annotations

import pytest

from tests.browser.conftest import POLL_MS, after_polls
from tests.tournaments.conftest import entries
from tournaments import services, validation
from tournaments.models import Round

pytestmark = pytest.mark.browser
PROJECTOR = {"width": 1920, "height": 1080}


def _result(tournament, number: int, slot: int, points: list[int]) -> None:
    pairing = Round.objects.get(tournament=tournament, number=number).pairings.get(slot=slot)
    services.pairing_result_set(
        tournament_id=tournament.pk,
        round_number=number,
        slot=slot,
        winner=pairing.entries[0],
        points=points,
    )


def test_the_projector_follows_the_results_without_a_reload(browser, site) -> None:
    tournament = services.tournament_create(
        validation.tournament_spec(
            dict(
                name="Projected",
                variant="tarneeb",
                entries=entries(4),
                round_minutes=40,
                stages=[{"format": "swiss", "rounds": 2}],
            )
        )
    )
    services.tournament_start(tournament_id=tournament.pk)
    context = browser.new_context(viewport=PROJECTOR)
    context.clock.install()  # the polls' 10 s and the slides' 15 s are run on, not waited for
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Each poll: the ETag the browser named (If-None-Match) and the one it was answered with.
    polls: list[tuple[str | None, str | None]] = []
    page.on(
        "response",
        lambda r: (
            polls.append((r.request.all_headers().get("if-none-match"), r.headers.get("etag")))
            if "/projector/live/" in r.url
            else None
        ),
    )
    page.goto(site + f"/p/{tournament.view_id}/projector/")
    page.locator(".slide.is-shown").wait_for()
    page.evaluate("window.notReloaded = true")
    assert page.locator(".round-name").inner_text() == "Round 1"
    clock = page.locator(".clock").inner_text()
    assert ":" in clock  # counting down from the round's end
    _result(tournament, 1, 1, [412, 280])
    after_polls(
        page,
        lambda timeout: page.locator("text=412 – 280").wait_for(state="attached", timeout=timeout),
    )
    _result(tournament, 1, 2, [333, 111])  # the round is complete: round 2 is drawn
    after_polls(
        page,
        lambda timeout: page.locator(".round-name", has_text="Round 2").wait_for(timeout=timeout),
    )
    assert page.evaluate("window.notReloaded") is True
    # Only one section at a time: the timer switches between pairings and standings.
    shown = page.locator(".slide.is-shown")
    assert shown.count() == 1
    first = shown.get_attribute("data-slide")
    after_polls(
        page,
        lambda timeout: page.wait_for_function(
            "(first) => document.querySelector('.slide.is-shown').dataset.slide !== first",
            arg=first,
            timeout=timeout,
        ),
    )
    assert errors == []
    # Nothing changes now: the browser kept the last answer (no-cache, not no-store), so its
    # next poll names that ETag, which the server answers 304 (Playwright reports the copy
    # the browser then shows; the 304 itself is tested in tests/tournaments/pages).
    for _ in range(6):
        if any(sent is not None and sent == got for sent, got in polls):
            break
        with page.expect_response(lambda r: "/projector/live/" in r.url):
            page.clock.run_for(POLL_MS)  # the next poll
    assert any(sent is not None and sent == got for sent, got in polls), polls
    context.close()
