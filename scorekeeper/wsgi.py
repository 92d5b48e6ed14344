"""WSGI entry point (gunicorn -c deploy/gunicorn.conf.py, or gunicorn scorekeeper.wsgi)."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_wsgi_application()

from .release import require_collected_static  # noqa: E402 (needs the settings set up)

require_collected_static()

# What is loaded by now lives as long as the process: a full collection no longer walks it
# (a request's own garbage is collected as before).
gc.freeze()
