"""PostgreSQL prepares the statements a connection sends again (DATABASE_PREPARE_THRESHOLD,
config/settings.py): parameters are bound on the server, and a statement sent twice is
prepared and from then on only executed, whatever values it carries."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import need_service

pytestmark = pytest.mark.django_db


def prepared() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return {row[0] for row in cursor.fetchall()}


def test_a_repeated_statement_is_prepared_with_its_parameters_apart() -> None:
    if connection.vendor != "postgresql":
        need_service("prepared statements are PostgreSQL's (config/settings.py)")
    options = settings.DATABASES["default"]["OPTIONS"]
    assert options["server_side_binding"] is True
    assert options["prepare_threshold"] == 2
    sql = "SELECT count(*) FROM trainer_quiz WHERE id > %s AND game = %s"
    assert not any("trainer_quiz WHERE id > $1" in s for s in prepared())
    with connection.cursor() as cursor:
        for value in (1, 2, 3):  # three values, one statement: the parameters are apart
            cursor.execute(sql, [value, "skat"])
            assert cursor.fetchone() == (0,)
    assert any("trainer_quiz WHERE id > $1 AND game = $2" in s for s in prepared())
