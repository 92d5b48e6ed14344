"""``bench/results.json``: every benchmark's figures as ``{"name": value}`` (seconds, or a
ratio), each script updating its own keys and keeping the others'."""

from __future__ import annotations

import json
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results.json"


def record(figures: dict[str, float], path: Path = RESULTS) -> dict[str, float]:
    """Merge these figures into the file (read it if it exists, write it back, keys sorted)."""
    current = json.loads(path.read_text()) if path.exists() else {}
    current.update(figures)
    path.write_text(json.dumps(current, indent=2, sort_keys=True) + "\n")
    return current
