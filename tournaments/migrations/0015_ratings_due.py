"""Each change of a club's results leaves a row until a rating update follows it: a
correction whose re-rating was lost is found by the clock and shown on the desks."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_result_change_without_key_check"),
    ]

    operations = [
        migrations.CreateModel(
            name="RatingsDue",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "since",
                    models.DateTimeField(
                        help_text="The first finished stamp the change may touch."
                    ),
                ),
                ("created_at", models.DateTimeField(help_text="When the change was stored.")),
                (
                    "club",
                    models.ForeignKey(
                        db_constraint=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings_due",
                        to="tournaments.club",
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        db_constraint=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings_due",
                        to="tournaments.tournament",
                    ),
                ),
            ],
            options={
                "ordering": ["created_at", "id"],
                "indexes": [
                    models.Index(fields=["created_at"], name="tournaments_created_232068_idx")
                ],
            },
        ),
    ]
