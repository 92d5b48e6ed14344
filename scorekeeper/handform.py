"""What the hand-entry forms need: seats by name, ladders, suits and the variant's limits.

One form per family (``sheet.form_of``); the page's JavaScript turns it into the variant's
payload. Values come from the variant's declaration where it has one (its suits, its
options) and from the rules documents' ranges otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from . import labels, rules
from .describe import Names
from .sheet import form_of

RED = {"diamonds", "hearts"}
BLOT_BIDS = {"bazar_blot": list(range(8, 31)), "coinche": [*range(80, 161, 10), "capot"]}
BLOT_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")


def suits(variant: rules.Variant, no_trump: bool = False) -> list[dict[str, Any]]:
    italian = variant.suits != ("clubs", "diamonds", "hearts", "spades")
    names = [*variant.suits, *(["no_trump"] if no_trump else [])]
    return [
        {
            "value": suit,
            "name": labels.suit_name(suit, italian),
            "symbol": "" if italian else labels.SYMBOLS.get(suit, ""),
            "icon": suit if italian else "",
            "red": suit in RED,
        }
        for suit in names
    ]


def context(
    variant: rules.Variant,
    match: Mapping[str, Any],
    *,
    correcting: int | None = None,
    initial: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    names = Names(match["players"], match["teams"])
    options = match["options"]
    turn = match.get("next") or {}
    form = form_of(variant)
    data: dict[str, Any] = {
        "form": form,
        "slug": variant.slug,
        "correcting": correcting,
        "initial": dict(initial) if initial is not None else None,
        "number": turn.get("number"),
        "seat_items": [{"value": seat, "label": name} for seat, name in enumerate(names.players)],
        "team_items": [
            {"value": team, "value_str": str(team), "label": names.team(team)}
            for team in range(len(variant.teams or ()))
        ],
        "options": options,
    }
    builder = {
        "tarneeb": _tarneeb,
        "individual": _individual,
        "maraffa": _maraffa,
        "trionfo": _trionfo,
        "blot": _blot,
    }.get(form)
    if builder is not None:
        data.update(builder(variant, match, options, turn))
    return data


def _tarneeb(
    variant: rules.Variant,
    match: Mapping[str, Any],
    options: Mapping[str, Any],
    turn: Mapping[str, Any],
) -> dict[str, Any]:
    egyptian = variant.slug == "tarneeb_egyptian"
    return {
        "bids": list(range(7, 14)),
        "egyptian": egyptian,
        "suits": suits(variant, no_trump=egyptian or bool(options.get("no_trump"))),
        "trick_max": 13,
    }


def _individual(
    variant: rules.Variant,
    match: Mapping[str, Any],
    options: Mapping[str, Any],
    turn: Mapping[str, Any],
) -> dict[str, Any]:
    scores = match.get("player_scores") or [0] * variant.players
    min_bid = getattr(variant, "min_bid", None)
    seats = []
    for seat, name in enumerate(match["players"]):
        lowest = min_bid(scores[seat]) if callable(min_bid) else 1
        seats.append(
            {
                "seat": seat,
                "seat_str": str(seat),
                "name": name,
                "min": lowest,
                "score": scores[seat],
            }
        )
    return {"bidders": seats, "penalty": bool(options.get("slow_play_penalty"))}


def _maraffa(
    variant: rules.Variant,
    match: Mapping[str, Any],
    options: Mapping[str, Any],
    turn: Mapping[str, Any],
) -> dict[str, Any]:
    return {
        "suits": suits(variant),
        "battezzante": turn.get("first_to_speak"),
        "mandare_a_monte": bool(options.get("mandare_a_monte")),
        "deal_thirds": 35,
    }


def _trionfo(
    variant: rules.Variant,
    match: Mapping[str, Any],
    options: Mapping[str, Any],
    turn: Mapping[str, Any],
) -> dict[str, Any]:
    return {
        "suits": suits(variant),
        "first": turn.get("first_to_speak"),
        "trionfo_items": [{"value": k, "label": str(v)} for k, v in labels.TRIONFO_BIDS.items()],
        "ranks": [{"value": k, "label": str(v)} for k, v in labels.ITALIAN_RANKS.items()],
        "deal_thirds": 35,
    }


def _blot(
    variant: rules.Variant,
    match: Mapping[str, Any],
    options: Mapping[str, Any],
    turn: Mapping[str, Any],
) -> dict[str, Any]:
    two = variant.players == 2
    has_coinche = variant.slug in ("bazar_blot", "coinche")
    return {
        "blot_bids": BLOT_BIDS.get(variant.slug),
        "kapot": variant.slug == "bazar_blot",
        "coinche": [{"value": k, "label": str(v)} for k, v in labels.COINCHE.items()]
        if has_coinche
        else None,
        "suits": suits(variant, no_trump=variant.slug == "bazar_blot"),
        "decl_suits": suits(variant),
        "two": two,
        "total": 162,
        "kinds": [{"value": k, "label": str(v)} for k, v in labels.DECLARATIONS.items()],
        "ranks": [{"value": rank, "name": labels.rank_name(rank)} for rank in BLOT_RANKS],
        "taker_word": _("Taker")
        if variant.slug in ("belote", "belote_2p", "coinche")
        else _("Declarer"),
    }
