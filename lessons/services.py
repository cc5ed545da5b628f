"""Lesson services: load the files into the database, grade checkpoints, track progress."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils import timezone

from games.exercises import Exercise, Feedback, generate
from lessons.loader import Course, read_all
from lessons.models import GlossaryEntry, Lesson, LessonProgress


@dataclass(frozen=True)
class LoadReport:
    created: int
    updated: int
    unchanged: int
    removed: int
    glossary: int


@transaction.atomic
def load_courses(courses: dict[str, Course]) -> LoadReport:
    """Store validated courses: insert new lessons, update changed ones, drop vanished ones.

    Runs in one transaction, so a failure leaves the previous content in place.
    """
    created = updated = unchanged = glossary = 0
    keep: set[tuple[str, str]] = set()
    existing = {(le.game, le.slug): le for le in Lesson.objects.all()}
    new_orders = {(g, le.slug): le.order for g, c in courses.items() for le in c.lessons}
    moved = [le for key, le in existing.items() if new_orders.get(key, -1) != le.order]
    # Lessons may swap places; park the moved ones first so the unique order always holds.
    for i, lesson in enumerate(moved):
        lesson.order = 100000 + i
    Lesson.objects.bulk_update(moved, ["order"])
    for game, course in courses.items():
        for item in course.lessons:
            keep.add((game, item.slug))
            fields = {
                "order": item.order,
                "title": item.title,
                "summary": item.summary,
                "sources": list(item.sources),
                "body_html": item.html,
                "checkpoints": [
                    {"exercise": c.exercise, "params": c.params, "section": c.section}
                    for c in item.checkpoints
                ],
                "source_path": item.path,
                "digest": item.digest,
            }
            row = existing.get((game, item.slug))
            if row is None:
                Lesson.objects.create(game=game, slug=item.slug, **fields)
                created += 1
            elif all(getattr(row, key) == value for key, value in fields.items()):
                unchanged += 1
            else:
                # Compare every field, not only the file's digest: a change in the renderer
                # or in an exercise must reach the stored lesson too.
                for key, value in fields.items():
                    setattr(row, key, value)
                row.save()
                updated += 1
        GlossaryEntry.objects.filter(game=game).delete()
        GlossaryEntry.objects.bulk_create(
            GlossaryEntry(game=game, position=n, **entry) for n, entry in enumerate(course.glossary)
        )
        glossary += len(course.glossary)
    gone = [le.pk for key, le in existing.items() if key not in keep]
    Lesson.objects.filter(pk__in=gone).delete()
    return LoadReport(created, updated, unchanged, len(gone), glossary)


def load_lessons() -> LoadReport:
    """Validate every lesson file, then store them all (nothing is stored if one is broken)."""
    return load_courses(read_all())


def checkpoint_exercise(lesson: Lesson, index: int, seed: int) -> Exercise:
    """Regenerate checkpoint ``index`` of ``lesson`` for ``seed``."""
    if not 0 <= index < len(lesson.checkpoints):
        raise IndexError(f"lesson {lesson.slug!r} has no checkpoint {index + 1}")
    spec = lesson.checkpoints[index]
    return generate(spec["exercise"], seed, spec.get("params") or {})


def record_visit(user: AbstractBaseUser | AnonymousUser, lesson: Lesson) -> None:
    """Mark the lesson as started for a signed-in learner."""
    if user.is_authenticated:
        LessonProgress.objects.get_or_create(user=user, lesson=lesson)


def answer_checkpoint(
    user: AbstractBaseUser | AnonymousUser,
    lesson: Lesson,
    index: int,
    seed: int,
    picked: list[str],
) -> tuple[Exercise, Feedback]:
    """Grade an answer; for a signed-in learner a right answer marks the checkpoint passed."""
    exercise = checkpoint_exercise(lesson, index, seed)
    feedback = exercise.check(picked)
    if feedback.correct and user.is_authenticated:
        with transaction.atomic():
            progress, _ = LessonProgress.objects.select_for_update().get_or_create(
                user=user, lesson=lesson
            )
            if index not in progress.passed:
                progress.passed = sorted([*progress.passed, index])
                fields = ["passed"]
                if len(progress.passed) == len(lesson.checkpoints):
                    progress.completed_at = timezone.now()
                    fields.append("completed_at")
                progress.save(update_fields=fields)
    return exercise, feedback


def course_progress(user: AbstractBaseUser | AnonymousUser, game: str) -> dict[int, Any]:
    """Return {lesson id: progress row} for the learner in one game (empty for visitors)."""
    if not user.is_authenticated:
        return {}
    rows = LessonProgress.objects.filter(user=user, lesson__game=game)
    return {row.lesson_id: row for row in rows}
