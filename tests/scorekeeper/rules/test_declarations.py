"""What the variants declare for the forms and lines to read: facts and typed outcomes."""

from __future__ import annotations

import pytest

from scorekeeper.rules import VARIANTS, MatchFinished, find_variant, make_table, play, start
from scorekeeper.rules.base import Outcome
from scorekeeper.rules.errors import MatchConflict

PLAYERS = ["Rami", "Sara", "Omar", "Lina"]


@pytest.mark.parametrize("slug", sorted(VARIANTS))
def test_every_variant_declares_its_kind_of_hand(slug):
    variant = VARIANTS[slug]
    assert variant.hand_kind in {"tarneeb", "individual", "maraffa", "trionfo", "blot"}


def test_facts_of_the_games():
    assert find_variant("tarneeb").tricks == 13
    assert find_variant("tarneeb").bids == (7, 8, 9, 10, 11, 12, 13)
    assert find_variant("coinche").bids[-1] == "capot"
    assert find_variant("belote").deal_points == 162 and find_variant("belote").bids == ()
    assert find_variant("maraffa").deal_thirds == 35 == find_variant("trionfo").deal_thirds


def test_flags_a_hand_takes_are_read_from_the_payload_declaration():
    assert find_variant("tarneeb_egyptian").takes("doubled")
    assert not find_variant("tarneeb").takes("doubled")
    assert find_variant("bazar_blot").takes("kapot") and find_variant("bazar_blot").takes("coinche")
    assert find_variant("coinche").takes("coinche") and not find_variant("coinche").takes("kapot")
    assert not find_variant("belote").takes("coinche")


def test_no_trumps_follows_the_option_in_tarneeb_and_the_variant_elsewhere():
    tarneeb = find_variant("tarneeb")
    assert "no_trump" not in tarneeb.strains({"no_trump": False})
    assert "no_trump" in tarneeb.strains({"no_trump": True})
    assert "no_trump" in find_variant("tarneeb_egyptian").strains({})
    assert "no_trump" in find_variant("bazar_blot").strains({})
    assert "no_trump" not in find_variant("coinche").strains({})


@pytest.mark.parametrize(("tricks", "outcome"), [(8, Outcome.MADE), (6, Outcome.DOWN)])
def test_a_contract_says_whether_it_was_made(tricks, outcome):
    t = make_table(find_variant("tarneeb"), PLAYERS)
    hand, _state = play(t, start(t), {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": tricks})
    assert hand.details["outcome"] == outcome


def test_la_bella_is_the_engines_word():
    t = make_table(find_variant("tarneeb"), PLAYERS, games_to_win=2)
    state = start(t)
    for declarer in (1, 0):
        assert not state.is_bella(t)
        _hand, state = play(
            t, state, {"declarer": declarer, "bid": 13, "trump": "hearts", "tricks": 13}
        )
    assert state.is_bella(t)


def test_a_finished_match_is_one_conflict():
    t = make_table(find_variant("tarneeb"), PLAYERS)
    _hand, state = play(t, start(t), {"declarer": 1, "bid": 13, "trump": "hearts", "tricks": 13})
    with pytest.raises(MatchFinished) as raised:
        play(t, state, {"declarer": 1, "bid": 7, "trump": "hearts", "tricks": 7})
    assert isinstance(raised.value, MatchConflict)
    assert raised.value.template == "The match is finished."
