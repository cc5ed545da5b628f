"""The teacher's set page by keyboard alone, and the join link for a visitor who is signed out
(headless Chromium): what a teacher and a pupil do, counted in key presses."""

from __future__ import annotations

from functools import partial

import pytest
from django.contrib.auth.models import User

from classes import roster, sets, work
from classes.models import AssignmentAnswer, ExerciseSet, Membership
from tests.browser.browser_helpers import (
    and_wait_for_next_page,
    open_as_new_visitor,
    overflow_px,
    step,
)
from tests.learner.learner_helpers import PASSWORD
from tests.teachers.teacher_helpers import bank, client_for, make_user, make_world, work_item

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


def focus_lands_on(browser, css: str) -> object:
    """Wait until the page just loaded has put the focus (its autofocus, applied when the page
    is first drawn) on an element matching ``css``; return it."""
    from selenium.webdriver.support.ui import WebDriverWait

    def there(driver):
        active = driver.switch_to.active_element
        return (
            active
            if driver.execute_script("return arguments[0].matches(arguments[1])", active, css)
            else False
        )

    return WebDriverWait(browser, 10).until(there, f"the focus never lands on {css}")


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
        now = focus_lands_on(browser, "#bank-list button.add")
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
        focus_lands_on(browser, "#bank-3 button.add")

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
        focus_lands_on(browser, f"#down-{moved.pk}")
        press(browser, Keys.ENTER)
        assert set_order(exercise_set)[2] == moved.quiz_id
        focus_lands_on(browser, f"#down-{moved.pk}")
        # Up again: Shift+Tab to the item's up arrow, then Enter.
        shift_tab(browser)
        assert focused(browser).get_attribute("id") == f"up-{moved.pk}"
        press(browser, Keys.ENTER)
        assert set_order(exercise_set)[1] == moved.quiz_id
        focus_lands_on(browser, f"#up-{moved.pk}")


def test_a_signed_out_pupil_joins_from_the_link_by_signing_up_or_in(browser, live_server):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    teacher = make_user("tessa", teacher=True)
    school_class = roster.create_class(teacher, "Class 4B")
    exercise_set = sets.create_set(teacher, "Week 1")
    sets.pick(teacher, exercise_set.pk, [q.pk for q in bank(1)])
    work.assign(teacher, school_class.pk, exercise_set.pk, None)
    link = f"{live_server.url}/classes/join/{school_class.join_code}/"
    make_user("nina")

    def lands_joined(username: str) -> None:
        assert browser.find_element(By.TAG_NAME, "h1").text == "Your progress"
        assert "You have joined Class 4B." in browser.find_element(By.ID, "main").text
        assert "Class 4B" in browser.find_element(By.ID, "my-classes").text
        row = browser.find_element(By.CSS_SELECTOR, "#assignments tbody tr")
        assert "Week 1" in row.text and row.find_element(By.CLASS_NAME, "status").text == "to do"
        assert Membership.objects.filter(school_class=school_class, pupil__username=username)
        assert overflow_px(browser) <= 0, "the dashboard is wider than the phone's screen"

    with step("a new visitor opens the join link, signs up from it and is in the class"):
        open_as_new_visitor(browser, link)
        assert "Class 4B, the class of tessa." in browser.find_element(By.ID, "join-class").text
        assert overflow_px(browser) <= 0, "the join page is wider than the phone's screen"
        and_wait_for_next_page(browser, browser.find_element(By.ID, "join-sign-up").click)
        form = browser.find_element(By.CSS_SELECTOR, "form.account-form")
        form.find_element(By.NAME, "username").send_keys("vera")
        form.find_element(By.NAME, "email").send_keys("vera@example.org")
        form.find_element(By.NAME, "password1").send_keys(PASSWORD)
        last = form.find_element(By.NAME, "password2")
        last.send_keys(PASSWORD)
        and_wait_for_next_page(browser, partial(last.send_keys, Keys.ENTER))
        lands_joined("vera")

    with step("someone with an account opens the link, signs in from it and is in the class"):
        open_as_new_visitor(browser, link)
        and_wait_for_next_page(browser, browser.find_element(By.ID, "join-sign-in").click)
        browser.find_element(By.NAME, "username").send_keys("nina")
        password = browser.find_element(By.NAME, "password")
        password.send_keys(PASSWORD)
        and_wait_for_next_page(browser, partial(password.send_keys, Keys.ENTER))
        lands_joined("nina")

    with step("the link again: a pupil in the class goes to their progress page"):
        browser.get(link)
        assert browser.find_element(By.TAG_NAME, "h1").text == "Your progress"
        assert "You are in Class 4B." in browser.find_element(By.ID, "main").text

    with step("a removed pupil's old link says so, and offers no way back in"):
        roster.remove_pupil(teacher, school_class.pk, make_user_pk("nina"))
        browser.get(link)
        problem = browser.find_element(By.ID, "join-problem").text
        assert problem == "Your teacher removed you from 'Class 4B'; ask them to add you again."
        assert not browser.find_elements(By.ID, "join-confirm")

    with step("an archived class's link says so, signed in or out"):
        roster.archive_class(teacher, school_class.pk)
        browser.get(link)
        assert "removed you" in browser.find_element(By.ID, "join-problem").text
        open_as_new_visitor(browser, link)
        problem = browser.find_element(By.ID, "join-problem").text
        assert problem == "The class 'Class 4B' is archived and takes no new pupils."
        assert not browser.find_elements(By.ID, "join-sign-up")


def make_user_pk(username: str) -> int:
    return User.objects.get(username=username).pk


PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
# What sticks out past the phone's right edge (a scroller's content is not the page's).
STICKING_OUT = (
    "return [...document.querySelectorAll('body *')].filter(e => "
    "e.getBoundingClientRect().right > 391 && !e.closest('.grid-scroll table'))"
    ".map(e => e.tagName + '#' + e.id + '.' + e.className)"
)


def test_every_teacher_page_fits_a_390_px_phone(browser, live_server):
    """As a phone shows them (a phone widens the page to what sticks out, so the page's width
    is measured, not the window's): nothing is wider than 390 px; the grid scrolls inside."""
    from selenium.webdriver.common.by import By

    world = make_world()
    for name in ("ben", "cleo"):
        roster.join_class(make_user(name), world.school_class.join_code)
    for user, rights in (
        (world.pupil, (True, False, True)),
        (User.objects.get(username="ben"), (False,)),
    ):
        client = client_for(user)
        for right in rights:
            work_item(client, world.assignment.pk, right)
    roster.remove_pupil(world.teacher, world.school_class.pk, make_user_pk("cleo"))
    answer = AssignmentAnswer.objects.filter(pupil=world.pupil, correct=False).get()
    item = world.exercise_set.items.first()
    s, c, a = world.exercise_set.pk, world.school_class.pk, world.assignment.pk
    pages = {
        "the teaching home": "/teach/",
        "the class page": f"/teach/classes/{c}/",
        "the set page": f"/teach/sets/{s}/",
        "an item's preview": f"/teach/sets/{s}/items/{item.pk}/",
        "the results page": f"/teach/assignments/{a}/",
        "a pupil's answer": f"/classes/answers/{answer.pk}/",
    }
    sign_in(browser, live_server.url, "tessa")
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        for name, url in pages.items():
            with step(f"{name} fits a 390 px phone"):
                browser.get(live_server.url + url)
                browser.find_element(By.TAG_NAME, "h1")
                wide = browser.execute_script("return document.documentElement.scrollWidth")
                assert wide <= 390, (
                    f"{name} is {wide} px wide: {browser.execute_script(STICKING_OUT)}"
                )
        with step("the grid scrolls inside the page"):
            browser.get(live_server.url + pages["the results page"])
            scroller = browser.find_element(By.CLASS_NAME, "grid-scroll")
            assert browser.execute_script(
                "return arguments[0].scrollWidth > arguments[0].clientWidth", scroller
            ), "the grid should be wider than the phone here, or this test shows nothing"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
