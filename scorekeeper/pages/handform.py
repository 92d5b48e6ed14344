"""The hand-entry forms: one registry (``FORMS``) chooses a variant's form, its template
and its line on the score sheet by the kind of hand the variant declares
(``Variant.hand_kind``); the page's JavaScript turns the form into the variant's payload.

Every number and rule a form shows (tricks in a deal, card points, thirds, the bid ladder,
which flags a hand takes, which strains may be trump) is read from the variant's
declaration, never typed here again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from .. import rules, words
from ..rules.blot.cards import SEQUENCE
from ..rules.maraffa.deck import ACE_THIRDS, LAST_TRICK_THIRDS, THIRDS_PER_POINT
from . import describe
from .describe import Names

RED = {"diamonds", "hearts"}
BLOT_RANKS = tuple(reversed(SEQUENCE))  # the top card of a declaration, highest first
# The Italian deck's count in thirds, for the counter and the points shown beside it.
THIRDS = {
    "thirds_per_point": THIRDS_PER_POINT,
    "ace_thirds": ACE_THIRDS,
    "last_trick_thirds": LAST_TRICK_THIRDS,
}

Builder = Callable[
    [rules.Variant, Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]], dict[str, Any]
]


@dataclass(frozen=True)
class HandForm:
    """One kind of hand: the form that enters it and the line that shows it."""

    kind: str
    template: str
    build: Builder
    line: Callable[[Mapping[str, Any], Names, rules.Variant], str]


def form_of(variant: rules.Variant) -> HandForm | None:
    """The variant's hand form (``None`` for a kind no form knows yet)."""
    return FORMS.get(variant.hand_kind)


def hand_line(variant: rules.Variant, data: Mapping[str, Any], names: Names) -> str:
    """The hand's line on the sheet; the engine's summary if the hand is not as expected."""
    form = form_of(variant)
    if form is None:
        return str(data.get("summary", ""))
    try:
        return form.line(data, names, variant)
    except (KeyError, TypeError, ValueError, IndexError):
        return str(data.get("summary", ""))


def suits(variant: rules.Variant, strains: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """Suit buttons for ``strains`` (by default the variant's suits)."""
    italian = variant.suits != ("clubs", "diamonds", "hearts", "spades")
    return [
        {
            "value": suit,
            "name": words.suit_name(suit, italian),
            "symbol": "" if italian else words.SYMBOLS.get(suit, ""),
            "icon": suit if italian else "",
            "red": suit in RED,
        }
        for suit in (variant.suits if strains is None else strains)
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
        "form": form.kind if form is not None else "",
        "template": form.template if form is not None else "",
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
    if form is not None:
        data.update(form.build(variant, match, options, turn))
    return data


def _tarneeb(
    variant: rules.Variant,
    match: Mapping[str, Any],
    options: Mapping[str, Any],
    turn: Mapping[str, Any],
) -> dict[str, Any]:
    return {
        "bids": list(variant.bids),
        "doubled": variant.takes("doubled"),
        "suits": suits(variant, variant.strains(options)),
        "tricks": variant.tricks,
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
    return {
        "bidders": seats,
        "penalty": bool(options.get("slow_play_penalty")),
        "tricks": variant.tricks,
    }


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
        **THIRDS,
        "deal_thirds": variant.deal_thirds,
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
        "trionfo_items": [{"value": k, "label": str(v)} for k, v in words.TRIONFO_BIDS.items()],
        "ranks": [{"value": k, "label": str(v)} for k, v in words.ITALIAN_RANKS.items()],
        **THIRDS,
        "deal_thirds": variant.deal_thirds,
    }


def _blot(
    variant: rules.Variant,
    match: Mapping[str, Any],
    options: Mapping[str, Any],
    turn: Mapping[str, Any],
) -> dict[str, Any]:
    return {
        "blot_bids": list(variant.bids) or None,
        "kapot": variant.takes("kapot"),
        "coinche": [{"value": k, "label": str(v)} for k, v in words.COINCHE.items()]
        if variant.takes("coinche")
        else None,
        "suits": suits(variant, variant.strains(options)),
        "decl_suits": suits(variant),
        "two": variant.players == 2,
        "total": variant.deal_points,
        "kinds": [{"value": k, "label": str(v)} for k, v in words.DECLARATIONS.items()],
        "ranks": [{"value": rank, "name": words.rank_name(rank)} for rank in BLOT_RANKS],
        "taker_word": _("Taker")
        if variant.slug in ("belote", "belote_2p", "coinche")
        else _("Declarer"),
    }


FORMS: dict[str, HandForm] = {
    form.kind: form
    for form in (
        HandForm("tarneeb", "includes/hand_tarneeb.html", _tarneeb, describe.tarneeb),
        HandForm("individual", "includes/hand_individual.html", _individual, describe.individual),
        HandForm("maraffa", "includes/hand_maraffa.html", _maraffa, describe.maraffa),
        HandForm("trionfo", "includes/hand_trionfo.html", _trionfo, describe.trionfo),
        HandForm("blot", "includes/hand_blot.html", _blot, describe.blot),
    )
}
