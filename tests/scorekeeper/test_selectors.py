"""A match is read once per request: one variant lookup and one state fold (``MatchView``),
whether the API or the match page shows it."""

from __future__ import annotations

from unittest import mock

import pytest

from scorekeeper import rules, selectors, services
from scorekeeper.rules import MatchState

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]
HAND = {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 8}


@pytest.fixture
def match(db):
    match = services.match_create(variant="tarneeb", players=PLAYERS)
    for _hand in range(3):
        services.hand_record(match_id=match.pk, payload=HAND)
    services.hand_correct(match_id=match.pk, number=1, payload={**HAND, "tricks": 9})
    match.refresh_from_db()
    return match


def _reads(client, url: str) -> tuple[int, int]:
    """How many variant lookups and state folds answering ``url`` took."""
    lookups = mock.patch.object(rules, "get_variant", wraps=rules.get_variant)
    folds = mock.patch.object(MatchState, "from_dict", wraps=MatchState.from_dict)
    with lookups as lookup, folds as fold:
        assert client.get(url).status_code == 200
    return lookup.call_count, fold.call_count


@pytest.mark.parametrize("page", ["", "sheet/", "board/"])
@pytest.mark.parametrize("spectator", [False, True])
def test_a_match_page_looks_its_variant_up_once_and_folds_its_state_once(
    client, match, page, spectator
) -> None:
    token = match.view_id if spectator else match.pk
    assert _reads(client, f"/m/{token}/{page}") == (1, 1)


def test_the_api_reads_a_match_once_too(client, match) -> None:
    assert _reads(client, f"/api/matches/{match.pk}/") == (1, 1)


def test_the_view_is_the_api_document(client, match) -> None:
    view = selectors.match_view(match, writable=True)
    assert client.get(f"/api/matches/{match.pk}/").json() == view.data
    spectator = selectors.match_view(match, writable=False).data
    assert client.get(f"/api/matches/{match.view_id}/").json() == spectator
    assert "id" not in spectator and view.data["changes"] and view.data["hands"]
