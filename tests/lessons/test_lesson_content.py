"""The real courses in lessons/content/: every file valid, every page and checkpoint works."""

from __future__ import annotations

import pytest

from games.exercises import generate
from lessons.loader import read_all

COURSES = read_all()
LESSONS = [lesson for course in COURSES.values() for lesson in course.lessons]
CHECKPOINTS = [
    pytest.param(lesson, i, id=f"{lesson.game}/{lesson.slug}#{i + 1}")
    for lesson in LESSONS
    for i in range(len(lesson.checkpoints))
]


@pytest.mark.django_db
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda le: f"{le.game}/{le.slug}")
def test_every_lesson_page_renders(client, lesson):
    from lessons.services import load_courses

    load_courses(COURSES)
    response = client.get(f"/lessons/{lesson.game}/{lesson.slug}/")
    assert response.status_code == 200
    assert lesson.title in response.content.decode()


@pytest.mark.parametrize(("lesson", "index"), CHECKPOINTS)
def test_every_checkpoint_accepts_its_answer_and_rejects_a_wrong_one(lesson, index):
    spec = lesson.checkpoints[index]
    for seed in (11, 12345, 987654321):
        exercise = generate(spec.exercise, seed, spec.params)
        assert exercise == generate(spec.exercise, seed, spec.params)
        right = sorted(exercise.answers)
        assert exercise.check(right if exercise.multiple else right[0]).correct
        wrong = [c.key for c in exercise.choices if c.key not in exercise.answers]
        if exercise.multiple:
            assert not exercise.check(sorted(set(right) | set(wrong[:1]))).correct or not wrong
        else:
            assert wrong, f"{spec.exercise} offers no wrong choice"
            assert not exercise.check(wrong[0]).correct
