#!/usr/bin/env bash
# A Celery worker and beat in the background, as production runs them beside gunicorn:
#
#   .ci/worker.sh start    start both (against DATABASE_URL and CELERY_BROKER_URL) and wait
#                          until the worker answers `celery inspect ping`
#   .ci/worker.sh stop     stop both (TERM, then KILL after 15 s); safe when they are down
#   .ci/worker.sh kill     SIGKILL the worker and its pool at once, as a crash would (tests)
#   .ci/worker.sh ping     exit 0 when the worker answers a ping
#
# WORKER_DIR (default: a folder under $TMPDIR) holds the pids, the logs (worker.log,
# beat.log) and beat's schedule file. Each process is the leader of its own process group,
# so stop and kill reach the worker's pool processes too. The worker takes the default
# queue (`celery`, or WORKER_QUEUE) with two processes (WORKER_CONCURRENCY).
set -euo pipefail
cd "$(dirname "$0")/.."

DIR=${WORKER_DIR:-${TMPDIR:-/tmp}/scorekeeper-worker-$(id -u)}
PYTHON=${PYTHON:-.venv/bin/python}
CELERY=("$PYTHON" -m celery -A scorekeeper)

alive() {  # alive NAME: the process whose pid is in $DIR/NAME.pid runs
  [ -s "$DIR/$1.pid" ] && kill -0 "$(cat "$DIR/$1.pid")" 2>/dev/null
}

ping() {
  [ -s "$DIR/node" ] || return 1
  "${CELERY[@]}" inspect ping -d "$(cat "$DIR/node")" --timeout 2 >/dev/null 2>&1
}

start() {
  : "${CELERY_BROKER_URL:?CELERY_BROKER_URL must name the broker (e.g. redis://127.0.0.1:6379/0)}"
  mkdir -p "$DIR"
  if alive worker && ping; then
    echo "worker already running (pid $(cat "$DIR/worker.pid"), $DIR)"
    return 0
  fi
  stop >/dev/null
  # A node name of our own, so the ping reaches this worker and no other.
  echo "ci-$$-$RANDOM@$(hostname)" >"$DIR/node"
  setsid "${CELERY[@]}" worker --concurrency "${WORKER_CONCURRENCY:-2}" \
    -Q "${WORKER_QUEUE:-celery}" -n "$(cat "$DIR/node")" --loglevel=info \
    --without-mingle --without-gossip >"$DIR/worker.log" 2>&1 </dev/null &
  echo $! >"$DIR/worker.pid"
  rm -f "$DIR/beat.celery.pid"
  setsid "${CELERY[@]}" beat --schedule "$DIR/celerybeat-schedule" \
    --pidfile "$DIR/beat.celery.pid" --loglevel=info >"$DIR/beat.log" 2>&1 </dev/null &
  echo $! >"$DIR/beat.pid"
  local deadline=$((SECONDS + ${WORKER_START_TIMEOUT:-60}))
  while [ "$SECONDS" -lt "$deadline" ]; do
    if ! alive worker || ! alive beat; then
      echo "the worker or beat stopped at start; the end of their logs:" >&2
      tail -n 20 "$DIR/worker.log" "$DIR/beat.log" >&2
      stop >/dev/null
      return 1
    fi
    if ping; then
      echo "worker $(cat "$DIR/node") (pid $(cat "$DIR/worker.pid")) and beat" \
        "(pid $(cat "$DIR/beat.pid")) running; logs in $DIR"
      return 0
    fi
    sleep 0.5
  done
  echo "the worker did not answer a ping; the end of its log:" >&2
  tail -n 20 "$DIR/worker.log" >&2
  stop >/dev/null
  return 1
}

signal_group() {  # signal_group NAME SIGNAL: the process and its children
  alive "$1" || return 0
  kill -"$2" -- "-$(cat "$DIR/$1.pid")" 2>/dev/null || kill -"$2" "$(cat "$DIR/$1.pid")" 2>/dev/null || true
}

stop_one() {  # stop_one NAME
  if alive "$1"; then
    signal_group "$1" TERM
    local deadline=$((SECONDS + 15))
    while alive "$1" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    signal_group "$1" KILL
    echo "$1 stopped"
  fi
  rm -f "$DIR/$1.pid"
}

stop() {
  [ -d "$DIR" ] || return 0
  stop_one beat
  stop_one worker
  rm -f "$DIR/beat.celery.pid"
}

kill_worker() {
  signal_group worker KILL
  while alive worker; do sleep 0.1; done
  rm -f "$DIR/worker.pid"
  echo "worker killed (SIGKILL)"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  kill) kill_worker ;;
  ping) ping ;;
  *) echo "usage: $0 start|stop|kill|ping" >&2; exit 2 ;;
esac
