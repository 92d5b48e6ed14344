"""Entries before and during the event: added (one, or a pasted list; late ones too while a
Swiss first stage runs), changed, dropped out or brought back, removed before the start.
A drop-out in the round in play before any hand offers to give its opponent the bye."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scorekeeper import bulk, rules
from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.rules.errors import _

from .. import validation
from ..models import Entry, Pairing, Tournament
from ..selectors.entries import individual, late_entries_open
from . import answers
from .guards import eliminates, played
from .locks import touch, tournament_locked
from .standings import standings_store
from .store import problem_clear

Status = Tournament.Status


def _variant(tournament: Tournament) -> rules.Variant:
    return rules.get_variant(tournament.variant)


def _entry_body(tournament: Tournament, given: dict[str, Any]) -> dict[str, Any]:
    """An entry's fields as the API takes them: no ``players`` for a single player."""
    if individual(tournament) and given.get("players") in (None, [given.get("name")]):
        given = {key: value for key, value in given.items() if key != "players"}
    return given


def _entries_changed(tournament: Tournament, *fields: str) -> None:
    standings_store(tournament)
    touch(tournament, "standings", *fields, *problem_clear(tournament))


@transaction.atomic
def entry_add(*, tournament_id: Any, name: Any, players: Any, seed: Any = None) -> Entry:
    tournament = tournament_locked(tournament_id)
    spec = validation.entry_input(
        _entry_body(tournament, {"name": name, "players": players, "seed": seed}),
        _variant(tournament),
        individual=individual(tournament),
    )
    if not late_entries_open(tournament):
        raise MatchConflict(_("Entries are closed: the tournament has started."))
    taken = list(tournament.entries.values_list("name", "seed"))
    validation.check_unique([spec], taken, "")
    entry = Entry.objects.create(
        tournament=tournament,
        number=tournament.next_entry,
        name=spec.name,
        players=list(spec.players),
        seed=spec.seed,
    )
    tournament.next_entry += 1
    _entries_changed(tournament, "next_entry")
    return entry


@transaction.atomic
def entries_add(*, tournament_id: Any, entries: Any) -> list[Entry]:
    """Several entries at once (the desk's pasted list), when ``entry_add`` would take one:
    all or none. A refusal names the entry by its place in the list (``entries.2.name``)."""
    tournament = tournament_locked(tournament_id)
    specs = validation.entries_input(
        entries, _variant(tournament), individual=individual(tournament)
    )
    if not specs:
        raise RuleViolation("entries", _("Write at least one entry."))
    if not late_entries_open(tournament):
        raise MatchConflict(_("Entries are closed: the tournament has started."))
    taken = list(tournament.entries.values_list("name", "seed"))
    if len(taken) + len(specs) > validation.MAX_ENTRIES:
        raise RuleViolation(
            "entries",
            _("A tournament has at most {count} entries."),
            count=validation.MAX_ENTRIES,
        )
    validation.check_unique(specs, taken, "entries.")
    first = tournament.next_entry
    added = [
        Entry(
            tournament_id=tournament.pk,
            number=number,
            name=spec.name,
            players=list(spec.players),
            seed=spec.seed,
        )
        for number, spec in enumerate(specs, first)
    ]
    bulk.insert_many(added)  # one COPY on PostgreSQL: 10,240 entries in one request
    tournament.next_entry = first + len(specs)
    _entries_changed(tournament, "next_entry")
    return added


@transaction.atomic
def entry_update(
    *,
    tournament_id: Any,
    number: int,
    active: Any = None,
    name: Any = None,
    players: Any = None,
    seed: Any = None,
) -> answers.EntryAnswer:
    """Drop an entry out (``active`` false: never drawn again, its results stay) or bring it
    back; rename it; change its players or (before the start) its seed. A drop-out in the
    round in play before any hand offers to give its opponent the bye."""
    tournament = tournament_locked(tournament_id)
    entry = tournament.entries.get(number=number)
    if active is not None and not isinstance(active, bool):
        raise RuleViolation("active", _("Must be true or false."))
    others = list(tournament.entries.exclude(pk=entry.pk).values_list("name", "seed"))
    new = validation.entry_input(
        _entry_body(
            tournament,
            {
                "name": entry.name if name is None else name,
                "players": entry.players
                if players is None and not individual(tournament)
                else players,
                "seed": entry.seed if seed is None else seed,
            },
        ),
        _variant(tournament),
        individual=individual(tournament),
    )
    validation.check_unique([new], others, "")
    if new.seed != entry.seed and tournament.status != Status.REGISTRATION:
        raise MatchConflict(_("Seeds are fixed once the tournament has started."))
    entry.name, entry.players, entry.seed = new.name, list(new.players), new.seed
    if active is not None:
        entry.active = active
    entry.save(update_fields=["name", "players", "seed", "active"])
    _entries_changed(tournament)
    return answers.EntryAnswer(entry, _bye_offers(tournament, entry) if active is False else ())


def _bye_offers(tournament: Tournament, entry: Entry) -> tuple[answers.Offer, ...]:
    """An entry dropped out of its table in the round in play before any hand there: its
    opponent may take the bye (a swap with the entry that has it, outside an elimination
    stage) or the round be drawn again (while nothing is recorded in it)."""
    if tournament.status != Status.RUNNING or not tournament.round:
        return ()
    number = tournament.round
    rows = list(
        Pairing.objects.filter(tournament=tournament, round__number=number).select_related(
            "round__stage"
        )
    )
    mine = next((row for row in rows if entry.number in row.entries and not row.bye), None)
    if mine is None or mine.status != Pairing.Status.IN_PROGRESS or played([mine]):
        return ()
    offers = []
    bye = next((row for row in rows if row.bye), None)
    if bye is not None and not eliminates(mine.round.stage):
        offers.append(answers.Offer(answers.SWAP, number, (entry.number, bye.entries[0])))
    if not played(rows):
        offers.append(answers.Offer(answers.REDRAW, number))
    return tuple(offers)


@transaction.atomic
def entry_remove(*, tournament_id: Any, number: int) -> None:
    tournament = tournament_locked(tournament_id)
    entry = tournament.entries.get(number=number)
    if tournament.status != Status.REGISTRATION:
        raise MatchConflict(_("Entries can be removed only before the start; drop it out instead."))
    entry.delete()
    _entries_changed(tournament)
