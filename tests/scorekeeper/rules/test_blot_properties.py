"""Property tests for the Blot family, over deals dealt from a real pack.

Declarations are found in dealt hands, so every generated payload is one a table can
produce; the engine must score all of them, and refuse anything else with a RuleViolation.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import PlayedHand, RuleViolation, find_variant, play, start
from scorekeeper.rules.base import FRENCH_SUITS
from scorekeeper.rules.blot.cards import SEQUENCE

from .blot_support import table

Card = tuple[str, str]
DECK: list[Card] = [(suit, rank) for suit in FRENCH_SUITS for rank in SEQUENCE]
SLUGS = ["bazar_blot", "belote", "belote_2p", "coinche"]
KINDS_BY_LENGTH = {3: "tierce", 4: "fifty"}
OPTIONS: dict[str, dict[str, list[Any]]] = {
    "bazar_blot": {},
    "belote": {
        "round_to_ten": [False, True],
        "litige": ["down", "hold"],
        "capot_value": [250, 252],
    },
    "belote_2p": {"litige": ["down", "hold"], "capot_value": [250, 252]},
    "coinche": {"belote_counts": [True, False], "coinche_multiplies": ["bid", "all"]},
}
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- dealing and finding combinations -----------------------------------------------------
@st.composite
def hands(draw: st.DrawFn, players: int) -> list[list[Card]]:
    """A shuffled pack dealt out, often with a four or a run or two planted in hands."""
    size = 9 if players == 2 else 8
    order = draw(st.permutations(DECK))
    dealt: list[list[Card]] = [[] for _ in range(players)]
    for seat, cards in draw(st.lists(planted(players), max_size=3)):
        clash = any(card in hand for hand in dealt for card in cards)
        if not clash and len(dealt[seat]) + len(cards) <= size:
            dealt[seat].extend(cards)
    taken = {card for hand in dealt for card in hand}
    rest = iter([card for card in order if card not in taken])
    for hand in dealt:
        hand.extend(next(rest) for _ in range(size - len(hand)))
    return dealt


def planted(players: int) -> st.SearchStrategy[tuple[int, list[Card]]]:
    """A seat and cards to give it: a four, or 3 to 5 cards in sequence."""
    four = st.sampled_from(SEQUENCE[1:]).map(lambda rank: [(suit, rank) for suit in FRENCH_SUITS])
    run = st.tuples(st.sampled_from(FRENCH_SUITS), st.integers(3, 5), st.integers(0, 7)).map(
        lambda spec: [
            (spec[0], SEQUENCE[index]) for index in range(spec[2], min(spec[2] + spec[1], 8))
        ]
    )
    return st.tuples(st.integers(0, players - 1), four | run)


def runs(hand: list[Card]) -> list[tuple[str, list[int]]]:
    found = []
    for suit in FRENCH_SUITS:
        ranks = sorted(SEQUENCE.index(rank) for s, rank in hand if s == suit)
        run: list[int] = []
        for rank in [*ranks, 99]:
            if run and rank != run[-1] + 1:
                if len(run) >= 3:
                    found.append((suit, run))
                run = []
            run.append(rank)
    return found


def combinations_in(
    seat: int, hand: list[Card], eights: bool
) -> list[tuple[dict[str, Any], frozenset[Card]]]:
    combos = []
    for suit, run in runs(hand):
        kind = KINDS_BY_LENGTH.get(len(run), "hundred")
        cards = frozenset((suit, SEQUENCE[index]) for index in run)
        combos.append(
            ({"seat": seat, "type": kind, "high": SEQUENCE[run[-1]], "suit": suit}, cards)
        )
    for rank in SEQUENCE[1 if eights else 2 :]:
        cards = frozenset((suit, rank) for suit in FRENCH_SUITS)
        if cards <= set(hand):
            combos.append(({"seat": seat, "type": "four", "high": rank}, cards))
    return combos


@st.composite
def declarations(draw: st.DrawFn, dealt: list[list[Card]], eights: bool) -> list[dict[str, Any]]:
    """Some of the combinations the hands hold, no card in two of them, in any order."""
    found = [
        combo for seat, hand in enumerate(dealt) for combo in combinations_in(seat, hand, eights)
    ]
    wanted = draw(st.lists(st.booleans(), min_size=len(found), max_size=len(found)))
    chosen, used = [], set()
    for (combo, cards), keep in zip(found, wanted, strict=True):
        if keep and not cards & used:
            chosen.append(combo)
            used |= cards
    return draw(st.permutations(chosen))


def belote_holder(dealt: list[list[Card]], trump: str) -> int | None:
    return next(
        (seat for seat, hand in enumerate(dealt) if (trump, "K") in hand and (trump, "Q") in hand),
        None,
    )


# -- payloads -----------------------------------------------------------------------------
@st.composite
def points(draw: st.DrawFn, players: int) -> dict[str, Any]:
    capot = draw(st.none() | st.integers(0, 1))
    if players == 4:
        mine = 162 if capot is not None else draw(st.integers(0, 162))
        pair = [mine, 162 - mine] if capot in (None, 0) else [162 - mine, mine]
        return {"points": pair, "capot": capot}
    total = draw(st.integers(10, 162))
    first = total if capot == 0 else 0 if capot == 1 else draw(st.integers(0, total))
    if max(first, total - first) < 10:
        first = total
    return {"points": [first, total - first], "capot": capot}


@st.composite
def contract(draw: st.DrawFn, slug: str) -> dict[str, Any]:
    if slug == "bazar_blot":
        bid = draw(st.integers(8, 84))
        return {
            "bid": bid,
            "kapot": bid >= 25 and draw(st.booleans()),
            "coinche": draw(st.sampled_from([1, 2, 4])),
            "trump": draw(st.sampled_from([*FRENCH_SUITS, "no_trump"])),
        }
    if slug == "coinche":
        return {
            "bid": draw(st.sampled_from([*range(80, 161, 10), "capot"])),
            "coinche": draw(st.sampled_from([1, 2, 4])),
            "trump": draw(st.sampled_from(FRENCH_SUITS)),
        }
    return {"trump": draw(st.sampled_from(FRENCH_SUITS))}


@st.composite
def deals(draw: st.DrawFn, slug: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(options, payload): a deal a table can produce."""
    variant = find_variant(slug)
    assert variant is not None
    players = variant.players
    dealt = draw(hands(players))
    payload = {
        "declarer": draw(st.integers(0, players - 1)),
        **draw(contract(slug)),
        **draw(points(players)),
        "declarations": draw(declarations(dealt, slug == "bazar_blot")),
    }
    holder = belote_holder(dealt, payload["trump"]) if payload["trump"] != "no_trump" else None
    payload["belote"] = holder if holder is not None and draw(st.booleans()) else None
    if draw(st.booleans()):
        payload["dealer"] = draw(st.integers(0, players - 1))
    options = {name: draw(st.sampled_from(choices)) for name, choices in OPTIONS[slug].items()}
    return options, payload


def scored(slug: str, options: dict[str, Any], payload: dict[str, Any]) -> PlayedHand:
    t = table(slug, **options)
    played, _state = play(t, start(t), payload)
    return played


def belote_of(played: PlayedHand, side: int) -> int:
    belote = played.details["belote"]
    return belote["value"] if belote is not None and belote["side"] == side else 0


def team(seat: int, slug: str) -> int:
    return seat if slug == "belote_2p" else seat % 2


# -- properties ---------------------------------------------------------------------------
@pytest.mark.parametrize("slug", SLUGS)
@FAST
@given(data=st.data())
def test_every_deal_a_table_can_produce_scores(slug: str, data: st.DataObject) -> None:
    options, payload = data.draw(deals(slug))
    played = scored(slug, options, payload)
    assert played.delta is not None and all(value >= 0 for value in played.delta)
    declared = played.details["declarations"]
    assert len({team(c["seat"], slug) for c in declared["counted"]}) <= 1
    assert declared["value"] == sum(c["value"] for c in declared["counted"])
    assert (declared["counted_side"] is None) == (not payload["declarations"])


@pytest.mark.parametrize("slug", SLUGS)
@FAST
@given(data=st.data())
def test_listing_order_never_matters(slug: str, data: st.DataObject) -> None:
    options, payload = data.draw(deals(slug))
    shuffled = {**payload, "declarations": data.draw(st.permutations(payload["declarations"]))}
    first, again = scored(slug, options, payload), scored(slug, options, shuffled)
    assert first.delta == again.delta and first.details == again.details


@FAST
@given(data=st.data())
def test_an_uncoinched_made_bazar_deal_shares_out_16_or_25_units(data: st.DataObject) -> None:
    _options, payload = data.draw(deals("bazar_blot"))
    payload["coinche"] = 1
    played = scored("bazar_blot", {}, payload)
    if not played.details["contract"]["made"]:
        return
    assert played.delta is not None
    extras = (
        payload["bid"]
        + played.details["declarations"]["value"]
        + belote_of(played, 0)
        + belote_of(played, 1)
    )
    assert sum(played.delta) - extras == (25 if payload["capot"] is not None else 16)


@pytest.mark.parametrize("slug", ["bazar_blot", "coinche"])
@FAST
@given(data=st.data())
def test_a_coinched_deal_leaves_the_loser_only_its_belote(slug: str, data: st.DataObject) -> None:
    options, payload = data.draw(deals(slug))
    payload["coinche"] = data.draw(st.sampled_from([2, 4]))
    played = scored(slug, options, payload)
    declarer_side = payload["declarer"] % 2
    loser = 1 - declarer_side if played.details["contract"]["made"] else declarer_side
    assert played.delta is not None
    assert played.delta[loser] == belote_of(played, loser)
    assert played.delta[1 - loser] > played.delta[loser]


# -- anything else is refused with a RuleViolation ----------------------------------------
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 300)
    | st.floats(allow_nan=True)
    | st.sampled_from(["hearts", "no_trump", "capot", "four", "J", "8", "tierce", "", "x"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["seat", "type", "high", "suit", "x"]), inner, max_size=5)
    ),
    max_leaves=12,
)
FIELDS = [
    "declarer",
    "bid",
    "trump",
    "kapot",
    "coinche",
    "points",
    "capot",
    "declarations",
    "belote",
    "thrown_in",
    "dealer",
    "tricks",
]


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=150, deadline=None)
@given(payload=st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=10))
def test_any_payload_scores_or_raises_a_rule_violation(slug: str, payload: dict[str, Any]) -> None:
    try:
        scored(slug, {}, payload)
    except RuleViolation as error:
        assert error.field and error.message


BAD_VALUES: dict[str, list[Any]] = {
    "declarer": [-1, 4, "0", None, 1.5, True],
    "trump": ["stars", None, 1, "Hearts"],
    "points": [[1], [162], "162", [-1, 163], [True, 161], [100, 63], [200, 0], None],
    "capot": [2, -1, "0", True],
    "belote": [4, -1, "x", True],
    "declarations": ["x", [1], [{"seat": 0}], [None], {"seat": 0}],
    "coinche": [3, 0, "2", True],
    "bid": [7, 85, "12", None, 170],
}


@pytest.mark.parametrize("slug", SLUGS)
@FAST
@given(data=st.data())
def test_a_bad_value_is_refused_naming_its_field(slug: str, data: st.DataObject) -> None:
    options, payload = data.draw(deals(slug))
    field = data.draw(st.sampled_from(sorted(BAD_VALUES)))
    value = data.draw(st.sampled_from(BAD_VALUES[field]))
    if slug == "coinche" and field == "bid" and value == 7:
        value = 75
    if slug == "belote_2p" and field in ("declarer", "belote"):
        value = 2 if value == 4 else value
    payload[field] = value
    with pytest.raises(RuleViolation) as caught:
        scored(slug, options, payload)
    assert caught.value.field == field
