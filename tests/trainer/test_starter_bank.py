"""`ensure_starter_bank`: a few quizzes per game and kind, bounded in time, resumable."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from tests.trainer.conftest import toy_generator
from trainer.models import GenerationJob, Quiz

pytestmark = pytest.mark.django_db


@pytest.fixture
def only_toy_generators(monkeypatch, eager_celery, toy_bid_generator):
    """Let the command see only the toy wiezen bid generator."""
    monkeypatch.setattr(
        "trainer.management.commands.ensure_starter_bank.load_generators",
        lambda: {("wiezen", "bid"): toy_generator},
    )


def run(*args: str) -> str:
    out = StringIO()
    call_command("ensure_starter_bank", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_an_empty_bank_gets_a_few_quizzes_per_kind(only_toy_generators):
    assert "3 quizzes in the bank" in run("--per-kind", "3")
    assert Quiz.objects.filter(game="wiezen", kind="bid").count() == 3
    assert "every game and kind has quizzes" in run("--per-kind", "3")
    assert GenerationJob.objects.count() == 1


def test_work_left_when_time_runs_out_resumes_on_the_next_start(only_toy_generators):
    assert "1 jobs resume on the next start" in run("--per-kind", "3", "--seconds", "0")
    job = GenerationJob.objects.get()
    assert not job.finished
    run("--per-kind", "3")
    job.refresh_from_db()
    assert job.status == "done" and GenerationJob.objects.count() == 1
