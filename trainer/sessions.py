"""Sessions kept in the database and read through the cache, which may be down.

Every player request reads the session (the visitor id, the quiz ticket); most of those reads
then come from Redis instead of a PostgreSQL round trip. Every write still goes to the database
first, so a cache that is lost, emptied or unreachable loses nothing: the session is read from
the database again. Django's own ``cached_db`` store already tolerates a failing cache on save;
this one also tolerates it when it refills the cache after a read, checks that a new key is
free, or deletes a key (a session deleted while the cache is unreachable can live on in the
cache until it expires, under a key its owner's browser no longer holds).
Selected in settings only where the cache is shared by every web process (Redis): an in-memory
cache per process would serve one process's stale copy after another process wrote.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.sessions.backends.base import UpdateError
from django.contrib.sessions.backends.cached_db import SessionStore as CachedDBStore
from django.contrib.sessions.backends.db import SessionStore as DBStore
from django.db import connections, router

from trainer.rawrows import ephemeral_write

log = logging.getLogger(__name__)


def update_row(store: DBStore) -> None:
    """Store the changed data of an existing session with one UPDATE.

    Django's database store saves a model instance inside a transaction of its own (BEGIN,
    UPDATE, COMMIT: three round trips on every request that changes the session, such as each
    quiz fetch and answer); one UPDATE in autocommit is as atomic. Raise UpdateError when the
    row is gone, as Django's store does.
    """
    obj = store.create_model_instance(store._get_session(no_load=False))
    using = router.db_for_write(store.model, instance=obj)
    db = connections[using]
    if db.vendor == "postgresql":
        # The same UPDATE as plain SQL: under half the time of the ORM's (cProfile).
        meta = store.model._meta
        sql = (
            f"UPDATE {db.ops.quote_name(meta.db_table)} SET session_data = %s, expire_date = %s"
            " WHERE session_key = %s"
        )
        # A session's change (the quiz ticket, mostly; also a login's user, a visitor's
        # progress): its commit need not wait for the disk (trainer.rawrows.ephemeral_write).
        # A new session's first row is Django's own insert, and waits.
        rows = ephemeral_write(sql, [obj.session_data, obj.expire_date, obj.session_key], db)
        if not rows:
            raise UpdateError
        return
    rows = (
        store.model._default_manager.using(using)
        .filter(session_key=obj.session_key)
        .update(session_data=obj.session_data, expire_date=obj.expire_date)
    )
    if not rows:
        raise UpdateError


class SessionStore(CachedDBStore):
    """Django's cached database sessions, carrying on through cache errors."""

    def load(self) -> dict[str, Any]:
        try:
            data = self._cache.get(self.cache_key)
        except Exception:  # an unreachable cache, or a key the backend refuses
            data = None
        if data is not None:
            return dict(data)
        stored = self._get_session_from_db()
        if not stored:
            return {}
        data = self.decode(stored.session_data)
        try:
            self._cache.set(self.cache_key, data, self.get_expiry_age(expiry=stored.expire_date))
        except Exception:
            log.warning("session cache unavailable: read from the database only", exc_info=True)
        return dict(data)

    def _update(self) -> None:
        update_row(self)
        try:
            self._cache.set(self.cache_key, self._session, self.get_expiry_age())
        except Exception:
            log.warning("session cache unavailable: saved to the database only")

    def save(self, must_create: bool = False) -> None:
        try:
            if must_create or self.session_key is None:
                super().save(must_create)
            else:
                self._update()
        except UpdateError:
            if must_create:
                raise
            # The database lost this session while the cache still held it (a row deleted
            # behind the cache): drop the stale copy and keep the data under a new key, as a
            # plain database store does for a session it cannot find, instead of a 400.
            try:
                self._cache.delete(self.cache_key)
            except Exception:
                log.warning("session cache unavailable: could not drop a stale session")
            self.create()

    def exists(self, session_key: str) -> bool:
        try:
            if session_key and (self.cache_key_prefix + session_key) in self._cache:
                return True
        except Exception:
            pass  # the database below answers
        return bool(super(CachedDBStore, self).exists(session_key))

    def delete(self, session_key: str | None = None) -> None:
        key = session_key or self.session_key
        super(CachedDBStore, self).delete(session_key)
        if key is None:
            return
        try:
            self._cache.delete(self.cache_key_prefix + key)
        except Exception:
            log.warning("session cache unavailable: could not drop a deleted session")
