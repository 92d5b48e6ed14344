"""Standings: every metric and tiebreak of the contract, with the ``why`` of each row.

To be written (issue 10). The signatures the services read:

    TIEBREAKS: tuple[str, ...]          # every key a tiebreak list may name
    DEFAULT_TIEBREAKS: tuple[str, ...]  # match_points, points_diff, points_for, buchholz,
                                        # head_to_head

    def standings(entries: Sequence[Entry], results: Sequence[Result],
                  tiebreaks: Sequence[str],
                  placements: Sequence[Sequence[int]] | None = None) -> list[Row]

``Row`` is a frozen dataclass with ``rank``, ``entry``, ``active`` and every metric of the
contract (``played`` … ``head_to_head``), ``group`` (None unless the stage has groups) and
``why``: a ``Why(template, params)`` whose params may name another entry by number
(``other``) for the caller to put its name in and translate.
"""
