"""A small quiz bank and the three personas of the permission tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.learner.learner_helpers import PASSWORD, wiezen_draft
from trainer.generation import store_quiz
from trainer.models import Quiz


@pytest.fixture(autouse=True)
def fast_passwords(settings: object) -> None:
    """Hash test passwords quickly: the real hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # type: ignore[attr-defined]


@pytest.fixture
def make_bank(db: None) -> Callable[..., list[Quiz]]:
    """Return a function that stores ``count`` quizzes with ratings spread around 1500."""

    def make(count: int = 12, spread: float = 600.0, start: int = 1, **kw: object) -> list[Quiz]:
        rng = random.Random(count * 7919 + start)
        for n in range(start, start + count):
            rating = 1500.0 + rng.uniform(-spread / 2, spread / 2)
            assert store_quiz(wiezen_draft(n, rating, **kw), None)  # type: ignore[arg-type]
        return list(Quiz.objects.filter(seed__gte=start, seed__lt=start + count))

    return make


@pytest.fixture
def no_refill(settings: object) -> None:
    """Keep the low-bank refill quiet in tests that are not about it."""
    settings.TRAIN_REFILL_BELOW = 0  # type: ignore[attr-defined]


@pytest.fixture
def learner(db: None) -> User:
    return User.objects.create_user("lena", "lena@example.org", PASSWORD)


@pytest.fixture
def other_learner(db: None) -> User:
    return User.objects.create_user("otto", "otto@example.org", PASSWORD)


@pytest.fixture
def learner_client(learner: User) -> Client:
    client = Client()
    client.force_login(learner)
    return client


@pytest.fixture
def other_client(other_learner: User) -> Client:
    client = Client()
    client.force_login(other_learner)
    return client


@pytest.fixture
def visitor_client() -> Client:
    return Client()


@pytest.fixture
def celery_with_workers() -> Iterator[None]:
    """Behave as the scaled-out mode does: tasks go to the broker instead of running here."""
    from config.celery import app

    old = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = old
