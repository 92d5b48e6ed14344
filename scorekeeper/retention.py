"""Retention: what is kept, and for how long (the beat job ``scorekeeper.tasks.purge``).

- An ``Idempotency-Key``'s record is kept 48 hours: long enough for any phone's retry.
- A match created more than 7 days ago that never had a hand (no hand, no correction or
  undo on record, and nothing else, such as a tournament, pointing at it) is deleted:
  it was opened and abandoned. A match that has, or ever had, a hand is never deleted.

Safe to run twice, and beside phones still writing: the candidates are locked, checked
again, then deleted; a locked one waits for the next run (a hand read from a match deleted
meanwhile is not stored: ``hand_record`` finds its row gone and answers 404).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from .models import IdempotentRequest, Match

IDEMPOTENCY_KEPT = timedelta(hours=48)
EMPTY_MATCH_KEPT = timedelta(days=7)


@dataclass(frozen=True)
class Purged:
    idempotency_records: int
    matches: int

    def to_dict(self) -> dict[str, int]:
        return {"idempotency_records": self.idempotency_records, "matches": self.matches}


def retention_purge(*, now: datetime | None = None) -> Purged:
    """Delete expired idempotency records and long-abandoned empty matches."""
    now = now or timezone.now()
    records, _ = IdempotentRequest.objects.filter(created_at__lt=now - IDEMPOTENCY_KEPT).delete()
    return Purged(idempotency_records=records, matches=_purge_empty_matches(now))


def empty_matches(now: datetime) -> QuerySet[Match]:
    """Matches old enough to go that nothing refers to: no hand, no audit record, no row of
    another app (a tournament's pairing), found without importing that app."""
    found = Match.objects.filter(created_at__lt=now - EMPTY_MATCH_KEPT)
    for relation in Match._meta.related_objects:  # hands, changes, and any other app's rows
        found = found.filter(**{f"{relation.name}__isnull": True})
    return found


@transaction.atomic
def _purge_empty_matches(now: datetime) -> int:
    ids = list(
        empty_matches(now)
        .select_for_update(skip_locked=True, of=("self",))
        .values_list("id", flat=True)
    )
    if not ids:
        return 0
    # Locked now: no hand can be added before the delete; check again to be sure.
    _, deleted = empty_matches(now).filter(id__in=ids).delete()
    return deleted.get(Match._meta.label, 0)
