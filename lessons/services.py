"""Lesson services: load the files into the database, grade checkpoints, track progress."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.sessions.backends.base import SessionBase
from django.core import signing
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.exercises import Exercise, Feedback, generate
from lessons.loader import Course, read_all
from lessons.models import GlossaryEntry, Lesson, LessonProgress, SpentDeal

SEED_LIMIT = 10**9
DEAL_SALT = "lessons.checkpoint-deal"
# A deal handed out on a lesson page may be answered for a day; then a new one is dealt.
DEAL_MAX_AGE = timedelta(days=1)
# A visitor's checkpoint progress, kept in the session until they sign in (then it moves to
# their account): {"passed": {lesson id: [indexes]}, "spent": {deal id: [lesson id, time]}}.
VISITOR_LESSONS_KEY = "lessons_visitor"
# Bounds the session row: the oldest answered deals are forgotten first (a deal older than
# DEAL_MAX_AGE can no longer be answered anyway).
VISITOR_SPENT_LIMIT = 300


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


class DealError(ValueError):
    """Raised for a checkpoint deal this site did not issue, or issued for another checkpoint."""


@dataclass(frozen=True)
class Deal:
    """One checkpoint exercise handed out: its seed, a one-off id, and the signed token."""

    lesson: int
    index: int
    seed: int
    id: str
    token: str


def issue_deal(lesson: Lesson, index: int) -> Deal:
    """Deal a fresh exercise for checkpoint ``index``: a server-chosen seed, signed."""
    seed, deal_id = secrets.randbelow(SEED_LIMIT), secrets.token_urlsafe(12)
    token = signing.dumps([lesson.pk, index, seed, deal_id], salt=DEAL_SALT)
    return Deal(lesson.pk, index, seed, deal_id, token)


def read_deal(lesson: Lesson, index: int, token: str) -> Deal:
    """Return the deal a page was given; raise DealError if it is forged, old or foreign."""
    try:
        data = signing.loads(token, salt=DEAL_SALT, max_age=DEAL_MAX_AGE)
    except signing.SignatureExpired:
        raise DealError(_("This exercise is more than a day old: here is a new one.")) from None
    except signing.BadSignature:
        raise DealError(_("This exercise was not issued by this site.")) from None
    if not (isinstance(data, list) and len(data) == 4 and data[:2] == [lesson.pk, index]):
        raise DealError(_("This exercise belongs to another checkpoint."))
    return Deal(lesson.pk, index, int(data[2]), str(data[3]), token)


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


def _spend(user: AbstractBaseUser, deal: Deal) -> bool:
    """Mark the deal answered by the learner; return False if it was answered before."""
    try:
        with transaction.atomic():
            SpentDeal.objects.create(user=user, lesson_id=deal.lesson, deal=deal.id)
    except IntegrityError:
        return False
    return True


@dataclass(frozen=True)
class VisitorProgress:
    """A visitor's progress in one lesson, shaped like the LessonProgress the pages show."""

    passed: list[int]
    completed_at: None = None


def _visitor_lessons(session: SessionBase) -> dict[str, Any]:
    data = session.get(VISITOR_LESSONS_KEY)
    if not isinstance(data, dict):
        data = {}
    return {"passed": dict(data.get("passed") or {}), "spent": dict(data.get("spent") or {})}


def _visitor_spend(session: SessionBase, deal: Deal, correct: bool) -> bool:
    """Mark the deal answered in the visitor's session (and the checkpoint passed when the
    answer is right); return False if the deal was answered before.

    This stores a session only for a client that posted a lesson form, which CSRF already
    requires to keep cookies, so it needs no short first lifetime (as the trainer gives
    the sessions a GET starts)."""
    data = _visitor_lessons(session)
    if deal.id in data["spent"]:
        return False
    now = timezone.now().timestamp()
    fresh = now - DEAL_MAX_AGE.total_seconds()
    spent = {k: v for k, v in data["spent"].items() if v[1] >= fresh}
    spent[deal.id] = [deal.lesson, now]
    data["spent"] = dict(sorted(spent.items(), key=lambda kv: kv[1][1])[-VISITOR_SPENT_LIMIT:])
    if correct:
        passed = set(data["passed"].get(str(deal.lesson), []))
        data["passed"][str(deal.lesson)] = sorted(passed | {deal.index})
    session[VISITOR_LESSONS_KEY] = data
    return True


def _mark_passed(user: AbstractBaseUser, lesson: Lesson, indexes: set[int]) -> None:
    with transaction.atomic():
        progress, _ = LessonProgress.objects.select_for_update().get_or_create(
            user=user, lesson=lesson
        )
        new = sorted(set(progress.passed) | {i for i in indexes if i < len(lesson.checkpoints)})
        if new == progress.passed:
            return
        progress.passed = new
        fields = ["passed"]
        if len(new) == len(lesson.checkpoints) and progress.completed_at is None:
            progress.completed_at = timezone.now()
            fields.append("completed_at")
        progress.save(update_fields=fields)


def answer_checkpoint(
    user: AbstractBaseUser | AnonymousUser,
    lesson: Lesson,
    deal: Deal,
    picked: list[str],
    session: SessionBase | None = None,
) -> tuple[Exercise, Feedback, bool]:
    """Grade an answer to an issued deal; return the exercise, feedback and whether it counted.

    Each deal counts once (its first answer, right or wrong), so a miss cannot be turned into
    a pass by answering the same deal again; a right first answer marks the checkpoint
    passed. A signed-in learner's progress is stored against the account, a visitor's in
    their ``session`` (moved to the account when they sign in: ``adopt_visitor_lessons``);
    without a session nothing is stored for a visitor.
    """
    index = deal.index
    exercise = checkpoint_exercise(lesson, index, deal.seed)
    feedback = exercise.check(picked)
    if not user.is_authenticated:
        if session is None:
            return exercise, feedback, True
        return exercise, feedback, _visitor_spend(session, deal, feedback.correct)
    if not _spend(user, deal):
        return exercise, feedback, False
    if feedback.correct:
        _mark_passed(user, lesson, {index})
    return exercise, feedback, True


def adopt_visitor_lessons(session: SessionBase, user: AbstractBaseUser) -> int:
    """Move the checkpoints a visitor passed (and the deals they answered) from the session
    to the user who signed in; return how many lessons gained progress."""
    data = session.pop(VISITOR_LESSONS_KEY, None)
    if not isinstance(data, dict):
        return 0
    passed = {int(k): set(v) for k, v in (data.get("passed") or {}).items() if v}
    spent = data.get("spent") or {}
    wanted = set(passed) | {lesson_id for lesson_id, _when in spent.values()}
    lessons = {le.pk: le for le in Lesson.objects.filter(pk__in=wanted)}
    for pk, indexes in passed.items():
        if pk in lessons:
            _mark_passed(user, lessons[pk], indexes)
    SpentDeal.objects.bulk_create(
        [
            SpentDeal(user=user, lesson_id=lesson_id, deal=deal_id)
            for deal_id, (lesson_id, _when) in spent.items()
            if lesson_id in lessons
        ],
        ignore_conflicts=True,
    )
    return sum(pk in lessons for pk in passed)


def purge_spent_deals() -> int:
    """Delete the records of answered deals too old to be answered again; return how many."""
    cutoff = timezone.now() - DEAL_MAX_AGE - timedelta(hours=1)
    deleted, _ = SpentDeal.objects.filter(created_at__lt=cutoff).delete()
    return deleted


def course_progress(
    user: AbstractBaseUser | AnonymousUser, game: str, session: SessionBase | None = None
) -> dict[int, Any]:
    """Return {lesson id: progress} for the learner in one game: the stored rows of a
    signed-in learner, a visitor's checkpoints from their ``session`` (empty without one)."""
    if not user.is_authenticated:
        if session is None:
            return {}
        passed = _visitor_lessons(session)["passed"]
        ids = set(
            Lesson.objects.filter(game=game, pk__in=[int(k) for k in passed]).values_list(
                "pk", flat=True
            )
        )
        return {
            int(k): VisitorProgress(sorted(v)) for k, v in passed.items() if int(k) in ids and v
        }
    rows = LessonProgress.objects.filter(user=user, lesson__game=game)
    return {row.lesson_id: row for row in rows}
