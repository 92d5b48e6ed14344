"""Hypothesis strategies for the Tarneeb family: tables, valid hands, junk and broken hands.

The valid-hand strategies follow rules/tarneeb.md on their own (legal auctions are built
call by call, minimums are read from the spec's thresholds), so that they can catch the
engine refusing a hand the rules allow.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.rules import MatchState, Table

from .tarneeb_support import table

SUITS = ["clubs", "diamonds", "hearts", "spades"]
STRAINS = [*SUITS, "no_trump"]
CONTRACT_GAMES = ("tarneeb", "tarneeb_egyptian")
SLUGS = ("tarneeb", "tarneeb_egyptian", "tarneeb_400", "tarneeb_41")
SWEEPS = ["instant", "instant_if_bid_13", "bonus"]

TARGETS = st.integers(5, 70)
OPTIONS = {
    "tarneeb": st.fixed_dictionaries(
        {},
        optional={
            "target": TARGETS,
            "sweep": st.sampled_from(SWEEPS),
            "no_instant_win_when_negative": st.booleans(),
            "no_trump": st.booleans(),
            "bidding": st.sampled_from(["single_round", "until_three_passes"]),
        },
    ),
    "tarneeb_egyptian": st.fixed_dictionaries(
        {},
        optional={
            "target": TARGETS,
            "sweep": st.sampled_from(SWEEPS),
            "no_instant_win_when_negative": st.booleans(),
        },
    ),
    "tarneeb_400": st.fixed_dictionaries(
        {},
        optional={
            "target": TARGETS,
            "slow_play_penalty": st.booleans(),
            "min_total_bids": st.sampled_from(["rising", *range(10, 17)]),
            "both_qualify": st.sampled_from(["raise_target", "higher_total"]),
        },
    ),
    "tarneeb_41": st.fixed_dictionaries(
        {}, optional={"target": TARGETS, "slow_play_penalty": st.booleans()}
    ),
}


@st.composite
def tables(draw: st.DrawFn, slug: str) -> Table:
    return table(
        slug,
        games_to_win=draw(st.sampled_from([1, 2])),
        first_dealer=draw(st.integers(0, 3)),
        **draw(OPTIONS[slug]),
    )


def team(seat: int) -> int:
    return seat % 2


# -- valid hands ----------------------------------------------------------------------------------
@st.composite
def valid_payloads(draw: st.DrawFn, t: Table, state: MatchState) -> dict[str, Any]:
    """A hand the rules allow in this position, sometimes dealt out of turn."""
    dealer = state.next.dealer
    override = draw(st.one_of(st.none(), st.none(), st.none(), st.integers(0, 3)))
    if override is not None:
        dealer = override
    maker = {
        "tarneeb": standard_hand,
        "tarneeb_egyptian": egyptian_hand,
        "tarneeb_400": individual_hand,
        "tarneeb_41": individual_hand,
    }
    payload = maker[t.variant.slug](draw, t, state, dealer)
    if override is not None:
        payload["dealer"] = override
    return payload


def standard_hand(draw: st.DrawFn, t: Table, state: MatchState, dealer: int) -> dict[str, Any]:
    if draw(st.booleans()):
        going_round = t.options["bidding"] == "until_three_passes"
        calls, best = (round_auction if going_round else one_round_auction)(draw, dealer)
        if best is None:
            return {"thrown_in": True}
        declarer, bid, extra = best[0], best[1], {"auction": calls}
    elif draw(st.integers(0, 9)) == 0:
        return {"thrown_in": True}
    else:
        declarer, bid, extra = draw(st.integers(0, 3)), draw(st.integers(7, 13)), {}
    trumps = STRAINS if t.options["no_trump"] else SUITS
    return {
        "declarer": declarer,
        "bid": bid,
        "trump": draw(st.sampled_from(trumps)),
        "tricks": draw(st.integers(0, 13)),
        **extra,
    }


def one_round_auction(draw: st.DrawFn, dealer: int) -> tuple[list[Any], tuple[int, int] | None]:
    calls: list[Any] = []
    best: tuple[int, int] | None = None
    for turn in range(4):
        seat = (dealer + 1 + turn) % 4
        low = 7 if best is None else best[1] + (0 if seat == dealer else 1)
        if low <= 13 and draw(st.booleans()):
            best = (seat, draw(st.integers(low, min(low + 2, 13))))
            calls.append(best[1])
        else:
            calls.append("pass")
    return calls, best


def round_auction(draw: st.DrawFn, dealer: int) -> tuple[list[Any], tuple[int, int] | None]:
    calls: list[Any] = []
    best: tuple[int, int] | None = None
    active = {0, 1, 2, 3}
    seat = (dealer + 1) % 4
    while active - ({best[0]} if best else set()):
        low = 7 if best is None else best[1] + 1
        if low <= 13 and draw(st.integers(0, 2)) == 0:
            best = (seat, draw(st.integers(low, min(low + 2, 13))))
            calls.append(best[1])
        else:
            calls.append("pass")
            active.discard(seat)
        seat = next(
            ((seat + step) % 4 for step in range(1, 5) if (seat + step) % 4 in active), seat
        )
    return calls, best


def egyptian_hand(draw: st.DrawFn, t: Table, state: MatchState, dealer: int) -> dict[str, Any]:
    if draw(st.booleans()):
        calls, best, doubled = egyptian_auction(draw, dealer)
        if best is None:
            return {"thrown_in": True}
        return {
            "declarer": best[0],
            "bid": best[1],
            "trump": STRAINS[best[2]],
            "doubled": doubled,
            "tricks": draw(st.integers(0, 13)),
            "auction": calls,
        }
    if draw(st.integers(0, 9)) == 0:
        return {"thrown_in": True}
    payload = {
        "declarer": draw(st.integers(0, 3)),
        "bid": draw(st.integers(7, 13)),
        "trump": draw(st.sampled_from(STRAINS)),
        "tricks": draw(st.integers(0, 13)),
    }
    doubled = draw(st.one_of(st.none(), st.booleans()))
    return payload if doubled is None else {**payload, "doubled": doubled}


def egyptian_auction(
    draw: st.DrawFn, dealer: int
) -> tuple[list[Any], tuple[int, int, int] | None, bool]:
    calls: list[Any] = []
    best: tuple[int, int, int] | None = None  # seat, tricks, strain index
    doubled, passes, seat = False, 0, (dealer + 1) % 4
    while passes < (3 if best else 4):
        kinds = ["pass", "pass"]
        if best and team(best[0]) != team(seat) and not doubled:
            kinds.append("double")
        higher = [
            (n, s)
            for n in range(best[1] if best else 7, 14)
            for s in range(5)
            if best is None or (n, s) > best[1:]
        ][:8]
        if higher:
            kinds.append("bid")
        kind = draw(st.sampled_from(kinds))
        if kind == "pass":
            passes += 1
            calls.append("pass")
        elif kind == "double":
            doubled, passes = True, 0
            calls.append("double")
        else:
            tricks, strain = draw(st.sampled_from(higher))
            best, doubled, passes = (seat, tricks, strain), False, 0
            calls.append({"bid": tricks, "trump": STRAINS[strain]})
        seat = (seat + 1) % 4
    return calls, best, doubled


def spec_min_bid(slug: str, points: int) -> int:
    if slug == "tarneeb_41":
        return 1
    return 5 if points >= 50 else 4 if points >= 40 else 3 if points >= 30 else 2


def spec_min_total(t: Table, player_scores: tuple[int, ...]) -> int:
    fixed = t.options.get("min_total_bids", 11)
    if fixed != "rising":
        return int(fixed)
    top = max(player_scores)
    return 14 if top >= 50 else 13 if top >= 40 else 12 if top >= 30 else 11


def individual_hand(draw: st.DrawFn, t: Table, state: MatchState, dealer: int) -> dict[str, Any]:
    scores = state.game.player_scores
    assert scores is not None
    mins = [spec_min_bid(t.variant.slug, points) for points in scores]
    bids = [
        draw(st.one_of(st.integers(low, min(low + 3, 13)), st.integers(low, 13))) for low in mins
    ]
    if sum(bids) < spec_min_total(t, scores):
        return {"bids": bids, **draw(st.sampled_from([{}, {"thrown_in": True}]))}
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    payload: dict[str, Any] = {
        "bids": bids,
        "tricks": [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)],
    }
    if t.options["slow_play_penalty"] and draw(st.booleans()):
        payload["penalised"] = draw(st.lists(st.integers(0, 3), unique=True, max_size=4))
    return payload


# -- junk and broken hands -------------------------------------------------------------------------
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 15)
    | st.integers()
    | st.floats()
    | st.text(max_size=6)
    | st.sampled_from(["pass", "double", "hearts", "no_trump", "thrown_in", "bid"])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["bid", "trump", "x"]) | st.text(max_size=4), inner, max_size=3
        )
    ),
    max_leaves=12,
)


def field_names(t: Table) -> list[str]:
    return sorted({f.name for shape in t.variant.shapes for f in shape.fields} | {"dealer"})


@st.composite
def junk_payloads(draw: st.DrawFn, t: Table, valid: dict[str, Any]) -> Any:
    """Anything at all: JSON of any shape, the variant's fields with any values, or a valid
    hand with one field replaced, removed or added."""
    names = field_names(t)
    kind = draw(st.sampled_from(["json", "fields", "replace", "remove"]))
    if kind == "json":
        return draw(JSON)
    if kind == "fields":
        return draw(st.dictionaries(st.sampled_from(names), JSON, max_size=6))
    payload = dict(valid)
    if kind == "remove" and payload:
        del payload[draw(st.sampled_from(sorted(payload)))]
    else:
        payload[draw(st.sampled_from([*names, "x"]))] = draw(JSON)
    return payload


WRONG_TYPES: dict[str, list[Any]] = {
    "int": ["7", 7.0, True, None, [], {}],
    "str": [1, None, True, ["hearts"], {}],
    "bool": [1, "true", None, []],
    "list": ["x", 3, None, {}, True],
}
KINDS = {
    "declarer": "int",
    "bid": "int",
    "trump": "str",
    "doubled": "bool",
    "thrown_in": "bool",
    "auction": "list",
    "bids": "list",
    "penalised": "list",
    "dealer": "int",
}
OUT_OF_RANGE: dict[str, list[Any]] = {
    "declarer": [4, -1, 99],
    "bid": [6, 14, 0],
    "dealer": [4, -1, 10**9],
    "trump": ["cups", "Hearts", ""],
    "penalised": [[4], [-1], [1, 1], [0, 1, 2, 3, 0]],
    "auction": [[6], ["double"] * 61],
}
REQUIRED = {
    "tarneeb": ["declarer", "bid", "trump", "tricks", "thrown_in"],
    "tarneeb_egyptian": ["declarer", "bid", "trump", "tricks", "thrown_in"],
    "tarneeb_400": ["bids", "tricks"],
    "tarneeb_41": ["bids", "tricks"],
}


def broken_versions(slug: str, valid: dict[str, Any]) -> list[tuple[str, Any]]:
    """Ways to break a valid hand that no rule can forgive, as (what, payload)."""
    broken: list[tuple[str, Any]] = [
        ("unknown field", {**valid, "extra": 1}),
        ("not an object", [valid]),
    ]
    for key in REQUIRED[slug]:
        if key in valid:
            broken.append((f"without {key}", {k: v for k, v in valid.items() if k != key}))
    for key, value in [*valid.items(), ("dealer", 0)]:
        kind = "list" if isinstance(value, list) else KINDS.get(key, "int")
        for wrong in [*WRONG_TYPES[kind], *OUT_OF_RANGE.get(key, [])]:
            broken.append((f"{key}={wrong!r}", {**valid, key: wrong}))
        if key in ("bids", "tricks") and isinstance(value, list):
            broken.extend((f"{key}={bad}", {**valid, key: bad}) for bad in _bad_lists(value))
    if slug in CONTRACT_GAMES and "tricks" in valid:
        broken.extend((f"tricks={bad}", {**valid, "tricks": bad}) for bad in (-1, 14))
    return broken


def _bad_lists(value: list[int]) -> list[list[Any]]:
    return [value[:3], [*value, 0], [14, *value[1:]], [*value[:3], -1], [*value[:3], "1"]]
