#!/usr/bin/env bash
# Start the site at http://127.0.0.1:${PORT:-8000}/ with a Celery worker (and its beat, which
# tops the quiz bank up) beside it. Without REDIS_URL (the embedded mode) the worker's broker is
# a set of folders under .run/ (no server to install). Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
PORT="${PORT:-8000}"
RUN_DIR="${TRAINER_RUN_DIR:-.run}"

echo "== Preparing the database"
"$PY" manage.py migrate --noinput
echo "== Loading lessons"
"$PY" manage.py load_lessons
echo "== Making sure every game has quizzes to train on"
"$PY" manage.py ensure_starter_bank

worker_pid=""
stop() {
  if [ -n "$worker_pid" ] && kill -0 "$worker_pid" 2>/dev/null; then
    echo "== Stopping the Celery worker"
    kill -TERM "$worker_pid" 2>/dev/null || true
    wait "$worker_pid" 2>/dev/null || true
  fi
}
trap stop EXIT
trap 'exit 130' INT TERM

mkdir -p "$RUN_DIR"
if [ -n "${REDIS_URL:-}" ]; then
  echo "== Starting a Celery worker with beat (queues default, solver) on $REDIS_URL"
  concurrency="${CELERY_CONCURRENCY:-2}"
else
  echo "== Starting a Celery worker with beat on the embedded broker (folders in $RUN_DIR/broker)"
  # One worker process: SQLite takes one writer at a time.
  concurrency="${CELERY_CONCURRENCY:-1}"
fi
.venv/bin/celery -A config worker -B -Q default,solver --loglevel INFO \
  --concurrency "$concurrency" --hostname "trainer@%h" \
  --logfile "$RUN_DIR/worker.log" &
worker_pid=$!
echo "   worker log: $RUN_DIR/worker.log"

echo "== The trainer is at http://127.0.0.1:${PORT}/  (Ctrl-C stops it)"
"$PY" manage.py runserver "127.0.0.1:${PORT}"
