"""The pure packages import no web framework and no task queue (parsed, not imported)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE = ["scorekeeper/rules", "tournaments/brackets"]
FORBIDDEN = {"django", "rest_framework", "celery"}


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", PURE)
def test_pure_packages_import_no_framework(package):
    assert modules(package), f"{package} has no modules"
    offending = {
        str(path.relative_to(ROOT)): sorted(
            name for name in imported(path) if name.split(".")[0] in FORBIDDEN
        )
        for path in modules(package)
    }
    assert {path: names for path, names in offending.items() if names} == {}


def test_the_check_sees_a_forbidden_import(tmp_path):
    module = tmp_path / "bad.py"
    module.write_text("import os\nfrom django.db import models\nimport celery.app as c\n")
    assert {"django.db", "celery.app"} <= imported(module)


def resolved_imports(path: Path, source: str | None = None) -> set[str]:
    """Every module ``path`` imports (or ``source``, as if it were that file), relative
    imports resolved to absolute names."""
    package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
    text = path.read_text(encoding="utf-8") if source is None else source
    names: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names.add(module)
            names |= {f"{module}.{alias.name}" for alias in node.names}
    return names


# (package, what it must never import): the two adapters of each app are siblings, and
# scorekeeper never depends on tournaments.
SEPARATE = [
    ("scorekeeper/pages", ("scorekeeper.api", "tournaments")),
    ("scorekeeper/api", ("scorekeeper.pages", "tournaments")),
    ("scorekeeper", ("tournaments",)),
    ("tournaments/pages", ("tournaments.api", "scorekeeper.api")),
    ("tournaments/api", ("tournaments.pages", "scorekeeper.pages")),
]


@pytest.mark.parametrize(("package", "forbidden"), SEPARATE)
def test_the_adapters_are_siblings(package, forbidden):
    offending = {
        str(path.relative_to(ROOT)): sorted(
            name
            for name in resolved_imports(path)
            if any(name == f or name.startswith(f + ".") for f in forbidden)
        )
        for path in modules(package)
    }
    assert {path: names for path, names in offending.items() if names} == {}


def test_relative_imports_are_resolved():
    views = ROOT / "scorekeeper" / "pages" / "views.py"
    assert "scorekeeper.api.views" in resolved_imports(views, "from ..api import views\n")
    assert "scorekeeper.api.schema" in resolved_imports(views, "from ..api.schema import X\n")
    assert "tournaments.api" in resolved_imports(views, "import tournaments.api\n")
