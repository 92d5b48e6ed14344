"""What the desk says after a change (Post/Redirect/Get): one line saying what was done, the
warnings the service answered (``services.answers``), and the actions they suggest, each a
form on the reloaded desk (redraw the round in play, give a drop-out's opponent the bye or
the win, swap back a swap that made a rematch).

They travel to the reloaded desk as Django messages (a cookie, the session when too big),
tagged ``desk-done``, ``desk-warning`` and ``desk-offer`` (an offer as JSON, its labels
made when the desk is shown, from the round as it is then)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.http import HttpRequest
from django.utils.translation import gettext as _

from .. import services
from ..selectors.rounds import in_progress
from ..selectors.view import TournamentView

DONE, WARNING, OFFER = "desk-done", "desk-warning", "desk-offer"
FORFEIT = "forfeit"  # an offer of the desk's own: the drop-out's opponent wins by forfeit


def say(
    request: HttpRequest,
    done: str | None,
    answer: Any = None,
    offers: tuple[dict[str, Any], ...] = (),
) -> bool:
    """Keep, for the reloaded desk, what was done, the answer's warnings and its offers
    (with ``offers`` of the desk's own); whether there is a warning or an offer."""
    if done:
        messages.success(request, done, extra_tags=DONE)
    for warning in getattr(answer, "warnings", ()):
        messages.warning(request, warning, extra_tags=WARNING)
    found = [
        {"action": offer.action, "round": offer.round, "entries": list(offer.entries)}
        for offer in getattr(answer, "offers", ())
    ]
    for offer in [*found, *offers]:
        messages.info(request, json.dumps(offer), extra_tags=OFFER)
    return bool(getattr(answer, "warnings", ()) or found or offers)


def notice(request: HttpRequest, view: TournamentView) -> dict[str, Any] | None:
    """What the last change said (read once: the next reload shows it no more), the offers
    made into forms, with their words, while the round they name is still in play."""
    done: list[str] = []
    warnings: list[str] = []
    offers: list[dict[str, Any]] = []
    for message in messages.get_messages(request):
        tags = message.extra_tags or ""
        if DONE in tags:
            done.append(str(message.message))
        elif WARNING in tags:
            warnings.append(str(message.message))
        elif OFFER in tags:
            shown = _offer(view, str(message.message))
            if shown is not None:
                offers.append(shown)
    if not (done or warnings or offers):
        return None
    return {"done": done, "warnings": warnings, "offers": offers}


def _offer(view: TournamentView, text: str) -> dict[str, Any] | None:
    try:
        offer = json.loads(text)
        number = int(offer["round"])
        entries = [int(entry) for entry in offer.get("entries", [])]
        slot = int(offer.get("slot", 0))
    except (ValueError, TypeError, KeyError):
        return None
    tournament = view.tournament
    if not view.running or tournament.round != number:
        return None  # the round it names is no longer in play
    names = view.names
    shown = {"action": offer.get("action"), "round": number, "entries": entries}
    if shown["action"] == services.answers.REDRAW:
        return shown
    if shown["action"] == services.answers.SWAP and len(entries) == services.answers.SWAPPED:
        first, second = (names.get(entry, str(entry)) for entry in entries)
        shown["label"] = _("Swap {first} and {second}").format(first=first, second=second)
        return shown
    if shown["action"] == FORFEIT and entries:
        # The table as it is now, and its declared shape, name the opponent given the win.
        table = _drop_out_table(view, entries[0])
        if table is None or table[:2] != (number, slot):
            return None
        _round, shown["slot"], opponent = table
        shown["entries"] = [entries[0], opponent]
        shown["label"] = _("Give {opponent} the win: forfeit of {absent}").format(
            opponent=names.get(opponent, str(opponent)),
            absent=names.get(entries[0], str(entries[0])),
        )
        return shown
    return None


def drop_out_offers(view: TournamentView, number: int) -> tuple[dict[str, Any], ...]:
    """A drop-out at a table of the round in play still being played: its opponent may be
    given the win (a forfeit of the entry that left), besides the services' offers."""
    table = _drop_out_table(view, number)
    if table is None:
        return ()
    number_of_round, slot, other = table
    return (
        {"action": FORFEIT, "round": number_of_round, "slot": slot, "entries": [number, other]},
    )


def _drop_out_table(view: TournamentView, number: int) -> tuple[int, int, int] | None:
    """The table of the round in play, still being played, where entry ``number`` has one
    opponent (the table's declared shape): the round's number, the table's slot and that
    opponent."""
    current = view.current
    if current is None or not current.playing or current.individual:
        return None
    for pairing in current.pairings:
        if number in pairing.entries and not pairing.bye and in_progress(pairing):
            shape = pairing.table_shape
            if not (shape.solo and shape.seats == 2):  # one opponent to give the win to
                return None
            (other,) = shape.opponents(pairing.entries, number)
            return current.number, pairing.slot, other
    return None
