"""The typed environment readers and the settings module reject bad values by name."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str, env_url

ROOT = Path(__file__).resolve().parent.parent


def test_env_bool_reads_yes_and_no_words():
    assert env_bool("X", False, environ={"X": "Yes"}) is True
    assert env_bool("X", True, environ={"X": "off"}) is False
    assert env_bool("X", True, environ={}) is True


def test_env_bool_rejects_a_word_it_does_not_know():
    with pytest.raises(ImproperlyConfigured, match="DJANGO_DEBUG='maybe'"):
        env_bool("DJANGO_DEBUG", False, environ={"DJANGO_DEBUG": "maybe"})


def test_env_int_rejects_text_and_values_below_the_minimum():
    with pytest.raises(ImproperlyConfigured, match="CELERY_TASK_TIME_LIMIT='ten'"):
        env_int("CELERY_TASK_TIME_LIMIT", 5, environ={"CELERY_TASK_TIME_LIMIT": "ten"})
    with pytest.raises(ImproperlyConfigured, match="N=0 is below the minimum of 1"):
        env_int("N", 5, minimum=1, environ={"N": "0"})
    assert env_int("N", 5, environ={"N": " 12 "}) == 12


def test_env_list_splits_on_commas_and_rejects_empty_items():
    assert env_list("H", [], environ={"H": "a.example, b.example"}) == ["a.example", "b.example"]
    with pytest.raises(ImproperlyConfigured, match="DJANGO_ALLOWED_HOSTS"):
        env_list("DJANGO_ALLOWED_HOSTS", [], environ={"DJANGO_ALLOWED_HOSTS": "a,,b"})


def test_env_str_requires_a_value_when_there_is_no_default():
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY must be set"):
        env_str("DJANGO_SECRET_KEY", None, environ={"DJANGO_SECRET_KEY": "  "})


def test_env_url_checks_the_scheme_and_host():
    assert env_url("R", ("redis",), environ={"R": "redis://h:6379/0"}) == "redis://h:6379/0"
    assert env_url("R", ("redis",), default=None, environ={}) is None
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL='http://h' must be a URL"):
        env_url("REDIS_URL", ("redis", "rediss"), environ={"REDIS_URL": "http://h"})
    with pytest.raises(ImproperlyConfigured, match="has no host name"):
        env_url("DATABASE_URL", ("postgres",), environ={"DATABASE_URL": "postgres:///x"})


def load_settings(**env: str) -> subprocess.CompletedProcess[str]:
    """Import the settings module in a fresh interpreter with the given environment."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CELERY_"))}
    clean.pop("REDIS_URL", None)
    clean.pop("DATABASE_URL", None)
    code = (
        "import config.settings as s; "
        "print(s.CELERY_TASK_ALWAYS_EAGER, s.CELERY_BROKER_URL, s.DATABASES['default']['ENGINE'])"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_settings_default_to_the_embedded_mode():
    result = load_settings()
    assert result.returncode == 0, result.stderr
    # Tasks go to a worker through the serverless broker, never into the web process.
    assert result.stdout.split() == ["False", "filesystem://", "django.db.backends.sqlite3"]


def test_settings_use_redis_and_postgres_when_given():
    result = load_settings(REDIS_URL="redis://127.0.0.1:6379/3", DATABASE_URL="postgres://u@h/db")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "False",
        "redis://127.0.0.1:6379/3",
        "config.pg",  # Django's PostgreSQL backend with the cheaper health check
    ]


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"DJANGO_DEBUG": "sometimes"}, "DJANGO_DEBUG"),
        ({"DJANGO_DEBUG": "false"}, "DJANGO_SECRET_KEY"),
        ({"REDIS_URL": "localhost:6379"}, "REDIS_URL"),
        ({"DATABASE_URL": "mysql://h/db"}, "DATABASE_URL"),
        ({"CELERY_TASK_SOFT_TIME_LIMIT": "-3"}, "CELERY_TASK_SOFT_TIME_LIMIT"),
        (
            {"CELERY_TASK_SOFT_TIME_LIMIT": "100", "CELERY_TASK_TIME_LIMIT": "50"},
            "CELERY_TASK_TIME_LIMIT",
        ),
    ],
)
def test_settings_refuse_to_load_with_a_bad_variable(env, named):
    result = load_settings(**env)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert named in result.stderr.strip().splitlines()[-1]


def test_deploy_check_is_clean_with_production_settings():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="x7!" + "k" * 60 + "Qz9#pL2",
        DJANGO_ALLOWED_HOSTS="trainer.example.org",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


PRODUCTION = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": "x7!" + "k" * 60 + "Qz9#pL2",
    "DJANGO_ALLOWED_HOSTS": "trainer.example.org",
}


@pytest.mark.parametrize(
    ("env", "problem"),
    [
        ({"DJANGO_ALLOWED_HOSTS": "*"}, "wildcard"),
        ({"DJANGO_ALLOWED_HOSTS": "trainer.example.org, *"}, "wildcard"),
        ({"DJANGO_ALLOWED_HOSTS": ""}, "DJANGO_ALLOWED_HOSTS must be set"),
        (
            {"DJANGO_EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"},
            "console",
        ),
    ],
)
def test_production_settings_refuse_open_hosts_and_the_console_mail_backend(env, problem):
    result = load_settings(**{**PRODUCTION, **env})
    assert result.returncode != 0
    last = result.stderr.strip().splitlines()[-1]
    assert "ImproperlyConfigured" in last and problem in last


def test_production_mail_defaults_to_smtp():
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CELERY_"))}
    result = subprocess.run(
        [sys.executable, "-c", "import config.settings as s; print(s.EMAIL_BACKEND)"],
        cwd=ROOT, env={**clean, **PRODUCTION}, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.stdout.strip() == "django.core.mail.backends.smtp.EmailBackend", result.stderr


def test_deploy_check_names_the_console_mail_backend_and_a_wildcard_host():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(DJANGO_ALLOWED_HOSTS="*")  # debug on: the settings load, the check speaks
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    out = result.stdout + result.stderr
    assert "trainer.W001" in out and "console" in out
    assert "trainer.W002" in out and "'*'" in out
