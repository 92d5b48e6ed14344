"""A phone on the public page follows the evening without a reload: a result shows in the
live part, the next round's tables show in "find your table" (fetched once the live part
names their new version), the standings come a page at a time, and the name typed last
time is typed again when the page opens."""

from __future__ import annotations

import pytest

from tests.browser.conftest import POLL_MS, after_polls
from tests.tournaments.conftest import entries
from tournaments import services, validation
from tournaments.models import Round

pytestmark = pytest.mark.browser


def _result(tournament, slot: int, points: list[int]) -> None:
    pairing = Round.objects.get(tournament=tournament, number=1).pairings.get(slot=slot)
    services.pairing_result_set(
        tournament_id=tournament.pk,
        round_number=1,
        slot=slot,
        winner=pairing.entries[0],
        points=points,
    )


def _table_of(tournament, number: int, entry: int) -> int:
    pairings = Round.objects.get(tournament=tournament, number=number).pairings.all()
    return next(p.table for p in pairings if entry in p.entries)


def test_a_phone_follows_the_results_and_the_next_round(page, site) -> None:
    tournament = services.tournament_create(
        validation.tournament_spec(
            dict(
                name="Phones",
                variant="tarneeb",
                entries=entries(40),
                round_minutes=40,
                stages=[{"format": "swiss", "rounds": 3}],
            )
        )
    )
    services.tournament_start(tournament_id=tournament.pk)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.clock.install()  # the polls' 10 s are run on (after_polls), not waited for
    page.goto(site + f"/p/{tournament.view_id}/")
    page.evaluate("window.notReloaded = true")
    page.locator("#find").fill("P7a")
    shown = page.locator("#find-list li:visible")
    shown.first.wait_for()  # the names typed, asked for (the page holds no whole list)
    assert shown.count() == 1
    assert shown.locator(".find-table").inner_text() == f"table {_table_of(tournament, 1, 7)}"

    drawn_for = page.locator("#find-tables").get_attribute("data-etag")
    _result(tournament, 1, [412, 280])
    after_polls(
        page, lambda timeout: page.locator("#live >> text=412 – 280").wait_for(timeout=timeout)
    )
    for slot in range(2, 21):  # the round is complete: round 2 is drawn
        _result(tournament, slot, [300, 100])
    table = f"table {_table_of(tournament, 2, 7)}"
    after_polls(
        page,
        lambda timeout: page.locator(".round-name", has_text="Round 2").wait_for(timeout=timeout),
    )
    after_polls(
        page,
        lambda timeout: page.wait_for_function(
            "(etag) => document.getElementById('find-tables').dataset.etag !== etag",
            arg=drawn_for,
            timeout=timeout,
        ),
    )
    assert page.locator("#find-list li:visible .find-table").inner_text() == table
    assert page.locator("#find-list li:visible").count() == 1  # the filter holds

    page.locator(".pager a[rel=next]").click()
    page.locator(".pager", has_text="33–40 of 40").wait_for()
    # A poll (its answer read, then a moment to show it): the page shown stays the one asked for.
    asked = page.locator("#live").get_attribute("data-url") or "?"
    with page.expect_response(lambda r: r.url.endswith(asked)) as polled:
        page.clock.run_for(POLL_MS)
    polled.value.finished()
    page.wait_for_timeout(300)
    assert "33–40 of 40" in page.locator(".pager").inner_text()
    assert page.evaluate("window.notReloaded") is True
    assert errors == []

    page.reload()
    assert page.locator("#find").input_value() == "P7a"
    page.locator("#find-list li:visible").first.wait_for()
    assert page.locator("#find-list li:visible").count() == 1
