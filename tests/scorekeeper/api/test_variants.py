"""Variants as the API shows them: options with defaults, a JSON Schema of the hand."""

from __future__ import annotations

import jsonschema
import pytest

from scorekeeper import rules

SLUGS = [
    "tarneeb",
    "tarneeb_egyptian",
    "tarneeb_400",
    "tarneeb_41",
    "maraffa",
    "trionfo",
    "bazar_blot",
    "belote",
    "belote_2p",
    "coinche",
]


def test_every_registered_variant_is_listed(api):
    listed = api.get("/api/variants/").json()
    assert {v["slug"] for v in listed} == set(rules.VARIANTS)
    assert set(rules.VARIANTS) <= set(SLUGS)
    assert {"tarneeb", "tarneeb_egyptian", "tarneeb_400", "tarneeb_41"} <= set(rules.VARIANTS)


def test_tarneeb_as_the_contract_shows_it(api):
    tarneeb = api.get("/api/variants/tarneeb/").json()
    assert tarneeb["slug"] == "tarneeb" and tarneeb["name"] == "Tarneeb"
    assert tarneeb["family"] == "tarneeb" and tarneeb["players"] == 4
    assert tarneeb["teams"] == [[0, 2], [1, 3]]
    assert tarneeb["options"]["target"]["type"] == "integer"
    assert tarneeb["options"]["target"]["default"] == 41
    assert tarneeb["options"]["sweep"] == {
        "type": "choice",
        "default": "instant",
        "choices": ["instant", "instant_if_bid_13", "bonus"],
        "help": tarneeb["options"]["sweep"]["help"],
    }
    schema = tarneeb["hand_schema"]
    jsonschema.Draft202012Validator.check_schema(schema)


def test_unknown_variant_is_404(api):
    assert api.get("/api/variants/whist/").status_code == 404


@pytest.mark.parametrize("slug", sorted(rules.VARIANTS))
def test_hand_schema_is_valid_json_schema_and_agrees_with_the_engine(api, slug):
    variant = api.get(f"/api/variants/{slug}/").json()
    schema = variant["hand_schema"]
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert not validator.is_valid({"no_such_field": 1})
    assert not validator.is_valid([])
    for name, option in variant["options"].items():
        assert "default" in option and option["type"] in {"integer", "boolean", "choice"}, name
        if option["type"] == "choice":
            assert option["default"] in option["choices"]
