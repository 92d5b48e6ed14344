"""Scorekeeper's settings, all read from the environment with safe embedded defaults.

With no variables set, the site runs on an SQLite file in the project folder and Celery
tasks run in process. Production sets ``DATABASE_URL`` (PostgreSQL), ``CELERY_BROKER_URL``
(Redis), ``SECRET_KEY``, ``DEBUG=0`` and ``ALLOWED_HOSTS``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from whitenoise.compress import Compressor

# Django's generic classes subscriptable at run time too (``admin.ModelAdmin[Match]``), as
# their types say they are.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. With DEBUG off Scorekeeper refuses to start without a "
            "secret key: set the SECRET_KEY environment variable to a long random string."
        )
    SECRET_KEY = "insecure-development-key-only-for-debug"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "scorekeeper",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "scorekeeper.security.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files: compressed ahead of time
    "scorekeeper.middleware.CompressMiddleware",  # gzip (BREACH: see its docstring)
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "scorekeeper.middleware.SlashMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=600,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent phones: take the write lock when a transaction begins (so two writers
    # queue instead of one failing), and wait for it rather than failing at once.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache (the API's throttles): Redis at CACHE_URL, else at the broker's URL when it is
# Redis, else each process's memory (fine for one process; several need Redis).
_BROKER = os.environ.get("CELERY_BROKER_URL", "")
CACHE_URL = os.environ.get("CACHE_URL", "") or (
    _BROKER if _BROKER.startswith(("redis://", "rediss://")) else ""
)
CACHES: dict[str, dict[str, Any]] = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": CACHE_URL,
        "KEY_PREFIX": "scorekeeper",
        # A Redis that does not answer is a cache that fails (the pages go on without it),
        # not a request that hangs.
        "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
    }
    if CACHE_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}
# The tournaments' public pages, rendered once per version and language and kept gzipped
# (tournaments/pages/public_parts.py): in Redis one render serves every worker; without it
# each worker renders once. Apart from "default" so big pages never evict the throttles.
CACHES["public"] = {**CACHES["default"], "KEY_PREFIX": "scorekeeper-public"}
if not CACHE_URL:  # a memory of its own (locmem shares one per LOCATION)
    CACHES["public"].update(LOCATION="tournaments-public", OPTIONS={"MAX_ENTRIES": 500})

# Proxies in front of the site that set X-Forwarded-For and X-Forwarded-Proto (1 behind
# deploy/nginx.conf); 0: those headers are not trusted (scorekeeper/proxy.py).
PROXY_COUNT = int(os.environ.get("PROXY_COUNT", "0") or 0)
if PROXY_COUNT > 0:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Limits per client address (scorekeeper/throttling.py): "<n>/<second|minute|hour|day>";
# "code": the wrong table codes typed at /t/ (tournaments.md, Access).
THROTTLE_RATES = {
    "create": os.environ.get("THROTTLE_CREATE_RATE", "60/hour") or None,
    "code": os.environ.get("THROTTLE_CODE_RATE", "10/minute") or None,
}

# The admin's login: an address is locked out for an hour after AXES_FAILURE_LIMIT failures.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("ADMIN_LOGIN_FAILURES", "5") or 5)
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
AXES_CLIENT_IP_CALLABLE = "scorekeeper.proxy.client_address"
AXES_RESET_ON_SUCCESS = True

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("ar", "العربية"),
    ("fa", "فارسی"),
    ("hy", "Հայերեն"),
    ("it", "Italiano"),
    ("fr", "Français"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", "") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
# Source maps (6 MB of the API docs' bundles) are fetched only by a developer's browser
# tools: not compressed at each release (they were most of its time).
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "UNAUTHENTICATED_USER": None,
    "EXCEPTION_HANDLER": "scorekeeper.translate.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Scorekeeper API",
    "DESCRIPTION": "Score keeping for Tarneeb, Maraffa, Trionfo, Blot, Belote and Coinche.",
    "VERSION": "1.0.0",
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Several answers have a "status": each set of choices gets its own name.
    "ENUM_NAME_OVERRIDES": {
        "MatchStatusEnum": ["in_progress", "finished"],
        "RoundStatusEnum": ["playing", "complete"],
        "TournamentStatusEnum": ["registration", "running", "finished"],
        # A tournament's variant (played by teams) is a narrower set than a match's.
        "TournamentVariantEnum": "tournaments.validation.TEAM_VARIANTS",
    },
}

# Celery: with no broker, tasks run eagerly in process (the embedded default).
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL or None)
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A request never waits on an unreachable broker: one connection attempt when publishing
# (the sender logs the failure and beat's tick picks the work up); the worker's own
# reconnection keeps its settings (broker_connection_max_retries).
CELERY_BROKER_CONNECTION_TIMEOUT = 2.0
CELERY_BROKER_TRANSPORT_OPTIONS = {"max_retries": 0}
# A job that has not followed a result after this many seconds (the worker or the broker
# unreachable) is shown to the director as the tournament's ``problem``, with its age.
TOURNAMENT_STUCK_SECONDS = int(os.environ.get("TOURNAMENT_STUCK_SECONDS", "60") or 60)
# Beat's jobs, one entry each (one beat process only: deploy/).
CELERY_BEAT_SCHEDULE = {
    "scorekeeper-retention": {  # scorekeeper/retention.py, daily
        "task": "scorekeeper.tasks.purge",
        "schedule": crontab(hour=3, minute=17),
    },
    # The tournaments' clock: calls time on rounds past their end and redoes overdue
    # advances (no ETA tasks). By name: scorekeeper never imports tournaments.
    "tournaments-clock": {"task": "tournaments.clock_tick", "schedule": 10.0},
}

# Headers (scorekeeper/security.py). Inline style attributes carry the score colours.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
# HTTPS, switched on by the environment once the site is served over TLS (README).
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0") or 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)

# A match's key is never written whole to a log: every record, whatever its logger and
# handler, is made with keys cut to their first 6 characters (scorekeeper/logs.py, installed
# by LOGGING_CONFIG; gunicorn's access log by its logger in deploy/gunicorn.conf.py).
LOGGING_CONFIG = "scorekeeper.logs.configure"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "django.server": {"class": "logging.StreamHandler", "formatter": "django.server"},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
    },
}
