"""Schemathesis over the WSGI app: every operation of the published schema (matches,
tournaments, clubs, tables; every request body and query parameter declared), bounded
examples, every default check; no answer is a ``500`` and every answer keeps the schema.

Path tokens are mostly real, of the operation's kind (a match's key or view_id, a
started tournament's id or view_id, a club's id or view_id, a table's key) so that the
fuzzer reaches the rules and the services, not only 404s; some stay random (the 404 path).
Round, slot and player numbers are mostly ones that exist. Few examples per operation
keep the run short (the suite stays fast): the focused fuzzers (``tests/fuzz.py``) go
deeper on single fields.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from scorekeeper import services
from scorekeeper.wsgi import application
from tournaments import services as tournament_services
from tournaments import validation
from tournaments.services import clubs
from tournaments.services import desk as desk_services

SEEDS = [
    ("tarneeb", ["Rami", "Sara", "Omar", "Lina"]),
    ("belote", ["A", "B", "C", "D"]),
    ("trionfo", ["A", "B", "C", "D", "E"]),
    ("maraffa", ["A", "B", "C", "D"]),
]
EXAMPLES = 5


@pytest.fixture
def same_connection():
    """The app is called as WSGI, not through Django's test client: like that client, keep
    the test's database connection (and its transaction) open across the requests."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _matches() -> list[str]:
    found: list[str] = []
    for variant, players in SEEDS:
        match = services.match_create(variant=variant, players=players)
        found += [str(match.id), str(match.id).upper(), match.view_id]
    return found


def _club() -> dict[str, list[str]]:
    """A club with players, a season and a started tournament of it (with table keys)."""
    from tournaments.models import Pairing, TableKey

    club = clubs.club_create(name="Circolo", language="it")
    for name in ("Anna", "Bruno"):
        clubs.player_create(club_id=club.pk, name=name)
    clubs.season_create(club_id=club.pk, name="Inverno", scoring="match_points")
    spec = validation.tournament_spec(
        {
            "name": "Venerdì",
            "variant": "tarneeb",
            "stages": [{"format": "swiss", "rounds": 3}],
            "entries": [
                {"name": f"T{n}", "players": [f"A{n}", f"B{n}"], "seed": n} for n in range(1, 6)
            ],
        }
    )
    tournament = clubs.club_tournament_create(club_id=club.pk, spec=spec)
    tournament_services.tournament_start(tournament_id=tournament.pk)
    desk_services.table_keys_ensure(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    played = Pairing.objects.exclude(match=None).values_list("match", flat=True)
    return {
        "tournaments": [str(tournament.pk), tournament.view_id],
        "clubs": [str(club.pk), club.view_id],
        "tables": list(TableKey.objects.values_list("key", flat=True)),
        "matches": [str(match) for match in played],
    }


@pytest.fixture
def tokens(db) -> Callable[[str], list[str]]:
    """Real tokens of a kind (the first segment of an operation's path), made only for
    the operations that use them: the matches' for ``matches``, with a match of a
    tournament's table; a club and its started tournament for the others."""

    made: dict[str, list[str]] = {}

    def of(kind: str) -> list[str]:
        if kind in ("variants", "schema"):
            return []
        if kind not in made:  # once per operation: every example of it reuses them
            found = _club()
            made[kind] = _matches() + found["matches"] if kind == "matches" else found[kind]
        return made[kind]

    return of


# Every check, as configured by default, except that a schema-valid request may be refused
# with a 400 by a game's rules (four names for Belote, a bid the auction allows) or a
# tournament's state (409): the contract's "a request the rules reject is answered 400",
# which no JSON Schema can state.
CONFIG = schemathesis.config.SchemathesisConfig.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {"expected-statuses": ["2xx", "400", "403", "404", "409"]}
        }
    }
)
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application, config=CONFIG)


def _real(case, tokens: Callable[[str], list[str]]) -> None:
    """Most path parameters replaced by real ones of the operation's kind."""
    parameters = case.path_parameters or {}
    found = tokens(case.path.split("/")[2]) if parameters else []
    for name in ("token", "key"):
        value = parameters.get(name)
        if value is None or not found:
            continue
        choice = sum(map(ord, str(value))) % (len(found) + 1)
        if choice < len(found):
            parameters[name] = found[choice]
    for name in ("number", "slot"):
        value = parameters.get(name)
        if isinstance(value, int) and value % 4:
            parameters[name] = 1 + value % 2


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_schema(case, tokens, same_connection) -> None:
    _real(case, tokens)
    # Answers are gzipped for a client that takes it; the WSGI transport does not unpack.
    case.call_and_validate(headers={"Accept-Encoding": "identity"})


def test_every_operation_is_fuzzed() -> None:
    """The fuzz above covers every operation of the schema (none is left out for a schema
    that cannot be read), the tournaments' and the clubs' as much as the matches'."""
    methods = {"get", "post", "put", "patch", "delete"}
    published = {
        f"{method.upper()} {path}"
        for path, operations in schema.raw_schema["paths"].items()
        for method in operations
        if method in methods
    }
    fuzzed = set()
    for result in schema.get_all_operations():
        operation = result.ok()
        fuzzed.add(f"{operation.method.upper()} {operation.path}")
    assert fuzzed == published
    assert {
        "POST /api/clubs/{token}/players/",
        "POST /api/clubs/{token}/tournaments/",
        "POST /api/tournaments/{token}/rounds/{number}/pairings/{slot}/result/",
        "POST /api/tournaments/{token}/rounds/{number}/swap/",
        "GET /api/tournaments/{token}/standings/",
        "POST /api/matches/{token}/confirm/",
        "POST /api/matches/{token}/hands/",
    } <= fuzzed
