"""The ORM rows ↔ the pairing engine's values, in one place for the services and the
selectors (as ``scorekeeper/convert.py`` is for matches).

Rows in: entries, stages and finished pairings become the engine's ``Entry``, ``StageState``
and ``Result``. Values out: a ``Draw``'s pairings become ``Pairing`` rows, a round's name a
JSON object, standings ``Row``\\ s the stored rows of ``Tournament.standings`` (``why`` kept as
the engine's template and values, ``{"template", "params"}``, so that each request renders
the sentence in its own language).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import Any, Protocol

from django.db.models import TextField
from django.db.models.functions import Cast

from .brackets import Entry as BEntry
from .brackets import Pairing as BPairing
from .brackets import Result, RoundName
from .brackets.planner import StageState
from .brackets.shapes import Shape, get_shape
from .brackets.standings import Row
from .models import Pairing, Stage

# The columns of a finished pairing that make a result, in ``result_of_values`` order.
RESULT_COLUMNS = (
    "round__stage__number",
    "round__number",
    "slot",
    "entries",
    "winner",
    "points",
    "games_won",
    "bracket",
    "group",
    "shape",
)
ROW_FIELDS = tuple(f.name for f in fields(Row) if f.name != "why")


class Listed(Protocol):
    """An entry as read: a row, or its values (``selectors.snapshot.EntrySeat``)."""

    @property
    def number(self) -> int: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def active(self) -> bool: ...


def entry_of(entry: Listed) -> BEntry:
    return BEntry(number=entry.number, seed=entry.seed, active=entry.active)


def stage_of(stage: Stage, entries: Sequence[Listed], rounds: int) -> StageState:
    """A stage as the planner sees it. A second stage's entries, once decided, are those
    that advanced, seeded by the rank they advanced with (their activity as it is now); a
    first stage's entries in the order it ended with, once kept."""
    chosen = None
    if stage.entries is not None:
        active = {e.number: e.active for e in entries}
        chosen = tuple(
            BEntry(number=number, seed=seed, active=active.get(number, True))
            for number, seed in stage.entries
        )
    return StageState(
        number=stage.number,
        format=stage.format,
        settings=stage.settings,
        seed=stage.seed,
        reseeds={int(index): int(seed) for index, seed in (stage.reseeds or {}).items()},
        advance=stage.advance,
        entries=chosen,
        rounds=rounds,
        final=tuple(row["entry"] for row in stage.standings) if stage.standings else None,
    )


def result_of_values(
    stage: int,
    number: int,
    slot: int,
    pair: Sequence[int],
    winner: int | None,
    points: Sequence[int] | None,
    games: Sequence[int] | None,
    bracket: str | None,
    group: int | None,
    shape: str,
) -> Result:
    """A finished pairing's values (``RESULT_COLUMNS``) as the engine's result."""
    declared = get_shape(shape)
    return Result.of(
        round=number,
        slot=slot,
        entries=tuple(pair),
        winner=winner,
        points=tuple(points or _nothing(declared)),
        games_won=tuple(games or _nothing(declared)),
        bracket=bracket,
        group=group,
        stage=stage,
        shape=declared,
    )


def _nothing(shape: Shape) -> tuple[int, ...]:
    """A result's points or games where none were stored: a zero for each seat the
    pairing's declared shape has."""
    return (0,) * shape.seats


def result_of(pairing: Pairing, round_number: int, stage_number: int) -> Result:
    return result_of_values(
        stage_number,
        round_number,
        pairing.slot,
        pairing.entries,
        pairing.winner,
        pairing.points,
        pairing.games_won,
        pairing.bracket,
        pairing.group,
        pairing.shape,
    )


# The same columns with the three JSON ones read as text (``json_as_text``), so that every
# result of a snapshot is decoded by one ``json.loads`` (``results_by_stage_text``): one call
# per value was most of the snapshot's time at 40,000 results.
RESULT_TEXT_COLUMNS = (
    "round__stage__number",
    "round__number",
    "slot",
    "entries_text",
    "winner",
    "points_text",
    "games_text",
    "bracket",
    "group",
    "shape",
)


def json_as_text() -> dict[str, Cast]:
    """The annotations ``RESULT_TEXT_COLUMNS`` name: the JSON columns as their text."""
    return {
        f"{name}_text": Cast(column, TextField())
        for name, column in (("entries", "entries"), ("points", "points"), ("games", "games_won"))
    }


def results_by_stage_text(rows: Iterable[Sequence[Any]]) -> dict[int, list[Result]]:
    """Rows of ``RESULT_TEXT_COLUMNS`` (in round and slot order) as results, by stage
    number: their JSON decoded at once, each result built as ``result_of_values`` builds
    it, in one loop (a call per result was a third of a large event's snapshot)."""
    rows = list(rows)
    document = ",".join(f"[{row[3]},{row[5] or 'null'},{row[6] or 'null'}]" for row in rows)
    decoded = json.loads(f"[{document}]")
    found: dict[int, list[Result]] = {}
    shapes: dict[str, Any] = {}
    new = Result.__new__
    for row, (pair, points, games) in zip(rows, decoded, strict=True):
        stage, number, slot, _pair, winner, _points, _games, bracket, group, name = row
        shape = shapes.get(name)
        if shape is None:
            shape = shapes[name] = get_shape(name)
        entries = tuple(pair)
        result = new(Result)
        result.__dict__.update(
            round=number,
            slot=slot,
            entries=entries,
            winner=winner,
            points=tuple(points) if points else _nothing(shape),
            games_won=tuple(games) if games else _nothing(shape),
            bracket=bracket,
            group=group,
            stage=stage,
            shape=shape,
        )
        results = found.get(stage)
        if results is None:
            results = found[stage] = []
        results.append(result)
    return found


def results_by_stage(rows: Iterable[Sequence[Any]]) -> dict[int, list[Result]]:
    """Rows of ``RESULT_COLUMNS`` (in round and slot order) as results, by stage number."""
    found: dict[int, list[Result]] = {}
    for row in rows:
        found.setdefault(row[0], []).append(result_of_values(*row))
    return found


def round_name_data(name: RoundName) -> dict[str, Any]:
    return {"kind": name.kind, "number": name.number, "size": name.size}


def pairing_row(
    pairing: BPairing,
    *,
    tournament_id: Any,
    round_id: Any,
    match: Any | None,
    bye_points: int,
) -> Pairing:
    """A drawn pairing as its row: a bye finished at once (a win worth ``bye_points``), a
    match with the table's ``match`` (a scorekeeper ``Match``)."""
    return Pairing(
        **pairing_values(
            pairing,
            tournament_id=tournament_id,
            round_id=round_id,
            match=match,
            bye_points=bye_points,
        )
    )


def pairing_values(
    pairing: BPairing,
    *,
    tournament_id: Any,
    round_id: Any,
    match: Any | None,
    bye_points: int,
) -> dict[str, Any]:
    """``pairing_row``'s fields (by attribute name: ``bulk.built`` builds many rows)."""
    # Ids rather than instances: the relation descriptors cost seconds over 8,192 rows.
    values: dict[str, Any] = {
        "tournament_id": tournament_id,
        "round_id": round_id,
        "slot": pairing.slot,
        "table": pairing.table,
        "entries": list(pairing.entries),
        "bracket": pairing.bracket,
        "group": pairing.group,
        "shape": pairing.shape.name,
    }
    if pairing.bye:
        values.update(
            table=None,
            status=Pairing.Status.FINISHED,
            result="win",
            winner=pairing.entries[0],
            points=[bye_points],
            games_won=[0],
            source=Pairing.Source.BYE,
        )
    elif match is not None:  # every table of a drawn round has its match
        values.update(match_id=match.pk, match_view=match.view_id)
    return values


def pairing_data(pairing: Pairing) -> dict[str, Any]:
    """A pairing's result as the audit keeps it (``ResultChange.before``/``after``)."""
    return {
        "status": pairing.status,
        "result": pairing.result,
        "winner": pairing.winner,
        "points": pairing.points,
        "games_won": pairing.games_won,
        "source": pairing.source,
        "forfeit": pairing.forfeit,
    }


def row_data(row: Row) -> dict[str, Any]:
    """A standings row as stored (names and ``why`` rendered at read time)."""
    # Not dataclasses.asdict: it deep-copies every value, which costs seconds for 10,000 rows.
    data = {name: getattr(row, name) for name in ROW_FIELDS}
    why = row.why
    data["why"] = {"template": why.template, "params": dict(why.params)} if why else None
    if data.get("group") is None:
        data.pop("group", None)
    return data


def stage_data(stage: Stage) -> dict[str, Any]:
    data: dict[str, Any] = {"format": stage.format, **stage.settings}
    if stage.advance is not None:
        data["advance"] = stage.advance
    return data
