"""From rows to the engine's values and back: the entries and results of a stage, its next
draw, and the tournament's standings as stored (``Tournament.standings``).

The stored rows keep ``why`` as the engine's template and values (``{"template", "params"}``)
so that each request renders the sentence in its own language (``selectors``).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import Any

from .brackets import Draw, Result, find_format
from .brackets import Entry as BEntry
from .brackets import standings as bracket_standings
from .models import Entry, Pairing, Round, Stage, Tournament


def stage_entries(stage: Stage, entries: Sequence[Entry]) -> list[BEntry]:
    """The stage's entries as the engine sees them: every entry in the first stage; in the
    second, those that advanced, seeded by the rank they advanced with."""
    if stage.number == 1 or stage.entries is None:
        return [BEntry(number=e.number, seed=e.seed, active=e.active) for e in entries]
    active = {e.number: e.active for e in entries}
    return [
        BEntry(number=number, seed=seed, active=active.get(number, True))
        for number, seed in stage.entries
    ]


def result_of(pairing: Pairing, round_number: int, stage_number: int) -> Result:
    return _result(
        stage_number,
        round_number,
        pairing.slot,
        pairing.entries,
        pairing.winner,
        pairing.points,
        pairing.games_won,
        pairing.bracket,
        pairing.group,
    )


def _result(
    stage: int,
    number: int,
    slot: int,
    pair: Sequence[int],
    winner: int | None,
    points: Sequence[int] | None,
    games: Sequence[int] | None,
    bracket: str | None,
    group: int | None,
) -> Result:
    return Result(
        round=number,
        slot=slot,
        entries=tuple(pair),
        winner=winner,
        points=tuple(points or (0,) * len(pair)),
        games_won=tuple(games or (0,) * len(pair)),
        bracket=bracket,
        group=group,
        stage=stage,
    )


def results_by_stage(tournament: Tournament) -> dict[int, list[Result]]:
    """Every finished pairing, as results, by stage number (one query, plain values: a
    knockout's first round alone holds thousands of byes)."""
    found: dict[int, list[Result]] = {}
    rows = (
        Pairing.objects.filter(tournament=tournament, status=Pairing.Status.FINISHED)
        .order_by("round__number", "slot")
        .values_list(
            "round__stage__number",
            "round__number",
            "slot",
            "entries",
            "winner",
            "points",
            "games_won",
            "bracket",
            "group",
        )
    )
    for row in rows:
        found.setdefault(row[0], []).append(_result(*row))
    return found


def round_seed(stage: Stage, index: int) -> int:
    """Every round of a stage draws from the stage's stored seed (the engine derives each
    round's randomness from it and the round's index), so the random order of unseeded
    entries is drawn once and kept, and any draw can be reproduced. A round redrawn after
    the first draws with the seed stored for it then (``Stage.reseeds``)."""
    return int((stage.reseeds or {}).get(str(index), stage.seed))


def next_draw(
    tournament: Tournament,
    stage: Stage,
    entries: Sequence[Entry],
    results: Sequence[Result],
    index: int,
) -> Draw | None:
    fmt = find_format(stage.format)
    assert fmt is not None, f"unknown format {stage.format!r} in the database"
    extra: dict[str, Any] = {}
    if "tiebreaks" in inspect.signature(fmt.draw).parameters:
        extra["tiebreaks"] = list(tournament.tiebreaks)  # the order inside a score group
    return fmt.draw(
        stage.settings,
        stage_entries(stage, entries),
        list(results),
        index,
        round_seed(stage, index),
        **extra,
    )


def placements(
    stage: Stage, entries: Sequence[Entry], results: Sequence[Result]
) -> list[list[int]] | None:
    fmt = find_format(stage.format)
    assert fmt is not None
    return fmt.placements(
        stage.settings, stage_entries(stage, entries), list(results), round_seed(stage, 1)
    )


def stage_groups(stage: Stage, entries: Sequence[Entry]) -> dict[int, int]:
    """Each entry's group in a stage with groups (empty without): the format deals them."""
    fmt = find_format(stage.format)
    deal = getattr(fmt, "groups", None)
    if deal is None or stage.settings.get("groups", 1) == 1:
        return {}
    return deal(stage.settings, stage_entries(stage, entries), round_seed(stage, 1))


def stage_standings(
    tournament: Tournament, stage: Stage, entries: Sequence[Entry], results: Sequence[Result]
) -> list[Any]:
    """The engine's rows for a stage: by group, by placements, or by the tiebreaks."""
    tiebreaks = list(tournament.tiebreaks)
    mine = stage_entries(stage, entries)
    groups = stage_groups(stage, entries)
    if groups:
        return bracket_standings.group_standings(mine, list(results), tiebreaks, groups)
    return bracket_standings.standings(
        mine, list(results), tiebreaks, placements(stage, entries, results)
    )


def stage_rows(
    tournament: Tournament, stage: Stage, entries: Sequence[Entry], results: Sequence[Result]
) -> list[dict[str, Any]]:
    """The stage's standings as stored rows (names and ``why`` rendered later)."""
    return [row_data(row) for row in stage_standings(tournament, stage, entries, results)]


ROW_FIELDS = tuple(f.name for f in fields(bracket_standings.Row) if f.name != "why")


def row_data(row: Any) -> dict[str, Any]:
    # Not dataclasses.asdict: it deep-copies every value, which costs seconds for 10,000 rows.
    data = {name: getattr(row, name) for name in ROW_FIELDS}
    why = row.why
    data["why"] = {"template": why.template, "params": dict(why.params)} if why else None
    if data.get("group") is None:
        data.pop("group", None)
    return data


def first_stage_order(tournament: Tournament, rows: Sequence[Any]) -> list[dict[str, Any]]:
    """The first stage's rows in the order they advance (groups: the firsts ranked among
    themselves, then the seconds…), the dropped-out last: the second stage takes the top
    ones and the tournament's standings list the others after it in this order."""
    order = bracket_standings.advancing(rows, len(rows), list(tournament.tiebreaks))
    by_entry = {row.entry: row for row in rows}
    rest = [row.entry for row in rows if row.entry not in set(order)]
    return [row_data(by_entry[number]) for number in [*order, *rest]]


def tournament_rows(
    tournament: Tournament,
    stages: Sequence[Stage],
    entries: Sequence[Entry],
    results: dict[int, list[Result]],
) -> list[dict[str, Any]]:
    """The tournament's standings: the stage in play's, then (in a second stage) those who
    did not advance, in their first-stage order."""
    number = tournament.stage or 1
    stage = next(s for s in stages if s.number == number)
    rows = stage_rows(tournament, stage, entries, results.get(number, []))
    if number == 1 or not stages[0].standings:
        return rows
    went_on = {row["entry"] for row in rows}
    tail = [row for row in stages[0].standings if row["entry"] not in went_on]
    return rows + [
        {**{k: v for k, v in row.items() if k != "group"}, "rank": len(rows) + i}
        for i, row in enumerate(tail, 1)
    ]


def champion(
    tournament: Tournament,
    stages: Sequence[Stage],
    entries: Sequence[Entry],
    results: dict[int, list[Result]],
    rows: Sequence[dict[str, Any]],
) -> int | None:
    last = stages[-1]
    places = placements(last, entries, results.get(last.number, []))
    if places and places[0]:
        return places[0][0]
    return rows[0]["entry"] if rows else None


def rounds_after(round_: Round) -> Iterable[Round]:
    return Round.objects.filter(tournament_id=round_.tournament_id, number__gt=round_.number)
