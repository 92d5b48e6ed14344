"""Changes during the event: the director puts a round, the start or a setting right, and
the other side of a table confirms (or disputes) the result its match ended with.

- ``round_redraw``: the round in play drawn again from the entries, results and drop-outs
  as they are now (a new random seed where the format draws at random); its old matches
  are cancelled (``CancelledMatch``), its tables keep their keys.
- ``round_swap``: two entries of the round in play change places (a bye included), with
  ``warnings`` for a rematch or unequal score groups it creates.
- ``tournament_unstart``: back to registration while nothing has been played.
- ``tournament_update``: hold (``auto_advance``), the name, the clock, ``confirm_results``.
- ``match_confirm``: the other side agrees with the result, or disputes it.

Each is one transaction: the matches concerned are locked first, then the tournament
(the order of scorekeeper's hooks), and each leaves a ``ResultChange`` in the desk's history.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from scorekeeper import services as match_services
from scorekeeper.models import Hand, Match
from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import is_int

from .. import convert, validation
from ..brackets import Draw, RoundName, get_format
from ..brackets import Pairing as Seat
from ..brackets.melee import History
from ..models import CancelledMatch, Entry, Pairing, ResultChange, Round, Tournament
from .results import eliminates, result_recorded
from .rounds import create_matches, progress, round_complete
from .snapshot import snapshot_load, touch, tournament_locked
from .standings import standings_store

Status = Tournament.Status


def audit(
    tournament: Tournament,
    action: str,
    *,
    pairing: Pairing | None = None,
    round_number: int | None = None,
    before: Any = None,
    after: Any = None,
    by: str = "director",
    reason: str = "",
) -> None:
    ResultChange.objects.create(
        tournament=tournament,
        pairing=pairing,
        round_number=round_number if pairing is None else pairing.round.number,
        slot=None if pairing is None else pairing.slot,
        by=by,
        action=action,
        before=before,
        after=after,
        reason=reason,
    )


def lock_matches(match_ids: Iterable[Any]) -> None:
    """The matches' rows locked (in one order, as every writer takes them)."""
    ids = sorted(str(pk) for pk in match_ids if pk is not None)
    if ids:
        list(Match.objects.select_for_update().filter(pk__in=ids).order_by("pk"))


def played(pairings: Sequence[Pairing]) -> bool:
    """Whether any of the pairings has a hand or a director's result recorded."""
    if any(p.source == Pairing.Source.DIRECTOR for p in pairings):
        return True
    ids = [p.match_id for p in pairings if p.match_id is not None]
    return Hand.objects.filter(match_id__in=ids).exists()


def cancel(tournament: Tournament, round_number: int, rows: Sequence[Pairing]) -> None:
    """The rows' matches cancelled (their rows already gone or re-seated): closed so that
    they take no more hands, and remembered so that their pages point to the new table."""
    seated = [row for row in rows if row.match_id is not None]
    CancelledMatch.objects.bulk_create(
        [
            CancelledMatch(
                match_id=row.match_id,
                tournament=tournament,
                round_number=round_number,
                entries=list(row.entries),
            )
            for row in seated
        ],
        ignore_conflicts=True,
    )
    open_ids = Match.objects.filter(
        pk__in=[row.match_id for row in seated], status=Match.Status.IN_PROGRESS
    ).values_list("pk", flat=True)
    for match_id in open_ids:
        match_services.match_close(match_id=match_id)


def seat_rows(
    tournament: Tournament, round_: Round, rows: Sequence[Pairing], entries: Sequence[Entry]
) -> None:
    """New matches for re-seated rows (the players at the seats changed); rows saved."""
    seats = [Seat(slot=r.slot, entries=tuple(r.entries), table=r.table) for r in rows]
    draw = Draw(pairings=tuple(seats), name=RoundName(kind="round"))
    matches = create_matches(tournament, round_.stage, round_, draw, entries)
    for row in rows:
        match = matches[row.slot]
        row.match_id, row.match_view = match.pk, match.view_id
        row.save(update_fields=["entries", "match", "match_view"])


def _round_in_play(tournament: Tournament, number: int) -> Round:
    round_ = Round.objects.select_related("stage").get(tournament=tournament, number=number)
    if tournament.status != Status.RUNNING or tournament.round != number:
        raise MatchConflict(
            _("Only the round in play (the last drawn) can be changed: round {number}."),
            number=tournament.round or 0,
        )
    return round_


@transaction.atomic
def round_redraw(*, tournament_id: Any, round_number: int) -> Round:
    """Draw round ``round_number`` (the round in play) again; ``409`` once a hand or a
    director's result is recorded in it."""
    found = Round.objects.get(tournament_id=tournament_id, number=round_number)
    rows = list(found.pairings.all())
    lock_matches(row.match_id for row in rows)
    tournament = tournament_locked(tournament_id)
    round_ = _round_in_play(tournament, round_number)
    rows = list(round_.pairings.all())
    if played(rows):
        raise MatchConflict(
            _("Round {number} has a hand or a result recorded: it can no longer be redrawn."),
            number=round_number,
        )
    before = [_seat_data(row) for row in rows]
    stage = round_.stage
    if round_.index == 1:
        stage.seed = secrets.randbits(62)  # the stage's randomness drawn again
        stage.reseeds = {}
    else:
        stage.reseeds = {**stage.reseeds, str(round_.index): secrets.randbits(62)}
    stage.save(update_fields=["seed", "reseeds"])
    round_.delete()
    # The first round of a second stage takes its qualifiers again from the first stage.
    tournament.stage = stage.number - 1 if round_.index == 1 and stage.number > 1 else stage.number
    tournament.round = round_number - 1
    new = progress(tournament, force=True)
    if new is None or new.number != round_number:
        raise MatchConflict(_("There is nothing to draw again."))
    cancel(tournament, round_number, rows)
    audit(
        tournament,
        "redraw",
        round_number=round_number,
        before=before,
        after=[_seat_data(row) for row in new.pairings.all()],
    )
    return new


def _seat_data(row: Pairing) -> dict[str, Any]:
    return {
        "slot": row.slot,
        "table": row.table,
        "entries": list(row.entries),
        "match": str(row.match_id) if row.match_id else None,
    }


SWAPPED = 2  # a swap names two entries (whatever the tables' shape)


def _swap_input(entries: Any) -> tuple[int, int]:
    if (
        not isinstance(entries, list)
        or len(entries) != SWAPPED
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
def round_swap(*, tournament_id: Any, round_number: int, entries: Any) -> list[str]:
    """Put each of two entries where the other was in the round in play; the warnings (in
    the request's language) for the rematches and unequal score groups it creates."""
    first, second = _swap_input(entries)
    found = Round.objects.get(tournament_id=tournament_id, number=round_number)
    rows = list(found.pairings.all())
    a, b = _holding(rows, first, round_number), _holding(rows, second, round_number)
    lock_matches([a.match_id, b.match_id])
    tournament = tournament_locked(tournament_id)
    round_ = _round_in_play(tournament, round_number)
    if eliminates(round_.stage):
        raise MatchConflict(_("Pairings of an elimination stage cannot be swapped: redraw it."))
    rows = list(round_.pairings.all())
    a, b = _holding(rows, first, round_number), _holding(rows, second, round_number)
    touched = [a] if a.pk == b.pk else [a, b]
    if played([row for row in touched if not row.bye]):
        raise MatchConflict(_("A hand or a result is recorded there: the swap is refused."))
    old = [Pairing(match_id=row.match_id, entries=list(row.entries)) for row in touched]
    before = [_seat_data(row) for row in touched]
    for row in touched:
        row.entries = [{first: second, second: first}.get(n, n) for n in row.entries]
    for row in touched:
        if row.bye:
            row.winner = row.entries[0]
            row.save(update_fields=["entries", "winner"])
    entries_now = list(tournament.entries.all())
    seat_rows(tournament, round_, [row for row in touched if not row.bye], entries_now)
    cancel(tournament, round_number, old)
    audit(
        tournament,
        "swap",
        round_number=round_number,
        before=before,
        after=[_seat_data(row) for row in touched],
    )
    standings_store(tournament)
    touch(tournament, "standings")
    seated = [row for row in touched if not row.bye]
    if get_format(round_.stage.format).individual:
        return melee_swap_warnings(tournament, round_, seated, (first, second))
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


@transaction.atomic
def tournament_unstart(*, tournament_id: Any) -> Tournament:
    """Back to registration (entries can be added, removed and re-seeded again); ``409``
    once any hand or director's result is recorded."""
    rows = list(Pairing.objects.filter(tournament_id=tournament_id))
    lock_matches(row.match_id for row in rows)
    tournament = tournament_locked(tournament_id)
    if tournament.status != Status.RUNNING:
        raise MatchConflict(
            _("The tournament has not started yet.")
            if tournament.status == Status.REGISTRATION
            else _("The tournament is finished.")
        )
    rows = list(Pairing.objects.filter(tournament=tournament).select_related("round"))
    if played(rows):
        raise MatchConflict(_("A hand or a result is recorded: the start can no longer be undone."))
    before = {"status": tournament.status, "round": tournament.round, "stage": tournament.stage}
    by_round = {row.pk: row.round.number for row in rows}
    tournament.rounds.all().delete()
    tournament.stages.update(standings=None, reseeds={})
    tournament.stages.filter(number__gt=1).update(entries=None)
    for row in rows:
        cancel(tournament, by_round[row.pk], [row])
    tournament.status, tournament.stage, tournament.round = Status.REGISTRATION, None, None
    tournament.champion = None
    audit(tournament, "unstart", before=before, after={"status": tournament.status})
    standings_store(tournament)
    touch(tournament, "status", "stage", "round", "champion", "standings")
    return tournament


@transaction.atomic
def tournament_update(*, tournament_id: Any, **fields: Any) -> Tournament:
    """Hold or release the automatic advance, rename, set the clock or the confirmation by
    the other side. A new ``round_minutes`` also sets the round in play's end (unless time
    was called); turning ``auto_advance`` back on advances a complete round at once."""
    clean = validation.settings_input(fields)
    tournament = tournament_locked(tournament_id)
    before = {key: getattr(tournament, key) for key in clean}
    changed = [key for key in clean if clean[key] != before[key]]
    for key in changed:
        setattr(tournament, key, clean[key])
    if not changed:
        return tournament
    audit(
        tournament,
        "settings",
        before={key: before[key] for key in changed},
        after={key: clean[key] for key in changed},
    )
    touch(tournament, *changed)
    in_play = tournament.rounds.filter(number=tournament.round).first()
    if in_play is None or tournament.status != Status.RUNNING:
        return tournament
    if "round_minutes" in changed and not in_play.time_called:
        minutes = tournament.round_minutes
        in_play.ends_at = in_play.starts_at + timedelta(minutes=minutes) if minutes else None
        in_play.save(update_fields=["ends_at"])
    if "auto_advance" in changed and tournament.auto_advance:
        round_complete(round_id=in_play.pk)
        in_play.refresh_from_db(fields=["status"])
        tournament.refresh_from_db(fields=["version"])
        if in_play.status == Round.Status.COMPLETE:
            progress(tournament, force=False)
    return tournament


@transaction.atomic
def match_confirm(*, match_id: Any, agree: Any, note: Any = "") -> Match:
    """The side that did not enter the last hand agrees with the result the match ended
    with (the pairing is finished and counts), or disputes it (the director settles it)."""
    if not isinstance(agree, bool):
        raise RuleViolation("agree", _("Must be true or false."))
    if not isinstance(note, str) or len(note) > 200:
        raise RuleViolation("note", _("A note is a sentence of at most 200 characters."))
    match = Match.objects.select_for_update().get(pk=match_id)
    pairing = Pairing.objects.filter(match=match).values_list("tournament_id", flat=True).first()
    if pairing is None:
        raise MatchConflict(_("This match has no result to confirm."))
    tournament = tournament_locked(pairing)
    row = Pairing.objects.select_for_update().select_related("round").get(match=match)
    waiting = (Pairing.Status.AWAITING, Pairing.Status.DISPUTED)
    if row.status not in waiting:
        raise MatchConflict(_("This match has no result to confirm."))
    before = convert.pairing_data(row)
    if agree:
        row.status, row.note = Pairing.Status.FINISHED, ""
    else:
        row.status, row.note = Pairing.Status.DISPUTED, note.strip()
    row.save(update_fields=["status", "note"])
    audit(
        tournament,
        "confirmed" if agree else "disputed",
        pairing=row,
        before=before,
        after=convert.pairing_data(row),
        by="table",
        reason=row.note,
    )
    if agree:
        result_recorded(tournament, row.round)
    else:
        touch(tournament)
    return match
