"""The site's own settings, plus the benchmark's baseline view; DEBUG off as in production."""

import os

os.environ.setdefault("SECRET_KEY", "benchmark-only-" + "x" * 40)
os.environ["DEBUG"] = "0"

from scorekeeper.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405
LOGGING = {"version": 1, "disable_existing_loggers": True}
# Each answer says how long the site took (bench/timing.py): the first middleware.
MIDDLEWARE = ["bench.timing.ServerTiming", *MIDDLEWARE]  # noqa: F405
