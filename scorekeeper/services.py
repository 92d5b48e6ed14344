"""Writes: where the ORM meets the rules engine. Each service is one transaction.

Every write to a match first locks the match row (``SELECT … FOR UPDATE``), so two phones
posting to one match are served one after the other and can never both store hand 5.
The stored payloads are the truth: corrections and undos re-score the match from them.
A tournament's match also carries its limits and the moment time was called (facts the
re-scoring replays), and its services tell ``hooks.match_listeners`` when it finishes,
reopens or changes result.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypedDict

from django.db import transaction
from django.utils import timezone

from . import bulk, fastpath, hooks, rules
from .convert import hand_data, hand_row, state_of, table_of
from .models import Hand, HandChange, IdempotentRequest, Match
from .rules import (
    MatchConflict,
    MatchFinished,
    MatchLimits,
    MatchState,
    PlayedHand,
    RuleViolation,
    Table,
)
from .rules.errors import _
from .rules.fields import is_int

MAX_PLACE = 32767  # a round's or a table's number (a small integer column)


@dataclass(frozen=True)
class Receipt:
    """A request's ``Idempotency-Key``, its scope and its body's digest: ``hand_record``
    keeps the hand's answer under it, with the hand, or raises ``AlreadyAnswered``."""

    key: str
    scope: str
    digest: str
    status: int = 201


class AlreadyAnswered(Exception):
    """The receipt's key was answered before: ``answer`` is that first answer."""

    def __init__(self, answer: IdempotentRequest) -> None:
        super().__init__(answer.key)
        self.answer = answer


@dataclass(frozen=True)
class MatchSpec:
    """One match to create: what ``match_create`` takes, as a value (``matches_create``)."""

    variant: Any
    players: Any
    options: Any = None
    games_to_win: Any = None
    first_dealer: Any = None
    limits: MatchLimits | None = None
    tournament: str | None = None  # the tournament's public view_id
    round: int | None = None
    table: int | None = None


def match_create(
    *,
    variant: Any,
    players: Any,
    options: Any = None,
    games_to_win: Any = None,
    first_dealer: Any = None,
    limits: MatchLimits | None = None,
    tournament: str | None = None,
    round: int | None = None,
    table: int | None = None,
) -> Match:
    match = _new_match(
        MatchSpec(
            variant, players, options, games_to_win, first_dealer, limits, tournament, round, table
        )
    )
    match.save(force_insert=True)
    return match


@transaction.atomic
def matches_create(*, specs: Iterable[MatchSpec]) -> list[Match]:
    """Create many matches at once (a tournament's round): each is checked as
    ``match_create`` checks it, then all are built (``bulk.built``) and inserted together."""
    matches = bulk.built(Match, [_match_values(spec) for spec in specs])
    bulk.insert_many(matches)
    return matches


def _new_match(spec: MatchSpec) -> Match:
    """The match a spec describes, checked by the rules and not yet saved."""
    return Match(**_match_values(spec))


def _match_values(spec: MatchSpec) -> dict[str, Any]:
    """The fields of the match a spec describes, checked by the rules."""
    found = rules.find_variant(spec.variant) if isinstance(spec.variant, str) else None
    if found is None:
        raise RuleViolation(
            "variant", _("Unknown game. Choose one of: {slugs}."), slugs=", ".join(rules.VARIANTS)
        )
    table = rules.make_table(
        found, spec.players, spec.options, spec.games_to_win, spec.first_dealer, spec.limits
    )
    _check_place(spec)
    limits = table.limits
    return {
        "variant": found.slug,
        "players": list(table.players),
        "options": dict(table.options),
        "games_to_win": table.games_to_win,
        "first_dealer": table.first_dealer,
        "hands_per_match": limits.hands_per_match,
        "at_time": limits.at_time,
        "draws_allowed": limits.draws,
        "tournament": spec.tournament,
        "round": spec.round,
        "table": spec.table,
        **_state_values(rules.start(table)),
    }


def _check_place(spec: MatchSpec) -> None:
    if spec.tournament is not None and (
        not isinstance(spec.tournament, str) or not 0 < len(spec.tournament) <= 64
    ):
        raise ValueError(
            f"tournament must be a view_id of 1 to 64 characters, not {spec.tournament!r}"
        )
    for name in ("round", "table"):
        value = getattr(spec, name)
        if value is not None and (not is_int(value) or not 1 <= value <= MAX_PLACE):
            raise RuleViolation(
                name, _("Must be a whole number from {min} to {max}."), min=1, max=MAX_PLACE
            )


def _locked(match_id: Any) -> Match:
    return fastpath.lock(match_id)


def _state_values(state: MatchState) -> dict[str, Any]:
    """What a match's row stores of its state: the state itself and what is read from it."""
    return {
        "state": state.to_dict(),
        "status": Match.Status.FINISHED if state.finished else Match.Status.IN_PROGRESS,
        "winner": state.winner,
        "closed": state.closed,
    }


def _store_state(match: Match, state: MatchState) -> None:
    for name, value in _state_values(state).items():
        setattr(match, name, value)


# What a change of a match's state saves.
STATE_FIELDS = ("state", "status", "winner", "closed", "time_called_after", "updated_at")


def _save_state(match: Match, state: MatchState) -> None:
    _store_state(match, state)
    match.save(update_fields=STATE_FIELDS)


def hand_preview(*, match: Match, payload: Any) -> PlayedHand:
    """The hand as it would be stored, storing nothing."""
    state = state_of(match)
    if state.finished:
        raise MatchFinished
    played, _state = rules.play(table_of(match), state, payload)
    return played


def hand_record(
    *, match_id: Any, payload: Any, number: int | None = None, receipt: Receipt | None = None
) -> Hand:
    """Record the next hand (``number``, if given, must be it). With a ``receipt``, the
    hand's answer is kept under its key with the hand; a key answered before raises
    ``AlreadyAnswered`` and stores nothing. A friendly match on PostgreSQL takes no lock
    (``fastpath.optimistic``: stored only if the row is still the version played on);
    a tournament's match (its listeners write too), SQLite and a race lost take it."""

    def play(snapshot: fastpath.Snapshot) -> Hand:
        return _play(snapshot, payload, number)[0]

    stored = fastpath.optimistic(match_id, play, partial(_answer, receipt), **_asked(receipt))
    if stored is not None:
        return stored
    with transaction.atomic():
        snapshot = fastpath.read(match_id, lock=True, **_asked(receipt))  # lock
        hand, before, table = _play(snapshot, payload, number)  # play
        fastpath.append(snapshot.match, hand, answer=_answer(receipt, hand))  # store
        if snapshot.match.tournament is not None:
            _notify(snapshot.match, before, table)  # notify
    return hand


class _Asked(TypedDict, total=False):
    key: str
    scope: str


def _asked(receipt: Receipt | None) -> _Asked:
    if receipt is None:
        return {}
    return {"key": receipt.key, "scope": receipt.scope}


def _play(
    snapshot: fastpath.Snapshot, payload: Any, number: int | None
) -> tuple[Hand, MatchState, Table]:
    """The hand played on the match as read (not stored), the state before it and the
    table; the match holds the state after it."""
    if snapshot.answer is not None:
        raise AlreadyAnswered(snapshot.answer)
    match = snapshot.match
    state = state_of(match)
    if state.finished:
        raise MatchFinished(_("The match is finished: no more hands can be entered."))
    if number is not None and number != state.number:
        raise MatchConflict(
            _("The next hand is number {next}, not {number}."), next=state.number, number=number
        )
    table = table_of(match)
    played, after = rules.play(table, state, payload)
    hand = hand_row(match, played)
    _store_state(match, after)
    return hand, state, table


def _answer(receipt: Receipt | None, hand: Hand) -> IdempotentRequest | None:
    """The answer to keep under the receipt's key: the hand as the API shows it."""
    if receipt is None:
        return None
    return IdempotentRequest(
        key=receipt.key,
        path=receipt.scope,
        body_hash=receipt.digest,
        status=receipt.status,
        response=hand_data(hand),
    )


def _rescore(match: Match, payloads: Iterable[Mapping[str, Any]]) -> list[PlayedHand]:
    played, state = rules.replay(
        table_of(match), payloads, closed=match.closed, time_called_after=match.time_called_after
    )
    _save_state(match, state)
    return played


def hand_correction_preview(*, match: Match, number: int, payload: Any) -> PlayedHand:
    """Hand ``number`` as ``hand_correct`` would re-score it with ``payload``, storing
    nothing (the later hands as they would be re-scored are not shown)."""
    hands = list(match.hands.order_by("number"))
    if not any(hand.number == number for hand in hands):
        raise Hand.DoesNotExist
    if not isinstance(payload, Mapping):
        raise RuleViolation("non_field_errors", _("A hand must be a JSON object."))
    payloads = [payload if hand.number == number else hand.input for hand in hands]
    played, _state = rules.replay(
        table_of(match), payloads, closed=match.closed, time_called_after=match.time_called_after
    )
    return next(hand for hand in played if hand.number == number)


def hand_correct(*, match_id: Any, number: int, payload: Any) -> Hand:
    """Replace a hand's payload; it and every later hand are re-scored in order.

    On PostgreSQL a friendly match's correction needs no transaction: one statement reads
    the match with its hands, one stores the match's state, the audit record and the
    re-scored hands, only if the match's row is still the version read (else it is read
    and re-scored again). A tournament's match and SQLite take the match's lock."""
    if bulk.fast():
        for _race in range(fastpath.RACES_BEFORE_LOCK):
            snapshot = fastpath.read(match_id, hands=True)
            if snapshot.match.tournament is not None:
                break
            target, correction = _correction(snapshot, number, payload)
            if correction is None:
                return target
            change, changed = correction
            if fastpath.store_correction(snapshot.match, change, changed, version=snapshot.version):
                return target
    return _hand_correct_locked(match_id=match_id, number=number, payload=payload)


@transaction.atomic
def _hand_correct_locked(*, match_id: Any, number: int, payload: Any) -> Hand:
    snapshot = fastpath.read(match_id, lock=True, hands=True)
    before = state_of(snapshot.match)
    target, correction = _correction(snapshot, number, payload)
    if correction is not None:
        change, changed = correction
        fastpath.store_correction(snapshot.match, change, changed)
        _notify(snapshot.match, before)
    return target


def _correction(
    snapshot: fastpath.Snapshot, number: int, payload: Any
) -> tuple[Hand, tuple[HandChange, list[Hand]] | None]:
    """Hand ``number`` corrected with ``payload`` on the match as read (not stored): the
    hand, and the audit record and the hands whose row changed (``None``: the payload is
    the one stored, nothing to do). The match holds the state after the correction."""
    match, hands = snapshot.match, snapshot.hands or []
    target = next((hand for hand in hands if hand.number == number), None)
    if target is None:
        raise Hand.DoesNotExist
    if not isinstance(payload, Mapping):
        raise RuleViolation("non_field_errors", _("A hand must be a JSON object."))
    if dict(payload) == target.input:
        return target, None  # nothing changed: nothing to re-score, nothing to record
    change = HandChange(
        match=match,
        number=number,
        action=HandChange.Action.CORRECT,
        before=_snapshot(target),
        after=dict(payload),
    )
    payloads = [payload if hand.number == number else hand.input for hand in hands]
    played, state = rules.replay(
        table_of(match), payloads, closed=match.closed, time_called_after=match.time_called_after
    )
    _store_state(match, state)
    changed = []
    for hand, new in zip(hands, played, strict=True):
        row = hand_row(match, new)
        if hand.number >= number and (
            row.result != hand.result or row.input != hand.input or row.game != hand.game
        ):
            hand.input, hand.result, hand.game = row.input, row.result, row.game
            changed.append(hand)
    return target, (change, changed)


@transaction.atomic
def hand_undo(*, match_id: Any, number: int) -> None:
    """Remove the last hand (only the last one), keeping an audit record of it."""
    match = _locked(match_id)
    before = state_of(match)
    hands = list(match.hands.order_by("number"))
    if not hands:
        raise MatchConflict(_("There is no hand to undo."))
    last = hands[-1]
    if last.number != number:
        raise MatchConflict(
            _("Only the last hand (number {number}) can be undone."), number=last.number
        )
    HandChange.objects.create(
        match=match, number=number, action=HandChange.Action.UNDO, before=_snapshot(last)
    )
    last.delete()
    if match.time_called_after is not None:
        # time was called while the undone hand was in play: it is in play again
        match.time_called_after = min(match.time_called_after, len(hands) - 1)
    _rescore(match, [hand.input for hand in hands[:-1]])
    _notify(match, before)


@transaction.atomic
def match_close(*, match_id: Any) -> Match:
    """End a session (trionfo) or an abandoned match."""
    match = _locked(match_id)
    before = state_of(match)
    match.save(update_fields=match_closing(match))
    _notify(match, before)
    return match


def match_closing(match: Match) -> tuple[str, ...]:
    """``match_close`` of a match its caller has locked and read, in memory: its closed
    state set on it, and the fields the caller saves (``STATE_FIELDS``, with its own
    writes, in its transaction). Its listeners are not told: the caller is the
    tournament's own write, which stores what the close means."""
    state = state_of(match)
    if state.finished:
        raise MatchFinished(_("The match is already finished."))
    _store_state(match, rules.close(table_of(match), state))
    return STATE_FIELDS


@transaction.atomic
def match_reopen(*, match_id: Any) -> Match:
    """Undo ``match_close`` (a tournament director's result taken back): the match is what
    its hands say again, in progress when they do not finish it."""
    match = _locked(match_id)
    if not match.closed:
        return match
    before = state_of(match)
    match.closed = False
    _rescore(match, [hand.input for hand in match.hands.order_by("number")])
    _notify(match, before)
    return match


@transaction.atomic
def match_call_time(*, match_id: Any) -> Match:
    """Call time on one match; a match already called or finished is left as it is."""
    match = _locked(match_id)
    state = state_of(match)
    if match.time_called_after is None and not state.finished:
        _save_state(match, _call_time(match, state))
        _notify(match, state)
    return match


@transaction.atomic
def matches_call_time(*, match_ids: Sequence[Any]) -> int:
    """Call time on many matches (a round's clock): one query finds those still to call
    (none: nothing more is done), one more stores them. Returns how many were called."""
    matches = list(
        Match.objects.select_for_update()
        .filter(
            pk__in=list(match_ids), status=Match.Status.IN_PROGRESS, time_called_after__isnull=True
        )
        .order_by("pk")
    )
    if not matches:
        return 0
    for match in matches:
        _store_state(match, _call_time(match, state_of(match)))
    bulk.save_time_called(matches, timezone.now())
    return len(matches)


@transaction.atomic
def matches_limit(*, match_ids: Sequence[Any], hands_per_match: int | None) -> int:
    """A tournament's new hand limit given to its matches still being played (those
    finished keep theirs); refused, naming ``hands_per_match``, where a match has already
    played that many hands. Returns how many matches took it."""
    matches = list(
        Match.objects.select_for_update()
        .filter(pk__in=list(match_ids), status=Match.Status.IN_PROGRESS)
        .order_by("pk")
    )
    rules.check_new_limit(hands_per_match, {m.table: state_of(m).number for m in matches})
    return Match.objects.filter(pk__in=[m.pk for m in matches]).update(
        hands_per_match=hands_per_match, updated_at=timezone.now()
    )


def _call_time(match: Match, state: MatchState) -> MatchState:
    """Time called now: the fact (the hands recorded so far) on the match, and the state.
    Calling time never ends a match by itself: the next hand (or the one after) does."""
    match.time_called_after = state.number - 1
    return rules.call_time(table_of(match), state)


def _notify(match: Match, before: MatchState, table: Table | None = None) -> None:
    """Tell the listeners how a tournament's match changed (after its row is saved)."""
    if match.tournament is None:
        return
    table = table or table_of(match)
    after = state_of(match)
    event = None
    if not before.finished:
        event = hooks.FINISHED if after.finished else None
    elif not after.finished:
        event = hooks.REOPENED
    elif _result(table, before) != _result(table, after):
        event = hooks.CHANGED
    if event is not None:
        hooks.match_listeners.fire(match, event)


def _result(table: Table, state: MatchState) -> tuple[Any, ...]:
    outcome = rules.outcome(table, state)
    return outcome.winner, outcome.draw, outcome.points


def _snapshot(hand: Hand) -> dict[str, Any]:
    return {"input": hand.input, "game": hand.game, "result": hand.result}
