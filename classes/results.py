"""An assignment's results: the pupil x item grid, per-item and per-pupil figures, CSV.

Three queries whatever the class size: the items, the pupils, the answers. The grid reads
only; it is what the teacher's page shows and polls, and what the CSV export writes.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count

from classes.models import Assignment, AssignmentAnswer, SetItem
from classes.roster import ClassError
from games.catalog import GAMES

SHOW = ("all", "done", "todo", "wrong")
# What the results page's "Show" offers, by the value it sends.
SHOW_LABELS = {
    "all": "every pupil",
    "done": "pupils who are done",
    "todo": "pupils with items to do",
    "wrong": "pupils with a wrong answer",
}


@dataclass(frozen=True)
class Cell:
    """One pupil's answer to one item: right, wrong with the answer chosen, or not done."""

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


def label_of(item: SetItem, answer: str) -> str:
    for c in item.quiz.candidates:
        if str(c.get("answer")) == answer:
            return str(c.get("label") or answer)
    return answer


def grid(assignment: Assignment, show: str = "all", query: str = "") -> Grid:
    """Return the grid; ``show`` keeps all pupils, those done, to do, or with a wrong answer;
    ``query`` keeps pupils whose username contains it. Item figures count every pupil."""
    if show not in SHOW:
        raise ClassError(f"show: use one of {', '.join(SHOW)}, not {show!r}")
    items = list(assignment.exercise_set.items.select_related("quiz").order_by("order", "id"))
    columns = [Column(item, n) for n, item in enumerate(items, start=1)]
    by_item = {c.item.pk: c for c in columns}
    members = list(
        assignment.school_class.members.select_related("pupil").order_by("pupil__username")
    )
    answers = AssignmentAnswer.objects.filter(assignment=assignment).values_list(
        "pupil_id",
        "item_id",
        "answer",
        "correct",
        "seconds",
        "rating_before",
        "rating_after",
        "pk",
    )
    mine: dict[tuple[int, int], tuple[Any, ...]] = {}
    answered_by: set[int] = set()
    for pupil_id, item_id, answer, correct, seconds, before, after, pk in answers:
        mine[pupil_id, item_id] = (answer, correct, seconds, before, after, pk)
        answered_by.add(pupil_id)
        column = by_item.get(item_id)
        if column is None:
            continue
        if correct:
            column.right += 1
        else:
            column.wrong += 1
            column.wrong_answers[answer] += 1
    rows = []
    for m in members:
        if m.removed_at is not None and m.pupil_id not in answered_by:
            continue
        row = Row(m.pupil_id, m.pupil.username, m.removed_at is not None, [])
        for column in columns:
            found = mine.get((m.pupil_id, column.item.pk))
            if found is None:
                row.cells.append(Cell("todo"))
                continue
            answer, correct, seconds, before, after, pk = found
            label = label_of(column.item, answer)
            state = "right" if correct else "wrong"
            row.cells.append(Cell(state, answer, label, seconds, pk))
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
