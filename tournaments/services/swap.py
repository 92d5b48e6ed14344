"""Swap: two entries of the round in play change places (between two pairings, a pairing
and the bye, or the two seats of one pairing), with warnings, in the request's language,
for the rematches and unequal score groups it creates. Refused once either pairing has a
hand or a result, and in an elimination stage (a redraw there).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import is_int

from ..brackets import Pairing as Seat
from ..brackets import get_format
from ..brackets.melee import History
from ..models import Pairing, Round, Tournament
from ..selectors.snapshot import snapshot_load
from . import answers
from .audit import audit, seat_data
from .guards import eliminates, played, round_in_play
from .locks import matches_locked, touch, tournament_locked
from .standings import standings_store
from .store import cancel, pairings_store


def _swap_input(entries: Any) -> tuple[int, int]:
    if (
        not isinstance(entries, list)
        or len(entries) != answers.SWAPPED
        or not all(is_int(n) for n in entries)
        or entries[0] == entries[1]
    ):
        raise RuleViolation("entries", _("Give the numbers of two different entries."))
    return entries[0], entries[1]


def _holding(rows: Sequence[Pairing], number: int, round_number: int) -> Pairing:
    found = next((row for row in rows if number in row.entries), None)
    if found is None:
        raise RuleViolation(
            "entries",
            _("Entry {entry} does not play in round {number}."),
            entry=number,
            number=round_number,
        )
    return found


@transaction.atomic
def round_swap(*, tournament_id: Any, round_number: int, entries: Any) -> answers.SwapAnswer:
    """Put each of two entries where the other was in the round in play; the round, and the
    warnings (in the request's language) for the rematches and unequal score groups it
    creates."""
    first, second = _swap_input(entries)
    found = list(Round.objects.get(tournament_id=tournament_id, number=round_number).pairings.all())
    a, b = _holding(found, first, round_number), _holding(found, second, round_number)
    matches_locked([a.match_id, b.match_id])
    tournament = tournament_locked(tournament_id)
    round_ = round_in_play(tournament, round_number)
    if eliminates(round_.stage):
        raise MatchConflict(_("Pairings of an elimination stage cannot be swapped: redraw it."))
    rows = list(round_.pairings.all())
    a, b = _holding(rows, first, round_number), _holding(rows, second, round_number)
    touched = [a] if a.pk == b.pk else [a, b]
    if played([row for row in touched if not row.bye]):
        raise MatchConflict(_("A hand or a result is recorded there: the swap is refused."))
    old = [Pairing(match_id=row.match_id, entries=list(row.entries)) for row in touched]
    before = [seat_data(row) for row in touched]
    moved = {first: second, second: first}
    seats = [
        Seat(
            slot=row.slot,
            entries=tuple(moved.get(n, n) for n in row.entries),
            table=row.table,
            bracket=row.bracket,
            group=row.group,
            shape=row.table_shape,
        )
        for row in touched
    ]
    entries_now = list(tournament.entries.all())
    pairings_store(tournament, round_.stage, round_, seats, entries_now, rows=touched)
    cancel(tournament, round_number, old)
    after = [seat_data(row) for row in touched]
    audit(tournament, "swap", round_number=round_number, before=before, after=after)
    standings_store(tournament)
    touch(tournament, "standings")
    warnings = _warnings(tournament, round_, touched, (first, second))
    return answers.SwapAnswer(round_, tuple(warnings))


def _warnings(
    tournament: Tournament, round_: Round, touched: Sequence[Pairing], moved: tuple[int, int]
) -> list[str]:
    seated = [row for row in touched if not row.bye]
    if get_format(round_.stage.format).individual:
        return melee_swap_warnings(tournament, round_, seated, moved)
    return swap_warnings(tournament, round_, seated)


def _earlier_results(tournament: Tournament, round_: Round) -> list[Any]:
    earlier = snapshot_load(tournament).snapshot.results.get(round_.stage.number, [])
    return [r for r in earlier if r.round < round_.number]


def melee_swap_warnings(
    tournament: Tournament, round_: Round, rows: Sequence[Pairing], moved: tuple[int, int]
) -> list[str]:
    """An individual event's swap: the partners (a team of two) and the opponents met
    before that it seats together, each pair with one of the two moved players; with
    ``draw: standings``, the new teams whose partners have unequal match points."""
    names = dict(tournament.entries.values_list("number", "name"))
    earlier = _earlier_results(tournament, round_)
    history = History(earlier)
    points: dict[int, float] = {}
    for result in earlier:
        for number, earned in zip(result.entries, result.match_points(), strict=True):
            points[number] = points.get(number, 0) + earned
    by_score = round_.stage.settings.get("draw") == "standings"

    def name(number: int) -> Any:
        return names.get(number, number)

    warnings = []
    for row in rows:
        seats = list(row.entries)
        for index, x in enumerate(seats):
            for y in seats[index + 1 :]:
                if x not in moved and y not in moved:
                    continue
                partners = y in row.table_shape.partners(seats, x)
                if partners and y in history.partners.get(x, ()):
                    warnings.append(
                        gettext("{first} and {second} have already been partners.").format(
                            first=name(x), second=name(y)
                        )
                    )
                elif not partners and y in history.opponents.get(x, ()):
                    warnings.append(
                        gettext("{first} and {second} have already met.").format(
                            first=name(x), second=name(y)
                        )
                    )
                if partners and by_score and points.get(x, 0) != points.get(y, 0):
                    warnings.append(_unequal(name(x), points.get(x, 0), name(y), points.get(y, 0)))
    return warnings


def _unequal(first: Any, first_points: Any, second: Any, second_points: Any) -> str:
    return gettext(
        "{first} ({first_points} match points) and {second} ({second_points}) "
        "are not in the same score group."
    ).format(first=first, first_points=first_points, second=second, second_points=second_points)


def swap_warnings(tournament: Tournament, round_: Round, rows: Sequence[Pairing]) -> list[str]:
    names = dict(tournament.entries.values_list("number", "name"))
    earlier = _earlier_results(tournament, round_)
    met = {frozenset(r.entries) for r in earlier if not r.bye}
    points: dict[int, int | float] = {}
    for result in earlier:
        for number, earned in zip(result.entries, result.match_points(), strict=True):
            points[number] = points.get(number, 0) + earned
    warnings = []
    for row in rows:
        x, y = row.entries
        if frozenset((x, y)) in met:
            warnings.append(
                gettext("{first} and {second} have already met.").format(
                    first=names.get(x, x), second=names.get(y, y)
                )
            )
        if points.get(x, 0) != points.get(y, 0):
            warnings.append(
                _unequal(names.get(x, x), points.get(x, 0), names.get(y, y), points.get(y, 0))
            )
    return warnings
