"""A bracket drawn as SVG on the server: a column per round, a box per pairing (two names
and their points), lines from each pair of boxes to the box their winners meet in."""

from __future__ import annotations

from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

BOX_W, BOX_H, GAP_X, GAP_Y, HEAD = 220, 56, 40, 16, 28


def _side(side: dict[str, Any] | None, x: int, y: int) -> str:
    if side is None:
        return ""
    css = "won" if side["won"] else "side"
    points = "" if side["points"] is None else escape(str(side["points"]))
    return (
        f'<text class="{css}" x="{x + 8}" y="{y}">{escape(side["name"][:24])}</text>'
        f'<text class="{css} pts" x="{x + BOX_W - 8}" y="{y}" '
        f'text-anchor="end">{points}</text>'
    )


def _box(pairing: dict[str, Any], x: int, y: int, bye: str) -> str:
    sides = pairing["sides"] + [None] * (2 - len(pairing["sides"]))
    if pairing.get("bye"):  # one entry, no match: no points, the word instead
        sides = [
            {**sides[0], "points": None, "won": False},
            {"name": bye, "points": None, "won": False},
        ]
    label = " – ".join(s["name"] for s in pairing["sides"])
    return (
        f'<g class="pairing"><title>{escape(label)}</title>'
        f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="6"/>'
        f'<line class="mid" x1="{x}" y1="{y + BOX_H // 2}" x2="{x + BOX_W}" '
        f'y2="{y + BOX_H // 2}"/>'
        + _side(sides[0], x, y + 20)
        + _side(sides[1], x, y + 48)
        + "</g>"
    )


def svg(columns: list[dict[str, Any]], title: str, bye: str) -> SafeString:
    """The bracket's columns (rounds, each with its ``pairings`` rows) as one SVG."""
    rows = max((len(c["pairings"]) for c in columns), default=1)
    height = HEAD + rows * (BOX_H + GAP_Y)
    width = len(columns) * (BOX_W + GAP_X)
    parts = [
        f'<svg class="bracket" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}">'
        f"<title>{escape(title)}</title>"
    ]
    previous: list[int] = []
    for index, column in enumerate(columns):
        x = index * (BOX_W + GAP_X)
        count = len(column["pairings"]) or 1
        step = (height - HEAD) / count
        parts.append(
            f'<text class="head" x="{x + BOX_W // 2}" y="18" '
            f'text-anchor="middle">{escape(column["name"])}</text>'
        )
        centres = []
        for row, pairing in enumerate(column["pairings"]):
            y = int(HEAD + row * step + (step - BOX_H) / 2)
            centres.append(y + BOX_H // 2)
            parts.append(_box(pairing, x, y, bye))
            feeders = previous[2 * row : 2 * row + 2] if len(previous) == 2 * count else []
            for feeder in feeders:
                parts.append(
                    f'<path class="link" d="M{x - GAP_X} {feeder} H{x - GAP_X // 2} '
                    f'V{y + BOX_H // 2} H{x}"/>'
                )
        previous = centres
    parts.append("</svg>")
    return mark_safe("".join(parts))
