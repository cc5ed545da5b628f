"""An assignment's results: the pupil x item grid, per-item and per-pupil figures, CSV.

Three queries whatever the class size: the items, the pupils, the answers. The grid reads
only; it is what the teacher's page shows and polls, and what the CSV export writes.
``grid_tag`` names the grid's state in one cheaper query, for a poll that asks only whether
anything changed (the API's ETag).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import Count
from django.utils.http import parse_etags

from classes.models import Assignment, AssignmentAnswer, Membership, SetItem
from classes.roster import ClassError
from games.catalog import GAMES
from trainer import rawrows
from trainer.models import Quiz

SHOW = ("all", "done", "todo", "wrong")
# What the results page's "Show" offers, by the value it sends.
SHOW_LABELS = {
    "all": "every pupil",
    "done": "pupils who are done",
    "todo": "pupils with items to do",
    "wrong": "pupils with a wrong answer",
}


class Cell(NamedTuple):
    """One pupil's answer to one item: right, wrong with the answer chosen, or not done (a
    tuple: a grid makes one per pupil and item, and a tuple is the cheapest to make)."""

    state: str  # "right", "wrong" or "todo"
    answer: str = ""
    label: str = ""
    seconds: float | None = None
    answer_id: int | None = None

    @property
    def text(self) -> str:
        if self.state == "todo":
            return "not done"
        named = f" ({self.label})" if self.label and self.label != self.answer else ""
        return f"{self.state}: {self.answer}{named}"


@dataclass
class Column:
    """An item with its figures over the class."""

    item: SetItem
    number: int
    right: int = 0
    wrong: int = 0
    wrong_answers: Counter[str] = field(default_factory=Counter)

    @property
    def title(self) -> str:
        quiz = self.item.quiz
        return f"{self.number}. {GAMES[quiz.game].name} {quiz.kind} #{quiz.pk}"

    @property
    def most_common_wrong(self) -> tuple[str, int] | None:
        if not self.wrong_answers:
            return None
        # Ties go to the answer that comes first in the quiz's own order.
        order = [str(c["answer"]) for c in self.item.quiz.candidates]
        top = max(self.wrong_answers.values())
        tied = [a for a, n in self.wrong_answers.items() if n == top]
        best = min(tied, key=lambda a: order.index(a) if a in order else len(order))
        return best, top

    @property
    def most_common_wrong_label(self) -> str:
        found = self.most_common_wrong
        return label_of(self.item, found[0]) if found else ""


@dataclass
class Row:
    """A pupil with their cells and figures."""

    pupil_id: int
    username: str
    removed: bool
    cells: list[Cell]
    right: int = 0
    done: int = 0
    rating_change: float = 0.0
    seconds: float = 0.0

    @property
    def score(self) -> str:
        return f"{self.right}/{len(self.cells)}"


@dataclass
class Grid:
    assignment: Assignment
    columns: list[Column]
    rows: list[Row]
    show: str
    query: str
    pupils_total: int


TODO = Cell("todo")


def _labels(item: SetItem) -> dict[str, str]:
    """Return the label of each of the item's answers, as ``label_of`` finds it."""
    out: dict[str, str] = {}
    for c in item.quiz.candidates:
        answer = str(c.get("answer"))
        out.setdefault(answer, str(c.get("label") or answer))
    return out


def label_of(item: SetItem, answer: str) -> str:
    for c in item.quiz.candidates:
        if str(c.get("answer")) == answer:
            return str(c.get("label") or answer)
    return answer


# Only what the grid shows of the quizzes and pupils (not the positions, the drawings, the
# password hashes), and in plain SQL on PostgreSQL (trainer.rawrows): reading the items and
# pupils whole through the ORM was most of the grid's CPU after its cells.
_ITEM_FIELDS = ("id", "exercise_set_id", "quiz_id", "order", "source")
_QUIZ_FIELDS = ("id", "game", "kind", "prompt", "candidates")
# Of each candidate only its answer and label, in their order: the whole candidates of a
# play quiz (every line of play) were most of what the grid decoded.
_ITEMS_SQL = """
SELECT i.id, i.exercise_set_id, i.quiz_id, i."order", i.source,
       q.id, q.game, q.kind, q.prompt,
       (SELECT jsonb_agg(jsonb_build_object('answer', c.value -> 'answer',
                                            'label', c.value -> 'label') ORDER BY c.n)
        FROM jsonb_array_elements(q.candidates) WITH ORDINALITY AS c(value, n))
FROM classes_setitem i JOIN trainer_quiz q ON q.id = i.quiz_id
WHERE i.exercise_set_id = %s ORDER BY i."order", i.id
"""
_MEMBERS_SQL = """
SELECT m.pupil_id, u.username, m.removed_at
FROM classes_membership m JOIN auth_user u ON u.id = m.pupil_id
WHERE m.school_class_id = %s ORDER BY u.username
"""
_ANSWER_COLUMNS = (
    "pupil_id", "item_id", "answer", "correct", "seconds", "rating_before", "rating_after", "id",
)  # fmt: skip
_ANSWERS_SQL = (
    f"SELECT {', '.join(_ANSWER_COLUMNS)} FROM classes_assignmentanswer WHERE assignment_id = %s"
)


def _items(assignment: Assignment) -> list[SetItem]:
    """The set's items in order, each with its quiz's game, kind, prompt and candidates (on
    PostgreSQL each candidate's answer and label only: the grid reads no more; the items are
    read only)."""
    if not rawrows.usable():
        only = (*_ITEM_FIELDS, *(f"quiz__{f}" for f in _QUIZ_FIELDS))
        rows = assignment.exercise_set.items.select_related("quiz").only(*only)
        return list(rows.order_by("order", "id"))
    out = []
    n = len(_ITEM_FIELDS)
    for row in rawrows.rows(_ITEMS_SQL, [assignment.exercise_set_id]):
        quiz_values = list(row[n:])
        if isinstance(quiz_values[-1], (str, bytes)):
            quiz_values[-1] = json.loads(quiz_values[-1])
        quiz_values[-1] = quiz_values[-1] or []
        item = SetItem.from_db(connection.alias, list(_ITEM_FIELDS), list(row[:n]))
        item.quiz = Quiz.from_db(connection.alias, list(_QUIZ_FIELDS), quiz_values)
        out.append(item)
    return out


def _members(assignment: Assignment) -> list[tuple[int, str, Any]]:
    """The class's pupils, removed ones too: (pupil id, username, removed at), by username."""
    if rawrows.usable():
        return rawrows.rows(_MEMBERS_SQL, [assignment.school_class_id])
    rows = assignment.school_class.members.order_by("pupil__username")
    return list(rows.values_list("pupil_id", "pupil__username", "removed_at"))


def _answers(assignment: Assignment) -> list[tuple[Any, ...]]:
    if rawrows.usable():
        return rawrows.rows(_ANSWERS_SQL, [assignment.pk])
    rows = AssignmentAnswer.objects.filter(assignment=assignment)
    return list(rows.values_list(*_ANSWER_COLUMNS))


def grid(assignment: Assignment, show: str = "all", query: str = "") -> Grid:
    """Return the grid; ``show`` keeps all pupils, those done, to do, or with a wrong answer;
    ``query`` keeps pupils whose username contains it. Item figures count every pupil."""
    if show not in SHOW:
        raise ClassError(f"show: use one of {', '.join(SHOW)}, not {show!r}")
    items = _items(assignment)
    columns = [Column(item, n) for n, item in enumerate(items, start=1)]
    by_item = {c.item.pk: c for c in columns}
    members = _members(assignment)
    answers = _answers(assignment)
    # Each pupil's answers by item, and each item's labels by answer: the cell loop below runs
    # pupils x items times (2450 for a class of 49 and a set of 50), so it only looks up.
    mine: dict[int, dict[int, tuple[Any, ...]]] = {}
    for pupil_id, item_id, answer, correct, seconds, before, after, pk in answers:
        mine.setdefault(pupil_id, {})[item_id] = (answer, correct, seconds, before, after, pk)
        column = by_item.get(item_id)
        if column is None:
            continue
        if correct:
            column.right += 1
        else:
            column.wrong += 1
            column.wrong_answers[answer] += 1
    looked_up = [(c.item.pk, _labels(c.item)) for c in columns]
    rows = []
    for pupil_id, username, removed_at in members:
        theirs = mine.get(pupil_id, {})
        if removed_at is not None and not theirs:
            continue
        row = Row(pupil_id, username, removed_at is not None, [])
        cells = row.cells
        for item_id, labels in looked_up:
            found = theirs.get(item_id)
            if found is None:
                cells.append(TODO)
                continue
            answer, correct, seconds, before, after, pk = found
            state = "right" if correct else "wrong"
            cells.append(Cell(state, answer, labels.get(answer, answer), seconds, pk))
            row.done += 1
            row.right += bool(correct)
            row.seconds += seconds or 0.0
            if before is not None and after is not None:
                row.rating_change += after - before
        rows.append(row)
    total = len(rows)
    needle = query.strip().lower()
    if needle:
        rows = [r for r in rows if needle in r.username.lower()]
    if show == "done":
        rows = [r for r in rows if r.done == len(columns)]
    elif show == "todo":
        rows = [r for r in rows if r.done < len(columns)]
    elif show == "wrong":
        rows = [r for r in rows if any(c.state == "wrong" for c in r.cells)]
    return Grid(assignment, columns, rows, show, query, total)


# What the grid is made of, in one statement: the answers (only ever added, or deleted with
# their pupil or attempt: their count and highest id change either way), and the items and
# members whole (few rows; an item moved, a pupil removed or back, a new name all show).
_TAG_SQL = """
SELECT
    (SELECT COUNT(*) || ':' || COALESCE(MAX(id), 0) FROM classes_assignmentanswer
     WHERE assignment_id = %(assignment)s),
    (SELECT string_agg(id || ':' || "order" || ':' || quiz_id, ',' ORDER BY id)
     FROM classes_setitem WHERE exercise_set_id = %(set)s),
    (SELECT string_agg(m.id || ':' || COALESCE(CAST(m.removed_at AS TEXT), '') || ':'
                       || u.username, ',' ORDER BY m.id)
     FROM classes_membership m JOIN auth_user u ON u.id = m.pupil_id
     WHERE m.school_class_id = %(class)s)
"""


def grid_tag(assignment: Assignment, *parts: str) -> str:
    """Return a tag that changes whenever the grid of ``assignment`` would (an answer, an
    item added, moved or taken out, a pupil joining, removed or back, the assignment, class
    or set renamed or changed), with ``parts`` (the filters, the format) mixed in; one query
    on PostgreSQL, three elsewhere. The grid itself is not built."""
    school_class, exercise_set = assignment.school_class, assignment.exercise_set
    if rawrows.usable():
        found = rawrows.one(
            _TAG_SQL,
            {"assignment": assignment.pk, "set": exercise_set.pk, "class": school_class.pk},
        )
        state: tuple[Any, ...] = tuple(found or ())
    else:
        answers = AssignmentAnswer.objects.filter(assignment=assignment).values_list(
            "id", flat=True
        )
        ids = list(answers)
        items = SetItem.objects.filter(exercise_set=exercise_set).order_by("id")
        members = Membership.objects.filter(school_class=school_class).order_by("id")
        state = (
            f"{len(ids)}:{max(ids, default=0)}",
            list(items.values_list("id", "order", "quiz_id")),
            list(members.values_list("id", "removed_at", "pupil__username")),
        )
    own = (
        assignment.pk, assignment.due_at, assignment.rated, assignment.created_at,
        school_class.name, school_class.archived, exercise_set.name,
    )  # fmt: skip
    text = repr((own, state, parts))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def unchanged(if_none_match: str, tag: str) -> bool:
    """Return whether a request's If-None-Match names ``tag`` (or is ``*``), weakly compared:
    the client holds the grid as it is."""
    asked = parse_etags(if_none_match) if if_none_match else []
    return "*" in asked or any(t.removeprefix("W/") == tag for t in asked)


FORMULA_STARTS = ("=", "+", "-", "@")


def _cell(text: str) -> str:
    # A spreadsheet would run a cell starting with one of these as a formula.
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def grid_csv(found: Grid) -> str:
    """Return the grid as CSV: one row per pupil, one column per item, a header naming each.

    Usernames that a spreadsheet would read as a formula get a leading apostrophe.
    """
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["pupil", *[c.title for c in found.columns], "score", "rating change", "seconds"]
    )
    for row in found.rows:
        name = _cell(row.username) + (" (removed)" if row.removed else "")
        writer.writerow(
            [
                name,
                *[cell.text for cell in row.cells],
                row.score,
                f"{row.rating_change:+.1f}",
                f"{row.seconds:.0f}",
            ]
        )
    return out.getvalue()


@dataclass(frozen=True)
class Progress:
    """How far a class has got with one assignment: pupils done and pupils who started, of
    the class's pupils now."""

    assignment: Assignment
    done: int
    started: int
    pupils: int


def class_progress(school_class: Any) -> list[Progress]:
    """Return each assignment of the class (newest first) with how many of its present pupils
    are done and how many have started (three queries, whatever the class's size)."""
    pupils = set(
        school_class.members.filter(removed_at__isnull=True).values_list("pupil_id", flat=True)
    )
    assignments = list(
        school_class.assignments.select_related("exercise_set")
        .annotate(items=Count("exercise_set__items", distinct=True))
        .order_by("-created_at", "id")  # (a GROUP BY drops Meta.ordering)
    )
    answered: Counter[tuple[int, int]] = Counter()
    for row in (
        AssignmentAnswer.objects.filter(assignment__school_class=school_class, pupil__in=pupils)
        .values("assignment_id", "pupil_id")
        .annotate(n=Count("id"))
    ):
        answered[row["assignment_id"], row["pupil_id"]] = row["n"]
    out = []
    for a in assignments:
        counts = [answered[a.pk, p] for p in pupils]
        done = sum(1 for n in counts if a.items and n >= a.items)
        out.append(Progress(a, done, sum(1 for n in counts if n), len(pupils)))
    return out
