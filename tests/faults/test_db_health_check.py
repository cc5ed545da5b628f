"""The database connection's health check (config/pg/base.py): skipped on a connection that
finished a request cleanly within the last second, done as Django does otherwise, and a
server-side end of the connection costs at most the one request that meets it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import OperationalError, connection, connections

from tests.conftest import need_service

pytestmark = pytest.mark.django_db(transaction=True)


class Checks:
    def __init__(self, wrapper) -> None:
        self.count = 0
        self._real = wrapper.is_usable
        wrapper.is_usable = self

    def __call__(self) -> bool:
        self.count += 1
        return self._real()


@pytest.fixture
def wrapper() -> Iterator:
    if connection.vendor != "postgresql":
        need_service("the health check shortcut is PostgreSQL's backend (config.pg)")
    made = connections.create_connection("default")
    assert type(made).__module__ == "config.pg.base"
    # Its own copy of the settings, as the site runs them (kept connections, checked):
    # other tests' fixtures change the shared ones (the browser tests close after each
    # request).
    made.settings_dict = {**made.settings_dict, "CONN_MAX_AGE": 60, "CONN_HEALTH_CHECKS": True}
    made.settings_dict.setdefault("HEALTH_CHECK_FRESH", 1)
    try:
        yield made
    finally:
        made.close()


def a_request(wrapper) -> int:
    """What Django does around one request that sends a query: the request_started and
    request_finished signals call close_if_unusable_or_obsolete."""
    wrapper.close_if_unusable_or_obsolete()
    try:
        with wrapper.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            return cursor.fetchone()[0]
    finally:
        wrapper.close_if_unusable_or_obsolete()


def test_a_connection_used_a_moment_ago_is_not_checked_again(wrapper):
    checks = Checks(wrapper)
    first = a_request(wrapper)
    assert a_request(wrapper) == a_request(wrapper) == first
    assert checks.count == 0


def test_a_connection_idle_for_longer_is_checked_before_its_first_query(wrapper):
    checks = Checks(wrapper)
    a_request(wrapper)
    wrapper._clean_at -= 1.5
    a_request(wrapper)
    assert checks.count == 1
    a_request(wrapper)  # fresh again after that clean request
    assert checks.count == 1


def test_with_a_freshness_of_zero_every_request_is_checked(wrapper):
    wrapper.settings_dict["HEALTH_CHECK_FRESH"] = 0
    checks = Checks(wrapper)
    a_request(wrapper)
    a_request(wrapper)
    a_request(wrapper)
    assert checks.count == 2  # the first request connected, which counts as checked


def end_backend(pid: int) -> None:
    with connection.cursor() as cursor:
        # With a timeout, pg_terminate_backend waits until the backend has gone.
        cursor.execute("SELECT pg_terminate_backend(%s, 5000)", [pid])
        assert cursor.fetchone() == (True,)


def test_a_stale_connection_the_server_ended_is_replaced_before_the_request(wrapper):
    pid = a_request(wrapper)
    end_backend(pid)
    wrapper._clean_at -= 1.5
    assert a_request(wrapper) != pid


def test_a_fresh_connection_the_server_ended_fails_one_request_then_reconnects(wrapper):
    pid = a_request(wrapper)
    end_backend(pid)
    with pytest.raises(OperationalError):
        a_request(wrapper)
    assert wrapper.connection is None  # found unusable at the request's end and closed
    assert a_request(wrapper) != pid
