"""A table shape's name may be 32 characters (``vocabulary.SHAPE_NAME``): 16 cut a
test-only shape's name on PostgreSQL."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_table_shape"),
    ]

    operations = [
        migrations.AlterField(
            model_name="pairing",
            name="shape",
            field=models.CharField(
                default="two",
                help_text="The table's shape (brackets.shapes): two, teams, places or bye.",
                max_length=32,
            ),
        ),
    ]
