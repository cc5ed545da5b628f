"""A teacher builds a class and a set of three kinds of items; a pupil joins and works it
with one wrong answer; the teacher reads the grid and exports the CSV (headless Chromium).

Set DOCS_SCREENSHOTS=1 to save the pages docs/teachers.md shows under docs/img/.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from classes.models import AssignmentAnswer, SetItem
from classes.roster import make_teacher
from tests.browser.browser_helpers import and_wait_for_next_page, overflow_px
from tests.learner.learner_helpers import PASSWORD, wiezen_draft
from trainer.generation import store_quiz
from trainer.models import Quiz

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
WIEZEN_DEAL = "W:AT6.Q4.T632.K873 J843.A85.AQJ84.2 KQ9.T963.97.T965 752.KJ72.K5.AQJ4"


def shot(browser, name: str, width: int = 1000) -> None:
    """Save a full-page screenshot for the docs when asked to (DOCS_SCREENSHOTS=1)."""
    if not os.environ.get("DOCS_SCREENSHOTS"):
        return
    DOCS_IMG.mkdir(exist_ok=True)
    before = browser.get_window_size()
    height = browser.execute_script("return document.documentElement.scrollHeight")
    browser.set_window_size(width, min(max(height + 120, 600), 2400))
    browser.save_screenshot(str(DOCS_IMG / name))
    browser.set_window_size(before["width"], before["height"])


def submit(browser, form_id: str, fields: dict[str, str]) -> None:
    from selenium.webdriver.common.by import By

    form = browser.find_element(By.ID, form_id)
    for name, value in fields.items():
        box = form.find_element(By.NAME, name)
        if box.tag_name == "select":
            from selenium.webdriver.support.ui import Select

            Select(box).select_by_value(value)
        else:
            box.clear()
            box.send_keys(value)
    button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
    and_wait_for_next_page(browser, button.click)


def sign_in(browser, base: str, username: str) -> None:
    from selenium.webdriver.common.by import By

    browser.delete_all_cookies()
    browser.get(f"{base}/accounts/login/")
    browser.find_element(By.NAME, "username").send_keys(username)
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    button = browser.find_element(By.CSS_SELECTOR, "form.account-form button[type=submit]")
    and_wait_for_next_page(browser, button.click)


def answer_current(browser, right: bool) -> str:
    """Press a choice that is right (or wrong) for the quiz on the page; return its answer."""
    from selenium.webdriver.common.by import By

    quiz = Quiz.objects.get(
        pk=browser.find_element(By.CSS_SELECTOR, "article.quiz").get_attribute("data-quiz")
    )
    want = next(str(c["answer"]) for c in quiz.candidates if bool(c["accepted"]) == right)
    button = browser.find_element(By.CSS_SELECTOR, f"button.choice[value='{want}']")
    and_wait_for_next_page(browser, button.click)
    return want


def test_a_teacher_sets_three_kinds_of_items_and_reads_a_pupils_results(
    browser, live_server, settings, eager_celery
):
    from selenium.webdriver.common.by import By

    settings.TRAIN_REFILL_BELOW = 0
    for n in range(1, 4):
        store_quiz(wiezen_draft(n), None)
    teacher = User.objects.create_user("tessa", "t@example.org", PASSWORD)
    make_teacher(teacher)
    base = live_server.url

    # The teacher: a class, then a set with a picked, a generated and an entered-deal item.
    sign_in(browser, base, "tessa")
    browser.get(f"{base}/teach/")
    submit(browser, "new-class", {"name": "Class 4B"})
    code = browser.find_element(By.ID, "join-code").text
    assert overflow_px(browser) <= 0, "the class page is wider than a 420 px phone screen"
    join_link = browser.find_element(By.ID, "join-link").get_attribute("href")
    assert len(code) == 8 and join_link.endswith(f"/classes/join/{code}/")
    browser.get(f"{base}/teach/")
    submit(browser, "new-set", {"name": "Week 1"})
    set_url = browser.current_url
    browser.find_element(By.CSS_SELECTOR, "#pick-form input[name=quiz]").click()
    and_wait_for_next_page(
        browser, browser.find_element(By.CSS_SELECTOR, "#pick-form button").click
    )
    submit(
        browser, "generate-form",
        {"game": "wiezen", "kind": "play", "mode": "double_dummy", "count": "1",
         "constraints": "N.hcp >= 10"},
    )  # fmt: skip
    submit(
        browser, "deal-form",
        {"game": "wiezen", "deal": WIEZEN_DEAL, "contract": "ask_join NS H",
         "played": "C8 C2 C5 CA HK H4 H5 H3", "seat": "S"},
    )  # fmt: skip
    browser.get(set_url)
    sources = [
        li.get_attribute("data-source")
        for li in browser.find_elements(By.CSS_SELECTOR, "#set-items > li")
    ]
    assert sources == ["picked", "generated", "entered"]
    assert overflow_px(browser) <= 0, "the set page is wider than a 420 px phone screen"
    shot(browser, "teachers-set.png")
    entered = SetItem.objects.get(source="entered")
    browser.get(f"{set_url}items/{entered.pk}/")
    assert browser.find_elements(By.CSS_SELECTOR, "#preview-values tbody tr")
    shot(browser, "teachers-preview.png")

    browser.get(f"{base}/teach/")
    browser.find_element(By.LINK_TEXT, "Class 4B").click()
    submit(browser, "assign-form", {})
    results_url = browser.current_url

    # The pupil: signs up through the join link, joins, works the set with one wrong answer.
    browser.delete_all_cookies()
    browser.get(join_link)
    and_wait_for_next_page(
        browser, browser.find_element(By.CSS_SELECTOR, "main a.button.secondary").click
    )
    browser.find_element(By.NAME, "username").send_keys("pia")
    browser.find_element(By.NAME, "email").send_keys("pia@example.org")
    browser.find_element(By.NAME, "password1").send_keys(PASSWORD)
    browser.find_element(By.NAME, "password2").send_keys(PASSWORD)
    button = browser.find_element(By.CSS_SELECTOR, "form.account-form button[type=submit]")
    and_wait_for_next_page(browser, button.click)
    submit(browser, "join-confirm", {})
    assert "You have joined Class 4B." in browser.page_source
    browser.get(f"{base}/dashboard/")
    assert browser.find_element(By.CSS_SELECTOR, "#assignments .status").text == "to do"
    assert overflow_px(browser) <= 0, "the dashboard is wider than a 420 px phone screen"
    browser.find_element(By.LINK_TEXT, "Week 1").click()
    and_wait_for_next_page(browser, browser.find_element(By.ID, "start").click)
    chosen = []
    for n, right in enumerate((True, False, True)):
        assert f"item {n + 1} of 3" in browser.find_element(By.CLASS_NAME, "crumbs").text
        assert overflow_px(browser) <= 0, "the quiz page is wider than a 420 px phone screen"
        chosen.append(answer_current(browser, right))
        verdict = browser.find_element(By.ID, "verdict").text
        assert verdict.startswith("Right" if right else "Not the best")
        follow = "next-item" if n < 2 else "back-to-assignment"
        and_wait_for_next_page(browser, browser.find_element(By.ID, follow).click)
    assert browser.find_element(By.ID, "all-done")
    browser.get(f"{base}/dashboard/")
    assert browser.find_element(By.CSS_SELECTOR, "#assignments .status").text == "done"
    stored = list(AssignmentAnswer.objects.order_by("item__order").values_list("answer", "correct"))
    assert stored == [(chosen[0], True), (chosen[1], False), (chosen[2], True)]

    # The teacher: the grid, the most common wrong answer, the CSV.
    sign_in(browser, base, "tessa")
    browser.get(results_url)
    wide = browser.execute_script(
        "return [...document.querySelectorAll('body *')].filter(e => "
        "e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.grid-scroll'))"
        ".map(e => e.tagName + '.' + e.className + '#' + e.id + ':' + "
        "Math.round(e.getBoundingClientRect().right))"
    )
    assert overflow_px(browser) <= 0, f"the results page is wider than 420 px: {wide}"
    row = browser.find_element(By.CSS_SELECTOR, "#results-grid tr[data-pupil=pia]")
    cells = row.find_elements(By.TAG_NAME, "td")
    assert [c.get_attribute("class") for c in cells[:3]] == [
        "cell-right",
        "cell-wrong",
        "cell-right",
    ]
    assert chosen[1] in cells[1].text
    assert row.find_element(By.CLASS_NAME, "score").text == "2/3"
    common = browser.find_elements(By.CSS_SELECTOR, "#results-grid td.common-wrong")
    assert common[1].text == f"{chosen[1]} ×1" and common[0].text == "–"
    shot(browser, "teachers-results.png")
    href = browser.find_element(By.ID, "csv-link").get_attribute("href")
    # The grid refreshes itself while the page is open (polling its fragment).
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 15).until(
        lambda b: b.find_element(By.ID, "grid").get_attribute("data-refreshed")
    )
    assert browser.find_element(By.CSS_SELECTOR, "#results-grid tr[data-pupil=pia] .score")
    text = browser.execute_async_script(
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
    assert len(rows) == 1 and rows[0][0] == "pia" and rows[0][4] == "2/3"
    assert rows[0][1].startswith(f"right: {chosen[0]}")
    assert rows[0][2].startswith(f"wrong: {chosen[1]}")
    assert rows[0][3].startswith(f"right: {chosen[2]}")
    browser.get("about:blank")
