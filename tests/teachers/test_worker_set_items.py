"""Generated and entered-deal items: made by the worker's tasks, added to the set, re-checked."""

from __future__ import annotations

import pytest

from classes import sets
from classes.models import DealEntry, SetGeneration, SetItem
from classes.tasks import solve_deal_entry
from games.quizzes import recheck
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.entered import EnteredDeal, quiz_from_deal, read_deal
from tests.teachers.teacher_helpers import client_for
from tests.teachers.test_teacher_bad_input import (
    BEYOND_DEAL,
    BEYOND_PLAYED,
    FIVE_HUNDRED_DEAL,
    FIVE_HUNDRED_PLAYED,
    SKAT_DEAL,
    WIEZEN_DEAL,
)

pytestmark = pytest.mark.django_db(transaction=True)


def stored_draft(quiz) -> QuizDraft:
    """Return the draft a stored quiz was made from (what the re-check reads)."""
    return QuizDraft(
        game=quiz.game, kind=quiz.kind, mode=quiz.mode, prompt=quiz.prompt,
        position=quiz.position,
        candidates=tuple(
            Candidate(**{**c, "line": tuple(c.get("line") or ())}) for c in quiz.candidates
        ),
        unit=quiz.unit, themes=tuple(quiz.themes), rating=quiz.rating, rule_ref=quiz.rule_ref,
        seed=quiz.seed, samples=quiz.samples, margin=quiz.margin, extra=quiz.extra,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("game", "deal", "contract", "seat", "played"),
    [
        ("wiezen", WIEZEN_DEAL, "ask_join NS H", "S", "C8 C2 C5 CA HK H4 H5 H3"),
        ("skat", SKAT_DEAL, "forehand grand", "forehand", "CJ SJ HJ CA C9 C7"),
        ("five_hundred", FIVE_HUNDRED_DEAL, "7S N", "S", FIVE_HUNDRED_PLAYED),
        ("beyond", BEYOND_DEAL, "7H N N3 E3 S4 W2", "S", BEYOND_PLAYED),
    ],
)
def test_an_entered_deal_is_solved_on_the_worker_into_an_item_that_rechecks(
    world, eager_celery, game, deal, contract, seat, played
):
    client = client_for(world.teacher)
    response = client.post(
        f"/teach/sets/{world.exercise_set.pk}/deal/",
        {"game": game, "deal": deal, "contract": contract, "seat": seat, "played": played},
    )
    assert response.status_code == 302
    assert [str(m) for m in response.wsgi_request._messages] == []
    entry = DealEntry.objects.get()
    assert entry.status == "done", entry.error
    item = world.exercise_set.items.get(source=SetItem.Source.ENTERED)
    quiz = item.quiz
    assert item.order == 4 and quiz == entry.quiz and quiz.mode == "double_dummy"
    cut = read_deal(EnteredDeal(game, deal, contract, seat, played))
    legal = cut.table.legal() if game == "skat" else cut.legal
    assert {c["answer"] for c in quiz.candidates} == {str(c) for c in legal}
    assert all("value" in c for c in quiz.candidates)
    # Solving the stored position again gives the same values and the same accepted cards.
    assert recheck(stored_draft(quiz)) == []
    status = client.get(f"/teach/sets/{world.exercise_set.pk}/entry/{entry.pk}/status/").json()
    assert status == {
        "id": entry.pk, "status": "done", "finished": True, "message": "", "quiz": quiz.pk,
        "percent": 100,
    }  # fmt: skip
    preview = client.get(f"/teach/sets/{world.exercise_set.pk}/items/{item.pk}/")
    assert preview.status_code == 200 and preview.context["quiz"] == quiz


def test_the_recheck_catches_a_changed_value_of_an_entered_quiz():
    draft = quiz_from_deal(EnteredDeal("wiezen", WIEZEN_DEAL, "ask_join NS H", "W", ""))
    first = draft.candidates[0]
    broken = QuizDraft(
        **{
            **draft.__dict__,
            "candidates": (
                Candidate(**{**first.__dict__, "value": first.value + 1}),
                *draft.candidates[1:],
            ),
        }
    )
    assert recheck(draft) == []
    assert recheck(broken) != []


def test_a_position_with_no_decision_fails_with_a_clear_message(world, eager_celery):
    # Every card of the Skat null position reaches the same result: nothing to teach.
    sets.enter_deal(world.teacher, world.exercise_set.pk, "skat", SKAT_DEAL, "rearhand null",
                    "forehand")  # fmt: skip
    entry = DealEntry.objects.get()
    assert entry.status == "failed" and "this is no decision" in entry.error
    assert not world.exercise_set.items.filter(source=SetItem.Source.ENTERED).exists()


def test_solving_an_entry_twice_adds_one_item(world):
    entry = sets.enter_deal(world.teacher, world.exercise_set.pk, "wiezen", WIEZEN_DEAL,
                            "ask_join NS H", "S", "C8 C2 C5 CA HK H4 H5 H3")  # fmt: skip
    solve_deal_entry(entry.pk)
    solve_deal_entry(entry.pk)
    assert world.exercise_set.items.filter(source=SetItem.Source.ENTERED).count() == 1


def test_generated_quizzes_join_the_set_when_the_job_is_done(world, eager_celery, settings):
    client = client_for(world.teacher)
    client.post(
        f"/teach/sets/{world.exercise_set.pk}/generate/",
        {"game": "wiezen", "kind": "play", "count": 2, "mode": "double_dummy",
         "constraints": "N.hcp >= 12"},
    )  # fmt: skip
    link = SetGeneration.objects.get()
    assert link.added and link.job.status == "done"
    generated = world.exercise_set.items.filter(source=SetItem.Source.GENERATED)
    assert generated.count() == 2 and [i.order for i in generated] == [4, 5]
    status = client.get(f"/teach/sets/{world.exercise_set.pk}/generation/{link.pk}/status/")
    assert status.json()["percent"] == 100 and status.json()["finished"] is True


def test_too_rare_constraints_end_with_a_clear_message(world, eager_celery, monkeypatch):
    import trainer.generation

    # No try allowed per quiz: the job gives up at once, as a too narrow request does later.
    monkeypatch.setattr(trainer.generation, "ATTEMPTS_PER_QUIZ", 0)
    sets.generate(world.teacher, world.exercise_set.pk, "wiezen", "play", 3, "double_dummy",
                  "N.hcp >= 20 and S.hcp >= 10")  # fmt: skip
    link = SetGeneration.objects.get()
    status = sets.generation_json(link)
    assert status["status"] == "failed" and status["finished"]
    assert status["message"].startswith("These constraints are too rare:")
    page = client_for(world.teacher).get(f"/teach/sets/{world.exercise_set.pk}/")
    assert b"These constraints are too rare" in page.content


@pytest.mark.parametrize(
    ("error", "done", "said"),
    [
        ("no deal found after 20000 tries", 0, "These constraints are too rare: no deal found"),
        ("no deal found after 0 tries (the constraint cannot be met: N.hcp ...)", 0,
         "No deal can meet these constraints"),
        ("no quiz found after 400 attempts (1 of 2 made)", 1, "1 of 2 were made and added"),
    ],
)  # fmt: skip
def test_failure_messages_name_rare_and_impossible_constraints(error, done, said):
    from classes.sets import failure_message
    from trainer.models import GenerationJob

    job = GenerationJob(status="failed", error=error, done=done, count=2, attempts=400)
    assert said in failure_message(job)
