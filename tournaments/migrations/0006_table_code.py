"""A short code per table key, typed by hand at /t/ when the QR cannot be scanned."""

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

import tournaments.models


def fill_codes(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    table_key = apps.get_model("tournaments", "TableKey")
    used: set[str] = set()
    for row in table_key.objects.all().only("pk"):
        code = tournaments.models.new_table_code()
        while code in used:
            code = tournaments.models.new_table_code()
        used.add(code)
        table_key.objects.filter(pk=row.pk).update(code=code)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0005_desk")]

    operations = [
        migrations.AddField(
            model_name="tablekey",
            name="code",
            field=models.CharField(editable=False, max_length=8, null=True),
        ),
        migrations.RunPython(fill_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tablekey",
            name="code",
            field=models.CharField(
                default=tournaments.models.new_table_code,
                editable=False,
                max_length=8,
                unique=True,
            ),
        ),
    ]
