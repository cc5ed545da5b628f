"""Fixtures of the teacher tests: fast password hashing and the four personas' world."""

from __future__ import annotations

import pytest

from tests.teachers.teacher_helpers import World, make_world


@pytest.fixture(autouse=True)
def fast_passwords(settings: object) -> None:
    """Hash test passwords quickly: the real hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # type: ignore[attr-defined]


@pytest.fixture
def world(db: None) -> World:
    return make_world()
