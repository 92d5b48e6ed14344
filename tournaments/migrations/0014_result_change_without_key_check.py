"""The audit's rows keep their tournament without a foreign key constraint in the database:
its check at the commit took a share lock on the tournament's row, so a result waited for a
director's write holding that row."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_tournament_state"),
    ]

    operations = [
        migrations.AlterField(
            model_name="resultchange",
            name="tournament",
            field=models.ForeignKey(
                db_constraint=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="result_changes",
                to="tournaments.tournament",
            ),
        ),
    ]
