"""A bracket drawn as SVG on the server: a column per round, a box per pairing (two names
and their points), lines from each pair of boxes to the box their winners meet in.

In a right-to-left page (Arabic, Persian) the drawing is mirrored by placing, not by a
transform: the first round is the rightmost column, each name starts at its box's right
edge and the points sit at the left, so the glyphs themselves are never mirrored.
"""

from __future__ import annotations

from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from scorekeeper import words

BOX_W, BOX_H, GAP_X, GAP_Y, HEAD = 220, 56, 40, 16, 28


def _side(side: dict[str, Any] | None, x: int, y: int, rtl: bool) -> str:
    """A side's name from the box's start edge (its right edge in RTL), its points at the
    other. The SVG is always ``direction="ltr"`` and each anchor says which end of the text
    sits at ``x``: Chromium does not read ``text-anchor`` in an inherited right-to-left
    direction, so names would run out of their boxes. The names' own letters still run right
    to left (the Unicode bidirectional algorithm)."""
    if side is None:
        return ""
    css = "won" if side["won"] else "side"
    points: str = escape(words.with_minus(side["points"]))  # a true minus sign; "" for none
    if side.get("games") is not None:  # best of three: the games, the points beside smaller
        small = f'<tspan class="games-points" font-size="0.7em">({points})</tspan>'
        games = f'<tspan class="games">{side["games"]}</tspan>'
        points = f"{small} {games}" if rtl else f"{games} {small}"
    left, right = x + 8, x + BOX_W - 8
    name_at, name_anchor, points_at, points_anchor = (
        (right, "end", left, "start") if rtl else (left, "start", right, "end")
    )
    return (
        f'<text class="{css}" x="{name_at}" y="{y}" '
        f'text-anchor="{name_anchor}">{escape(side["name"][:24])}</text>'
        f'<text class="{css} pts" x="{points_at}" y="{y}" '
        f'text-anchor="{points_anchor}">{points}</text>'
    )


def _box(pairing: dict[str, Any], x: int, y: int, bye: str, rtl: bool) -> str:
    sides = pairing["sides"]
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
        + _side(sides[0], x, y + 20, rtl)
        + _side(sides[1], x, y + 48, rtl)
        + "</g>"
    )


def svg(columns: list[dict[str, Any]], title: str, bye: str, *, rtl: bool = False) -> SafeString:
    """The bracket's columns (rounds, each with its ``pairings`` rows) as one SVG; ``rtl``:
    rounds progress from right to left."""
    rows = max((len(c["pairings"]) for c in columns), default=1)
    height = HEAD + rows * (BOX_H + GAP_Y)
    width = len(columns) * (BOX_W + GAP_X)
    parts = [
        f'<svg class="bracket" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'direction="ltr" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}"><title>{escape(title)}</title>'
    ]
    previous: list[int] = []
    for index, column in enumerate(columns):
        x = _column_x(index, len(columns), rtl)
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
            parts.append(_box(pairing, x, y, bye, rtl))
            feeders = previous[2 * row : 2 * row + 2] if len(previous) == 2 * count else []
            parts.extend(_link(x, feeder, y + BOX_H // 2, rtl) for feeder in feeders)
        previous = centres
    parts.append("</svg>")
    return mark_safe("".join(parts))


def _column_x(index: int, count: int, rtl: bool) -> int:
    return (count - 1 - index if rtl else index) * (BOX_W + GAP_X)


def _link(x: int, feeder: int, centre: int, rtl: bool) -> str:
    """From the previous round's box (left of ``x``, or right of the box in RTL) to this one."""
    if rtl:
        edge = x + BOX_W
        return (
            f'<path class="link" d="M{edge + GAP_X} {feeder} H{edge + GAP_X // 2} '
            f'V{centre} H{edge}"/>'
        )
    return f'<path class="link" d="M{x - GAP_X} {feeder} H{x - GAP_X // 2} V{centre} H{x}"/>'
