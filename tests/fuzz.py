"""The pages' form fuzzer: what people (and robots) type into a field, posted until one
answer is a server error. Shared by the tests of the phone pages and of the desk.

``fuzz(post)`` calls ``post(value)`` for hypothesis's values and fails on a ``500`` (the
test client raises what a view lets escape, which fails the test as well). Fast enough for
CI on both databases: 30 examples a field plus the four that broke the pages before, no
deadline (the machine is shared), no example database."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

EDGES = [
    "",
    " ",
    "²",
    "-²",
    "①",
    "٣",
    "۴",
    "١٢",
    "۱۲۳",
    "-\u0665",
    "\u2212" + "3",
    "\x00",
    "1\x00",
    "\x00\x00\x00",
    "a\u2028b",
    "\x1b[31m",
    "x" * 10_000,
    "9" * 10_000,
    "1" * 10_000,
    "draw",
    "on",
    "0",
    "1",
    "-1",
    "999999999999",
]
# any text, in any digits, with NUL and control characters, up to 10,000 characters
VALUES = st.one_of(
    st.sampled_from(EDGES),
    st.text(max_size=40),
    st.text(alphabet="٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹²³¹①-", max_size=6),
    st.text(alphabet=st.characters(max_codepoint=0x2030), max_size=12),
    st.integers(-(10**12), 10**12).map(str),
    st.builds(lambda text, size: (text or "x") * size, st.text(max_size=3), st.just(3_400)),
)
CHECKS = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=CHECKS, database=None)
FUZZ_FEW = settings(max_examples=10, deadline=None, suppress_health_check=CHECKS, database=None)


def fuzz(post: Callable[[str], Any], config: settings = FUZZ) -> None:
    """``post(value)`` for each fuzzed value: never a server error."""

    @config
    @given(value=VALUES)
    @example(value="²")
    @example(value="\x00")
    @example(value="٣")
    @example(value="x" * 10_000)
    def one(value: str) -> None:
        response = post(value)
        assert response.status_code < 500, (value[:80], response.status_code)

    one()
