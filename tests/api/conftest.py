"""Fixtures of the API tests: token clients for the four personas and a small bank."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.teachers.teacher_helpers import World, make_world


@pytest.fixture(autouse=True)
def fast_passwords(settings: object) -> None:
    """Hash test passwords quickly: the real hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def fresh_rates() -> None:
    """Request counts live in the cache: each test starts with none."""
    cache.clear()


@pytest.fixture
def world(db: None) -> World:
    return make_world()
