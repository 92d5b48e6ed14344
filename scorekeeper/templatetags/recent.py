"""What the phone keeps about a match for its home page's list of recent matches.

The match page writes the facts (each side's total, who won, when the match began) in a
JSON script inside its live summary; ``static/js/site.js`` stores them on the phone and the
home page words them in the language it is shown in.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import json_script
from django.utils.safestring import SafeString

from ..pages import sheet

register = template.Library()


@register.simple_tag(takes_context=True)
def recent_record(context: Any) -> SafeString:
    match = context["match"]
    record = {
        "sides": [[col.label, score] for col, score in context.get("totals") or []],
        "winner": sheet.winner_name(context["variant"], match, context["names"]),
        "finished": match["status"] == "finished",
        "created": match.get("created_at", ""),
    }
    return json_script(record, "recent-record")
