"""One journey through the site in headless Chromium, as two people at once: a visitor reads a
lesson and passes a checkpoint, signs up, answers a quiz by clicking a card; a teacher (in a
second browser) makes a class, a set of a picked, a generated and an entered-deal item, and
assigns it; the pupil joins and works it (by keyboard, one answer wrong); the teacher's open
results page shows the answers as they come, and the CSV holds them.

Each step is named: a failure says which step failed and where the screenshots, HTML and
console logs of both browsers are (tests/browser/conftest.py). A console error fails the step.
Set DOCS_SCREENSHOTS=1 to save the pages docs/teachers.md shows under docs/img/.
"""

from __future__ import annotations

import csv
import io
import os
from functools import partial
from pathlib import Path

import pytest

from classes.models import AssignmentAnswer, SetItem
from lessons.loader import read_all
from lessons.models import Lesson, LessonProgress
from lessons.services import checkpoint_exercise, load_courses, read_deal
from tests.browser.browser_helpers import (
    and_wait_for_next_page,
    fill_and_submit,
    open_as_new_visitor,
    overflow_px,
    step,
    tab_to,
)
from tests.learner.learner_helpers import PASSWORD, wiezen_draft
from trainer.generation import store_quiz
from trainer.models import Attempt, Quiz
from trainer.wording import answer_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
SCREENSHOTS_SCRIPT = DOCS_IMG.parents[1] / "scripts" / "screenshots.py"
WIEZEN_DEAL = "W:AT6.Q4.T632.K873 J843.A85.AQJ84.2 KQ9.T963.97.T965 752.KJ72.K5.AQJ4"


def shot(browser, name: str, devices: tuple[str, ...] = ("desktop", "phone")) -> None:
    """Save the page's main column for the docs when asked to (DOCS_SCREENSHOTS=1), at desktop
    (1280 px) and/or phone (390 px) width, as docs/img/<name>-desktop.png and -phone.png (the
    same cropping as scripts/screenshots.py, which `make screenshots` runs too)."""
    if not os.environ.get("DOCS_SCREENSHOTS"):
        return
    import importlib.util

    spec = importlib.util.spec_from_file_location("screenshots", SCREENSHOTS_SCRIPT)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    DOCS_IMG.mkdir(exist_ok=True)
    for device in devices:
        width = script.WIDTHS[device]
        metrics = {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500}
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        # More colours than the quiz pictures: the pale green of a best row and the pale red
        # of a wrong verdict must stay apart.
        script.shoot(browser, device, DOCS_IMG / f"{name}-{device}.png", colours=64)
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def fits_a_phone(browser, page: str) -> None:
    assert overflow_px(browser) <= 0, f"the {page} is wider than a 420 px phone screen"


def follow_link(browser, text: str) -> None:
    from selenium.webdriver.common.by import By

    link = browser.find_element(By.PARTIAL_LINK_TEXT, text)
    and_wait_for_next_page(browser, link.click)


def sign_up(browser, username: str, teacher: bool = False) -> None:
    """Fill the sign-up form from the keyboard and send it with Enter."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    form = browser.find_element(By.CSS_SELECTOR, "form.account-form")
    form.find_element(By.NAME, "username").send_keys(username)
    form.find_element(By.NAME, "email").send_keys(f"{username}@example.org")
    form.find_element(By.NAME, "password1").send_keys(PASSWORD)
    if teacher:
        form.find_element(By.NAME, "teacher").send_keys(Keys.SPACE)
    last = form.find_element(By.NAME, "password2")
    last.send_keys(PASSWORD)
    and_wait_for_next_page(browser, lambda: last.send_keys(Keys.ENTER))


def answer_checkpoint(browser, lesson: Lesson, number: int, right: bool) -> str:
    """Tick a right (or wrong) answer with the space bar, press Check with Enter; return the
    feedback."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    form = browser.find_element(By.ID, f"checkpoint-{number}")
    token = form.find_element(By.NAME, "deal").get_attribute("value")
    exercise = checkpoint_exercise(lesson, number - 1, read_deal(lesson, number - 1, token).seed)
    keys = (
        set(exercise.answers)
        if right
        else {next(c.key for c in exercise.choices if c.key not in exercise.answers)}
    )
    if exercise.multiple and not right:
        keys |= set(exercise.answers)
    for box in form.find_elements(By.NAME, "answer"):
        if box.get_attribute("value") in keys:
            box.send_keys(Keys.SPACE)
    check = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
    and_wait_for_next_page(browser, lambda: check.send_keys(Keys.ENTER))
    return browser.find_element(By.CSS_SELECTOR, f"#checkpoint-{number} .feedback").text


def choice_for(browser, right: bool) -> str:
    """Return an answer to the quiz on the page that is right (or wrong), from the bank."""
    from selenium.webdriver.common.by import By

    pk = browser.find_element(By.CSS_SELECTOR, "article.quiz").get_attribute("data-quiz")
    quiz = Quiz.objects.get(pk=pk)
    return next(str(c["answer"]) for c in quiz.candidates if bool(c["accepted"]) == right)


def test_a_visitor_learns_signs_up_trains_and_works_a_teachers_assignment(
    browser, second_browser, live_server, settings, eager_celery
):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    settings.TRAIN_REFILL_BELOW = 0
    load_courses(read_all())
    for n in range(1, 4):
        store_quiz(wiezen_draft(n), None)
    base = live_server.url
    pupil, teacher = browser, second_browser
    lesson = Lesson.objects.filter(game="skat").order_by("order").first()

    with step("a visitor finds the first Skat lesson from the home page"):
        open_as_new_visitor(pupil, f"{base}/")
        follow_link(pupil, "Lessons")
        skat = pupil.find_element(By.CSS_SELECTOR, "main a[href='/lessons/skat/']")
        and_wait_for_next_page(pupil, skat.click)
        follow_link(pupil, lesson.title)
        assert pupil.find_element(By.TAG_NAME, "h1").text == lesson.title
        fits_a_phone(pupil, "lesson page")

    with step("the visitor misses one checkpoint and passes another by keyboard"):
        assert answer_checkpoint(pupil, lesson, 1, right=False).startswith("Not quite")
        assert answer_checkpoint(pupil, lesson, 2, right=True).startswith("Right")

    with step("the visitor signs up and keeps the passed checkpoint"):
        follow_link(pupil, "Sign up")
        sign_up(pupil, "vera")
        assert pupil.find_element(By.TAG_NAME, "h1").text == "Your progress"
        assert LessonProgress.objects.get(user__username="vera", lesson=lesson).passed == [1]
        pupil.get(f"{base}/lessons/skat/")
        assert f"1 of {len(lesson.checkpoints)} checkpoints passed" in pupil.page_source

    with step("the learner answers a quiz by clicking a card and reads the verdict"):
        follow_link(pupil, "Train")
        wiezen = pupil.find_element(By.CSS_SELECTOR, "main a[href='/train/wiezen/']")
        and_wait_for_next_page(pupil, wiezen.click)
        fits_a_phone(pupil, "quiz page")
        wrong = choice_for(pupil, right=False)
        card = pupil.find_element(By.CSS_SELECTOR, f"button.choice[value='{wrong}']")
        spoken = card.find_element(By.CLASS_NAME, "visually-hidden").get_attribute("textContent")
        and_wait_for_next_page(pupil, card.click)
        verdict = pupil.find_element(By.ID, "verdict").text
        assert verdict.startswith("Not the best") and spoken in verdict
        fits_a_phone(pupil, "verdict")
        follow_link(pupil, "Progress")
        assert pupil.find_element(By.CSS_SELECTOR, "#progress-wiezen .attempts").text == "1"
        assert Attempt.objects.get().answer == wrong

    with step("a teacher signs up and creates a class"):
        open_as_new_visitor(teacher, f"{base}/accounts/signup/")
        sign_up(teacher, "tessa", teacher=True)
        assert teacher.find_element(By.TAG_NAME, "h1").text == "Teach"
        fill_and_submit(teacher, "new-class", {"name": "Class 4B"})
        code = teacher.find_element(By.ID, "join-code").text
        join_link = teacher.find_element(By.ID, "join-link").get_attribute("href")
        assert len(code) == 8 and join_link.endswith(f"/classes/join/{code}/")
        fits_a_phone(teacher, "class page")

    with step("the teacher builds a set of a picked, a generated and an entered item"):
        follow_link(teacher, "Teach")
        fill_and_submit(teacher, "new-set", {"name": "Week 1"})
        set_url = teacher.current_url
        teacher.find_element(By.CSS_SELECTOR, "#pick-form input[name=quiz]").send_keys(Keys.SPACE)
        pick = teacher.find_element(By.CSS_SELECTOR, "#pick-form button")
        and_wait_for_next_page(teacher, pick.click)
        fill_and_submit(
            teacher, "generate-form",
            {"game": "wiezen", "kind": "play", "mode": "double_dummy", "count": "1",
             "constraints": "N.hcp >= 10"},
        )  # fmt: skip
        fill_and_submit(
            teacher, "deal-form",
            {"game": "wiezen", "deal": WIEZEN_DEAL, "contract": "ask_join NS H",
             "played": "C8 C2 C5 CA HK H4 H5 H3", "seat": "S"},
        )  # fmt: skip
        teacher.get(set_url)
        sources = [
            li.get_attribute("data-source")
            for li in teacher.find_elements(By.CSS_SELECTOR, "#set-items > li")
        ]
        assert sources == ["picked", "generated", "entered"]
        fits_a_phone(teacher, "set page")
        shot(teacher, "teachers-set")
        entered = SetItem.objects.get(source="entered")
        teacher.get(f"{set_url}items/{entered.pk}/")
        assert teacher.find_elements(By.CSS_SELECTOR, "#preview-values tbody tr")
        shot(teacher, "teachers-preview", ("desktop",))

    with step("the teacher assigns the set to the class and opens its results"):
        follow_link(teacher, "Classes")  # the way back to the teaching pages from anywhere
        follow_link(teacher, "Your teaching")
        follow_link(teacher, "Class 4B")
        fill_and_submit(teacher, "assign-form", {})
        assert teacher.find_element(By.TAG_NAME, "h1").text == "Results: Week 1"
        # The teacher rests the keyboard focus on the grid's first item while pupils work.
        first_item = tab_to(teacher, "#results-grid thead a")
        first_href = first_item.get_attribute("href")

    with step("the pupil joins the class through the join link"):
        pupil.get(join_link)
        fill_and_submit(pupil, "join-confirm", {})
        assert "You have joined Class 4B." in pupil.page_source
        follow_link(pupil, "Progress")
        assert pupil.find_element(By.CSS_SELECTOR, "#assignments .status").text == "to do"
        fits_a_phone(pupil, "dashboard")

    chosen = []
    with step("the pupil works the assignment by keyboard, one answer wrong"):
        follow_link(pupil, "Week 1")
        and_wait_for_next_page(pupil, pupil.find_element(By.ID, "start").click)
        for n, right in enumerate((True, False, True)):
            assert f"item {n + 1} of 3" in pupil.find_element(By.CLASS_NAME, "crumbs").text
            fits_a_phone(pupil, "assignment's quiz page")
            chosen.append(choice_for(pupil, right))
            focused = tab_to(pupil, f"button.choice[value='{chosen[-1]}']")
            and_wait_for_next_page(pupil, partial(focused.send_keys, Keys.ENTER))
            verdict = pupil.find_element(By.ID, "verdict").text
            assert verdict.startswith("Right" if right else "Not the best")
            follow = "next-item" if n < 2 else "back-to-assignment"
            and_wait_for_next_page(pupil, pupil.find_element(By.ID, follow).click)
        assert pupil.find_element(By.ID, "all-done")
        follow_link(pupil, "Progress")
        assert pupil.find_element(By.CSS_SELECTOR, "#assignments .status").text == "done"
        stored = AssignmentAnswer.objects.order_by("item__order").values_list("answer", "correct")
        assert list(stored) == [(chosen[0], True), (chosen[1], False), (chosen[2], True)]

    with step("the teacher's open results page shows the pupil's answers"):
        score_css = "#results-grid tr[data-pupil=vera] .score"
        # The page has been open since the set was assigned: its grid refreshes itself.
        WebDriverWait(teacher, 20).until(
            lambda t: [e.text for e in t.find_elements(By.CSS_SELECTOR, score_css)] == ["2/3"]
        )
        focused = teacher.switch_to.active_element
        assert focused.get_attribute("href") == first_href, "the refresh lost the focus"
        row = teacher.find_element(By.CSS_SELECTOR, "#results-grid tr[data-pupil=vera]")
        cells = row.find_elements(By.TAG_NAME, "td")
        marks = [c.get_attribute("class") for c in cells[:3]]
        assert marks == ["cell-right", "cell-wrong", "cell-right"]
        assert answer_text(chosen[1]) in cells[1].text  # 'Q♥', as players write it
        assert row.find_element(By.CLASS_NAME, "score").text == "2/3"
        common = teacher.find_elements(By.CSS_SELECTOR, "#results-grid td.common-wrong")
        assert common[1].text == f"{answer_text(chosen[1])} ×1" and common[0].text == "–"
        wide = teacher.execute_script(
            "return [...document.querySelectorAll('body *')].filter(e => "
            "e.getBoundingClientRect().right > window.innerWidth + 1"
            " && !e.closest('.grid-scroll')).map(e => e.tagName + '#' + e.id)"
        )
        assert overflow_px(teacher) <= 0, f"the results page is wider than 420 px: {wide}"
        shot(teacher, "teachers-results")
        # A refresh that brings nothing new leaves the grid as it is (no re-announcement).
        grid = teacher.find_element(By.ID, "grid")
        polls = int(grid.get_attribute("data-refreshed"))
        WebDriverWait(teacher, 15).until(
            lambda t: int(grid.get_attribute("data-refreshed")) > polls
        )
        assert row.is_displayed(), "an unchanged grid was replaced"

    with step("the teacher's CSV export holds the same answers"):
        href = teacher.find_element(By.ID, "csv-link").get_attribute("href")
        text = teacher.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0]).then(r => r.text()).then(done);",
            href,
        )
        header, *rows = list(csv.reader(io.StringIO(text)))
        items = list(SetItem.objects.order_by("order"))
        assert header[:4] == [
            "pupil",
            *[f"{n}. Kleurenwiezen play #{i.quiz_id}" for n, i in enumerate(items, 1)],
        ]
        assert len(rows) == 1 and rows[0][0] == "vera" and rows[0][4] == "2/3"
        assert rows[0][1].startswith(f"right: {chosen[0]}")
        assert rows[0][2].startswith(f"wrong: {chosen[1]}")
        assert rows[0][3].startswith(f"right: {chosen[2]}")

    with step("the teacher reads the class page and the pupil's wrong answer"):
        follow_link(teacher, "Class 4B")
        assert teacher.find_element(By.CSS_SELECTOR, "#pupils .pupil-name").text == "vera"
        fits_a_phone(teacher, "class page with a pupil")
        shot(teacher, "teachers-class", ("desktop",))
        teacher.back()
        wrong_cell = teacher.find_element(By.CSS_SELECTOR, "#results-grid td.cell-wrong a")
        and_wait_for_next_page(teacher, wrong_cell.click)
        verdict = teacher.find_element(By.ID, "verdict").text
        assert verdict.startswith("Not the best. vera chose"), verdict
        fits_a_phone(teacher, "pupil's answer page")
        shot(teacher, "teachers-answer", ("desktop",))
        follow_link(pupil, "Week 1")
        shot(pupil, "pupils-assignment", ("phone",))
