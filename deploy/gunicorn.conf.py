"""gunicorn's configuration: ``gunicorn -c deploy/gunicorn.conf.py`` (from the project folder).

Sync workers are right here *only behind nginx* (deploy/nginx.conf): nginx reads each
request whole, however slowly the client sends it, and reads each answer at once, so a
worker is never held by a slow network. Never expose these workers to the internet
directly: two clients sending a byte every few seconds would hold them all.
"""

import multiprocessing
import os

wsgi_app = "scorekeeper.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")  # nginx's upstream
# WEB_CONCURRENCY, when set, is read by gunicorn itself and wins over this default.
workers = int(os.environ.get("WEB_CONCURRENCY", 0) or multiprocessing.cpu_count() * 2 + 1)
worker_class = "sync"
timeout = 30  # a request that takes longer is a bug: the worker is restarted
graceful_timeout = 30
keepalive = 2  # nginx keeps connections to us open between requests
max_requests = 2000  # recycle workers now and then (bounded memory)
max_requests_jitter = 200
# Imports the application once in the master: a release that is not prepared (static
# files not collected) stops the start with a clear message instead of answering 500s.
preload_app = True
# The access log names the client nginx saw and never writes a match's key whole.
logger_class = "scorekeeper.logs.GunicornLogger"
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
access_log_format = '%({x-forwarded-for}i)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'
# Only nginx on this machine may tell gunicorn the scheme (Django reads the header itself,
# when PROXY_COUNT says a proxy sets it).
forwarded_allow_ips = "127.0.0.1,::1"
