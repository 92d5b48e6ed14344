import itertools
from collections import Counter

import pytest

from tournaments.brackets import FORMATS, DrawInput, Entry
from tournaments.brackets.double_elimination import DROP_ORDER, losers_bracket
from tournaments.brackets.elimination import bracket_order
from tournaments.brackets.single_elimination import knockout

from .play import better_seed, entries, play, result

SINGLE = FORMATS["single_elimination"]
DOUBLE = FORMATS["double_elimination"]


def seats(draw):
    return [p.entries for p in draw.pairings]


@pytest.mark.parametrize(
    ("places", "order"),
    [
        (2, [1, 2]),
        (4, [1, 4, 3, 2]),
        (8, [1, 8, 5, 4, 3, 6, 7, 2]),
        (16, [1, 16, 9, 8, 5, 12, 13, 4, 3, 14, 11, 6, 7, 10, 15, 2]),
    ],
)
def test_the_standard_seed_order_by_doubling(places, order):
    assert bracket_order(places) == order


@pytest.mark.parametrize("places", [4, 8, 16, 32, 64])
def test_seeds_who_would_meet_add_up_to_the_round_size_plus_one(places):
    order = bracket_order(places)
    size = places
    while size >= 2:
        block = places // size  # the seeds of one slot of this round
        slots = [order[i : i + 2 * block] for i in range(0, places, 2 * block)]
        for slot in slots:
            top, bottom = min(slot[:block]), min(slot[block:])
            assert top + bottom == size + 1
        size //= 2


def test_round_one_of_8_and_the_byes_of_6():
    settings = SINGLE.configure({}, "stages.0")
    drawn = SINGLE.draw(DrawInput(settings, entries(8), [], 1, seed=1))
    assert seats(drawn) == [(1, 8), (4, 5), (3, 6), (2, 7)]
    assert drawn.name.kind == "quarter_final"
    drawn = SINGLE.draw(DrawInput(settings, entries(6), [], 1, seed=1))
    assert seats(drawn) == [(1,), (4, 5), (3, 6), (2,)]
    assert [p.table for p in drawn.pairings] == [None, 1, 2, None]


def test_slot_k_of_the_next_round_holds_the_winners_of_slots_2k_minus_1_and_2k():
    draws, _ = play("single_elimination", {}, entries(16), winner=lambda p: max(p.entries))
    assert [d.name.kind for d in draws] == ["round_of", "quarter_final", "semi_final", "final"]
    assert draws[0].name.size == 16
    for before, after in itertools.pairwise(draws):
        winners = [max(p.entries) for p in before.pairings]
        assert seats(after) == [
            tuple(sorted(winners[2 * k : 2 * k + 2])) for k in range(len(after.pairings))
        ]


def test_third_place_and_placements():
    draws, results = play(
        "single_elimination", {"third_place": True}, entries(8), winner=better_seed
    )
    assert [(p.entries, p.bracket) for p in draws[-1].pairings] == [
        ((1, 2), None),
        ((3, 4), "third_place"),
    ]
    settings = SINGLE.configure({"third_place": True}, "stages.0")
    assert SINGLE.placements(DrawInput(settings, entries(8), results)) == [
        [1],
        [2],
        [3],
        [4],
        [5, 6, 7, 8],
    ]


def test_consolation_is_played_by_the_first_round_losers():
    settings = SINGLE.configure({"consolation": True}, "stages.0")
    draws, results = play(
        "single_elimination", {"consolation": True}, entries(8), winner=better_seed
    )
    second = [(p.entries, p.bracket) for p in draws[1].pairings]
    assert second == [
        ((1, 4), None),
        ((2, 3), None),
        ((5, 8), "consolation"),
        ((6, 7), "consolation"),
    ]
    assert len(draws) == 3
    assert SINGLE.placements(DrawInput(settings, entries(8), results)) == [
        [1],
        [2],
        [3, 4],
        [5],
        [6, 7, 8],
    ]


def test_a_dropped_out_entry_gives_its_opponent_a_bye():
    settings = SINGLE.configure({}, "stages.0")
    field = [*entries(4)[:3], Entry(4, seed=4, active=False)]
    drawn = SINGLE.draw(DrawInput(settings, field, [], 1, seed=1))
    assert seats(drawn) == [(1,), (2, 3)]
    assert SINGLE.placements(DrawInput(settings, field, [])) == [[1, 2, 3, 4]]
    results = [result(11, p, min(p.entries)) for p in drawn.pairings]
    assert SINGLE.placements(DrawInput(settings, field, results)) == [[1, 2], [3, 4]]
    final = SINGLE.draw(DrawInput(settings, field, results, 2, seed=1))
    assert seats(final) == [(1, 2)] and final.name.kind == "final"


def test_unseeded_entries_are_placed_by_the_stage_seed():
    settings = SINGLE.configure({}, "stages.0")
    field = [Entry(n) for n in range(1, 9)]
    first = seats(SINGLE.draw(DrawInput(settings, field, [], 1, seed=5)))
    assert first == seats(SINGLE.draw(DrawInput(settings, field, [], 1, seed=5)))
    assert sorted(e for pair in first for e in pair) == list(range(1, 9))


def test_double_elimination_of_8_by_rounds():
    draws, results = play("double_elimination", {}, entries(8), winner=better_seed)
    brackets = [[p.bracket for p in d.pairings] for d in draws]
    assert brackets[0] == ["winners"] * 4
    assert brackets[1] == ["winners"] * 2 + ["losers"] * 2
    assert brackets[-1] == ["final"]
    assert draws[-1].name.kind == "final"
    assert sum(len(r.entries) == 2 for r in results) == 14  # 2n - 2: no reset needed
    losses = Counter(
        r.entries[1] if r.winner == r.entries[0] else r.entries[0]
        for r in results
        if len(r.entries) == 2
    )
    assert losses[1] == 0 and all(losses[n] == 2 for n in range(2, 9))
    assert DOUBLE.placements(DrawInput(DOUBLE.configure({}, "stages.0"), entries(8), results))[
        :3
    ] == [
        [1],
        [2],
        [3],
    ]


def test_the_grand_final_reset_is_played_when_the_losers_champion_wins():
    def upset(pairing):
        return max(pairing.entries) if pairing.bracket == "final" else min(pairing.entries)

    draws, results = play("double_elimination", {}, entries(4), winner=upset)
    assert [p.bracket for p in draws[-1].pairings] == ["final"]
    assert [seats(d) for d in draws[-2:]] == [[(1, 2)], [(1, 2)]]
    assert sum(len(r.entries) == 2 for r in results) == 7
    draws, results = play(
        "double_elimination", {"grand_final_reset": False}, entries(4), winner=upset
    )
    assert sum(len(r.entries) == 2 for r in results) == 6


def test_losers_drop_crossed():
    winners = knockout(list(range(1, 17)), "winners", "W", kind="drop")
    losers = losers_bracket(winners, 4)
    second = [n for n in losers if n.level == 2]
    assert [n.sources[1] for n in second] == [("loser", f"W2.{i}") for i in (4, 3, 2, 1)]
    fourth = [n for n in losers if n.level == 4]
    assert [n.sources[1] for n in fourth] == [("loser", "W3.2"), ("loser", "W3.1")]
    assert DROP_ORDER == ("reverse", "halves")


def test_double_elimination_a_dropped_out_entry_is_out_and_its_opponent_goes_on():
    settings = DOUBLE.configure({}, "stages.0")
    field = entries(4)
    one = DOUBLE.draw(DrawInput(settings, field, [], 1, seed=1))
    assert seats(one) == [(1, 4), (2, 3)]
    results = [result(11, p, min(p.entries)) for p in one.pairings]
    field = [*field[:3], Entry(4, seed=4, active=False)]
    two = DOUBLE.draw(DrawInput(settings, field, results, 2, seed=1))
    assert [(p.entries, p.bracket) for p in two.pairings] == [((1, 2), "winners"), ((3,), "losers")]
    results += [result(12, p, min(p.entries)) for p in two.pairings]
    placed = DOUBLE.placements(DrawInput(settings, field, results))
    assert placed[-1] == [4]
    three = DOUBLE.draw(DrawInput(settings, field, results, 3, seed=1))
    assert [(p.entries, p.bracket) for p in three.pairings] == [((2, 3), "losers")]
