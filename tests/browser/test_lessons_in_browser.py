"""Every course's first lesson and its glossary fit a phone screen (answering checkpoints in
the browser is a step of tests/browser/test_journey_in_browser.py)."""

from __future__ import annotations

import pytest

from lessons.loader import read_all
from lessons.models import Lesson
from lessons.services import load_courses
from tests.browser.browser_helpers import overflow_px

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_lesson_pages_fit_a_phone_screen(browser, live_server):
    load_courses(read_all())
    for game in ("skat", "beyond", "five_hundred", "wiezen"):
        lesson = Lesson.objects.filter(game=game).order_by("order").first()
        if lesson is None:
            continue
        browser.get(live_server.url + lesson.get_absolute_url())
        assert overflow_px(browser) <= 0, f"{lesson} is wider than a 420 px phone screen"
        browser.get(f"{live_server.url}/lessons/{game}/glossary/")
        assert overflow_px(browser) <= 0, f"the {game} glossary is wider than a phone screen"
