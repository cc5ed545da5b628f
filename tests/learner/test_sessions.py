"""Sessions written to the database and read through the cache (trainer.sessions)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.locmem import LocMemCache

from trainer import sessions

pytestmark = pytest.mark.django_db


class DownCache(BaseCache):
    """A cache whose server cannot be reached: every call fails as redis-py's would."""

    def __init__(self) -> None:
        super().__init__({})

    def _fail(self, *args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("Error 111 connecting to the cache. Connection refused.")

    get = set = add = delete = has_key = touch = _fail


def _store(monkeypatch: pytest.MonkeyPatch, cache: BaseCache) -> type[sessions.SessionStore]:
    monkeypatch.setattr(sessions.SessionStore, "__init__", _init_with(cache))
    return sessions.SessionStore


def _init_with(cache: BaseCache) -> Any:
    def init(self: sessions.SessionStore, session_key: str | None = None) -> None:
        self._cache = cache
        super(sessions.CachedDBStore, self).__init__(session_key)

    return init


def test_a_session_is_read_from_the_cache_without_a_query(monkeypatch, django_assert_num_queries):
    store = _store(monkeypatch, LocMemCache("sessions-test", {}))
    first = store()
    first["trainer_visitor"] = "v1"
    first.save()
    with django_assert_num_queries(0):
        assert store(first.session_key)["trainer_visitor"] == "v1"


def test_with_the_cache_down_sessions_are_created_read_and_deleted_in_the_database(monkeypatch):
    # Django's own cached_db store fails here: it refills the cache after a read and asks the
    # cache whether a new key is free, both unguarded.
    store = _store(monkeypatch, DownCache())
    first = store()
    first["trainer_visitor"] = "v2"
    first.create()  # checks that the new key is free: the cache cannot tell, the database can
    first["trainer_ticket"] = {"quiz": 7}
    first.save()
    again = store(first.session_key)
    assert again["trainer_visitor"] == "v2" and again["trainer_ticket"] == {"quiz": 7}
    assert again.exists(first.session_key)
    again.delete()
    assert not store(first.session_key).exists(first.session_key)
    assert store(first.session_key).get("trainer_visitor") is None


@pytest.mark.django_db
def test_a_session_lost_from_the_database_but_cached_is_saved_under_a_new_key(redis_url, settings):
    from django.contrib.sessions.models import Session

    from trainer.sessions import SessionStore

    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": redis_url}
    }
    store = SessionStore()
    store["visitor"] = "v1"
    store.save()
    old = store.session_key
    Session.objects.filter(session_key=old).delete()  # the row goes, the cached copy stays
    again = SessionStore(old)
    assert again["visitor"] == "v1"  # read from the cache
    again["ticket"] = "t1"
    again.save()  # no UpdateError (that was a 400 on every page)
    assert again.session_key != old
    assert SessionStore(again.session_key).load() == {"visitor": "v1", "ticket": "t1"}
