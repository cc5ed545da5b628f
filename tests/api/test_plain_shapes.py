"""The API's quiz and verdict, built as plain dicts by ``api.present``, are what the schema's
serializers write: each serializer, given what ``present`` returns, gives back exactly that.

Over shipped quizzes of every game and kind (choices and the card picker, bids and play, with
and without a revealed deal), right and wrong answers, with and without a hint taken.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User

from api.present import hint_data, quiz_data, verdict_data
from api.serializers import AttemptSerializer, HintSerializer, QuizSerializer, VerdictSerializer
from api.serializers_teach import ItemQuizSerializer
from tests.learner.learner_helpers import skat_discard_draft
from trainer.generation import store_quiz
from trainer.learners import Learner
from trainer.models import Quiz
from trainer.player import answer_quiz
from trainer.quizio import parse_line
from trainer.starter import STARTER_BANK, read_lines
from trainer.tickets import Ticket

pytestmark = pytest.mark.django_db

PER_GROUP = 2


def _as_json(data: object) -> object:
    return json.loads(json.dumps(data))


@pytest.fixture
def shipped_quizzes() -> list[Quiz]:
    """A few shipped quizzes of every game, kind and unit (each bidding question)."""
    seen: dict[tuple[str, str, str, str], int] = {}
    for line in read_lines(STARTER_BANK):
        draft = parse_line(line)
        question = str((draft.position or {}).get("question"))
        group = (draft.game, draft.kind, draft.unit, question)
        if seen.get(group, 0) >= PER_GROUP:
            continue
        seen[group] = seen.get(group, 0) + 1
        assert store_quiz(draft, None)
    assert len({g[0] for g in seen}) == 4 and len(seen) >= 8, seen
    assert store_quiz(skat_discard_draft(1), None)  # a discard picked card by card
    return list(Quiz.objects.order_by("id"))


def test_the_plain_quiz_and_verdict_are_the_serializers(shipped_quizzes):
    user = User.objects.create_user("shape", "s@example.org", "x")
    learner = Learner(user_id=user.pk)
    pickers = verdicts_with_deals = 0
    notes: list[str] = []
    for n, quiz in enumerate(shipped_quizzes):
        ticket = Ticket(quiz.pk, quiz.game, "kind=bid" if n % 2 else "", n % 3 == 0, 0.0, n % 2)
        data = quiz_data(quiz, ticket, 1432.5 + n)
        assert QuizSerializer(data).data == data, quiz.pk
        item = {"item": n + 1, "number": 1, "total": 3, "quiz": data}
        assert ItemQuizSerializer(item).data == item
        hint = hint_data(quiz)
        assert HintSerializer(hint).data == hint
        pickers += data["picker"] is not None
        # A note is in words for a client to show as it likes, never the page's card markup.
        for choice in data["choices"]:
            if choice["note"] is not None:
                notes.append(choice["note"])
                assert "<" not in choice["note"], choice
        for accepted in (True, False):
            answer = next(
                (str(c["answer"]) for c in quiz.candidates if bool(c["accepted"]) == accepted),
                None,
            )
            if answer is None:
                continue
            attempt, _ = answer_quiz(learner, quiz, answer, 12.5, n % 2, rated=False)
            verdict = verdict_data(attempt, n)
            assert verdict["attempt"] == AttemptSerializer(attempt).data
            # The serializer reads the attempt itself; the plain shape has it written out.
            by_serializer = _as_json(VerdictSerializer({**verdict, "attempt": attempt}).data)
            assert _as_json(verdict) == by_serializer, (quiz.pk, answer)
            verdicts_with_deals += verdict["deal"] is not None
    assert pickers and verdicts_with_deals, (pickers, verdicts_with_deals)
    assert any(n.startswith("laying away ") and " of " in n for n in notes), notes
