"""Each fact of a tournament's input declared once (``validation.TOURNAMENT`` and
``ENTRY``): the published schema, the models and the desk's creation form agree with it,
every field, every limit."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.rules.fields import Bool, Choice, Field, Int
from scorekeeper.rules.limits import AT_TIME
from scorekeeper.rules.names import Name
from tournaments import validation
from tournaments.brackets import FORMATS
from tournaments.brackets.standings import DEFAULT_TIEBREAKS, TIEBREAKS
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def components() -> dict[str, Any]:
    return Client().get("/api/schema/?format=json").json()["components"]["schemas"]


def _resolved(prop: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    """A property with its ``$ref``/``allOf`` enum read in."""
    ref = prop.get("$ref") or next((p["$ref"] for p in prop.get("allOf", ())), None)
    if ref:
        return {**prop, **components[ref.rsplit("/", 1)[1]]}
    return prop


def _agrees(field: Field, prop: dict[str, Any]) -> None:
    types = prop.get("type")
    nullable = "null" in types if isinstance(types, list) else prop.get("nullable", False)
    assert nullable == field.nullable, field.name
    if isinstance(field, Name):
        assert (prop["maxLength"], prop["minLength"]) == (field.max_length, 1), field.name
    elif isinstance(field, Int):
        assert (prop["minimum"], prop["maximum"]) == (field.min, field.max), field.name
    elif isinstance(field, Bool):
        assert prop["type"] == "boolean", field.name
    elif isinstance(field, Choice):
        assert prop["enum"] == list(field.choices), field.name
    if not field.required and field.default is not None:
        default = field.default
        assert prop["default"] == (list(default) if isinstance(default, tuple) else default)


@pytest.mark.parametrize(
    ("component", "declaration"),
    [("TournamentCreateBody", validation.TOURNAMENT), ("Entry", validation.ENTRY)],
)
def test_the_schema_is_the_declaration(components, component, declaration):
    schema = components[component]
    given = {name for name, p in schema["properties"].items() if not p.get("readOnly")}
    assert given == {f.name for f in declaration}
    required = set(schema.get("required", ())) & given
    assert required == {f.name for f in declaration if f.required}
    for field in declaration:
        _agrees(field, _resolved(schema["properties"][field.name], components))


def test_the_schemas_composite_fields_are_the_declarations(components):
    create = components["TournamentCreateBody"]["properties"]
    assert _resolved(create["tiebreaks"]["items"], components)["enum"] == list(TIEBREAKS)
    assert create["tiebreaks"]["default"] == list(DEFAULT_TIEBREAKS)
    stage = components["Stage"]["properties"]
    assert _resolved(stage["format"], components)["enum"] == list(FORMATS)
    players = components["Entry"]["properties"]["players"]["items"]
    assert players["maxLength"] == validation.MAX_PLAYER_NAME
    patch = components["PatchedEntryPatchBody"]["properties"]
    for field in validation.ENTRY:  # a patch: the same fields, none required
        _agrees(field, _resolved(patch[field.name], components))


def test_the_models_hold_what_the_declaration_lets_in():
    assert Tournament._meta.get_field("name").max_length == validation.MAX_TOURNAMENT_NAME
    assert Entry._meta.get_field("name").max_length == validation.MAX_ENTRY_NAME
    declared = {f.name: f for f in validation.TOURNAMENT}
    assert Tournament._meta.get_field("at_time").default == declared["at_time"].default
    for name in ("break_minutes", "bye_points", "auto_advance"):
        assert Tournament._meta.get_field(name).default == declared[name].default, name
    longest = max(len(choice) for choice in AT_TIME)
    assert Tournament._meta.get_field("at_time").max_length >= longest


def test_the_rules_take_the_declared_games_to_win():
    declared = next(f for f in validation.TOURNAMENT if f.name == "games_to_win")
    variant = rules.get_variant("belote")
    taken = []
    for games in range(declared.min - 1, declared.max + 2):
        try:
            rules.make_table(variant, ["a", "b", "c", "d"], None, games)
            taken.append(games)
        except rules.RuleViolation:
            pass
    assert taken == list(range(declared.min, declared.max + 1))


def test_the_desk_creation_form_has_the_declared_limits(client):
    page = client.get("/tournaments/new/belote/").content.decode()
    declared = {f.name: f for f in validation.TOURNAMENT}
    name = re.search(r'<input [^>]*name="name"[^>]*>', page)[0]
    assert f'maxlength="{declared["name"].max_length}"' in name
    for field in validation.TOURNAMENT:
        found = re.search(rf'<input [^>]*name="{field.name}"[^>]*>', page)
        if isinstance(field, Int) and found and 'type="number"' in found[0]:
            assert f'min="{field.min}"' in found[0], field.name
    assert tuple(re.findall(r'name="at_time" value="(\w+)"', page)) == declared["at_time"].choices
    games = set(re.findall(r'name="games_to_win" value="(\d)"', page))
    assert games <= {str(n) for n in range(1, declared["games_to_win"].max + 1)}


def test_the_desk_offers_the_declared_variants(client):
    page = client.get("/tournaments/new/").content.decode()
    offered = tuple(re.findall(r'href="/tournaments/new/(\w+)/"', page))
    # the team variants, then trionfo (played only as an individual event, format melee)
    assert offered == (*validation.team_variants(), *sorted(validation.INDIVIDUAL_ONLY))


def test_melee_is_served_with_its_seats_from_the_variant():
    """An individual event (issue 21): four seats in a partnership variant, five in
    trionfo (whatever ``seats`` is given); refused in belote for two and as a second stage."""
    belote, trionfo = rules.get_variant("belote"), rules.get_variant("trionfo")
    (four,) = validation.stages_input([{"format": "melee", "rounds": 5, "seats": 5}], belote)
    assert (four.format, four.settings["seats"]) == ("melee", 4)
    (five,) = validation.stages_input([{"format": "melee", "rounds": 2}], trionfo)
    assert five.settings["seats"] == 5
    with pytest.raises(rules.RuleViolation) as refused:
        validation.stages_input([{"format": "melee", "rounds": 5}], rules.get_variant("belote_2p"))
    assert refused.value.field == "stages.0.format"
    second = [{"format": "swiss", "rounds": 3}, {"format": "melee", "rounds": 2, "advance": 4}]
    with pytest.raises(rules.RuleViolation) as refused:
        validation.stages_input(second, belote)
    assert refused.value.field == "stages.1.format"


def test_an_individual_events_entry_is_one_player_named_by_its_name():
    belote = rules.get_variant("belote")
    (entry,) = validation.entries_input([{"name": "Anna", "seed": 1}], belote, individual=True)
    assert (entry.name, entry.players, entry.seed) == ("Anna", ("Anna",), 1)
    with pytest.raises(rules.RuleViolation) as refused:
        validation.entries_input([{"name": "Anna", "players": ["A", "B"]}], belote, individual=True)
    assert refused.value.field == "entries[0].players"
