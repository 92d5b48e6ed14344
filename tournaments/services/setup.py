"""Before and at the start: the tournament created with its stages and entries, entries
added (late ones too, while a Swiss first stage runs), changed, dropped out or removed, and
the start, which draws the first round."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from scorekeeper import bulk, rules
from scorekeeper.rules import MatchConflict, RuleViolation
from scorekeeper.rules.errors import _

from .. import validation
from ..brackets import get_format
from ..models import Entry, Stage, Tournament
from .rounds import problem_clear, progress
from .snapshot import touch, tournament_locked
from .standings import standings_store

Status = Tournament.Status


def late_entries_open(tournament: Tournament) -> bool:
    """Whether entries may still be added: before the start, and while the first stage runs
    if its format takes late entries (Swiss: the entry is drawn from the next round on).
    Elsewhere after the start: no."""
    if tournament.status == Status.REGISTRATION:
        return True
    if tournament.status == Status.FINISHED or tournament.stage != 1:
        return False
    first = Stage.objects.filter(tournament=tournament, number=1).values_list("format", flat=True)
    return any(get_format(name).takes_late_entries for name in first)


def _variant(tournament: Tournament) -> rules.Variant:
    return rules.get_variant(tournament.variant)


def _individual(tournament: Tournament) -> bool:
    """Whether the entries are single players (the only stage is a ``melee``)."""
    formats = list(Stage.objects.filter(tournament=tournament).values_list("format", flat=True))
    return len(formats) == 1 and get_format(formats[0]).individual


def _entry_body(tournament: Tournament, given: dict[str, Any]) -> dict[str, Any]:
    """An entry's fields as the API takes them: no ``players`` for a single player."""
    if _individual(tournament) and given.get("players") in (None, [given.get("name")]):
        given = {key: value for key, value in given.items() if key != "players"}
    return given


@transaction.atomic
def tournament_create(
    *,
    name: Any,
    variant: Any,
    stages: Any,
    options: Any = None,
    games_to_win: Any = None,
    hands_per_match: Any = None,
    round_minutes: Any = None,
    break_minutes: Any = None,
    tiebreaks: Any = None,
    bye_points: Any = None,
    auto_advance: Any = None,
    confirm_results: Any = None,
    at_time: Any = None,
    entries: Any = None,
) -> Tournament:
    given = {key: value for key, value in locals().items() if value is not None}
    spec = validation.tournament_input(given)
    tournament = Tournament.objects.create(
        name=spec.name,
        variant=spec.variant,
        options=spec.options,
        games_to_win=spec.games_to_win,
        hands_per_match=spec.hands_per_match,
        round_minutes=spec.round_minutes,
        break_minutes=spec.break_minutes,
        tiebreaks=list(spec.tiebreaks),
        bye_points=spec.bye_points,
        auto_advance=spec.auto_advance,
        confirm_results=spec.confirm_results,
        at_time=spec.at_time,
        next_entry=len(spec.entries) + 1,
    )
    Stage.objects.bulk_create(
        [
            Stage(
                tournament=tournament,
                number=number,
                format=stage.format,
                settings=dict(stage.settings),
                advance=stage.advance,
                seed=secrets.randbits(62),
            )
            for number, stage in enumerate(spec.stages, 1)
        ]
    )
    Entry.objects.bulk_create(
        [
            Entry(
                tournament=tournament,
                number=number,
                name=entry.name,
                players=list(entry.players),
                seed=entry.seed,
            )
            for number, entry in enumerate(spec.entries, 1)
        ]
    )
    standings_store(tournament)
    tournament.standings_version = tournament.version
    tournament.save(update_fields=["standings", "standings_version"])
    return tournament


def _entries_changed(tournament: Tournament, *fields: str) -> None:
    standings_store(tournament)
    touch(tournament, "standings", *fields, *problem_clear(tournament))


@transaction.atomic
def entry_add(*, tournament_id: Any, name: Any, players: Any, seed: Any = None) -> Entry:
    tournament = tournament_locked(tournament_id)
    spec = validation.entry_input(
        _entry_body(tournament, {"name": name, "players": players, "seed": seed}),
        _variant(tournament),
        individual=_individual(tournament),
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
        entries, _variant(tournament), individual=_individual(tournament)
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
) -> Entry:
    """Drop an entry out (``active`` false: never drawn again, its results stay) or bring it
    back; rename it; change its players or (before the start) its seed."""
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
                if players is None and not _individual(tournament)
                else players,
                "seed": entry.seed if seed is None else seed,
            },
        ),
        _variant(tournament),
        individual=_individual(tournament),
    )
    validation.check_unique([new], others, "")
    if new.seed != entry.seed and tournament.status != Status.REGISTRATION:
        raise MatchConflict(_("Seeds are fixed once the tournament has started."))
    entry.name, entry.players, entry.seed = new.name, list(new.players), new.seed
    if active is not None:
        entry.active = active
    entry.save(update_fields=["name", "players", "seed", "active"])
    _entries_changed(tournament)
    return entry


@transaction.atomic
def entry_remove(*, tournament_id: Any, number: int) -> None:
    tournament = tournament_locked(tournament_id)
    entry = tournament.entries.get(number=number)
    if tournament.status != Status.REGISTRATION:
        raise MatchConflict(_("Entries can be removed only before the start; drop it out instead."))
    entry.delete()
    _entries_changed(tournament)


@transaction.atomic
def tournament_start(*, tournament_id: Any) -> Tournament:
    tournament = tournament_locked(tournament_id)
    if tournament.status != Status.REGISTRATION:
        raise MatchConflict(_("The tournament has already started."))
    stages = list(tournament.stages.all())
    _check_playable(stages, _checked_in_only(tournament))
    tournament.status = Status.RUNNING
    tournament.stage = 1
    progress(tournament, force=True)
    return tournament


def _checked_in_only(tournament: Tournament) -> int:
    """Once the director has checked anyone in, the start drops out the active entries that
    are not checked in (nobody checked in: everyone plays). The number of entries that play;
    a refused start rolls the drop-outs back with the rest of the transaction."""
    active = tournament.entries.filter(active=True)
    if active.filter(checked_in=True).exists():
        active.filter(checked_in=False).update(active=False)
    return active.count()


def _check_playable(stages: Sequence[Stage], active: int) -> None:
    if active < 2:
        raise RuleViolation("entries", _("A tournament needs at least 2 active entries."))
    count = active
    for index, stage in enumerate(stages):
        fmt = get_format(stage.format)
        if stage.advance is not None:
            if stage.advance > count:
                raise RuleViolation(
                    f"stages.{index}.advance",
                    _("Only {count} entries play the first stage: advance cannot be larger."),
                    count=count,
                )
            count = stage.advance
        fmt.check(stage.settings, count, f"stages.{index}")
