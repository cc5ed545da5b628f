"""The dashboard: attempts, accuracy, performance, strengths, rating chart, streaks, lessons."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from lessons.models import Lesson, LessonProgress
from tests.learner.learner_helpers import answer, take_quiz
from trainer.learners import Learner
from trainer.player import answer_quiz
from trainer.progress import answer_streaks, dashboard, day_streaks

TODAY = date(2026, 5, 10)


def test_a_day_streak_counts_back_from_today():
    days = {TODAY, TODAY - timedelta(1), TODAY - timedelta(2), TODAY - timedelta(5)}
    assert day_streaks(days, TODAY) == (3, 3)


def test_a_day_streak_survives_until_the_end_of_the_next_day():
    days = {TODAY - timedelta(1), TODAY - timedelta(2)}
    assert day_streaks(days, TODAY) == (2, 2)
    assert day_streaks(days, TODAY + timedelta(1)) == (0, 2)


def test_answer_streaks_count_right_answers_in_a_row():
    assert answer_streaks([True, True, True, False, True, True]) == (2, 3)
    assert answer_streaks([]) == (0, 0)


@pytest.mark.django_db
def test_attempts_and_accuracy_are_counted_per_game(learner_client, make_bank, no_refill):
    make_bank(5)
    for right in (True, True, False, True):
        answer(learner_client, take_quiz(learner_client), right=right)
    board = learner_client.get("/dashboard/").context["board"]
    wiezen = next(g for g in board.games if g.slug == "wiezen")
    assert (wiezen.total.attempts, wiezen.total.right, wiezen.total.percent) == (4, 3, 75)
    assert next(g for g in board.games if g.slug == "skat").total.attempts == 0
    assert wiezen.rating is not None and wiezen.total.performance is not None
    assert board.streaks.days == 1 and board.streaks.right == 1 and board.streaks.best_right == 2


@pytest.mark.django_db
def test_strong_and_weak_themes_are_named(make_bank, learner):
    me = Learner(user_id=learner.pk)
    for quiz in make_bank(4, spread=0, themes=("ruff",)):
        answer_quiz(me, quiz, quiz.candidates[0]["answer"])
    for quiz in make_bank(4, spread=0, start=50, themes=("duck",)):
        answer_quiz(me, quiz, quiz.candidates[-1]["answer"])
    wiezen = next(g for g in dashboard(me).games if g.slug == "wiezen")
    assert [t.name for t in wiezen.strengths] == ["ruff"]
    assert [t.name for t in wiezen.improve] == ["duck"]
    by_name = {t.name: t for t in wiezen.themes}
    assert by_name["ruff"].percent == 100 and by_name["duck"].percent == 0


@pytest.mark.django_db
def test_the_rating_history_is_drawn_as_an_inline_svg(learner_client, make_bank, no_refill):
    make_bank(4)
    for right in (True, False, True):
        answer(learner_client, take_quiz(learner_client), right=right)
    html = learner_client.get("/dashboard/").content.decode()
    section = html[html.index('id="progress-wiezen"') :]
    assert '<svg class="rating-chart"' in section
    assert len(section.split('class="line" points="')[1].split('"')[0].split()) == 3
    assert "<script" not in html


@pytest.mark.django_db
def test_lesson_progress_is_shown_per_game(learner_client, learner):
    lessons = [
        Lesson.objects.create(game="skat", slug=f"l{n}", order=n, title=f"L{n}", body_html="",
                              source_path="x", digest="d")
        for n in range(1, 4)
    ]  # fmt: skip
    from django.utils import timezone

    LessonProgress.objects.create(user=learner, lesson=lessons[0], completed_at=timezone.now())
    LessonProgress.objects.create(user=learner, lesson=lessons[1])
    board = learner_client.get("/dashboard/").context["board"]
    skat = next(g for g in board.games if g.slug == "skat")
    assert (skat.lessons_done, skat.lessons_started, skat.lessons_total) == (1, 2, 3)
    assert "1 of 3 completed" in learner_client.get("/dashboard/").content.decode()


@pytest.mark.django_db
def test_a_new_visitor_sees_an_empty_dashboard_and_an_invitation(visitor_client):
    response = visitor_client.get("/dashboard/")
    assert response.status_code == 200
    assert response.context["board"].attempts == 0
    assert 'href="/accounts/signup/?next=/dashboard/"' in response.content.decode()


def test_themes_on_the_dashboard_are_written_in_words(learner_client, make_bank, no_refill):
    make_bank(3, themes=("trump_drawing", "overruff"))
    for _ in range(3):
        answer(learner_client, take_quiz(learner_client), right=True)
    html = learner_client.get("/dashboard/").content.decode()
    assert "drawing trumps" in html and "overtrumping" in html
    assert "trump_drawing" not in html.replace("theme=trump_drawing", "")
