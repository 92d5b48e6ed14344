"""The one kind of error a player can fix, and the conflicts with a match's state.

A `RuleViolation` names the payload field at fault and says, in a sentence a player
understands, which rule the hand breaks. The web layer turns it into a form error or an
API ``400`` in one place. Its ``template`` and ``params`` let that layer translate the
sentence; ``message`` is the English text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _(text: str) -> str:
    """Mark an English sentence for translation without importing Django.

    ``makemessages`` collects the strings wrapped in ``_``; the web layer translates
    ``RuleViolation.template`` and then fills in its parameters.
    """
    return text


class MatchConflict(Exception):
    """The request does not fit the match's present state (answered 409): a stale hand
    number, nothing to undo, a finished match. Like a ``RuleViolation`` it keeps its English
    template and values, so the answer can be translated."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params) if params else template)


class RuleViolation(ValueError):
    """A hand, option or match set-up that the rules do not allow."""

    def __init__(self, field: str, template: str, **params: Any) -> None:
        self.field = field
        self.template = template
        self.params = params  # a parameter may be another violation, nested in this one
        self.message = self.render(lambda violation: violation.template)
        super().__init__(f"{field}: {self.message}")

    def render(
        self,
        translate: Callable[[RuleViolation], str],
        word: Callable[[str, Any], Any] | None = None,
    ) -> str:
        """The sentence, with ``translate`` choosing each (nested) violation's template and
        ``word(name, value)``, if given, the words put in it (a suit's name for its slug)."""
        values = {
            key: value.render(translate, word)
            if isinstance(value, RuleViolation)
            else word(key, value)
            if word
            else value
            for key, value in self.params.items()
        }
        template = translate(self)
        return template.format(**values) if values else template

    def prefixed(self, prefix: str) -> RuleViolation:
        """The same violation for a field nested under ``prefix`` (``claim.team``)."""
        return RuleViolation(
            f"{prefix}.{self.field}" if prefix else self.field, self.template, **self.params
        )
