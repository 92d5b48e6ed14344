"""Writes: where the ORM meets the rules engine. Each service is one transaction.

Every write to a match first locks the match row (``SELECT … FOR UPDATE``), so two phones
posting to one match are served one after the other and can never both store hand 5.
The stored payloads are the truth: corrections and undos re-score the match from them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction

from . import fastpath, rules
from .convert import hand_row, state_of, table_of
from .models import Hand, HandChange, Match
from .rules import MatchConflict, MatchFinished, MatchState, PlayedHand, RuleViolation
from .rules.errors import _


def match_create(
    *,
    variant: Any,
    players: Any,
    options: Any = None,
    games_to_win: Any = None,
    first_dealer: Any = None,
) -> Match:
    found = rules.find_variant(variant) if isinstance(variant, str) else None
    if found is None:
        raise RuleViolation(
            "variant", _("Unknown game. Choose one of: {slugs}."), slugs=", ".join(rules.VARIANTS)
        )
    table = rules.make_table(found, players, options, games_to_win, first_dealer)
    match = Match(
        variant=found.slug,
        players=list(table.players),
        options=dict(table.options),
        games_to_win=table.games_to_win,
        first_dealer=table.first_dealer,
    )
    _store_state(match, rules.start(table))
    match.save(force_insert=True)
    return match


def _locked(match_id: Any) -> Match:
    return fastpath.lock(match_id)


def _store_state(match: Match, state: MatchState) -> None:
    match.state = state.to_dict()
    match.status = Match.Status.FINISHED if state.finished else Match.Status.IN_PROGRESS
    match.winner = state.winner
    match.closed = state.closed


def _save_state(match: Match, state: MatchState) -> None:
    _store_state(match, state)
    match.save(update_fields=["state", "status", "winner", "closed", "updated_at"])


def hand_preview(*, match: Match, payload: Any) -> PlayedHand:
    """The hand as it would be stored, storing nothing."""
    state = state_of(match)
    if state.finished:
        raise MatchFinished
    played, _state = rules.play(table_of(match), state, payload)
    return played


@transaction.atomic
def hand_record(*, match_id: Any, payload: Any, number: int | None = None) -> Hand:
    match = _locked(match_id)
    state = state_of(match)
    if state.finished:
        raise MatchFinished(_("The match is finished: no more hands can be entered."))
    if number is not None and number != state.number:
        raise MatchConflict(
            _("The next hand is number {next}, not {number}."), next=state.number, number=number
        )
    played, after = rules.play(table_of(match), state, payload)
    hand = hand_row(match, played)
    _store_state(match, after)
    fastpath.append(match, hand)
    return hand


def _rescore(match: Match, payloads: Iterable[Mapping[str, Any]]) -> list[PlayedHand]:
    played, state = rules.replay(table_of(match), payloads, closed=match.closed)
    _save_state(match, state)
    return played


@transaction.atomic
def hand_correct(*, match_id: Any, number: int, payload: Any) -> Hand:
    """Replace a hand's payload; it and every later hand are re-scored in order."""
    match = _locked(match_id)
    hands = list(match.hands.order_by("number"))
    target = next((hand for hand in hands if hand.number == number), None)
    if target is None:
        raise Hand.DoesNotExist
    if not isinstance(payload, Mapping):
        raise RuleViolation("non_field_errors", _("A hand must be a JSON object."))
    if dict(payload) == target.input:
        return target  # nothing changed: nothing to re-score, nothing to record
    payloads = [payload if hand.number == number else hand.input for hand in hands]
    played = _rescore(match, payloads)
    HandChange.objects.create(
        match=match,
        number=number,
        action=HandChange.Action.CORRECT,
        before=_snapshot(target),
        after=dict(payload),
    )
    changed = []
    for hand, new in zip(hands, played, strict=True):
        row = hand_row(match, new)
        if hand.number >= number and (
            row.result != hand.result or row.input != hand.input or row.game != hand.game
        ):
            hand.input, hand.result, hand.game = row.input, row.result, row.game
            changed.append(hand)
    Hand.objects.bulk_update(changed, ["input", "result", "game", "updated_at"])
    return next(hand for hand in hands if hand.number == number)


@transaction.atomic
def hand_undo(*, match_id: Any, number: int) -> None:
    """Remove the last hand (only the last one), keeping an audit record of it."""
    match = _locked(match_id)
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
    _rescore(match, [hand.input for hand in hands[:-1]])


@transaction.atomic
def match_close(*, match_id: Any) -> Match:
    """End a session (trionfo) or an abandoned match."""
    match = _locked(match_id)
    state = state_of(match)
    if state.finished:
        raise MatchFinished(_("The match is already finished."))
    _save_state(match, rules.close(table_of(match), state))
    return match


def _snapshot(hand: Hand) -> dict[str, Any]:
    return {"input": hand.input, "game": hand.game, "result": hand.result}
