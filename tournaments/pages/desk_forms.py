"""The desk's forms for the changes during the event: redraw, swap, undo the start, hold,
the director's result (no winner chosen in advance; a winner with fewer points than the
loser is asked to be confirmed), a forfeit, the removal of a director's result, and the
director's word on a result awaiting confirmation or disputed.

What cannot be undone (a redraw, a forfeit, undoing the start) asks for a ticked box that
says what will happen: it works without a script, on any phone. The services have the last
word on every value; these forms only read what was posted.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.pages import fields

from .. import validation
from ..brackets.shapes import Shape
from .forms import MAX_REASON, OutcomeField


class SureForm(forms.Form):
    """An action that cannot be undone: the box says what will happen."""

    sure = forms.BooleanField(
        required=True,
        error_messages={"required": _("Tick the box to confirm: this cannot be undone.")},
    )


class SwapForm(forms.Form):
    first = fields.WholeNumberField(min_value=1, required=True, label=_("Entry"))
    second = fields.WholeNumberField(min_value=1, required=True, label=_("Changes place with"))

    def entries(self) -> list[int]:
        return [self.cleaned_data["first"], self.cleaned_data["second"]]


class HoldForm(forms.Form):
    auto_advance = forms.BooleanField(required=False)


class SettingsForm(forms.Form):
    """What the tournament's PATCH allows during the event (``services.tournament_update``):
    the name, the hand limit, the clock's minutes, the confirmation by the other side, and
    the hold."""

    name = fields.TextField(limit=validation.MAX_TOURNAMENT_NAME, label=_("Name of the tournament"))
    hands_per_match = fields.WholeNumberField(label=_("Hands per match (empty: no limit)"))
    round_minutes = fields.WholeNumberField(label=_("Minutes per round (empty: no clock)"))
    break_minutes = fields.WholeNumberField(
        required=True, label=_("Minutes between the draw and the start of a round")
    )
    confirm_results = forms.BooleanField(required=False)
    hold = forms.BooleanField(required=False)

    def service_fields(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "hands_per_match": data["hands_per_match"],
            "round_minutes": data["round_minutes"],
            "break_minutes": data["break_minutes"],
            "confirm_results": data["confirm_results"],
            "auto_advance": not data["hold"],
        }


class ForfeitForm(SureForm):
    forfeit = fields.WholeNumberField(min_value=1, required=True, label=_("Did not play"))


class ConfirmForm(forms.Form):
    agree = forms.TypedChoiceField(
        choices=(("1", _("Confirm the result")), ("0", _("Dispute it"))),
        coerce=lambda value: value == "1",
    )
    note = fields.TextField(limit=MAX_REASON, label=_("Note"))


class DirectorResultForm(forms.Form):
    """No default: the director names the winner (or a draw); a winner with fewer points
    than the loser must be confirmed (a slip of the thumb stored 3–10 as a win for 3).

    An individual event's table of four: the winner is a team, named by either of its
    players, and the points are the two teams' (``teams`` order). A trionfo table (five
    entries): no winner, each player's final score (``points_0`` … ``points_4``, seat
    order); the places follow from them."""

    outcome = OutcomeField(required=False)
    points_0 = fields.WholeNumberField(empty=0)
    points_1 = fields.WholeNumberField(empty=0)
    points_2 = fields.WholeNumberField(empty=0)
    points_3 = fields.WholeNumberField(empty=0)
    points_4 = fields.WholeNumberField(empty=0)
    games_0 = fields.WholeNumberField(min_value=0)
    games_1 = fields.WholeNumberField(min_value=0)
    reason = fields.TextField(limit=MAX_REASON)
    fewer = forms.BooleanField(required=False)

    def __init__(self, *args: Any, entries: list[int], shape: Shape, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entries = entries
        self.shape = shape

    def _scores(self) -> int:
        """How many points are given: one per side (five at a trionfo table, else two)."""
        return len(self.shape.sides)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.shape.ranked_by == "points":
            return data  # the scores decide; no winner to check
        outcome = data.get("outcome")
        if outcome is None and "outcome" not in self.errors:
            self.add_error(
                "outcome",
                forms.ValidationError(
                    _("Choose the winner, or a draw: there is no default."), code="required"
                ),
            )
            return data
        if outcome is None or "points_0" not in data or "points_1" not in data:
            return data
        if outcome != "draw":
            if outcome not in self.entries:
                raise forms.ValidationError(_("Choose the winner, or a draw."), code="outcome")
            # a table of four: the side is the player's team (seats 0 and 2, 1 and 3)
            side = self.shape.side_named(self.entries, outcome)
            points = [data["points_0"], data["points_1"]]
            if points[side] < points[1 - side] and not data.get("fewer"):
                self.add_error(
                    "fewer",
                    forms.ValidationError(
                        _(
                            "The winner has fewer points than the loser: tick the box to "
                            "confirm, or choose the other winner."
                        ),
                        code="fewer",
                    ),
                )
        return data

    def service_fields(self) -> dict[str, Any]:
        data = self.cleaned_data
        count = self._scores()
        points = [data[f"points_{index}"] for index in range(count)]
        if self.shape.ranked_by == "points":
            return {"points": points, "reason": data.get("reason") or ""}
        draw = data["outcome"] == "draw"
        games = [data.get("games_0"), data.get("games_1")]
        return {
            "winner": None if draw else int(data["outcome"]),
            "draw": True if draw else None,
            "points": points,
            "games": None if None in games else games,
            "reason": data.get("reason") or "",
        }
