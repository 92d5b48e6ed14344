"""Loads every format module of the pairing engine, so that each registers itself in
``brackets.FORMATS`` (an adapter: the engine's package does not import its formats itself)."""

from __future__ import annotations

import importlib
import pkgutil

from . import brackets


def load() -> None:
    for module in pkgutil.iter_modules(brackets.__path__):
        importlib.import_module(f"{brackets.__name__}.{module.name}")


load()
