"""Answering is graded from stored values: no solver or generator runs in the request."""

from __future__ import annotations

import importlib

import pytest

from tests.learner.learner_helpers import answer, take_quiz
from trainer.models import Attempt

pytestmark = pytest.mark.django_db

SOLVING = [
    ("games.solver", "solve"),
    ("games.solver.backends", "solve"),
    ("games.solver.api", "run"),
    ("games.quizzes", "draft_quiz"),
    ("trainer.generation", "draft_quiz"),
    ("trainer.generation", "run_chunk"),
]


def _forbid(*args: object, **kwargs: object) -> None:
    raise AssertionError("the solver was called inside a web request")


def test_quizzes_are_served_and_graded_with_the_solver_disabled(
    visitor_client, make_bank, monkeypatch, settings
):
    settings.TRAIN_REFILL_BELOW = 50  # the refill path runs too, and must not solve either
    patched = 0
    for module_name, attr in SOLVING:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        if hasattr(module, attr):
            monkeypatch.setattr(module, attr, _forbid)
            patched += 1
    assert patched >= 3
    make_bank(5)
    for right in (True, False, True):
        quiz = take_quiz(visitor_client)
        response = answer(visitor_client, quiz, right=right)
        assert visitor_client.get(response["Location"]).status_code == 200
    assert [a.correct for a in Attempt.objects.order_by("id")] == [True, False, True]
