"""A quiz is drawn once, when it is stored; the player reads the drawing with the quiz row.

Drawing a position and its choices was most of a quiz page's CPU (docs/performance.md, Load),
so it must not creep back onto the request path: these tests fail if the quiz page or the
verdict draws a quiz that already has a drawing under the current key.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tests.learner.learner_helpers import answer
from trainer import drawn
from trainer.models import Quiz

pytestmark = pytest.mark.django_db


def _no_drawing(*_args: object, **_kwargs: object) -> None:
    raise AssertionError("the request drew a quiz that was drawn when it was stored")


def test_a_stored_quiz_comes_with_its_drawing_under_the_current_key(make_bank):
    [quiz] = make_bank(1)
    assert quiz.drawn is not None and quiz.drawn["key"] == drawn.drawing_key("en")
    assert 'data-fact="contract"' in quiz.drawn["position"]
    # Every card of the hand is a choice button, in the order the page shows them.
    assert quiz.drawn["choices"].count('name="answer"') == len(quiz.drawn["answers"])


def test_the_quiz_page_and_the_verdict_use_the_stored_drawing(
    visitor_client, make_bank, no_refill, monkeypatch
):
    [quiz] = make_bank(1)
    monkeypatch.setattr(drawn, "draw", _no_drawing)
    page = visitor_client.get("/train/wiezen/")
    assert page.status_code == 200
    html = page.content.decode()
    assert quiz.drawn["position"] in html and quiz.drawn["choices"] in html
    response = answer(visitor_client, quiz, right=False, game="wiezen")
    verdict = visitor_client.get(response["Location"])
    assert verdict.status_code == 200
    assert quiz.drawn["position"] in verdict.content.decode()  # "the position again"


def test_a_drawing_made_by_other_drawing_code_is_drawn_again_and_stored(
    visitor_client, make_bank, no_refill
):
    [quiz] = make_bank(1)
    stale = {**quiz.drawn, "key": "0123456789ab:en", "position": "<p>old drawing</p>"}
    Quiz.objects.filter(pk=quiz.pk).update(drawn=stale)
    html = visitor_client.get("/train/wiezen/").content.decode()
    assert "old drawing" not in html and 'data-fact="contract"' in html
    quiz.refresh_from_db()
    assert quiz.drawn["key"] == drawn.drawing_key("en")


def test_saving_a_quiz_through_the_orm_clears_its_drawing(make_bank):
    [quiz] = make_bank(1)
    quiz.prompt = "Which card now?"
    quiz.save()
    quiz.refresh_from_db()
    assert quiz.drawn is None
    # A rating moved by the player (an UPDATE, no save) keeps it.
    Quiz.objects.filter(pk=quiz.pk).update(rating=1234.0)
    call_command("draw_quizzes", verbosity=0)
    quiz.refresh_from_db()
    assert quiz.drawn["key"] == drawn.drawing_key("en")


def test_a_quiz_without_a_drawing_is_drawn_on_its_first_showing(
    visitor_client, make_bank, no_refill
):
    [quiz] = make_bank(1)
    Quiz.objects.filter(pk=quiz.pk).update(drawn=None)  # a bank stored before the column
    html = visitor_client.get("/train/wiezen/").content.decode()
    assert f'data-quiz="{quiz.pk}"' in html and 'name="answer"' in html
    quiz.refresh_from_db()
    assert quiz.drawn is not None
