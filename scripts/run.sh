#!/usr/bin/env bash
# Start the site at http://127.0.0.1:${PORT:-8000}/ (and a Celery worker when REDIS_URL is set).
# Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
PORT="${PORT:-8000}"

echo "== Preparing the database"
"$PY" manage.py migrate --noinput
echo "== Loading lessons"
"$PY" manage.py load_lessons

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

if [ -n "${REDIS_URL:-}" ]; then
  echo "== Starting a Celery worker (queues default, solver) on $REDIS_URL"
  .venv/bin/celery -A config worker -Q default,solver --loglevel INFO \
    --concurrency "${CELERY_CONCURRENCY:-2}" &
  worker_pid=$!
else
  echo "== REDIS_URL is not set: Celery tasks run inside the web process (embedded mode)"
fi

echo "== Making sure every game has quizzes to train on"
"$PY" manage.py ensure_starter_bank --seconds "${STARTER_SECONDS:-30}" || echo "   (starter quizzes could not all be made; see above)"

echo "== The trainer is at http://127.0.0.1:${PORT}/  (Ctrl-C stops it)"
"$PY" manage.py runserver "127.0.0.1:${PORT}"
