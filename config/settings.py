"""Django settings: one file, every deployment knob an environment variable.

Unset, everything falls back to the embedded default for a first run on a laptop: SQLite in
the project folder, Celery on a broker made of files in the project folder (no server; the
worker is started by `make run`), an in-memory cache. The variables are listed in
docs/deployment.md.
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.cache import cache_settings
from config.env import env_bool, env_int, env_list, env_str, env_url

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", True)
_DEV_SECRET = "embedded-debug-only-secret-key-not-for-production"
SECRET_KEY = env_str("DJANGO_SECRET_KEY", _DEV_SECRET if DEBUG else None)
if not DEBUG and SECRET_KEY == _DEV_SECRET:
    raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set to a secret value when not in debug")
ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else []
)
if not DEBUG and not ALLOWED_HOSTS:
    raise ImproperlyConfigured(
        "DJANGO_ALLOWED_HOSTS must be set to the site's host names when not in debug"
    )
if not DEBUG and "*" in ALLOWED_HOSTS:
    # A wildcard lets a forged Host header into absolute links, password-reset mail included.
    raise ImproperlyConfigured(
        f"DJANGO_ALLOWED_HOSTS={','.join(ALLOWED_HOSTS)!r} holds the wildcard '*': "
        "name the site's host names when not in debug"
    )
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "trainer",
    "lessons",
    "api",
    "accounts",
    "classes",
]

MIDDLEWARE = [
    "trainer.middleware.ServerTimingMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "trainer.context_processors.training",
            ],
        },
    },
]

# Database: DATABASE_URL (postgres://user:pass@host:5432/name), else an SQLite file here.
DATABASE_URL = env_url(
    "DATABASE_URL",
    ("postgres", "postgresql", "sqlite"),
    default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
)
DATABASES = {
    "default": dj_database_url.parse(
        DATABASE_URL or "",
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60, minimum=0),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, with the per-request health check skipped on a connection that
    # finished a request cleanly within the last DATABASE_HEALTH_CHECK_FRESH seconds
    # (config/pg/base.py; 0 checks on every request, as Django does).
    DATABASES["default"]["ENGINE"] = "config.pg"
    DATABASES["default"]["HEALTH_CHECK_FRESH"] = env_int(
        "DATABASE_HEALTH_CHECK_FRESH", 1, minimum=0
    )
    # Parameters go to the server apart from the statement (server-side binding), so a
    # statement a connection sends again is prepared once, after this many runs, and then only
    # executed: the API's hot statements are few and repeated, and planning them was about
    # 40 % of PostgreSQL's CPU per request (docs/performance.md). 0 binds on the client and
    # prepares nothing, as Django does by default (needed behind a pooler in transaction mode).
    _prepare_threshold = env_int("DATABASE_PREPARE_THRESHOLD", 2, minimum=0)
    if _prepare_threshold:
        DATABASES["default"]["OPTIONS"] = {
            "server_side_binding": True,
            "prepare_threshold": _prepare_threshold,
        }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The site and the embedded worker write to the same file: wait for a lock instead of
    # failing with "database is locked", take the write lock when a transaction begins (no
    # deadlock upgrading a read lock), and let readers go on while one process writes (WAL).
    DATABASES["default"]["OPTIONS"] = {
        "timeout": env_int("SQLITE_BUSY_TIMEOUT", 30, minimum=1),
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# E-mail (password reset links). The embedded default prints mails on the console; in
# production that would write live reset tokens into the web log, so it is refused there.
CONSOLE_EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
EMAIL_BACKEND = env_str(
    "DJANGO_EMAIL_BACKEND",
    CONSOLE_EMAIL_BACKEND if DEBUG else "django.core.mail.backends.smtp.EmailBackend",
)
if not DEBUG and EMAIL_BACKEND == CONSOLE_EMAIL_BACKEND:
    raise ImproperlyConfigured(
        "DJANGO_EMAIL_BACKEND is the console backend, which prints password-reset links into "
        "the log: set an SMTP (or other real) backend when not in debug"
    )
EMAIL_HOST = env_str("DJANGO_EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("DJANGO_EMAIL_PORT", 25, minimum=1)
EMAIL_HOST_USER = env_str("DJANGO_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = env_str("DJANGO_EMAIL_PASSWORD", "")
EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_TLS", False)
DEFAULT_FROM_EMAIL = env_str("DJANGO_EMAIL_FROM", "trainer@localhost")

# Training: every TRAIN_TOP_UP_SECONDS the periodic task trainer.top_up_bank (Celery beat)
# queues a job for TRAIN_REFILL_COUNT more quizzes of a game/kind (one open job per game/kind)
# when the learner who has answered most of them in the last TRAIN_ACTIVE_DAYS days has fewer
# than TRAIN_REFILL_BELOW left unseen (an empty bank counts too). A queued or running job
# without progress for TRAIN_JOB_STALE_SECONDS has its task sent again, whatever the workers say.
TRAIN_REFILL_BELOW = env_int("TRAIN_REFILL_BELOW", 20, minimum=0)
TRAIN_REFILL_COUNT = env_int("TRAIN_REFILL_COUNT", 50, minimum=1)
TRAIN_TOP_UP_SECONDS = env_int("TRAIN_TOP_UP_SECONDS", 60, minimum=1)
TRAIN_ACTIVE_DAYS = env_int("TRAIN_ACTIVE_DAYS", 7, minimum=1)
TRAIN_JOB_STALE_SECONDS = env_int("TRAIN_JOB_STALE_SECONDS", 600, minimum=10)
# A visitor's session starts short-lived: a client that never sends the cookie back (a
# crawler) leaves a row that expires after TRAIN_NEW_SESSION_SECONDS and is purged by the
# hourly trainer.purge_expired; a browser that comes back gets the usual SESSION_COOKIE_AGE.
TRAIN_NEW_SESSION_SECONDS = env_int("TRAIN_NEW_SESSION_SECONDS", 3600, minimum=60)
# A job that no live worker is working on and that has not moved for TRAIN_JOB_LOST_SECONDS
# while a worker sits idle (or whose task never reached the broker) has lost its message: the
# top-up sends it again at once (trainer.recovery).
TRAIN_JOB_LOST_SECONDS = env_int("TRAIN_JOB_LOST_SECONDS", 60, minimum=1)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# In debug, serve straight from the app folders; production runs collectstatic first.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Redis: set REDIS_URL to use it as Celery broker, result store and cache. Unset (the embedded
# mode), Celery's broker and result store are folders under TRAINER_RUN_DIR (kombu's
# filesystem transport: no server) and the cache is in memory; `make run` starts one worker.
REDIS_URL = env_url("REDIS_URL", ("redis", "rediss"))
EMBEDDED = not REDIS_URL
RUN_DIR = Path(env_str("TRAINER_RUN_DIR", str(BASE_DIR / ".run"))).resolve()

# How long the web tier waits on Redis (connect, or one reply) before it gives up: a Redis that
# is down costs a request at most this much, once (the cache then stays off for a few seconds).
REDIS_TIMEOUT_SECONDS = env_int("REDIS_TIMEOUT_MS", 500, minimum=10) / 1000

if REDIS_URL:
    # The cache is optional (config/cache.py): with Redis down, reads miss and pages still work.
    CACHES = {"default": cache_settings(REDIS_URL, REDIS_TIMEOUT_SECONDS)}
    # Sessions are written to the database and read through Redis (trainer.sessions): a player
    # request then reads its session without a database round trip.
    SESSION_ENGINE = "trainer.sessions"
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # In the database only, each change stored with one UPDATE (trainer.db_sessions).
    SESSION_ENGINE = "trainer.db_sessions"

# Celery (read by config/celery.py through the CELERY_ namespace).
CELERY_BROKER_URL = REDIS_URL or "filesystem://"
CELERY_RESULT_BACKEND = REDIS_URL or f"file://{RUN_DIR / 'results'}"
# Tasks always go through the broker to a worker (tests switch eager mode on where they need
# it): a task never runs inside a web request.
CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_RESULT_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXTENDED = True
CELERY_RESULT_EXPIRES = env_int("CELERY_RESULT_EXPIRES", 86400, minimum=60)
CELERY_TASK_TRACK_STARTED = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 600, minimum=1)
# A teacher's entered deal is solved on a worker within CLASSES_ENTERED_SOLVE_SECONDS (all the
# legal cards together); past it the entry fails with a message asking for more played tricks.
# Kept under the soft time limit, so the entry always ends with a message.
CLASSES_ENTERED_SOLVE_SECONDS = env_int(
    "CLASSES_ENTERED_SOLVE_SECONDS", max(1, min(300, CELERY_TASK_SOFT_TIME_LIMIT - 10)), minimum=1
)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 660, minimum=1)
if CELERY_TASK_TIME_LIMIT <= CELERY_TASK_SOFT_TIME_LIMIT:
    raise ImproperlyConfigured(
        "CELERY_TASK_TIME_LIMIT must be greater than CELERY_TASK_SOFT_TIME_LIMIT"
    )
CELERY_TASK_DEFAULT_QUEUE = "default"
SOLVER_QUEUE = "solver"
# Heavy work (solving, generation) goes to the solver queue; everything else to default.
CELERY_TASK_ROUTES = {
    "trainer.check_worker": {"queue": SOLVER_QUEUE},
    "trainer.generate_quizzes": {"queue": SOLVER_QUEUE},
    "trainer.top_up_bank": {"queue": CELERY_TASK_DEFAULT_QUEUE},
    "trainer.purge_expired": {"queue": CELERY_TASK_DEFAULT_QUEUE},
    "classes.generate_for_set": {"queue": SOLVER_QUEUE},
    "classes.solve_deal_entry": {"queue": SOLVER_QUEUE},
    "api.solve": {"queue": SOLVER_QUEUE},
}
# Periodic tasks, run by Celery beat (`make run` embeds it in its worker with -B; a
# deployment runs exactly one `celery -A config beat`).
CELERY_BEAT_SCHEDULE = {
    "top-up-bank": {"task": "trainer.top_up_bank", "schedule": float(TRAIN_TOP_UP_SECONDS)},
    "purge-expired": {"task": "trainer.purge_expired", "schedule": 3600.0},
}
CELERY_BEAT_SCHEDULE_FILENAME = str(RUN_DIR / "celerybeat-schedule")
# With late acks, a message a dead worker never acknowledged goes back to the queue once the
# visibility timeout has passed. It must exceed the longest task (the hard time limit), or a
# slow task would be delivered twice while still running.
CELERY_VISIBILITY_TIMEOUT = env_int(
    "CELERY_VISIBILITY_TIMEOUT", CELERY_TASK_TIME_LIMIT * 2, minimum=1
)
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
    "visibility_timeout": CELERY_VISIBILITY_TIMEOUT
}
if EMBEDDED:
    # One folder is both the outbox and the inbox (site and worker share the machine).
    _BROKER_DIR = RUN_DIR / "broker"
    CELERY_BROKER_TRANSPORT_OPTIONS.update(
        data_folder_in=str(_BROKER_DIR / "queue"),
        data_folder_out=str(_BROKER_DIR / "queue"),
        control_folder=str(_BROKER_DIR / "control"),
        processed_folder=str(_BROKER_DIR / "processed"),
        store_processed=False,
        polling_interval=0.5,
    )
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Sending a task gives up quickly when the broker is down (the job is then marked unsent and
# the top-up sends it later), instead of holding the request or task for many seconds.
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_TIMEOUT_SECONDS
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
if REDIS_URL:
    CELERY_BROKER_TRANSPORT_OPTIONS["socket_connect_timeout"] = REDIS_TIMEOUT_SECONDS
    CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = REDIS_TIMEOUT_SECONDS
    CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
        "retry_policy": {"max_retries": 1, "interval_start": 0, "interval_step": 0.2}
    }
# Workers write a heartbeat row every WORKER_HEARTBEAT_SECONDS (trainer.workers); one not seen
# for WORKER_LOST_SECONDS counts as gone. The health check and the job recovery read these
# rows, so no request waits on a ping.
WORKER_HEARTBEAT_SECONDS = env_int("WORKER_HEARTBEAT_SECONDS", 10, minimum=1)
WORKER_LOST_SECONDS = env_int("WORKER_LOST_SECONDS", 3 * WORKER_HEARTBEAT_SECONDS, minimum=2)
if WORKER_LOST_SECONDS <= WORKER_HEARTBEAT_SECONDS:
    raise ImproperlyConfigured("WORKER_LOST_SECONDS must be greater than WORKER_HEARTBEAT_SECONDS")
# Seconds one quiz-generation task works before queuing its continuation.
QUIZ_CHUNK_SECONDS = env_int("QUIZ_CHUNK_SECONDS", 15, minimum=1)

# The REST API (docs/api.md): token or session authentication, one error shape, pages of
# API_PAGE_SIZE, and request rates per client; generation and solving are rated far lower.
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    # JSON in and out (docs at /api/docs/ instead of DRF's browsable pages).
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_PAGINATION_CLASS": "api.pagination.Pages",
    "PAGE_SIZE": env_int("API_PAGE_SIZE", 50, minimum=1),
    "EXCEPTION_HANDLER": "api.errors.handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "api.throttles.AnonRate",
        "api.throttles.UserRate",
    ],
    # Whom a rate counts: the connecting address; behind the proxy, the address it forwards
    # (never a client's own X-Forwarded-For, which would let it pick a fresh identity).
    "NUM_PROXIES": 1 if env_bool("DJANGO_BEHIND_PROXY", False) else 0,
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("API_RATE_ANON", "120/min"),
        "user": env_str("API_RATE_USER", "600/min"),
        "generate": env_str("API_RATE_GENERATE", "10/hour"),
        "solve": env_str("API_RATE_SOLVE", "30/hour"),
        "token": env_str("API_RATE_TOKEN", "20/min"),
    },
}
# A posted solve runs on the solver queue with this budget (the batch command's --seconds).
API_SOLVE_SECONDS = env_int("API_SOLVE_SECONDS", 60, minimum=1)
SPECTACULAR_SETTINGS = {
    "TITLE": "Card game trainer API",
    "DESCRIPTION": (
        "Lessons, quizzes, answers and progress for Skat, Beyond, 500 and Kleurenwiezen; "
        "generation and solving jobs; classes, sets, assignments and results for teachers. "
        "Authenticate with `Authorization: Token <key>` (POST /api/v1/auth/token/) or a "
        "session. Errors are `{status, code, message, fields}`; the message names the field."
    ),
    "VERSION": "1.0.0",
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema.document_errors",
    ],
}

# Production hardening: on whenever debug is off, each switch overridable.
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 0 if DEBUG else 31536000, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
SECURE_CONTENT_TYPE_NOSNIFF = True
if env_bool("DJANGO_BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    USE_X_FORWARDED_HOST = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "INFO")},
}
