"""Turn what the trainer's services return into the API's plain shapes (api.serializers).

Nothing here decides anything: grading, selection, tickets and feedback are the trainer's,
called exactly as the pages call them; this only leaves out the HTML drawings.
"""

from __future__ import annotations

from typing import Any

from rest_framework.fields import DateTimeField

from api.serializers_teach import AssignmentSerializer
from classes.results import TODO, Cell, Grid
from games.position import shown_part
from trainer import feedback
from trainer.drawn import drawn_quiz, shown_answers
from trainer.grading import ChoiceVerdict
from trainer.lesson_links import lesson_for
from trainer.models import Attempt, Quiz
from trainer.player import HINT_COST
from trainer.tickets import Ticket
from trainer.verdicts import verdict_of
from trainer.wording import player_words

# The shapes below are what api.serializers' QuizSerializer and VerdictSerializer would
# write for the same values (text as str, numbers as float or int, None kept), built as plain
# dicts: DRF copies every declared field of a serializer on each use, and walks them per
# value, which was about a fifth of an answer's CPU. tests/api/test_plain_shapes.py checks
# that each serializer gives back exactly what these return.


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _texts(values: Any) -> list[Any]:
    return [_text(v) for v in values]


def _float(value: Any) -> float | None:
    return None if value is None else float(value)


def hint_data(quiz: Quiz) -> dict[str, Any]:
    hint = feedback.hint_for(quiz, lesson_for(quiz))
    return {"themes": _texts(hint.themes), "rule": _text(hint.rule), "section": _text(hint.section)}


def quiz_data(quiz: Quiz, ticket: Ticket, rating: float) -> dict[str, Any]:
    """The quiz handed out, as the quiz page shows it (choices in the page's order)."""
    # From the stored drawing: its answers in the page's order, their notes and the picker's
    # cards, so that handing out a quiz does not read and check its position again.
    drawn = drawn_quiz(quiz)
    labels = {str(c.get("answer")): str(c.get("label") or c.get("answer")) for c in quiz.candidates}
    notes = dict(drawn.notes)
    answers: tuple[str, ...] = () if drawn.pick else drawn.answers
    return {
        "quiz": int(quiz.pk),
        "game": _text(quiz.game),
        "kind": _text(quiz.kind),
        "mode": _text(quiz.mode),
        "prompt": _text(player_words(quiz.game, quiz.prompt)),
        # Without the whole deal: the hidden hands are revealed by the verdict, not before.
        "position": shown_part(quiz.position) if isinstance(quiz.position, dict) else {},
        "choices": [
            {"answer": answer, "label": labels.get(answer, answer), "note": notes.get(answer)}
            for answer in answers
        ],
        "picker": (
            {"size": int(drawn.pick), "cards": list(drawn.picker_cards)} if drawn.pick else None
        ),
        "review": bool(ticket.review),
        "hints": int(ticket.hints),
        "hint": hint_data(quiz) if ticket.hints else None,
        "hint_cost": _text(HINT_COST),
        "rating": _float(rating),
        "query": _text(ticket.query),
    }


def _choice(c: ChoiceVerdict, game: str) -> dict[str, Any]:
    return {
        "answer": _text(c.answer),
        "label": _text(c.label),
        "value": _float(c.value),
        "shown": _text(player_words(game, c.shown)),
        "accepted": bool(c.accepted),
        "chosen": bool(c.chosen),
        "gap": _float(c.gap),
        "summary": _text(player_words(game, c.summary)),
        "refutation": _text(player_words(game, c.refutation)),
        "line": _texts(c.line),
        "tricks": [
            {
                "plays": [[str(s), str(card)] for s, card in t.get("plays") or []],
                "winner": str(t.get("winner") or ""),
                "count": str(t.get("count") or ""),
            }
            for t in c.tricks
        ],
    }


_WHEN = DateTimeField()  # one field, for its representation (as AttemptSerializer's)


def attempt_data(item: Attempt) -> dict[str, Any]:
    """One answer as ``AttemptSerializer`` gives it, without building a serializer (its
    fields are deep-copied for every instance)."""
    return {
        "id": int(item.pk),
        "quiz": int(item.quiz_id),
        "game": _text(item.game),
        "answer": _text(item.answer),
        "correct": bool(item.correct),
        "loss": _float(item.loss),
        "seconds": _float(item.seconds),
        "hints": int(item.hints),
        "first": bool(item.first),
        "review": bool(item.review),
        "quiz_rating": _float(item.quiz_rating),
        "learner_rating": _float(item.learner_rating),
        "created_at": _WHEN.to_representation(item.created_at),
    }


def verdict_data(item: Attempt, due: int) -> dict[str, Any]:
    """One answer's verdict, as the verdict page shows it (``trainer.verdicts``)."""
    found = verdict_of(item, shown_answers(item.quiz))
    quiz, line, lesson = found.quiz, found.line, found.lesson
    deal = None
    if found.hands:
        hands = {str(seat): _texts(cards) for seat, cards in found.hands.items()}
        deal = {"hands": hands, "spare": _texts(found.spare), "spare_name": _text(found.spare_name)}
    return {
        "attempt": attempt_data(item),
        "unit": _text(quiz.unit),
        "chosen": _choice(found.chosen, quiz.game),
        "choices": [_choice(c, quiz.game) for c in found.choices],
        "why": _text(found.why),
        "line_of": _text(line.choice.answer) if line else None,
        "deal": deal,
        "themes": _texts(found.themes),
        "rule": _text(found.rule),
        "lesson": {
            "title": _text(lesson.title),
            "url": _text(lesson.url),
            "section": _text(lesson.section),
        },
        "due": int(due),
    }


_TODO = {"state": "todo", "answer": "", "label": "", "seconds": None, "answer_id": None}


def _cell(c: Cell) -> dict[str, Any]:
    if c is TODO:  # the one cell not done, shared by every row (read only: JSON next)
        return _TODO
    return {
        "state": c.state,
        "answer": c.answer,
        "label": c.label,
        "seconds": None if c.seconds is None else float(c.seconds),
        "answer_id": c.answer_id,
    }


def results_data(found: Grid) -> dict[str, Any]:
    """The results grid in the shape of ``ResultsSerializer``, built as plain dicts: the
    serializer's fields walked for each of a class's cells (49 pupils x 50 items) cost
    several times the grid itself. ``tests/api/test_results_etag.py`` checks the two agree."""
    columns = []
    for c in found.columns:
        wrong = c.most_common_wrong
        columns.append(
            {
                "item": c.item.pk,
                "quiz": c.item.quiz_id,
                "number": c.number,
                "title": c.title,
                "right": c.right,
                "wrong": c.wrong,
                "most_common_wrong": wrong[0] if wrong else None,
            }
        )
    rows = [
        {
            "pupil": r.pupil_id,
            "username": r.username,
            "removed": r.removed,
            "cells": [_cell(c) for c in r.cells],
            "right": r.right,
            "done": r.done,
            "rating_change": float(r.rating_change),
            "seconds": float(r.seconds),
        }
        for r in found.rows
    ]
    return {
        "assignment": AssignmentSerializer(found.assignment).data,
        "columns": columns,
        "rows": rows,
        "show": found.show,
        "query": found.query,
        "pupils_total": found.pupils_total,
    }
