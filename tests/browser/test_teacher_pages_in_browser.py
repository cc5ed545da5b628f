"""The teacher's set page by keyboard alone, and the join link for a visitor who is signed out
(headless Chromium): what a teacher and a pupil do, counted in key presses."""

from __future__ import annotations

from functools import partial

import pytest

from classes import sets
from classes.models import ExerciseSet
from tests.browser.browser_helpers import (
    and_wait_for_next_page,
    open_as_new_visitor,
    overflow_px,
    step,
)
from tests.learner.learner_helpers import PASSWORD
from tests.teachers.teacher_helpers import bank, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def press_tab_until(browser, css: str, most: int) -> int:
    """Press Tab until an element matching ``css`` has the focus; return how many presses it
    took (fail after ``most``)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    for presses in range(1, most + 1):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        active = browser.switch_to.active_element
        if browser.execute_script("return arguments[0].matches(arguments[1])", active, css):
            return presses
    pytest.fail(f"{most} Tab presses on {browser.current_url} never reach {css}")


def key(browser, *keys: str) -> None:
    """Press keys on whatever has the focus."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(browser).send_keys(*keys).perform()


def press(browser, name: str) -> None:
    """Press a key on whatever has the focus, and wait for the page it loads."""
    and_wait_for_next_page(browser, partial(key, browser, name))


def shift_tab(browser) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()


def focused(browser) -> object:
    return browser.switch_to.active_element


def sign_in(browser, base: str, username: str, next_url: str = "") -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    open_as_new_visitor(browser, f"{base}/accounts/login/{next_url}")
    browser.find_element(By.NAME, "username").send_keys(username)
    password = browser.find_element(By.NAME, "password")
    password.send_keys(PASSWORD)
    and_wait_for_next_page(browser, partial(password.send_keys, Keys.ENTER))


def set_order(exercise_set: ExerciseSet) -> list[int]:
    return list(exercise_set.items.order_by("order").values_list("quiz_id", flat=True))


def test_a_teacher_adds_bank_quizzes_and_reorders_the_set_by_keyboard(browser, live_server):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    teacher = make_user("tessa", teacher=True)
    quizzes = bank(32)  # more than a page of the picker (30 rows)
    exercise_set = sets.create_set(teacher, "Week 1")
    sets.pick(teacher, exercise_set.pk, [quizzes[0].pk, quizzes[1].pk])
    set_url = f"{live_server.url}/teach/sets/{exercise_set.pk}/"
    sign_in(browser, live_server.url, "tessa")

    with step("from the top of the set page a few Tab presses reach the bank's first Add"):
        browser.get(set_url)
        presses = press_tab_until(browser, "nav.jump a[href='#pick-title']", 15)
        key(browser, Keys.ENTER)
        assert focused(browser).get_attribute("id") == "pick-title"
        presses += press_tab_until(browser, "#bank-list button.add", 10)
        assert presses <= 20, f"{presses} Tab presses to the first Add button"
        first = focused(browser).find_element(By.XPATH, "./..").get_attribute("data-quiz")

    with step("Enter on Add puts that quiz at the end of the set; the focus is on the next"):
        press(browser, Keys.ENTER)
        assert set_order(exercise_set)[-1] == int(first)
        assert f"Added #{first} to the set as item 3." in browser.page_source
        now = focused(browser)
        assert now.get_attribute("class") == "secondary add"
        row = now.find_element(By.XPATH, "./..")
        assert row.get_attribute("id") == "bank-1" and row.get_attribute("data-quiz") != first
        assert overflow_px(browser) <= 0, "the set page is wider than the phone's screen"

    with step("the filters are sent with Enter from a drop-down, and kept after an Add"):
        browser.get(set_url)
        difficulty = browser.find_element(By.CSS_SELECTOR, "#bank-filters [name=difficulty]")
        difficulty.send_keys("medium")  # typing an option's name picks it, as a user would
        and_wait_for_next_page(browser, partial(difficulty.send_keys, Keys.ENTER))
        assert "difficulty=medium" in browser.current_url
        # The third row's Add: Tab from the first, past its tick box and its link.
        browser.execute_script("document.querySelector('#bank-1 button.add').focus()")
        third = browser.find_element(By.ID, "bank-3").get_attribute("data-quiz")
        assert press_tab_until(browser, "#bank-3 button.add", 7) == 6
        press(browser, Keys.ENTER)
        assert set_order(exercise_set)[-1] == int(third)
        assert "difficulty=medium" in browser.current_url
        assert focused(browser).find_element(By.XPATH, "./..").get_attribute("id") == "bank-3"

    with step("ticked quizzes are added together, in the order shown"):
        boxes = browser.find_elements(By.CSS_SELECTOR, "#bank-list input[name=quiz]")[:2]
        wanted = [int(b.get_attribute("value")) for b in boxes]
        for box in boxes:
            box.send_keys(Keys.SPACE)
        button = browser.find_element(By.ID, "pick-ticked")
        and_wait_for_next_page(browser, partial(button.send_keys, Keys.ENTER))
        assert set_order(exercise_set)[-2:] == wanted

    with step("an item moves by keyboard and the focus stays on its arrow"):
        browser.get(set_url)
        moved = exercise_set.items.order_by("order").first()
        press_tab_until(browser, f"#down-{moved.pk}", 20)
        press(browser, Keys.ENTER)
        assert set_order(exercise_set)[1] == moved.quiz_id
        assert focused(browser).get_attribute("id") == f"down-{moved.pk}"
        press(browser, Keys.ENTER)
        assert set_order(exercise_set)[2] == moved.quiz_id
        # Up again: Shift+Tab to the item's up arrow, then Enter.
        shift_tab(browser)
        assert focused(browser).get_attribute("id") == f"up-{moved.pk}"
        press(browser, Keys.ENTER)
        assert set_order(exercise_set)[1] == moved.quiz_id
        assert focused(browser).get_attribute("id") == f"up-{moved.pk}"
