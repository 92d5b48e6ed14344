"""Players' names isolated from the text around them (``<bdi>``).

An Arabic name on an English page (or a Latin one on an Arabic page) would otherwise pull
the numbers and punctuation beside it into its own direction: "رامي 12 · Sara 8" can read
as "12 رامي". ``{{ name|bdi }}`` isolates one name; ``{{ sentence|isolate_names:names }}``
isolates every name of the match inside a sentence built in Python ("Rami deals hand 3.").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe

from scorekeeper import words

register = template.Library()


@register.filter
def bdi(value: Any) -> SafeString:
    return mark_safe(f"<bdi>{conditional_escape(value)}</bdi>")


@register.filter
def bdi_join(values: Iterable[Any], separator: str = " · ") -> SafeString:
    """``players|bdi_join``: each name isolated, joined by the separator."""
    return mark_safe(conditional_escape(separator).join(bdi(value) for value in values or ()))


def _players(names: Any) -> list[str]:
    """The players' names, and a tournament's team names when the match has them."""
    labels = getattr(names, "labels", None) or ()
    players = [*getattr(names, "players", names or ()), *labels]
    return [str(name) for name in players if str(name).strip()]


@register.filter
def isolate_names(text: Any, names: Any) -> SafeString:
    """The text escaped, each of the match's names in it wrapped in ``<bdi>`` (longest
    first, so "Ali" inside "Ali Reza" is not cut out; never inside a word or an entity)."""
    escaped = conditional_escape(text)
    players = sorted(set(_players(names)), key=len, reverse=True)
    if not players:
        return escaped
    pattern = "|".join(re.escape(escape(name)) for name in players)
    found = re.compile(rf"(?<![\w&#])(?:{pattern})(?!\w)")
    return mark_safe(found.sub(lambda m: f"<bdi>{m.group(0)}</bdi>", str(escaped)))


@register.filter
def scores(values: Iterable[Any], separator: str = " – ") -> SafeString:
    """``points|scores``: each number isolated left to right (``<bdi dir="ltr">``), in the
    order of the names beside them: on a right-to-left page the first score stands on the
    right, under the first name (never "0 – 162" read the other way round); a negative one
    with a true minus sign on its left ("16 – −7", never "16 – -7" or "7- – 16")."""
    return mark_safe(
        conditional_escape(separator).join(
            f'<bdi dir="ltr">{conditional_escape(words.with_minus(value))}</bdi>'
            for value in values or ()
        )
    )


@register.filter
def commas(values: Iterable[Any]) -> str:
    """``players|commas``: the names joined by the language's own comma ("Anne, Bruno";
    Arabic and Persian "سامي، ليلى")."""
    return words.comma_list(values)


@register.filter
def partners(values: Iterable[Any]) -> SafeString:
    """``team|partners``: an individual event's team, each name isolated, joined by "&", in
    one box (a line breaks between the teams, not between partners)."""
    return mark_safe(f'<span class="team">{bdi_join(values, " & ")}</span>')


@register.filter
def link(value: Any, url: str) -> SafeString:
    """``name|link:url``: the name isolated, as a link (a sentence's name placeholder that
    leads to that player's page, without markup in the sentence)."""
    return format_html('<a href="{}">{}</a>', url, bdi(value))
