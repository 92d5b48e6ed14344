"""The director's result (a ruling, a paper slip, a forfeit) and its removal.

There is no default winner: the director names the ``winner``, a ``draw`` or the entry that
``forfeit``\\ s. Where the stage plays best of three, ``games`` says the games each side won
and must name a finished match. The table's match is finished (it keeps its hands) and
takes no more hands; removing the director's result gives the match back to what its hands
say. On a pairing whose round is followed, an elimination stage redraws the later pairings
it touches (those of its two entries, in the last round drawn) while none has a hand or a
result (``409`` otherwise); a Swiss or a round robin keeps its rounds, and the answer warns
that the standings the round in play was drawn from changed, offering its redraw.

Each reads lock (``locks.pairing_held``) → load → decide (``director_result``, pure) → store
→ enqueue (``store.result_recorded``). A result in the round in play, still playing, locks
what it changes (its pairing and its round), not the tournament's row; any other (a
correction of an earlier round, which may redraw later pairings) takes the tournament's
lock too, first, as the draws do. On PostgreSQL a result in the round in play is first
read unlocked, decided the same way and stored by one statement only if nothing it was
decided on changed meanwhile (``fastpath``); else it is done under the locks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from scorekeeper import services as match_services
from scorekeeper.models import Match
from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.rules.errors import _
from scorekeeper.rules.fields import is_int

from .. import convert
from ..brackets import Draw, planner
from ..models import Pairing, ResultChange, Round, Tournament
from ..selectors.snapshot import snapshot_load
from . import answers, fastpath
from .audit import audit_row
from .guards import eliminates, next_round_drawn, played, stage_games
from .locks import PairingHeld, pairing_held
from .outcomes import outcome_of
from .store import cancel, finished_stamp, pairings_store, result_recorded

RESULT_KEYS = ("result", "winner", "points", "games_won")


def _points(value: Any, count: int = 2) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) != count
        or not all(is_int(v) and -(10**6) <= v <= 10**6 for v in value)
    ):
        raise RuleViolation("points", _("Give each entry's points, in the pairing's order."))
    return list(value)


def _games(value: Any, winner_side: int | None, games_to_win: int) -> list[int]:
    """Games won by each side: required where a match is played to more than one game, and
    they must finish it (the winner has ``games_to_win``; a draw: level, short of it). A
    match of one game: the winner won it ([1, 0] in the pairing's order), a draw none."""
    if value is None:
        if games_to_win > 1:
            raise RuleViolation(
                "games",
                _("Give the games each entry won (best of {count}), in the pairing's order."),
                count=2 * games_to_win - 1,
            )
        return [int(side == winner_side) for side in (0, 1)]
    valid = (
        isinstance(value, list)
        and len(value) == 2
        and all(is_int(v) and 0 <= v <= games_to_win for v in value)
    )
    if valid and winner_side is None:
        valid = value[0] == value[1] < games_to_win
    elif valid and winner_side is not None:
        valid = value[winner_side] == games_to_win and value[1 - winner_side] < games_to_win
    if not valid:
        raise RuleViolation(
            "games",
            _("The games must finish the match: the winner has won {count}."),
            count=games_to_win,
        )
    return list(value)


def _side(pairing: Pairing, field: str, number: Any) -> int:
    if not is_int(number) or number not in pairing.entries:
        raise RuleViolation(
            field,
            _("The winner must be one of the pairing's entries: {entries}."),
            entries=", ".join(str(n) for n in pairing.entries),
        )
    # An individual event's table of four: the side is the player's team (seats 0/2, 1/3).
    return pairing.table_shape.side_named(pairing.entries, number)


def _places_result(pairing: Pairing, fields: dict[str, Any]) -> dict[str, Any]:
    """A trionfo table's result: each player's final score, in seat order (places follow);
    the winner is the one best score (``None`` when shared: a ``draw``)."""
    if fields.get("winner") is not None or fields.get("forfeit") is not None:
        field = "winner" if fields.get("winner") is not None else "forfeit"
        raise RuleViolation(field, _("Give the five scores: the places follow from them."))
    if "points" not in fields:
        raise RuleViolation("points", _("This field is required."))
    shape = pairing.table_shape
    points = _points(fields["points"], len(shape.sides))
    winner = shape.best(pairing.entries, points)
    games = [0] * len(points)
    return _after("win" if winner is not None else "draw", winner, points, games)


def director_result(
    tournament: Tournament, pairing: Pairing, fields: dict[str, Any]
) -> dict[str, Any]:
    """The pairing's new result from the director's fields and ``reason`` (``RuleViolation``
    otherwise): pure, on the rows as loaded."""
    after = _decided(tournament, pairing, fields)
    reason = fields.get("reason", "")
    if not isinstance(reason, str) or len(reason) > 200:
        raise RuleViolation("reason", _("A reason is a sentence of at most 200 characters."))
    return after


def _decided(tournament: Tournament, pairing: Pairing, fields: dict[str, Any]) -> dict[str, Any]:
    if pairing.table_shape.ranked_by == "points":
        return _places_result(pairing, fields)
    games_to_win = stage_games(tournament, pairing.round.stage)
    if fields.get("forfeit") is not None:
        loser = _side(pairing, "forfeit", fields["forfeit"])
        target = int(tournament.options.get("target") or 0) * games_to_win
        won = [target, 0] if loser == 1 else [0, target]
        games = [games_to_win, 0] if loser == 1 else [0, games_to_win]
        winner = pairing.table_shape.named_by(pairing.entries, 1 - loser)
        return _after("win", winner, won, games, forfeit=fields["forfeit"])
    draw = fields.get("draw")
    if draw not in (None, False, True):
        raise RuleViolation("draw", _("Must be true or false."))
    if draw:
        if fields.get("winner") is not None:
            raise RuleViolation("winner", _("A draw has no winner."))
        if eliminates(pairing.round.stage):
            raise RuleViolation("draw", _("An elimination match cannot end in a draw."))
        side = None
    elif fields.get("winner") is None:
        raise RuleViolation("winner", _("Name the winner, or give a draw: there is no default."))
    else:
        side = _side(pairing, "winner", fields["winner"])
    if "points" not in fields:
        raise RuleViolation("points", _("This field is required."))
    points = _points(fields["points"])
    games = _games(fields.get("games"), side, games_to_win)
    named = None if side is None else pairing.table_shape.named_by(pairing.entries, side)
    return _after("draw" if side is None else "win", named, points, games)


def _after(
    result: str, winner: int | None, points: list[int], games: list[int], forfeit: Any = None
) -> dict[str, Any]:
    return {
        "status": Pairing.Status.FINISHED,
        "result": result,
        "winner": winner,
        "points": points,
        "games_won": games,
        "forfeit": forfeit,
        "source": Pairing.Source.DIRECTOR,
        "note": "",
    }


class _TournamentNeeded(Exception):
    """The result is not one of the round in play, still playing: it is done again with
    the tournament's lock (nothing was stored)."""


def _in_play(held: PairingHeld) -> bool:
    round_ = held.pairing.round
    return round_.status == Round.Status.PLAYING and round_.number == held.tournament.round


def _held(
    tournament_id: Any,
    round_number: int,
    slot: int,
    locked: bool,
    seen: tuple[Any, Any] | None = None,
) -> PairingHeld:
    held = pairing_held(tournament_id, round_number, slot, tournament=locked, seen=seen)
    if not locked and not _in_play(held):
        raise _TournamentNeeded
    return held


def pairing_result_set(
    *, tournament_id: Any, round_number: int, slot: int, **given: Any
) -> answers.PairingAnswer:
    """The director's result: stored and audited; the answer's warnings (and its offer of
    a redraw) say when it changed the standings the round in play was drawn from. See
    ``_fields`` for the fields. One of the round in play is first tried unlocked
    (``fastpath.optimistic``, PostgreSQL: stored only if nothing it was decided on
    changed), then under the locks."""
    place, fields = (tournament_id, round_number, slot), _fields(**given)
    tried = fastpath.optimistic(*place, partial(_fast, fields))
    if tried.answer is not None:
        return tried.answer
    try:
        return _result_set(place, fields, locked=False, seen=tried.seen)
    except _TournamentNeeded:
        return _result_set(place, fields, locked=True, seen=tried.seen)


def _fields(
    *,
    winner: Any = None,
    draw: Any = None,
    points: Any = None,
    games: Any = None,
    forfeit: Any = None,
    reason: Any = "",
) -> dict[str, Any]:
    fields = {"winner": winner, "draw": draw, "games": games, "forfeit": forfeit}
    fields["reason"] = reason
    if points is not None:
        fields["points"] = points
    return fields


def _fast(fields: dict[str, Any], held: PairingHeld) -> fastpath.Ruled[answers.PairingAnswer]:
    if not _in_play(held):
        raise fastpath.LockNeeded
    return _ruling(held, fields)


@transaction.atomic
def _result_set(
    place: tuple[Any, int, int],
    fields: dict[str, Any],
    *,
    locked: bool,
    seen: tuple[Any, Any] | None = None,
) -> answers.PairingAnswer:
    """Lock (``_held``) → decide (``_ruling``) → store: the later pairings of a followed
    elimination stage redrawn first, then the rows, the audit, the round's advance or the
    standings' refresh queued (``result_recorded``: on PostgreSQL one statement)."""
    held = _held(*place, locked, seen)
    ruled = _ruling(held, fields)
    saved = list(ruled.saved)
    if _redraws(held, ruled.change):
        held.pairing.save(update_fields=saved.pop()[1])  # the redraw reads it stored
        later_pairings_redraw(held.tournament, held.pairing)
    result_recorded(held.tournament, held.pairing, saved, ruled.change)
    return ruled.answer


def _ruling(held: PairingHeld, fields: dict[str, Any]) -> fastpath.Ruled[answers.PairingAnswer]:
    """The result decided on the rows as held (``director_result``), nothing stored: the
    rows to save with their fields (the table's match closed, then the pairing), the audit
    row and the answer."""
    tournament, pairing = held.tournament, held.pairing
    if pairing.bye:
        raise MatchConflict(_("A bye has no match to decide."))
    after = director_result(tournament, pairing, fields)
    before = convert.pairing_data(pairing)
    saved: list[tuple[Any, Sequence[str]]] = [(pairing, _set(pairing, after))]
    match = held.match
    if match is not None and match.status == Match.Status.IN_PROGRESS:
        # Its listener is not told: the result it would read is this one.
        saved.insert(0, (match, match_services.match_closing(match)))
    action = "forfeit" if fields["forfeit"] is not None else "result"
    now = convert.pairing_data(pairing)
    change = audit_row(
        tournament, action, pairing=pairing, before=before, after=now, reason=fields["reason"]
    )
    changed = _result_of(before) != _result_of(after)
    return fastpath.Ruled(saved, change, _answer(tournament, pairing, changed))


def _redraws(held: PairingHeld, change: ResultChange) -> bool:
    """A winner changed in a followed elimination stage: its later pairings are redrawn.
    Without the tournament's lock the round is the last drawn (``_held``): none follows."""
    winner_changed = _winner_of(change.before) != _winner_of(change.after)
    round_ = held.pairing.round
    followed = held.tournament_held and next_round_drawn(round_)
    return winner_changed and eliminates(round_.stage) and followed


def _winner_of(data: Any) -> tuple[Any, Any]:
    return data["winner"], data["result"]


def _answer(tournament: Tournament, pairing: Pairing, changed: bool) -> answers.PairingAnswer:
    if not changed:
        return answers.PairingAnswer(pairing)
    warnings = _warnings(tournament, pairing.round)
    offers = (answers.Offer(answers.REDRAW, tournament.round or 0),) if warnings else ()
    return answers.PairingAnswer(pairing, warnings, offers)


def _result_of(data: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(data.get(key) for key in ("status", *RESULT_KEYS))


def _set(pairing: Pairing, after: dict[str, Any]) -> list[str]:
    """The pairing's new values set on it: the fields to save."""
    for key, value in after.items():
        setattr(pairing, key, value)
    return [*after, *finished_stamp(pairing)]


def _warnings(tournament: Tournament, round_: Round) -> tuple[str, ...]:
    """A result changed in a round before the round in play (drawn from the standings it
    changed): the director may redraw the round in play while no hand is recorded."""
    in_play = tournament.round
    if tournament.status != Tournament.Status.RUNNING or not in_play or in_play <= round_.number:
        return ()
    if eliminates(round_.stage):
        return ()  # the later pairings it touched were redrawn
    return (
        gettext(
            "Round {number} was drawn from the standings this result has changed: "
            "redraw it while no hand is recorded there."
        ).format(number=in_play),
    )


def pairing_result_remove(
    *, tournament_id: Any, round_number: int, slot: int
) -> answers.PairingAnswer:
    """Remove the director's result: the match goes back to what its hands say (open again
    when they do not finish it); ``409`` where a table's correction changing the winner
    would be refused (the round is followed)."""
    try:
        return _result_remove(tournament_id, round_number, slot, locked=False)
    except _TournamentNeeded:
        return _result_remove(tournament_id, round_number, slot, locked=True)


@transaction.atomic
def _result_remove(
    tournament_id: Any, round_number: int, slot: int, *, locked: bool
) -> answers.PairingAnswer:
    held = _held(tournament_id, round_number, slot, locked)
    tournament, pairing = held.tournament, held.pairing
    if pairing.source != Pairing.Source.DIRECTOR:
        raise MatchConflict(_("This pairing has no director's result to remove."))
    if next_round_drawn(pairing.round) or tournament.status == Tournament.Status.FINISHED:
        raise MatchConflict(_("The next round is drawn: the director's result stays."))
    before = convert.pairing_data(pairing)
    if pairing.match_id is not None:
        # Still the director's while the match reopens: the listener leaves it alone.
        match_services.match_reopen(match_id=pairing.match_id)
    fields = _set(pairing, {**_table_result(tournament, pairing), "source": Pairing.Source.TABLE})
    after = convert.pairing_data(pairing)
    change = audit_row(tournament, "removed", pairing=pairing, before=before, after=after)
    result_recorded(tournament, pairing, [(pairing, fields)], change)
    return answers.PairingAnswer(pairing)


def _table_result(tournament: Tournament, pairing: Pairing) -> dict[str, Any]:
    """What the table's match says once the director's result is gone: its hands' result,
    awaiting the other side's word again where the tournament asks for it (the director's
    result had settled it); open when the hands do not finish the match."""
    match = Match.objects.get(pk=pairing.match_id) if pairing.match_id else None
    if match is None or match.status != Match.Status.FINISHED:
        after = {"status": Pairing.Status.IN_PROGRESS, **dict.fromkeys(RESULT_KEYS)}
    else:
        after = outcome_of(match, pairing)
        if tournament.confirm_results:
            after["status"] = Pairing.Status.AWAITING
    return {**after, "forfeit": None, "note": ""}


# The later pairings a director's result changes in a followed elimination stage.
REFUSED = _(
    "A later pairing that this result changes has a hand or a result recorded: "
    "it can no longer be redrawn."
)


def _redrawable(rows: Sequence[Pairing]) -> bool:
    seated = [row for row in rows if not row.bye]
    return not played(seated) and all(row.status == Pairing.Status.IN_PROGRESS for row in seated)


def later_pairings_redraw(tournament: Tournament, pairing: Pairing) -> None:
    """Redraw the pairings of the last round that the pairing's new result changes (the
    caller holds the tournament's lock and has stored the result); ``409`` when one cannot
    be redrawn."""
    last = Round.objects.select_related("stage").get(
        tournament=tournament, number=tournament.round or 0
    )
    later = list(
        Pairing.objects.filter(tournament=tournament, round__number__gt=pairing.round.number)
    )
    touched = [row for row in later if set(row.entries) & set(pairing.entries)]
    if (
        last.stage_id != pairing.round.stage_id
        or any(row.round_id != last.pk for row in touched)
        or not _redrawable(touched)
    ):
        raise MatchConflict(REFUSED)
    loaded = snapshot_load(tournament)
    draw = _drawn_again(loaded.snapshot, last)
    old = {row.slot: row for row in later if row.round_id == last.pk}
    fresh = [
        seat
        for seat in draw.pairings
        if seat.slot not in old
        or tuple(old[seat.slot].entries) != seat.entries
        or old[seat.slot].bracket != seat.bracket
    ]
    drawn = {seat.slot for seat in draw.pairings}
    slots = {seat.slot for seat in fresh} | {slot for slot in old if slot not in drawn}
    gone = [old[slot] for slot in slots if slot in old]
    if not _redrawable(gone):
        raise MatchConflict(REFUSED)
    Pairing.objects.filter(pk__in=[row.pk for row in gone]).delete()
    pairings_store(tournament, last.stage, last, fresh, loaded.entries)
    cancel(tournament, last.number, gone)


def _drawn_again(snapshot: planner.Snapshot, last: Round) -> Draw:
    """The last round drawn again from the results before it, as they are now."""
    number = last.stage.number
    earlier = [r for r in snapshot.results.get(number, []) if r.round < last.number]
    snapshot = replace(snapshot, results={**snapshot.results, number: earlier})
    stage = next(s for s in snapshot.stages if s.number == number)
    draw = planner.stage_draw(snapshot, stage, last.index)
    if draw is None:
        raise MatchConflict(REFUSED)
    return draw
