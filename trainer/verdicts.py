"""One answer's verdict, as the verdict page and the API's answer both show it.

Everything comes from the attempt and its quiz's stored values (grading again from the
candidates, the refuting line, the revealed deal, the themes, the rule, the lesson); the page
draws it as HTML (``trainer.views_train.attempt``), the API as JSON (``api.present``). Built
here once, so the two cannot tell a learner different things.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trainer import feedback
from trainer.grading import ChoiceVerdict, Grade, grade
from trainer.lesson_links import lesson_for
from trainer.models import Attempt, Quiz
from trainer.positions import choice_order


@dataclass(frozen=True)
class Verdict:
    """What a verdict says about one answer."""

    attempt: Attempt
    quiz: Quiz
    grade: Grade
    order: tuple[str, ...]  # every answer in the order the quiz showed them
    line: feedback.LineView | None
    why: str
    hands: dict[str, list[str]]  # the whole deal revealed (empty when the quiz stored none)
    spare: list[str]
    spare_name: str
    themes: list[str]
    rule: str
    lesson: Any

    @property
    def chosen(self) -> ChoiceVerdict:
        return self.grade.chosen

    @property
    def choices(self) -> list[ChoiceVerdict]:
        """Every choice's verdict, in the order the quiz showed them."""
        index = {a: n for n, a in enumerate(self.order)}
        return sorted(self.grade.choices, key=lambda c: index.get(c.answer, len(index)))


def verdict_of(item: Attempt, order: Sequence[str] | None = None) -> Verdict:
    """Return the verdict on a stored answer; ``order`` is the quiz's shown order of the
    answers when the caller has it (the page, from the quiz's drawing), else it is worked
    out from the candidates as the quiz page shows them."""
    quiz = item.quiz
    graded = grade(quiz.candidates, quiz.unit, item.answer, quiz.kind)
    if order is None:
        order = [str(c["answer"]) for c in choice_order(quiz)]
    line = feedback.line_view(quiz, graded)
    hands, spare, spare_name = feedback.revealed_deal(quiz)
    return Verdict(
        attempt=item,
        quiz=quiz,
        grade=graded,
        order=tuple(order),
        line=line,
        why=feedback.verdict_why(quiz, graded, line),
        hands=hands,
        spare=spare,
        spare_name=spare_name,
        themes=feedback.theme_labels(quiz),
        rule=feedback.rule_words(quiz.rule_ref or ""),
        lesson=lesson_for(quiz),
    )
