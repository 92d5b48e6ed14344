"""What a write answers, as frozen values: what happened (the pairing, the round), the
warnings in the request's language, and what the director may do next (``Offer``). The API
and the desk read them; nothing is carried on a model instance."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Entry, Pairing, Round

REDRAW = "redraw"  # draw round ``round`` again
SWAP = "swap"  # swap ``entries`` in round ``round`` (a drop-out's opponent takes the bye)
SWAPPED = 2  # a swap names two entries (whatever the tables' shape)


@dataclass(frozen=True)
class Offer:
    """A change the director may make next, offered while it is still possible."""

    action: str  # REDRAW or SWAP
    round: int
    entries: tuple[int, ...] = ()


@dataclass(frozen=True)
class PairingAnswer:
    """A director's result stored (or removed): the pairing as it is now."""

    pairing: Pairing
    warnings: tuple[str, ...] = ()
    offers: tuple[Offer, ...] = ()


@dataclass(frozen=True)
class SwapAnswer:
    """Two entries swapped: the round, and the rematches and unequal score groups made."""

    round: Round
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class EntryAnswer:
    """An entry changed; a drop-out in the round in play before any hand offers to give
    its opponent the bye (a swap with the bye, or a redraw)."""

    entry: Entry
    offers: tuple[Offer, ...] = ()
