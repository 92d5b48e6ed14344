"""Fixtures shared by the services' tests."""

from __future__ import annotations

from typing import Any

import pytest

from tournaments.services import enqueue


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """The tasks sent (recorded, not run): what the worker does after the commit is left
    out."""
    recorded: list[tuple[Any, ...]] = []

    def record(name: str, *args: Any) -> bool:
        recorded.append((name, *args))
        return True

    monkeypatch.setattr(enqueue, "send", record)
    return recorded
