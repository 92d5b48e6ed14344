"""A round remembers when its advance was queued (``Round.advance_queued``): the clock's
tick queues no second advance while one is pending (it expires: a killed worker)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_shape_name_length"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="advance_queued",
            field=models.DateTimeField(
                blank=True,
                null=True,
                help_text="When its advance was queued: the clock queues none more until that "
                "one is done or, its worker killed, ADVANCE_PENDING has passed.",
            ),
        ),
    ]
