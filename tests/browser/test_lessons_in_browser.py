"""A learner reads a lesson in a real browser and answers its checkpoints."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from lessons.loader import read_all
from lessons.models import Lesson, LessonProgress
from lessons.services import checkpoint_exercise, load_courses, read_deal
from tests.browser.browser_helpers import and_wait_for_next_page, overflow_px

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def answer_checkpoint(browser, lesson: Lesson, number: int, right: bool) -> str:
    from selenium.webdriver.common.by import By

    form = browser.find_element(By.ID, f"checkpoint-{number}")
    token = form.find_element(By.NAME, "deal").get_attribute("value")
    exercise = checkpoint_exercise(lesson, number - 1, read_deal(lesson, number - 1, token).seed)
    keys = (
        sorted(exercise.answers)
        if right
        else [next(c.key for c in exercise.choices if c.key not in exercise.answers)]
    )
    if exercise.multiple and not right:
        keys = sorted(exercise.answers | set(keys))
    for box in form.find_elements(By.NAME, "answer"):
        if box.get_attribute("value") in keys:
            box.click()
    submit = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
    and_wait_for_next_page(browser, submit.click)
    return browser.find_element(By.CSS_SELECTOR, f"#checkpoint-{number} .feedback").text


def test_a_learner_signs_in_passes_a_checkpoint_and_sees_progress(browser, live_server):
    from selenium.webdriver.common.by import By

    load_courses(read_all())
    lesson = Lesson.objects.filter(game="skat").order_by("order").first()
    User.objects.create_user("lena", password="trick-taking-2026")
    browser.get(f"{live_server.url}/accounts/login/?next={lesson.get_absolute_url()}")
    browser.find_element(By.NAME, "username").send_keys("lena")
    browser.find_element(By.NAME, "password").send_keys("trick-taking-2026")
    submit = browser.find_element(By.CSS_SELECTOR, "form button[type=submit]")
    and_wait_for_next_page(browser, submit.click)
    assert browser.find_element(By.TAG_NAME, "h1").text == lesson.title

    assert answer_checkpoint(browser, lesson, 1, right=False).startswith("Not quite")
    assert answer_checkpoint(browser, lesson, 2, right=True).startswith("Right")

    progress = LessonProgress.objects.get(user__username="lena", lesson=lesson)
    assert progress.passed == [1]
    browser.get(f"{live_server.url}/lessons/skat/")
    assert f"1 of {len(lesson.checkpoints)} checkpoints passed" in browser.page_source


def test_lesson_pages_fit_a_phone_screen(browser, live_server):
    load_courses(read_all())
    for game in ("skat", "beyond", "five_hundred", "wiezen"):
        lesson = Lesson.objects.filter(game=game).order_by("order").first()
        if lesson is None:
            continue
        browser.get(live_server.url + lesson.get_absolute_url())
        assert overflow_px(browser) <= 0, f"{lesson} is wider than a 420 px phone screen"
