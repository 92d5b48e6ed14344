"""Celery tasks of the score-keeping app: thin, one service call each, safe to run twice."""

from __future__ import annotations

from celery import shared_task

from .retention import retention_purge


@shared_task(name="scorekeeper.tasks.purge")
def purge() -> dict[str, int]:
    """The retention job (run daily by beat): old idempotency records and empty matches."""
    return retention_purge().to_dict()
