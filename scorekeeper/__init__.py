"""Scorekeeper: the project settings and the score-keeping app."""

from .celery import app as celery_app

__all__ = ["celery_app"]
