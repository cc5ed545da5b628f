"""Quiz-ticket state commits without waiting for its WAL flush; every other write still waits
for it (trainer.rawrows.ephemeral_write). Counted with PostgreSQL's own statistics: each
commit that waits for the disk is one ``wal_sync`` of the backend that made it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection, transaction

from api.state import ClientSession
from tests.conftest import need_service
from trainer.sessions import update_row

# Autocommit, as in a request: inside the test case's transaction nothing commits at all.
pytestmark = pytest.mark.django_db(transaction=True)
WRITES = 30


def wal_syncs() -> int:
    """The WAL flushes the server has counted, this backend's own included."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_force_next_flush()")
        cursor.execute("SELECT wal_sync FROM pg_stat_wal")
        return int(cursor.fetchone()[0])


@pytest.fixture
def postgres() -> None:
    if connection.vendor != "postgresql":
        need_service("commits that skip the WAL flush are PostgreSQL's (trainer/rawrows.py)")


def test_an_api_clients_ticket_state_does_not_wait_for_the_disk(postgres: None) -> None:
    state = ClientSession(User.objects.create_user("async-ticket"))
    state["ticket"] = "first"  # the row exists now
    before = wal_syncs()
    for n in range(WRITES):
        state["ticket"] = f"t{n}"
    # The WAL writer flushes in the background every 200 ms: one or two, not one a write.
    assert wal_syncs() - before < WRITES // 2
    assert dict(ClientSession(User.objects.get(username="async-ticket"))) == {"ticket": "t29"}


def test_a_sessions_change_does_not_wait_for_the_disk(postgres: None) -> None:
    store = SessionStore()
    store["ticket"] = "first"
    store.save(must_create=True)  # a new session: Django's own, durable insert
    before = wal_syncs()
    for n in range(WRITES):
        store["ticket"] = f"t{n}"
        update_row(store)
    assert wal_syncs() - before < WRITES // 2
    assert SessionStore(store.session_key).load() == {"ticket": "t29"}


def test_other_writes_and_a_ticket_inside_a_transaction_still_wait_for_it(
    postgres: None,
) -> None:
    user = User.objects.create_user("durable")
    state = ClientSession(user)
    state["ticket"] = "first"
    before = wal_syncs()
    for n in range(WRITES):
        User.objects.filter(pk=user.pk).update(first_name=f"n{n}")  # an ordinary write
    assert wal_syncs() - before >= WRITES
    before = wal_syncs()
    for n in range(WRITES):
        with transaction.atomic():  # the caller's transaction commits as a whole, durably
            state["ticket"] = f"t{n}"
            User.objects.filter(pk=user.pk).update(last_name=f"n{n}")
    assert wal_syncs() - before >= WRITES
