"""A deal the solver cannot finish within an attempt's time is skipped; the job carries on."""

from __future__ import annotations

import pytest

from games.quizzes.base import GENERATORS, QuizDraft
from games.solver import Objective, layout_for, solve
from games.solver.builders import pbn_position
from tests.trainer.conftest import toy_generator
from trainer.generation import create_job, run_chunk
from trainer.models import Quiz

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_bid_generator")]
# A full Beyond deal with targets the core does not finish in minutes.
HARD_DEAL = "N:AKT4.JT4.J76.Q3.3 QJ98.AK76.AQ.A96 3.9.KT542.T754.12 7652.Q532.93.KJ2"


def slow_every_fourth(seed: int, mode: str, constraint: object) -> QuizDraft | None:
    """The toy generator, except that every fourth seed's deal needs the hard solve."""
    if seed % 4 == 0:
        position = pbn_position(layout_for("beyond", "C"), HARD_DEAL, leader="S")
        solve(position, Objective.exact({0: 2, 2: 2}))
    return toy_generator(seed, mode, constraint)


def test_an_attempt_past_its_time_is_skipped_and_the_job_finishes(monkeypatch, caplog):
    GENERATORS[("wiezen", "bid")] = slow_every_fourth
    monkeypatch.setattr("trainer.generation.ATTEMPT_SECONDS", 0.2)
    job = create_job(game="wiezen", kind="bid", count=4, seed=3, enqueue=False)
    job = run_chunk(job.pk, budget_seconds=120)
    assert job.status == "done" and Quiz.objects.filter(job=job).count() == 4
    skipped = [r for r in caplog.records if "skipped: budget exceeded" in r.getMessage()]
    assert skipped, "no attempt met the hard deal: pick another job seed"
    assert job.attempts >= 4 + len(skipped)
