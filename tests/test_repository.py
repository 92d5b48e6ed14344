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
    offending = {str(path.relative_to(ROOT)): sorted(name for name in imported(path)
                                                    if name.split(".")[0] in FORBIDDEN)
                 for path in modules(package)}
    assert {path: names for path, names in offending.items() if names} == {}


def test_the_check_sees_a_forbidden_import(tmp_path):
    module = tmp_path / "bad.py"
    module.write_text("import os\nfrom django.db import models\nimport celery.app as c\n")
    assert {"django.db", "celery.app"} <= imported(module)
