"""Small template filters for the score sheet."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html

from scorekeeper import words

register = template.Library()


@register.filter
def minus(value: Any) -> str:
    """A score with a true minus sign (−9), as typeset; others unchanged."""
    return words.with_minus(value)


@register.filter
def number(value: Any) -> str:
    """A table cell's number in a page of either direction: a negative one with a true
    minus sign, isolated left to right so that the sign stays on its left (−66, not 66−, in
    Arabic and Persian); others as they are."""
    if isinstance(value, int | float) and value < 0:
        return format_html('<bdi dir="ltr">{}</bdi>', minus(value))
    return minus(value)


@register.filter
def signed(value: Any) -> str:
    """A hand's points with their sign: +8, −9 (a true minus sign), 0."""
    return f"+{value}" if isinstance(value, int) and value > 0 else minus(value)


@register.filter
def at(sequence: Any, index: Any) -> Any:
    """``sequence|at:index``, or nothing when there is no such item."""
    try:
        return sequence[index]
    except (IndexError, KeyError, TypeError):
        return None


@register.simple_tag(takes_context=True)
def match_panels(context: template.Context, match: dict[str, Any], live: bool = False) -> str:
    """The panels other apps registered for the match page (``pages/extensions.py``).
    ``live``: in the live parts swapped in after a hand (``match_live.html``), each panel
    renders with ``oob`` set, as an out-of-band swap of its content (its "1 of 2 hands"
    moves with the hand, not on its own poll)."""
    from django.template.loader import render_to_string
    from django.utils.safestring import mark_safe

    from scorekeeper.pages import extensions

    request = context.get("request")
    html = [
        render_to_string(name, {**data, "oob": live}, request=request)
        for name, data in extensions.panels(match)
    ]
    return mark_safe("".join(html))
