"""Each rated pairing keeps its players' ratings after it; ``RatingPoint`` goes."""

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def fill_after(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    rated_pairing = apps.get_model("tournaments", "RatedPairing")
    rating_point = apps.get_model("tournaments", "RatingPoint")
    for rated in rated_pairing.objects.all().iterator():
        points = {
            player: (mu, sigma)
            for player, mu, sigma in rating_point.objects.filter(
                club_id=rated.club_id, position=rated.position
            ).values_list("player_id", "mu", "sigma")
        }
        rated.after = [
            [player, *points[player]] for team in rated.teams for player in team if player in points
        ]
        rated.save(update_fields=["after"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0006_table_code")]

    operations = [
        migrations.AddField(
            model_name="ratedpairing",
            name="after",
            field=models.JSONField(default=list, help_text="[[player_id, mu, sigma], …]"),
        ),
        migrations.RunPython(fill_after, migrations.RunPython.noop),
        migrations.DeleteModel(name="RatingPoint"),
    ]
