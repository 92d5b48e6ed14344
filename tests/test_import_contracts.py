"""Every module of both apps has its place in a layer of the import contracts
(``[tool.importlinter]`` in pyproject.toml): a new module that no layer names is checked
by nothing, so it fails here (as an exhaustive contract's container fails lint-imports)."""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path

import scorekeeper
import tournaments

ROOT = Path(__file__).resolve().parent.parent


def _layered() -> tuple[set[str], set[str]]:
    """The modules the layers contracts name (with their submodules), and the containers."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    named, containers = set(), set()
    for contract in config["contracts"]:
        if contract["type"] != "layers":
            continue
        prefixes = [f"{c}." for c in contract.get("containers", [])] or [""]
        containers |= set(contract.get("containers", []))
        for layer in contract["layers"]:
            for part in layer.replace(":", "|").split("|"):
                named |= {prefix + part.strip() for prefix in prefixes}
    return named, containers


def _modules() -> list[str]:
    found = []
    for package in (scorekeeper, tournaments):
        found.append(package.__name__)
        found += [m.name for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")]
    return found


def test_every_module_of_both_apps_is_in_a_layer():
    named, containers = _layered()
    assert {"scorekeeper", "tournaments", "tournaments.services"} <= containers
    assert "tournaments.services.store" in named and "tournaments.nowhere" not in named
    unplaced = [
        module
        for module in _modules()
        if module not in containers
        and not any(module == n or module.startswith(f"{n}.") for n in named)
    ]
    assert unplaced == []
