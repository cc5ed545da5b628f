"""Turn what the trainer's services return into the API's plain shapes (api.serializers).

Nothing here decides anything: grading, selection, tickets and feedback are the trainer's,
called exactly as the pages call them; this only leaves out the HTML drawings.
"""

from __future__ import annotations

from typing import Any

from api.serializers_teach import AssignmentSerializer
from classes.results import TODO, Cell, Grid
from games.position import shown_part
from trainer import feedback
from trainer.grading import ChoiceVerdict, grade
from trainer.lesson_links import lesson_for
from trainer.models import Attempt, Quiz
from trainer.picker import card_picker
from trainer.player import HINT_COST
from trainer.positions import choice_order, quiz_choices
from trainer.tickets import Ticket
from trainer.wording import player_words


def hint_data(quiz: Quiz) -> dict[str, Any]:
    hint = feedback.hint_for(quiz, lesson_for(quiz))
    return {"themes": hint.themes, "rule": hint.rule, "section": hint.section}


def quiz_data(quiz: Quiz, ticket: Ticket, rating: float) -> dict[str, Any]:
    """The quiz handed out, as the quiz page shows it (choices in the page's order)."""
    picker = card_picker(quiz)
    labels = {str(c.get("answer")): str(c.get("label") or c.get("answer")) for c in quiz.candidates}
    choices = [] if picker else quiz_choices(quiz)
    return {
        "quiz": quiz.pk,
        "game": quiz.game,
        "kind": quiz.kind,
        "mode": quiz.mode,
        "prompt": player_words(quiz.game, quiz.prompt),
        # Without the whole deal: the hidden hands are revealed by the verdict, not before.
        "position": shown_part(quiz.position) if isinstance(quiz.position, dict) else {},
        "choices": [
            {
                "answer": c["answer"],
                "label": labels.get(c["answer"], c["answer"]),
                "note": c["note"],
            }
            for c in choices
        ],
        "picker": (
            {"size": picker.size, "cards": [c.token for c in picker.cards]} if picker else None
        ),
        "review": ticket.review,
        "hints": ticket.hints,
        "hint": hint_data(quiz) if ticket.hints else None,
        "hint_cost": HINT_COST,
        "rating": rating,
        "query": ticket.query,
    }


def _choice(c: ChoiceVerdict, game: str) -> dict[str, Any]:
    return {
        "answer": c.answer,
        "label": c.label,
        "value": c.value,
        "shown": player_words(game, c.shown),
        "accepted": c.accepted,
        "chosen": c.chosen,
        "gap": c.gap,
        "summary": player_words(game, c.summary),
        "refutation": player_words(game, c.refutation),
        "line": list(c.line),
        "tricks": [
            {
                "plays": [[str(s), str(card)] for s, card in t.get("plays") or []],
                "winner": str(t.get("winner") or ""),
                "count": str(t.get("count") or ""),
            }
            for t in c.tricks
        ],
    }


def verdict_data(item: Attempt, due: int) -> dict[str, Any]:
    """One answer's verdict, from the stored values only (as the verdict page builds it)."""
    quiz = item.quiz
    verdict = grade(quiz.candidates, quiz.unit, item.answer, quiz.kind)
    index = {str(c["answer"]): n for n, c in enumerate(choice_order(quiz))}
    choices = sorted(verdict.choices, key=lambda c: index.get(c.answer, len(index)))
    line = feedback.line_view(quiz, verdict)
    hands, spare, spare_name = feedback.revealed_deal(quiz)
    lesson = lesson_for(quiz)
    return {
        "attempt": item,
        "unit": quiz.unit,
        "chosen": _choice(verdict.chosen, quiz.game),
        "choices": [_choice(c, quiz.game) for c in choices],
        "why": feedback.verdict_why(quiz, verdict, line),
        "line_of": line.choice.answer if line else None,
        "deal": {"hands": hands, "spare": spare, "spare_name": spare_name} if hands else None,
        "themes": feedback.theme_labels(quiz),
        "rule": feedback.rule_words(quiz.rule_ref or ""),
        "lesson": {"title": lesson.title, "url": lesson.url, "section": lesson.section},
        "due": due,
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
