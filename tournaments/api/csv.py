"""CSV exports (``../shared/clubs.md``: Exports): UTF-8 with a byte-order mark, so a
spreadsheet opens Arabic and Persian right, and a header row in the request's language.
Every cell goes through ``spreadsheet.cell``: text a spreadsheet would take for a formula is
written with a leading ``'``; the rows given here are plain values."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext
from rest_framework.renderers import BaseRenderer, JSONRenderer

from .. import selectors, spreadsheet
from ..brackets import standings as bracket_standings


class CsvRenderer(BaseRenderer):
    """Lets ``?format=csv`` through DRF's negotiation; the views answer the CSV themselves
    (an error's body, rendered here, is left empty)."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self, data: Any, accepted_media_type: Any = None, renderer_context: Any = None
    ) -> bytes:
        return data if isinstance(data, bytes) else b""


RENDERERS = [JSONRenderer, CsvRenderer]


def wants_csv(request: Any) -> bool:
    return getattr(request.accepted_renderer, "format", None) == "csv"


def csv_response(
    header: Sequence[str], rows: Iterable[Sequence[Any]], filename: str
) -> HttpResponse:
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out)
    writer.writerow([spreadsheet.cell(word) for word in header])
    writer.writerows([spreadsheet.cell(value) for value in row] for row in rows)
    response = HttpResponse(out.getvalue().encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def standings_csv(rows: list[dict[str, Any]]) -> HttpResponse:
    """A tournament's standings as CSV (``standings/?format=csv``)."""
    metrics = list(bracket_standings.METRICS)
    header = [gettext("Rank"), gettext("Entry"), gettext("Name")]
    header += [selectors.tiebreak_word(key) for key in metrics] + [gettext("Why")]
    return csv_response(
        header,
        (
            [row["rank"], row["entry"], row["name"], *(row[k] for k in metrics), row["why"]]
            for row in rows
        ),
        "standings.csv",
    )
