"""One line per hand for the score sheet, in the player's language.

The engine's ``summary`` is English; the sheet builds its own line from the hand as entered
(``input``) and what the engine found (``details``), with the words a table would use.
Anything unexpected falls back to the engine's summary, so a hand is never left blank.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from .. import words
from ..rules import Variant
from ..rules.base import Outcome


class Names:
    """Seat and team names of one match. ``labels``: each team's own name where it has one
    (a tournament's entry: "Les As", not "Anne & Bruno"), else its players joined."""

    def __init__(
        self,
        players: Sequence[str],
        teams: Sequence[Sequence[int]] | None,
        labels: Sequence[str] | None = None,
    ) -> None:
        self.players = list(players)
        self.teams = [list(team) for team in teams] if teams is not None else None
        self.labels = [str(label) for label in labels] if labels else []

    def seat(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.players):
            return self.players[seat]
        return "?"

    def team(self, team: Any) -> str:
        if self.teams is None or not isinstance(team, int) or not 0 <= team < len(self.teams):
            return "?"
        if team < len(self.labels) and self.labels[team].strip():
            return self.labels[team]
        return " & ".join(self.seat(seat) for seat in self.teams[team])


def suit(value: Any, italian: bool = False) -> str:
    return words.suit_name(str(value), italian)


# How a line's parts are joined: a language has its own comma and colon (Arabic ، and ؛,
# French " : ").
def _said(first: str, second: str) -> str:
    return _("{first}: {second}").format(first=first, second=second)


def _then(first: str, second: str) -> str:
    return _("{first}; {second}").format(first=first, second=second)


def _also(first: str, second: str) -> str:
    return _("{first}, {second}").format(first=first, second=second)


def _verdict(outcome: str) -> str:
    """The engine's typed outcome (``Outcome``) in words; KeyError for any other."""
    return str({Outcome.MADE: _("made"), Outcome.DOWN: _("down")}[Outcome(outcome)])


def tarneeb(data: Mapping[str, Any], names: Names, variant: Variant) -> str:
    given = data["input"]
    if given.get("thrown_in"):
        return _("All passed: thrown in")
    doubled = " ×2" if given.get("doubled") else ""
    text = _("{name} bid {bid} {suit}{doubled}, took {tricks}").format(
        name=names.seat(given["declarer"]),
        bid=given["bid"],
        suit=suit(given["trump"]),
        doubled=doubled,
        tricks=given["tricks"],
    )
    if given["tricks"] == variant.tricks:
        return _said(text, _("all {tricks} tricks").format(tricks=variant.tricks))
    return _said(text, _verdict(data["details"]["outcome"]))


def individual(data: Mapping[str, Any], names: Names, variant: Variant) -> str:
    given = data["input"]
    bids = "·".join(str(bid) for bid in given["bids"])
    if data.get("thrown_in"):
        return _("Bids {bids} (total {total}): too low, thrown in").format(
            bids=bids, total=sum(given["bids"])
        )
    tricks = "·".join(str(took) for took in given["tricks"])
    return _("Bids {bids}, tricks {tricks}").format(bids=bids, tricks=tricks)


def maraffa(data: Mapping[str, Any], names: Names, variant: Variant) -> str:
    given, details = data["input"], data.get("details") or {}
    who = names.seat(given.get("battezzante", data.get("first_to_speak")))
    if data.get("thrown_in"):
        return _("{name} threw the hand in (mandare a monte)").format(name=who)
    text = _("{name} named {suit}").format(name=who, suit=suit(given["trump"], italian=True))
    claim = given.get("claim")
    if claim:
        verdict = _("right") if details.get("claim_right") else _("wrong")
        text = _then(
            text,
            _("{team} claimed the game: {verdict}").format(
                team=names.team(claim["team"]), verdict=verdict
            ),
        )
    if given.get("maraffa") is not None:
        text = _then(text, _("maraffa for {team}").format(team=names.team(given["maraffa"])))
    return text


def trionfo(data: Mapping[str, Any], names: Names, variant: Variant) -> str:
    given, details = data["input"], data.get("details") or {}
    if data.get("thrown_in"):
        return _("All passed: thrown in")
    bid = str(words.TRIONFO_BIDS.get(given["bid"], given["bid"]))
    text = _("{name}: {bid}, {suit} trump").format(
        name=names.seat(given["declarer"]), bid=bid, suit=suit(given["trump"], italian=True)
    )
    partner = given.get("partner")
    if partner is not None and partner != given["declarer"]:
        text = _also(text, _("partner {name}").format(name=names.seat(partner)))
    return _said(text, _("won") if details.get("won") else _("lost"))


def blot(data: Mapping[str, Any], names: Names, variant: Variant) -> str:
    given, details = data["input"], data.get("details") or {}
    if given.get("thrown_in"):
        return _("All passed: thrown in")
    bid = given.get("bid")
    text = ""
    if bid is not None:
        text += (_("capot") if bid == "capot" else str(bid)) + " "
    if given.get("kapot"):
        text += _("kapot") + " "
    text += suit(given["trump"])
    if given.get("coinche", 1) != 1:
        text += " " + str(words.COINCHE[given["coinche"]])
    text += " · " + _taker_first(given, names, variant)
    if given.get("capot") is not None:
        text += " · " + _("capot")
    outcome = Outcome(details["outcome"])
    if outcome is Outcome.HELD:
        text = _said(text, _("tie, points held"))
    elif outcome is Outcome.DOWN and given.get("bid") is None:
        text = _said(text, _("dedans"))
    else:
        text = _said(text, _verdict(outcome))
    return _said(names.seat(given["declarer"]), text) + _declared(details, names)


def _taker_first(given: Mapping[str, Any], names: Names, variant: Variant) -> str:
    """The card points, the taker's side named and first: "Sara & Lina 100–62"."""
    points = list(given.get("points") or [])
    teams = variant.teams or ()
    side = next((i for i, team in enumerate(teams) if given["declarer"] in team), None)
    if side is None or len(points) != len(teams):
        return "–".join(str(value) for value in points)
    order = [side, *(i for i in range(len(points)) if i != side)]
    return names.team(side) + " " + "–".join(str(points[i]) for i in order)


def _declared(details: Mapping[str, Any], names: Names) -> str:
    parts = []
    declared = details.get("declarations") or {}
    for combo in declared.get("counted") or []:
        kind = str(words.DECLARATIONS.get(combo.get("type"), combo.get("type")))
        high = words.rank_name(str(combo.get("high")))
        parts.append(f"{kind} {high} ({names.seat(combo.get('seat'))})")
    belote = details.get("belote")
    if belote:
        parts.append(_("belote ({name})").format(name=names.seat(belote.get("seat"))))
    return " · " + functools.reduce(_also, parts) if parts else ""
