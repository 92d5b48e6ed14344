"""Each pairing stores its table's shape (``brackets.shapes``), and a rated pairing its
teams' ranks (two or more teams) instead of an outcome of two teams.

The shape of the pairings already drawn follows from their stage: a ``melee`` stage seats
four players in two teams (``teams``) or, with ``seats: 5``, five players ranked by place
(``places``); every other format two entries (``two``); a pairing of one entry is a bye.
A rated pairing's outcome ``a``, ``b`` or ``draw`` becomes the ranks [1, 2], [2, 1] or
[1, 1]. A club player's name is as long as a player's name at a table (40).
"""

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

RANKS = {"a": [1, 2], "b": [2, 1], "draw": [1, 1]}
OUTCOMES = {tuple(ranks): outcome for outcome, ranks in RANKS.items()}
BLOCK = 2000


def shapes_from_stages(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Pairing = apps.get_model("tournaments", "Pairing")
    melee = Pairing.objects.filter(round__stage__format="melee")
    melee.update(shape="teams")  # (an exclude would miss the settings without seats)
    melee.filter(round__stage__settings__seats=5).update(shape="places")
    byes = [
        pk
        for pk, entries in Pairing.objects.filter(table__isnull=True).values_list("pk", "entries")
        if isinstance(entries, list) and len(entries) == 1
    ]
    for first in range(0, len(byes), BLOCK):
        Pairing.objects.filter(pk__in=byes[first : first + BLOCK]).update(shape="bye")


def shapes_forgotten(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    pass  # the column goes away with the step back


def ranks_from_outcomes(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    RatedPairing = apps.get_model("tournaments", "RatedPairing")
    for outcome, ranks in RANKS.items():
        RatedPairing.objects.filter(outcome=outcome).update(ranks=ranks)


def outcomes_from_ranks(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    RatedPairing = apps.get_model("tournaments", "RatedPairing")
    for outcome, ranks in RANKS.items():
        RatedPairing.objects.filter(ranks=ranks).update(outcome=outcome)
    # A pairing of more than two teams had no outcome before: the replay rates it again.
    RatedPairing.objects.filter(outcome="").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_ratings_without_key_checks"),
    ]

    operations = [
        migrations.AddField(
            model_name="pairing",
            name="shape",
            field=models.CharField(
                default="two",
                help_text="The table's shape (brackets.shapes): two, teams, places or bye.",
                max_length=16,
            ),
        ),
        migrations.RunPython(shapes_from_stages, shapes_forgotten, elidable=True),
        migrations.AddField(
            model_name="ratedpairing",
            name="ranks",
            field=models.JSONField(
                null=True, help_text="Each team's rank, 1 first; level teams share it."
            ),
        ),
        migrations.AlterField(
            model_name="ratedpairing",
            name="outcome",
            field=models.CharField(default="", help_text="a, b or draw", max_length=8),
        ),
        migrations.RunPython(ranks_from_outcomes, outcomes_from_ranks, elidable=True),
        migrations.AlterField(
            model_name="ratedpairing",
            name="ranks",
            field=models.JSONField(help_text="Each team's rank, 1 first; level teams share it."),
        ),
        migrations.RemoveField(
            model_name="ratedpairing",
            name="outcome",
        ),
        migrations.AlterField(
            model_name="ratedpairing",
            name="teams",
            field=models.JSONField(help_text="[[player_id, …], …]: each team's players."),
        ),
        migrations.AlterField(
            model_name="player",
            name="name",
            field=models.CharField(max_length=40),
        ),
    ]
