"""Assignments: a set given to a class, worked through by each pupil in the teacher's order.

A pupil is handed one item at a time through the trainer's tickets (the time taken and the
hints are measured on the server, an answer is taken only for the quiz handed out); every
answer is graded by the trainer's player and stored twice over: as the trainer's Attempt and
as the assignment's answer with the rating before and after it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Count, F, Q
from django.http import Http404
from django.utils import timezone

from classes.models import Assignment, AssignmentAnswer, ExerciseSet, SchoolClass, SetItem
from classes.roster import ClassError, require_teacher, teacher_class
from classes.sets import teacher_set
from trainer import rawrows, tickets
from trainer.grading import Grade, GradingError
from trainer.learners import Learner
from trainer.models import Quiz
from trainer.picker import resolve_answer
from trainer.player import (
    NotGivenError,
    SkillRow,
    answer_quiz,
    shown_columns,
    whole_built,
    whole_columns,
)
from trainer.selection import learner_rating

DEFAULT_RATING = 1500.0


def assign(
    teacher: Any, class_pk: int, set_pk: int, due_at: dt.datetime | None, rated: bool = True
) -> Assignment:
    """Give a set to a class; the due date, if any, must be in the future."""
    school_class = teacher_class(teacher, class_pk)
    exercise_set = teacher_set(teacher, set_pk)
    if school_class.archived:
        raise ClassError(f"the class {school_class.name!r} is archived: it is read-only")
    if not exercise_set.items.exists():
        raise ClassError(f"the set {exercise_set.name!r} has no items yet")
    if due_at is not None:
        if timezone.is_naive(due_at):
            due_at = timezone.make_aware(due_at)
        if due_at <= timezone.now():
            raise ClassError(
                f"due date: {due_at:%Y-%m-%d %H:%M} is in the past; choose a later one"
            )
    return Assignment.objects.create(
        school_class=school_class, exercise_set=exercise_set, due_at=due_at, rated=rated
    )


def teacher_assignment(teacher: Any, pk: int) -> Assignment:
    """Return an assignment of the teacher's own class, or raise Http404."""
    found = (
        Assignment.objects.select_related("school_class", "exercise_set")
        .filter(pk=pk, school_class__teacher=teacher)
        .first()
    )
    if found is None or not teacher.is_authenticated:
        raise Http404("no such assignment")
    require_teacher(teacher)  # the teacher role is required too (the class is theirs)
    return found


_PUPIL_ASSIGNMENT_SQL = f"""
SELECT {rawrows.columns(Assignment, "a")}, {rawrows.columns(SchoolClass, "c")},
       {rawrows.columns(ExerciseSet, "e")}, m.removed_at
FROM classes_assignment a
JOIN classes_schoolclass c ON c.id = a.school_class_id
JOIN classes_exerciseset e ON e.id = a.exercise_set_id
JOIN classes_membership m ON m.school_class_id = c.id AND m.pupil_id = %s
WHERE a.id = %s
"""


def _pupil_assignment_row(user: Any, pk: int) -> Assignment | None:
    row = rawrows.one(_PUPIL_ASSIGNMENT_SQL, [user.pk, pk])
    if row is None:
        return None
    values = list(row)
    parts = []
    for model in (Assignment, SchoolClass, ExerciseSet):
        n = len(model._meta.concrete_fields)
        parts.append(rawrows.build(model, values[:n]))
        values = values[n:]
    found, found.school_class, found.exercise_set = parts
    found.member_removed_at = values[0]
    return found


def pupil_assignment(user: Any, pk: int) -> Assignment:
    """Return an assignment of a class the user is in; Http404 for anyone else.

    A pupil the teacher removed gets ClassError saying so (their link no longer works).
    """
    if not getattr(user, "is_authenticated", False):
        raise Http404("no such assignment")
    # The membership's removal comes with the assignment, through the join that finds it;
    # in plain SQL on PostgreSQL (every request of a pupil's assignment work reads it).
    found = _pupil_assignment_row(user, pk) if rawrows.usable() else None
    if found is None and not rawrows.usable():
        found = (
            Assignment.objects.select_related("school_class", "exercise_set")
            .filter(pk=pk, school_class__members__pupil=user)
            .annotate(member_removed_at=F("school_class__members__removed_at"))
            .first()
        )
    if found is None:
        raise Http404("no such assignment")
    if found.member_removed_at is not None:
        raise ClassError(
            f"your teacher removed you from {found.school_class.name!r}: this assignment is "
            "no longer yours"
        )
    return found


@dataclass(frozen=True)
class PupilAssignment:
    """An assignment as a pupil's dashboard lists it."""

    assignment: Assignment
    items: int
    done: int
    right: int

    @property
    def todo(self) -> int:
        return self.items - self.done

    @property
    def finished(self) -> bool:
        return self.done >= self.items

    @property
    def overdue(self) -> bool:
        due = self.assignment.due_at
        return due is not None and due < timezone.now() and not self.finished

    @property
    def status(self) -> str:
        if self.finished:
            return "done"
        return "overdue" if self.overdue else "to do"


def pupil_assignments(user: Any) -> list[PupilAssignment]:
    """Return the user's assignments in their active classes, with their progress."""
    if not getattr(user, "is_authenticated", False):
        return []
    rows = (
        Assignment.objects.filter(
            school_class__members__pupil=user, school_class__members__removed_at__isnull=True
        )
        .select_related("school_class", "exercise_set")
        .annotate(n_items=Count("exercise_set__items", distinct=True))
        .order_by("due_at", "-created_at")
    )
    assignments = list(rows)
    counts = {
        r["assignment"]: r
        for r in AssignmentAnswer.objects.filter(pupil=user, assignment__in=assignments)
        .values("assignment")
        .annotate(done=Count("id"), right=Count("id", filter=Q(correct=True)))
    }
    out = []
    for a in assignments:
        c = counts.get(a.pk, {"done": 0, "right": 0})
        out.append(PupilAssignment(a, a.n_items, c["done"], c["right"]))
    # Open ones first (soonest due first), then the finished ones.
    out.sort(key=lambda p: (p.finished, p.assignment.due_at is None, p.assignment.due_at or 0))
    return out


def my_answers(assignment: Assignment, user: Any) -> dict[int, AssignmentAnswer]:
    """Return the pupil's own answers in an assignment, by item id."""
    return {
        a.item_id: a for a in AssignmentAnswer.objects.filter(assignment=assignment, pupil=user)
    }


_NEXT_ITEM_SQL = f"""
SELECT i.id, i.exercise_set_id, i.quiz_id, i."order", i.source, {rawrows.columns(Quiz, "q")}
FROM classes_setitem i JOIN trainer_quiz q ON q.id = i.quiz_id
WHERE i.exercise_set_id = %s AND NOT EXISTS (
    SELECT FROM classes_assignmentanswer a
    WHERE a.assignment_id = %s AND a.pupil_id = %s AND a.item_id = i.id
)
ORDER BY i."order", i.id LIMIT 1
"""


def next_item(assignment: Assignment, user: Any) -> SetItem | None:
    """Return the first item in the teacher's order the pupil has not answered, or None."""
    if rawrows.usable():  # every item fetch reads it: plain SQL, the same row
        row = rawrows.one(_NEXT_ITEM_SQL, [assignment.exercise_set_id, assignment.pk, user.pk])
        if row is None:
            return None
        n = len(_ITEM_FIELDS)
        item = rawrows.build_some(SetItem, _ITEM_FIELDS, row[:n])
        item.quiz = rawrows.build(Quiz, row[n:])
        return item
    answered = AssignmentAnswer.objects.filter(assignment=assignment, pupil=user).values("item_id")
    return (
        assignment.exercise_set.items.exclude(pk__in=answered)
        .select_related("quiz")
        .order_by("order", "id")
        .first()
    )


_PROGRESS_SQL = """
SELECT (SELECT COUNT(*) FROM classes_setitem WHERE exercise_set_id = %s),
       (SELECT COUNT(*) FROM classes_assignmentanswer WHERE assignment_id = %s AND pupil_id = %s)
"""


def progress_of(assignment: Assignment, user: Any) -> tuple[int, int]:
    """Return (items, items the pupil has answered) of the assignment, in one query."""
    with connection.cursor() as cursor:
        cursor.execute(_PROGRESS_SQL, [assignment.exercise_set_id, assignment.pk, user.pk])
        items, done = cursor.fetchone()
    return int(items), int(done)


def ticket_query(assignment: Assignment, item: SetItem) -> str:
    return f"assignment={assignment.pk}&item={item.pk}"


def serve_item(
    session: tickets.Session, assignment: Assignment, user: Any
) -> tuple[SetItem, tickets.Ticket] | None:
    """Hand out the pupil's next item (keeping an unanswered ticket for it); None when done."""
    item = next_item(assignment, user)
    if item is None:
        return None
    query = ticket_query(assignment, item)
    ticket = tickets.current(session)
    if ticket is not None and ticket.quiz == item.quiz_id and ticket.query == query:
        return item, ticket
    return item, tickets.issue(session, item.quiz_id, item.quiz.game, query, False)


_ITEM_FIELDS = ("id", "exercise_set_id", "quiz_id", "order", "source")
_ITEM_SQL = f"""
SELECT i.id, i.exercise_set_id, i.quiz_id, i."order", i.source, {whole_columns("q")},
       {shown_columns("q")}
FROM classes_setitem i JOIN trainer_quiz q ON q.id = i.quiz_id
WHERE i.id = %s AND i.exercise_set_id = %s
"""


def _item_with_quiz(assignment: Assignment, item_id: int) -> SetItem | None:
    """The set's item with its quiz (all but the drawing: the answer's verdict is built from
    it); in one plain query on PostgreSQL."""
    if not rawrows.usable():
        rows = assignment.exercise_set.items.select_related("quiz").defer("quiz__drawn")
        return rows.filter(pk=item_id).first()
    row = rawrows.one(_ITEM_SQL, [item_id, assignment.exercise_set_id])
    if row is None:
        return None
    n = len(_ITEM_FIELDS)
    item = rawrows.build_some(SetItem, _ITEM_FIELDS, row[:n])
    item.quiz = whole_built(row[n:])
    return item


def submit_item(
    session: tickets.Session,
    assignment: Assignment,
    user: Any,
    item_id: int,
    answer: str,
    picked: Sequence[str] = (),
    skills: Mapping[str, SkillRow] | None = None,
) -> tuple[AssignmentAnswer, Grade]:
    """Grade the pupil's answer to the item handed out; store it with its time and ratings.

    ClassError for an item not handed out, answered already, or an archived class;
    GradingError for an answer that is not a choice. Nothing is stored for either.
    ``skills``: the pupil's rating rows by game, when the caller read them already.
    """
    if assignment.school_class.archived:
        raise ClassError(f"the class {assignment.school_class.name!r} is archived: read-only")
    item = _item_with_quiz(assignment, item_id)
    if item is None:
        raise Http404("no such item")
    ticket = tickets.current(session)
    if (
        ticket is None
        or ticket.quiz != item.quiz_id
        or ticket.query != ticket_query(assignment, item)
    ):
        raise ClassError("this item was not the one handed out, or it was answered already")
    quiz: Quiz = item.quiz
    answer = resolve_answer(quiz, answer, picked)
    if answer not in {str(c.get("answer")) for c in quiz.candidates}:
        raise GradingError(f"{answer!r} is not one of this quiz's choices")
    learner = Learner(user_id=user.pk)
    skill = skills.get(quiz.game) if skills is not None else None
    with transaction.atomic():
        before = learner_rating(learner, quiz.game) if skill is None else skill[1]
        try:
            attempt, verdict = answer_quiz(
                learner, quiz, answer, ticket.seconds(), ticket.hints,
                ticket=ticket.id, rated=assignment.rated, skill=skill,
            )  # fmt: skip
        except NotGivenError:
            # The same showing answered a moment ago (a double click, another tab).
            raise ClassError("you have answered this item already") from None
        after = attempt.learner_rating if attempt.learner_rating is not None else before
        # No savepoint of its own: a clash leaves the block, which undoes the attempt too.
        try:
            row = AssignmentAnswer.objects.create(
                assignment=assignment,
                item=item,
                pupil=user,
                attempt=attempt,
                answer=answer,
                correct=verdict.correct,
                seconds=attempt.seconds,
                rating_before=before,
                rating_after=after,
            )
        except IntegrityError:
            # Answered a moment ago in another tab: leaving the block undoes this attempt.
            raise ClassError("you have answered this item already") from None
    tickets.take(session, quiz.pk)
    return row, verdict


def visible_answer(user: Any, answer_pk: int) -> AssignmentAnswer:
    """Return an assignment answer to its pupil or to the class's teacher; else Http404."""
    if not getattr(user, "is_authenticated", False):
        raise Http404("no such answer")
    found = (
        AssignmentAnswer.objects.select_related(
            "assignment__school_class", "assignment__exercise_set", "item__quiz", "attempt", "pupil"
        )
        .filter(pk=answer_pk)
        .filter(Q(pupil=user) | Q(assignment__school_class__teacher=user))
        .first()
    )
    if found is None:
        raise Http404("no such answer")
    if found.pupil_id == user.pk:
        pupil_assignment(user, found.assignment_id)  # a removed pupil's old link says so
    return found


def item_number(item: Any) -> int:
    """Return the item's place in its set (from 1), as the results grid numbers it."""
    earlier = Q(order__lt=item.order) | Q(order=item.order, pk__lt=item.pk)
    return SetItem.objects.filter(earlier, exercise_set_id=item.exercise_set_id).count() + 1
