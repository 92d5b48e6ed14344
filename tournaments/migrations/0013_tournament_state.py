"""A tournament's version and stored standings move to a row of their own
(``TournamentState``): a result bumps the version there and never locks the tournament's
row, so results of one event do not queue behind each other nor behind the director."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

MOVED = ("version", "standings", "standings_version", "standings_queued", "standings_rest")


def copy_states(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Tournament = apps.get_model("tournaments", "Tournament")
    TournamentState = apps.get_model("tournaments", "TournamentState")
    rows = Tournament.objects.values_list("pk", *MOVED).iterator(chunk_size=500)
    batch = []
    for pk, *values in rows:
        batch.append(TournamentState(tournament_id=pk, **dict(zip(MOVED, values, strict=True))))
        if len(batch) >= 500:
            TournamentState.objects.bulk_create(batch)
            batch = []
    TournamentState.objects.bulk_create(batch)


def copy_back(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Tournament = apps.get_model("tournaments", "Tournament")
    TournamentState = apps.get_model("tournaments", "TournamentState")
    for state in TournamentState.objects.iterator(chunk_size=500):
        Tournament.objects.filter(pk=state.tournament_id).update(
            **{name: getattr(state, name) for name in MOVED}
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_round_advance_queued"),
    ]

    operations = [
        migrations.CreateModel(
            name="TournamentState",
            fields=[
                (
                    "tournament",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="state",
                        serialize=False,
                        to="tournaments.tournament",
                    ),
                ),
                (
                    "version",
                    models.PositiveIntegerField(default=1, help_text="Bumped on every change."),
                ),
                (
                    "standings",
                    models.JSONField(default=list, help_text="A copy: services rebuild it."),
                ),
                (
                    "standings_version",
                    models.PositiveIntegerField(
                        default=0, help_text="The version the stored standings were computed for."
                    ),
                ),
                (
                    "standings_queued",
                    models.BooleanField(
                        default=False, help_text="A refresh of the standings is queued."
                    ),
                ),
                (
                    "standings_rest",
                    models.DateTimeField(
                        blank=True,
                        null=True,
                        help_text="A large event's refresh rests until then (a few times what "
                        "it took): results meanwhile ask for none; the next one after it, or "
                        "the clock, does.",
                    ),
                ),
                (
                    "changed_at",
                    models.DateTimeField(auto_now=True, help_text="When the version last moved."),
                ),
            ],
        ),
        migrations.RunPython(copy_states, copy_back),
        *(migrations.RemoveField(model_name="tournament", name=name) for name in MOVED),
    ]
