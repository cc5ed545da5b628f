"""The cache is optional: with Redis down the pages still answer, at once."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from config.cache import cache_settings

DEAD_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1


@pytest.fixture
def cache_down(settings):
    settings.CACHES = {"default": cache_settings(DEAD_REDIS, 0.2)}


@pytest.mark.django_db
def test_the_player_answers_with_the_cache_down(visitor_client, make_bank, no_refill, cache_down):
    make_bank(2)
    for url in ("/train/", "/train/wiezen/", "/train/skat/", "/"):
        assert visitor_client.get(url).status_code == 200, url


def test_a_cache_that_is_down_misses_and_drops_writes_without_raising(cache_down):
    cache.set("k", 1)
    assert cache.get("k") is None
    assert cache.get("k", "fallback") == "fallback"
    assert cache.get_many(["k"]) == {}
    assert cache.add("k", 1) is False
    assert cache.delete("k") is False
    with pytest.raises(ValueError, match="not found"):
        cache.incr("k")
    assert cache.ping() == "ConnectionError"


def test_a_cache_that_is_down_is_not_asked_again_for_a_while(cache_down, monkeypatch):
    cache.get("k")  # fails: the cache steps aside
    asked = []
    monkeypatch.setattr(type(cache._cache), "get", lambda *a, **k: asked.append(a))
    assert cache.get("k") is None and asked == []


def test_the_cache_works_when_redis_answers(settings, redis_url):
    settings.CACHES = {"default": cache_settings(redis_url, 0.5)}
    cache.set("trainer:test:k", [1, 2], 5)
    assert cache.get("trainer:test:k") == [1, 2]
    assert cache.ping() == ""
    cache.delete("trainer:test:k")
