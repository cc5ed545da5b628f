"""Four personas around one class (owning teacher, other teacher, pupil in, pupil out), a
small bank and a set given to the class."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.test import Client

from classes import roster, sets, work
from classes.models import Assignment, ExerciseSet, SchoolClass
from tests.learner.learner_helpers import PASSWORD, wiezen_draft
from trainer.generation import store_quiz
from trainer.models import Quiz


def client_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        assert client.login(username=user.username, password=PASSWORD)
    return client


@dataclass
class World:
    teacher: User
    other_teacher: User
    pupil: User
    outsider: User
    school_class: SchoolClass
    other_class: SchoolClass
    exercise_set: ExerciseSet
    assignment: Assignment
    quizzes: list[Quiz]


def make_user(name: str, teacher: bool = False) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    if teacher:
        roster.make_teacher(user)
    return user


def bank(count: int, start: int = 1) -> list[Quiz]:
    for n in range(start, start + count):
        assert store_quiz(wiezen_draft(n), None)
    return list(Quiz.objects.filter(seed__gte=start, seed__lt=start + count).order_by("seed"))


def make_world() -> World:
    teacher = make_user("tessa", teacher=True)
    other = make_user("otto", teacher=True)
    pupil = make_user("pia")
    outsider = make_user("oscar")
    school_class = roster.create_class(teacher, "Class 4B")
    other_class = roster.create_class(other, "Otto's class")
    roster.join_class(pupil, school_class.join_code)
    roster.join_class(outsider, other_class.join_code)
    quizzes = bank(3)
    exercise_set = sets.create_set(teacher, "Week 1")
    sets.pick(teacher, exercise_set.pk, [q.pk for q in quizzes])
    assignment = work.assign(teacher, school_class.pk, exercise_set.pk, None)
    return World(
        teacher, other, pupil, outsider, school_class, other_class, exercise_set, assignment,
        quizzes,
    )  # fmt: skip


def wrong_answer(quiz: Quiz) -> str:
    return next(str(c["answer"]) for c in quiz.candidates if not c["accepted"])


def right_answer(quiz: Quiz) -> str:
    return next(str(c["answer"]) for c in quiz.candidates if c["accepted"])


def work_item(client: Client, assignment_pk: int, right: bool) -> object:
    """Open the pupil's next item and answer it right or wrong; return the POST response."""
    page = client.get(f"/classes/assignments/{assignment_pk}/play/")
    assert page.status_code == 200, page.content[:400]
    item, quiz = page.context["item"], page.context["quiz"]
    choice = right_answer(quiz) if right else wrong_answer(quiz)
    return client.post(
        f"/classes/assignments/{assignment_pk}/answer/", {"item": item.pk, "answer": choice}
    )
