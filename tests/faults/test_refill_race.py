"""Sixteen top-ups at once queue one refill per game and kind: the database refuses the rest,
on PostgreSQL and on an SQLite file alike, and no racer gets an error."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from tests.faults.refill_race import RACERS, refill_race

pytestmark = pytest.mark.faults
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db(transaction=True)
def test_sixteen_simultaneous_refills_make_one_job_on_the_suite_database():
    if connection.vendor == "sqlite":
        pytest.skip("the SQLite file variant below covers SQLite")
    assert refill_race() == {"errors": [], "made": 1, "jobs": 1}
    from trainer import generation

    assert generation.send_job.__name__ == "send_job"  # sending is left as it was


@pytest.mark.django_db(transaction=True)
def test_sixteen_simultaneous_refills_make_one_job_on_an_sqlite_file(tmp_path):
    db = tmp_path / "race.sqlite3"
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{db}", REDIS_URL="")
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        # The suite's migrated in-memory database, copied to a file (faster than migrating;
        # outside a transaction, which would hold the copy up).
        connection.ensure_connection()
        target = sqlite3.connect(db)
        try:
            connection.connection.backup(target)
        finally:
            target.close()
    else:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True
        )
    out = subprocess.run(
        [sys.executable, "tests/faults/refill_race.py"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result == {"errors": [], "made": 1, "jobs": 1}, (RACERS, out.stderr[-2000:])
