"""Every field the phone pages post, fuzzed through the real URLs: the match set-up form
(players, who deals, one game or three, every declared option of every game), undo, close,
the language switch and the hand form's previews (JSON). Any text, Arabic-Indic and Persian
digits, "²", NUL and other control characters, 10,000 characters: no answer is a 500 (the
test client raises what a view lets escape), and a refused set-up stores nothing. Run on
SQLite and on PostgreSQL, which refuses NUL."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper import rules, services
from scorekeeper.models import Match
from tests.conftest import PLAYERS
from tests.fuzz import FUZZ_FEW, fuzz

pytestmark = pytest.mark.django_db


def _setup(variant: rules.Variant) -> dict[str, str]:
    """A set-up the page accepts: names in every seat, the options left as shown."""
    body = {f"player-{seat}": f"Player {seat}" for seat in range(variant.players)}
    body.update(games_to_win="1", first_dealer="0")
    for option in variant.options:
        if option.type == "boolean":
            if option.default:
                body[f"option-{option.name}"] = "on"
        elif option.default is not None:
            body[f"option-{option.name}"] = str(option.default)
    return body


def _setup_fields() -> list[tuple[str, str]]:
    """(variant, field): the seats and choices of one game with four players, and each
    option where a game first declares it."""
    seats = _setup(rules.VARIANTS["tarneeb"])
    fields = [("tarneeb", name) for name in seats if not name.startswith("option-")]
    seen: set[str] = set()
    for variant in rules.VARIANTS.values():
        for option in variant.options:
            if option.name not in seen:
                seen.add(option.name)
                fields.append((variant.slug, f"option-{option.name}"))
    return fields


@pytest.mark.parametrize(("slug", "field"), _setup_fields())
def test_the_match_set_up_never_fails(client, slug, field):
    body = _setup(rules.VARIANTS[slug])
    assert client.post(f"/new/{slug}/", body).status_code == 302  # the body is a good one

    def post(value: str) -> Any:
        before = Match.objects.count()
        response = client.post(f"/new/{slug}/", {**body, field: value})
        if response.status_code != 302:
            assert response.status_code == 400
            assert Match.objects.count() == before  # nothing stored on error
        return response

    fuzz(post)


def _tarneeb_with_hands() -> Match:
    match = services.match_create(variant="tarneeb", players=PLAYERS)
    for _hand in range(2):
        services.hand_record(
            match_id=match.pk, payload={"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}
        )
    return match


@pytest.mark.parametrize(
    ("url", "field"),
    [
        ("undo/", "number"),
        ("close/", "anything"),
    ],
)
def test_the_match_pages_buttons_never_fail(client, url, field):
    match = _tarneeb_with_hands()

    def post(value: str) -> Any:
        return client.post(f"/m/{match.pk}/{url}", {field: value})

    fuzz(post)


@pytest.mark.parametrize("field", ["language", "next"])
def test_the_language_switch_never_fails(client, field):
    def post(value: str) -> Any:
        return client.post("/i18n/setlang/", {"language": "fa", "next": "/", field: value})

    fuzz(post, FUZZ_FEW)


@pytest.mark.parametrize("url", ["preview/", "hands/1/preview/"])
@pytest.mark.parametrize("field", ["declarer", "bid", "trump", "tricks", "number"])
def test_the_hand_previews_never_fail(client, url, field):
    match = _tarneeb_with_hands()
    good = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}

    def post(value: str) -> Any:
        body = json.dumps({**good, field: value})
        return client.post(f"/m/{match.pk}/{url}", body, content_type="application/json")

    fuzz(post, FUZZ_FEW)
    assert match.hands.count() == 2  # a preview stores nothing


def test_undo_reads_persian_digits_and_refuses_the_square(client):
    match = _tarneeb_with_hands()
    refused = client.post(f"/m/{match.pk}/undo/", {"number": "²"}, follow=True)
    assert match.hands.count() == 2
    assert "Nothing was undone: Give a whole number." in refused.content.decode()
    client.post(f"/m/{match.pk}/undo/", {"number": "۲"})
    assert list(match.hands.values_list("number", flat=True)) == [1]
