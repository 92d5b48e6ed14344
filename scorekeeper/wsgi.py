"""WSGI entry point (gunicorn -c deploy/gunicorn.conf.py, or gunicorn scorekeeper.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_wsgi_application()

from .release import require_collected_static  # noqa: E402 (needs the settings set up)

require_collected_static()
