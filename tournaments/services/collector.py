"""The cyclic garbage collector paused around one large write's work.

An advance of a large event builds hundreds of thousands of objects at once (the 46,080
results of round 9 of a 10,240-entry Swiss, their tally, 5,120 matches and pairings): the
collector, triggered by the allocations, walked them again and again, a third of the
advance's time (1 s of 3.5 s of CPU), finding nothing to free (they are all in use). Paused,
it runs at its next trigger after the work; memory no cycle holds is freed as always.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


def collector_paused(work: Callable[P, T]) -> Callable[P, T]:
    """``work`` run with the cyclic collector paused (left as it was found: a call inside
    another paused one does not restart it)."""

    @functools.wraps(work)
    def paused(*args: P.args, **kwargs: P.kwargs) -> T:
        if not gc.isenabled():
            return work(*args, **kwargs)
        gc.disable()
        try:
            return work(*args, **kwargs)
        finally:
            gc.enable()

    return paused
