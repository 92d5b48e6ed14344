"""The set-up page's Django form, generated from the variant's declared options."""

from __future__ import annotations

from django.http import QueryDict

from scorekeeper.pages.matchsetup import MatchSetupForm
from scorekeeper.rules import find_variant


def posted(text: str) -> QueryDict:
    return QueryDict(text)


def test_each_declared_option_is_a_field_and_unposted_options_keep_their_defaults():
    variant = find_variant("tarneeb")
    form = MatchSetupForm(variant, posted("player-0=Rami&player-1=Sara%00"))
    assert {f"option-{option.name}" for option in variant.options} <= set(form.fields)
    assert form.is_valid()
    assert form.options() == {option.name: option.default for option in variant.options}
    assert form.players() == ["Rami", "Sara", "", ""]  # the NUL is dropped, never stored


def test_values_are_cleaned_into_the_options_types_and_errors_named_by_option():
    form = MatchSetupForm(
        find_variant("tarneeb"),
        posted("option-target=abc&option-no_trump=on&option-sweep=nonsense&games_to_win=7"),
    )
    assert not form.is_valid()
    assert form.option_errors() == {
        "target": "Give a whole number.",
        "sweep": "Choose one of the buttons.",
    }
    assert form.options()["no_trump"] is True
    assert form.cleaned_data["games_to_win"] == 1  # a tampered radio falls back to the default


def test_a_number_out_of_range_says_the_range():
    form = MatchSetupForm(find_variant("tarneeb"), posted("option-target=0"))
    assert not form.is_valid()
    assert form.option_errors()["target"].startswith("Must be a whole number from ")
