"""Plain SQL for the player's hottest reads, on PostgreSQL: the same rows as the ORM's.

A query through Django's ORM costs about 0.3 ms of CPU in the web process to build and to
turn into model instances, a plain one about 0.05 ms (docs/performance.md, "Load"). The few
reads every quiz fetch, answer and verdict sends are written here once, as SQL; on any other
database (the embedded SQLite) callers use the ORM, whose conversions they would otherwise
have to repeat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.db.models import Model


def usable() -> bool:
    """Return whether the plain reads apply (PostgreSQL: values come back as the ORM's)."""
    return connection.vendor == "postgresql"


def columns(model: type[Model], table: str) -> str:
    """Return the select list of every concrete column of ``model``, read from ``table``."""
    return ", ".join(f'{table}."{f.column}"' for f in model._meta.concrete_fields)


def build(model: type[Model], values: list[Any] | tuple[Any, ...]) -> Any:
    """Return the instance of ``model`` from its concrete columns' values, as the ORM makes
    it (JSON decoded by the fields, the instance marked as stored)."""
    fields = model._meta.concrete_fields
    out = list(values)
    for n, field in enumerate(fields):
        convert = getattr(field, "from_db_value", None)
        if convert is not None:
            out[n] = convert(out[n], None, connection)
    return model.from_db(connection.alias, None, out)


def one(sql: str, params: dict[str, Any] | list[Any]) -> tuple[Any, ...] | None:
    """Return the first row of a plain query, or None."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def rows(sql: str, params: dict[str, Any] | list[Any]) -> list[tuple[Any, ...]]:
    """Return every row of a plain query."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def one_write(sql: str, params: dict[str, Any] | list[Any], db: Any = None) -> int:
    """Send one plain data-changing statement on ``db`` (Django's default connection unless
    given); return the rows it changed."""
    with (db or connection).cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


# Appended to the WHERE clause of a write that need not wait for its WAL flush: set_config's
# third argument makes the setting local to the statement's own transaction, and PostgreSQL
# reads synchronous_commit when that transaction commits, at the statement's end.
_NO_FLUSH_WAIT = " AND set_config('synchronous_commit', 'off', true) = 'off'"


def ephemeral_write(sql: str, params: dict[str, Any] | list[Any], db: Any = None) -> int:
    """Send one data-changing statement ending in a WHERE clause whose commit does not wait
    for the disk; return the rows it changed.

    For state whose loss in a database crash costs nothing lasting: an API client's quiz
    ticket and a session's changes (its ticket; a login just made, which the learner then
    makes again; a visitor's progress). The answer a ticket leads to is stored durably,
    under its unique ticket, so a ticket that comes back after a crash cannot be answered
    twice. A crash of
    PostgreSQL itself (not of a web process) may lose the last such writes, about the last
    half second's (three times ``wal_writer_delay``), never a part of one; everything else
    still waits for its flush, which on a slow disk is milliseconds per commit
    (docs/performance.md, "The API's fifth round"). Inside a transaction of the caller's the write
    commits with it, durably as the rest: the setting would hold for the whole transaction.
    ``db``: the connection (Django's default one unless given).
    """
    db = db or connection
    if db.vendor == "postgresql" and not db.in_atomic_block:
        sql += _NO_FLUSH_WAIT
    return one_write(sql, params, db)


def build_some(model: type[Model], names: Sequence[str], values: Sequence[Any]) -> Any:
    """Return an instance of ``model`` holding only the fields ``names`` (by attname, in the
    model's field order) from their values, as ``only()`` would make it: the others load on
    first use."""
    by_name = {f.attname: f for f in model._meta.concrete_fields}
    out = list(values)
    for n, name in enumerate(names):
        convert = getattr(by_name[name], "from_db_value", None)
        if convert is not None:
            out[n] = convert(out[n], None, connection)
    return model.from_db(connection.alias, list(names), out)
