"""Generation jobs: validation, queuing after commit, chunked progress, no duplicates."""

from __future__ import annotations

import json
from dataclasses import replace
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.quizzes.base import GENERATORS
from games.quizzes.common.keep import MAX_ANSWER_SHARE
from tests.trainer.conftest import toy_generator
from trainer.generation import (
    SHARE_FLOOR,
    JobRequestError,
    attempt_seed,
    create_job,
    run_chunk,
)
from trainer.models import GenerationJob, Quiz
from trainer.quizio import QuizImportError, draft_to_json, export_lines, import_lines

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_bid_generator")]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"game": "bridge"}, "game: unknown game 'bridge'"),
        ({"kind": "lead"}, "kind: unknown kind 'lead'"),
        ({"count": 0}, "count: must be between 1 and 1000, not 0"),
        ({"count": 5000}, "count: must be between 1 and 1000"),
        ({"mode": "double_dummy"}, "mode: wiezen bid quizzes come in single_dummy"),
        ({"constraints": "N.spades >= x"}, "constraints: col"),
    ],
)
def test_a_bad_request_is_refused_by_field_and_saves_nothing(fields, message):
    request = {"game": "wiezen", "kind": "bid", "count": 3, **fields}
    with pytest.raises(JobRequestError, match=message):
        create_job(**request)
    assert GenerationJob.objects.count() == 0


def test_the_task_is_queued_only_after_commit(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = create_job(game="wiezen", kind="bid", count=2, seed=1)
    assert len(callbacks) == 1
    job.refresh_from_db()
    assert job.status == "queued" and job.done == 0


def test_a_job_runs_to_done_with_progress_and_keep_rate():
    job = create_job(game="wiezen", kind="bid", count=5, seed=4, enqueue=False)
    seen = []
    job = run_chunk(job.pk, progress=lambda j: seen.append(j.done))
    assert job.status == "done" and job.finished_at is not None
    assert job.done == 5 and Quiz.objects.filter(job=job).count() == 5
    assert seen == sorted(seen) and seen[-1] == 5
    assert job.attempts >= 5 and 0 < job.keep_rate <= 1


def test_the_same_job_seed_gives_the_same_quizzes():
    a = run_chunk(create_job(game="wiezen", kind="bid", count=4, seed=9, enqueue=False).pk)
    seeds_a = sorted(Quiz.objects.filter(job=a).values_list("seed", flat=True))
    Quiz.objects.all().delete()
    b = run_chunk(create_job(game="wiezen", kind="bid", count=4, seed=9, enqueue=False).pk)
    assert sorted(Quiz.objects.filter(job=b).values_list("seed", flat=True)) == seeds_a
    kept = [s for s in (attempt_seed(9, n) for n in range(a.attempts)) if s % 3]
    assert seeds_a == sorted(kept)


def test_a_chunk_stops_on_time_and_the_next_carries_on_from_the_cursor():
    job = create_job(game="wiezen", kind="bid", count=20, seed=2, enqueue=False)
    job = run_chunk(job.pk, budget_seconds=0.0)
    assert not job.finished and job.attempts == 0
    job = run_chunk(job.pk, budget_seconds=10.0)
    assert job.status == "done"
    assert Quiz.objects.count() == 20


def test_running_a_finished_job_again_adds_nothing():
    job = run_chunk(create_job(game="wiezen", kind="bid", count=3, seed=5, enqueue=False).pk)
    again = run_chunk(job.pk)
    assert (again.done, again.attempts) == (job.done, job.attempts)
    assert Quiz.objects.count() == 3


def test_repeated_positions_are_counted_as_duplicates_not_stored():
    job = run_chunk(create_job(game="wiezen", kind="bid", count=30, seed=3, enqueue=False).pk)
    second = run_chunk(create_job(game="wiezen", kind="bid", count=5, seed=3, enqueue=False).pk)
    assert job.done == 30
    assert second.duplicates > 0
    hashes = list(Quiz.objects.values_list("position_hash", flat=True))
    assert len(hashes) == len(set(hashes))


def test_a_job_that_cannot_find_enough_quizzes_fails_with_a_clear_error(monkeypatch):
    # Only 40 distinct toy positions exist, so 60 can never be made.
    monkeypatch.setattr("trainer.generation.ATTEMPTS_PER_QUIZ", 5)
    job = run_chunk(
        create_job(game="wiezen", kind="bid", count=60, seed=1, enqueue=False).pk, budget_seconds=60
    )
    assert job.status == "failed"
    assert "no quiz found after 300 attempts (40 of 60 made)" in job.error


def test_the_eager_task_finishes_the_job(eager_celery):
    job = create_job(game="wiezen", kind="bid", count=3, seed=8, enqueue=False)
    from trainer.tasks import generate_quizzes

    result = generate_quizzes.delay(job.pk).get()
    assert result["status"] == "done"
    job.refresh_from_db()
    assert job.done == 3


def test_export_then_import_round_trips_and_skips_known_positions():
    run_chunk(create_job(game="wiezen", kind="bid", count=3, seed=6, enqueue=False).pk)
    lines = list(export_lines(Quiz.objects.all()))
    record = json.loads(lines[0])
    assert {"id", "game", "kind", "mode", "themes", "rating", "position", "candidates"} <= set(
        record
    )
    stored = Quiz.objects.get(pk=record["id"]).candidates[0]
    assert record["candidates"][0] == stored
    fields = {"answer", "label", "value", "accepted", "refutation", "line", "result", "rate"}
    assert fields | {"rate_unit", "tricks", "line_end", "line_world"} == set(stored)
    assert import_lines(lines).duplicates == 3
    Quiz.objects.all().delete()
    report = import_lines(lines)
    assert (report.stored, report.duplicates) == (3, 0)
    assert json.loads(next(export_lines(Quiz.objects.all())))["position"] == record["position"]


def good_line(n: int = 1) -> dict:
    """Return a valid exchange line: the toy generator's quiz ``n``."""
    return draft_to_json(toy_generator(n, "single_dummy", None))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (None, "line 2: not valid JSON"),
        ({"kind": None}, "line 2: missing field(s): kind"),
        ({"game": "go"}, "line 2: game: unknown game 'go'"),
        ({"version": None}, "line 2: version: missing, so this is a format 1 line"),
        (
            {"candidates": [{"answer": "A", "value": 1, "accepted": False}]},
            "line 2: candidates: a quiz needs at least one accepted answer",
        ),
    ],
)
def test_a_bad_import_line_is_named_and_nothing_is_stored(change, message):
    if change is None:
        bad = "{not json"
    else:
        data = {**good_line(2), **change}
        bad = json.dumps({k: v for k, v in data.items() if v is not None})
    with pytest.raises(QuizImportError, match=message.replace("(", r"\(").replace(")", r"\)")):
        import_lines([json.dumps(good_line(1)), bad])
    assert Quiz.objects.count() == 0


def test_generate_command_runs_in_process_and_reports_the_keep_rate(eager_celery):
    out = StringIO()
    call_command(
        "generate_quizzes",
        "--game",
        "wiezen",
        "--kind",
        "bid",
        "--count",
        "4",
        "--seed",
        "11",
        stdout=out,
        stderr=StringIO(),
    )
    assert "done: 4 quizzes from" in out.getvalue()
    assert "keep rate" in out.getvalue()


def test_generate_command_names_a_bad_constraint(eager_celery):
    with pytest.raises(CommandError, match="constraints: col"):
        call_command(
            "generate_quizzes",
            "--game",
            "wiezen",
            "--kind",
            "bid",
            "--constraints",
            "N.spades >>> 3",
            stdout=StringIO(),
            stderr=StringIO(),
        )


def test_export_and_import_commands(tmp_path):
    run_chunk(create_job(game="wiezen", kind="bid", count=2, seed=6, enqueue=False).pk)
    path = tmp_path / "bank.jsonl"
    call_command("export_quizzes", "--game", "wiezen", "--output", str(path), stderr=StringIO())
    assert len(path.read_text().splitlines()) == 2
    Quiz.objects.all().delete()
    out = StringIO()
    call_command("import_quizzes", str(path), stdout=out)
    assert "2 quizzes imported" in out.getvalue()
    path.write_text("[]\n")
    with pytest.raises(CommandError, match="line 1: expected a JSON object; nothing was imported"):
        call_command("import_quizzes", str(path), stdout=StringIO())


def test_generate_command_gives_up_waiting_when_no_worker_takes_the_job(broker_down):
    with pytest.raises(CommandError, match="made no progress for 1 s: is a Celery worker"):
        call_command(
            "generate_quizzes",
            "--game",
            "wiezen",
            "--kind",
            "bid",
            "--count",
            "2",
            "--stall-seconds",
            "1",
            stdout=StringIO(),
            stderr=StringIO(),
        )
    assert GenerationJob.objects.get().status == "queued"


def always_a(seed, mode, constraint):
    """The toy generator, with A accepted in every quiz it makes."""
    draft = toy_generator(seed, mode, constraint)
    if draft is None:
        return None
    return replace(
        draft,
        candidates=tuple(replace(c, accepted=c.answer == "A") for c in draft.candidates),
    )


def test_a_refill_passes_over_an_answer_the_bank_has_enough_of(monkeypatch):
    # Undone inside the test: the toy generator's fixture restores the real one afterwards.
    with monkeypatch.context() as patch:
        patch.setitem(GENERATORS, ("wiezen", "bid"), always_a)
        # (A chunk long enough for every attempt: on a loaded machine the default 15 s chunk
        # can end first and leave the job running.)
        refill = run_chunk(
            create_job(game="wiezen", kind="bid", count=8, seed=5, enqueue=False, refill=True).pk,
            budget_seconds=600,
        )
        # Against the floor of SHARE_FLOOR quizzes, A may be the answer of 40 % of ten: four.
        assert refill.status == "failed" and "4 of 8 made" in refill.error
        accepted = [q.accepted for q in Quiz.objects.all()]
        assert accepted == [["A"]] * 4 and MAX_ANSWER_SHARE * SHARE_FLOOR == 4
        # A teacher's job keeps what it asked for.
        asked = run_chunk(create_job(game="wiezen", kind="bid", count=3, seed=6, enqueue=False).pk)
        assert asked.status == "done" and asked.done == 3
    # Other answers still come in by refills: the toy's own turns of A to E.
    mixed = run_chunk(
        create_job(game="wiezen", kind="bid", count=5, seed=7, enqueue=False, refill=True).pk,
        budget_seconds=600,
    )
    assert mixed.done == 5
    assert not any(q.accepted == ["A"] for q in Quiz.objects.filter(job=mixed))
