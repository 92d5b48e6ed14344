"""A tournament created: its stages and entries as the body declares them, stored at once
(the first standings, every entry at zero). Club tournaments are created through here too
(``clubs.club_tournament_create``)."""

from __future__ import annotations

import secrets

from django.db import transaction

from .. import validation
from ..models import Entry, Stage, Tournament
from .standings import standings_store


@transaction.atomic
def tournament_create(spec: validation.TournamentInput) -> Tournament:
    """The tournament ``spec`` declares (``validation.tournament_input`` or
    ``tournament_spec`` built it, every field checked), stored with its stages, its
    entries and its first standings."""
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
