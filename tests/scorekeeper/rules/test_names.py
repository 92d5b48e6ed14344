"""Names: NFC, no control, bidi-override or stray zero-width characters (pure, no database)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.rules import RuleViolation
from scorekeeper.rules.match import make_table
from scorekeeper.rules.names import Name, clean_name

TARNEEB = rules.find_variant("tarneeb")


def test_a_name_is_stored_nfc_and_stripped() -> None:
    assert clean_name("  Rene\u0301 ", "players") == "Ren\u00e9"


@pytest.mark.parametrize(
    "name", ["Ra\u202emi", "\u2066Sara", "Om\u2069ar", "Li\u202ana", "Ra\u202dmi"]
)
def test_bidi_overrides_are_refused_with_a_clear_message(name: str) -> None:
    with pytest.raises(RuleViolation, match="direction of the text") as error:
        clean_name(name, "players")
    assert error.value.field == "players"


@pytest.mark.parametrize("name", ["Ra\nmi", "Sa\tra", "Om\x00ar", "Li\x7fna", "Ra\u2028mi"])
def test_control_characters_are_refused(name: str) -> None:
    with pytest.raises(RuleViolation, match="control characters"):
        clean_name(name, "teams")


@pytest.mark.parametrize("name", ["Ra\u200bmi", "Sa\ufeffra", "Om\u2060ar"])
def test_zero_width_characters_are_refused(name: str) -> None:
    with pytest.raises(RuleViolation, match="zero-width"):
        clean_name(name, "players")


@pytest.mark.parametrize(
    "name",
    [
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian
        "\U0001f468\u200d\U0001f469\u200d\U0001f467",
    ],
)  # family emoji
def test_zwnj_and_zwj_are_kept(name: str) -> None:
    assert clean_name(name, "players") == name


@pytest.mark.parametrize("name", ["\u200d", "\u200c\u200c", "\u0301"])
def test_a_name_needs_something_visible(name: str) -> None:
    with pytest.raises(RuleViolation, match="at least one letter"):
        clean_name(name, "players")


def test_names_equal_after_normalisation_are_the_same_player() -> None:
    with pytest.raises(RuleViolation, match="there twice"):
        make_table(TARNEEB, ["Ren\u00e9", "Rene\u0301", "Omar", "Lina"])


def test_the_table_keeps_the_normalised_names() -> None:
    table = make_table(TARNEEB, ["Rene\u0301", "Sara", "Omar", "Lina"])
    assert table.players[0] == "Ren\u00e9"


@given(st.text(max_size=60))
def test_clean_name_is_total_and_its_result_is_clean(value: str) -> None:
    try:
        name = clean_name(value, "players")
    except RuleViolation:
        return
    assert name == unicodedata.normalize("NFC", name) == name.strip()
    assert 0 < len(name) <= 40
    assert not any(unicodedata.category(c) == "Cc" for c in name)


def test_an_empty_name_is_required() -> None:
    with pytest.raises(RuleViolation, match="A name is required") as error:
        clean_name("   ", "entries[2].name")
    assert error.value.field == "entries[2].name"


def test_the_declared_name_field_is_the_same_rule() -> None:
    field = Name("name", max_length=5)
    assert field.clean("Rene\u0301") == "Ren\u00e9"
    with pytest.raises(RuleViolation, match="at most 5"):
        field.clean("Renée!")
    with pytest.raises(RuleViolation, match="direction of the text") as error:
        field.clean("Re\u202ene")
    assert error.value.field == "name"
    assert field.json_schema() == {"type": "string", "minLength": 1, "maxLength": 5}


def test_only_trionfo_is_kept_out_of_team_tournaments() -> None:
    out = [slug for slug, v in rules.VARIANTS.items() if not v.team_tournaments]
    assert out == ["trionfo"]
    assert all(v.teams for v in rules.VARIANTS.values() if v.team_tournaments)
