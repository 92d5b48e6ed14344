"""The words of the table, translated: game names, suits, bids, options and their choices.

The rules engine speaks English and slugs; the phone pages show these labels instead, in
the player's language. Anything the engine adds later that is not listed here is shown
with a readable fallback (its name, its own help text), so a new option never breaks a page.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language_bidi, gettext
from django.utils.translation import gettext_lazy as _

from .rules import Variant

MINUS = "\u2212"  # the true minus sign (−), as typeset
# Left-to-right isolate … pop directional isolate: a number in a sentence of either direction
LTR_ISOLATE, POP_ISOLATE = "\u2066", "\u2069"

GAMES: dict[str, tuple[Any, Any]] = {
    "tarneeb": (
        _("Tarneeb"),
        _("Four players in two teams bid 7 to 13 tricks; the highest bid names trump."),
    ),
    "tarneeb_egyptian": (
        _("Egyptian Tarneeb"),
        _("Tarneeb where a bid names its suit or no trumps, and the other team may double."),
    ),
    "tarneeb_400": (
        _("400"),
        _("Each player bids his own tricks, hearts always trump; a bid of 13 decides the game."),
    ),
    "tarneeb_41": (
        _("41"),
        _("Like 400, but a bid of 1 is allowed and the four bids must make 11."),
    ),
    "maraffa": (
        _("Maraffa"),
        _(
            "Marafon-Beccacino with the Italian deck: the battezzante "
            "names trump; best of three with la bella."
        ),
    ),
    "trionfo": (
        _("Trionfo"),
        _("Five players, Italian deck: call a partner or play alone; every hand pays the others."),
    ),
    "bazar_blot": (
        _("Bazar Blot"),
        _('The Armenian blot: bid "x of a suit", scores in units of ten, to 301.'),
    ),
    "belote": (
        _("Belote"),
        _("The French classic for four: the taker's team must count more than the other, to 501."),
    ),
    "belote_2p": (
        _("Belote for two"),
        _("Two players, nine cards each; each deal counted in tens, to 101."),
    ),
    "coinche": (_("Coinche"), _("Bid 80 to 160 or capot; the opponents may coinche. To 501.")),
}

SUITS: dict[str, Any] = {
    "clubs": _("clubs"),
    "diamonds": _("diamonds"),
    "hearts": _("hearts"),
    "spades": _("spades"),
    "no_trump": _("no trumps"),
    "coins": _("coins"),
    "cups": _("cups"),
    "swords": _("swords"),
}
ITALIAN_CLUBS = _("clubs (batons)")
SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}

TRIONFO_BIDS: dict[str, Any] = {
    "chiamo": _("chiamo (call a card)"),
    "di_piu": _("di più (alone)"),
    "maso": _("maso"),
    "maso_dei_masi": _("maso dei masi"),
}
ITALIAN_RANKS: dict[str, Any] = {
    "3": "3",
    "2": "2",
    "ace": _("ace"),
    "king": _("king"),
    "horse": _("horse"),
    "jack": _("jack"),
    "7": "7",
    "6": "6",
    "5": "5",
    "4": "4",
}
# The French deck's court cards by the letters printed on them (A K Q J), named in words.
COURT_CARDS: dict[str, Any] = {"A": _("ace"), "K": _("king"), "Q": _("queen"), "J": _("jack")}
DECLARATIONS: dict[str, Any] = {
    "tierce": _("tierce"),
    "fifty": _("fifty"),
    "hundred": _("hundred"),
    "four": _("four of a kind"),
}
COINCHE: dict[int, Any] = {1: _("no coinche"), 2: _("coinche ×2"), 4: _("surcoinche ×4")}
# The player who names trump, by the role the variant declares (Variant.declarer_role).
ROLES: dict[str, Any] = {"declarer": _("Declarer"), "taker": _("Taker")}
# How the deal is prepared, by the variant's declaration (Variant.dealing).
DEALING: dict[str, Any] = {
    "cut_not_shuffled": _(
        "Coinche: the pack is not shuffled between deals, only cut; deal 3, 3 then 2 cards, "
        "starting with the player after the dealer."
    ),
}

OPTIONS: dict[str, tuple[Any, Any]] = {
    "target": (_("Target"), _("The score that wins a game.")),
    "bella_target": (_("Target of la bella"), _("Empty: the same as the target.")),
    "sweep": (_("All 13 tricks"), _("What a sweep is worth.")),
    "no_instant_win_when_negative": (
        _("No instant win below zero"),
        _("A team under zero that sweeps scores 13 instead."),
    ),
    "no_trump": (_("No trumps allowed"), _("The declarer may declare no trumps.")),
    "bidding": (_("Bidding"), _("How long the bidding goes on.")),
    "min_total_bids": (_("Least total of the bids"), _("Under it the hand is thrown in.")),
    "both_qualify": (_("Both teams reach the target"), _("What happens then.")),
    "slow_play_penalty": (_("Ten-second rule"), _("A slow player scores nothing for the hand.")),
    "maraffa_by": (_("Who may declare the maraffa"), ""),
    "mandare_a_monte": (
        _("Mandare a monte"),
        _("The battezzante may throw in a hand worth less than 1⅓."),
    ),
    "strict_claim": (
        _("Strict claim"),
        _("A claim needs a third more than the target, without the maraffa."),
    ),
    "deals": (_("Number of hands"), _("Empty: until the table closes the session.")),
    "round_to_ten": (_("Round to ten"), _("Each deal's score is rounded to the nearest ten.")),
    "litige": (_("Exact tie (litige)"), ""),
    "capot_value": (_("Capot is worth"), ""),
    "belote_counts": (
        _("Belote helps the contract"),
        _("The belote counts towards the taker's contract."),
    ),
    "coinche_multiplies": (_("A coinche multiplies"), ""),
}

CHOICES: dict[tuple[str, Any], Any] = {
    ("sweep", "instant"): _("wins the game"),
    ("sweep", "instant_if_bid_13"): _("wins only on a bid of 13"),
    ("sweep", "bonus"): _("a bonus"),
    ("bidding", "single_round"): _("one round"),
    ("bidding", "until_three_passes"): _("until three passes"),
    ("min_total_bids", "rising"): _("rising (11 to 14)"),
    ("both_qualify", "raise_target"): _("raise the target by 10"),
    ("both_qualify", "higher_total"): _("the higher total wins"),
    ("maraffa_by", "anyone"): _("anyone"),
    ("maraffa_by", "battezzante"): _("the battezzante only"),
    ("litige", "down"): _("the taker is down"),
    ("litige", "hold"): _("points held for the next deal"),
    ("coinche_multiplies", "bid"): _("the bid"),
    ("coinche_multiplies", "all"): _("the deal and the bid"),
}


def game_name(variant: Variant) -> str:
    return str(GAMES.get(variant.slug, (variant.name, ""))[0])


def game_description(variant: Variant) -> str:
    return str(GAMES.get(variant.slug, ("", variant.description))[1])


def suit_name(suit: str, italian: bool = False) -> str:
    if italian and suit == "clubs":
        return str(ITALIAN_CLUBS)
    return str(SUITS.get(suit, suit))


def rank_name(rank: str) -> str:
    """A French-deck rank in words ("king" for K); numbers stay numbers."""
    return str(COURT_CARDS.get(rank, rank))


def option_label(name: str) -> str:
    return str(OPTIONS[name][0]) if name in OPTIONS else name.replace("_", " ").capitalize()


def option_help(name: str, fallback: str) -> str:
    return str(OPTIONS[name][1]) if name in OPTIONS else fallback


def choice_label(option: str, value: Any) -> str:
    label = CHOICES.get((option, value))
    return str(label) if label is not None else str(value)


def with_minus(value: Any) -> str:
    """A number with a true minus sign (−9) when it is negative; anything else as it is
    (nothing for ``None``). The site's one way of writing a sign: the pages' ``minus``,
    ``number`` and ``scores`` filters and the sentences built in Python use it."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
        return f"{MINUS}{-value}"
    return "" if value is None else str(value)


def number_in_text(value: Any) -> str:
    """A number inside a sentence (plain text, no markup, as the API's ``why`` is too): in
    Arabic and Persian a negative one has a true minus sign, isolated left to right so that
    the sign stays on its left (U+2066 … U+2069: "−7", never "7−"); in a left-to-right
    language, and any other number, as it is ("-7")."""
    if not get_language_bidi():
        return "" if value is None else str(value)
    text = with_minus(value)
    return f"{LTR_ISOLATE}{text}{POP_ISOLATE}" if text.startswith(MINUS) else text


def comma_list(values: Any) -> str:
    """Names joined by the language's own comma: "Anne, Bruno"; in Arabic and Persian
    "سامي، ليلى" (the translation of ``{first}, {second}``, the hand lines' comma)."""
    items = [str(value) for value in values or ()]
    if not items:
        return ""
    joined = items[0]
    for item in items[1:]:
        joined = gettext("{first}, {second}").format(first=joined, second=item)
    return joined
