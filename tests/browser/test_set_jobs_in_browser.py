"""The set page follows the quizzes being made on the workers: when they are done it reloads
to show them, unless the teacher is typing into a form of the page (headless Chromium)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from classes.models import ExerciseSet, SetGeneration
from classes.roster import make_teacher
from tests.browser.browser_helpers import and_wait_for_next_page, open_as_new_visitor, step
from tests.learner.learner_helpers import PASSWORD
from trainer.generation import create_job
from trainer.models import GenerationJob

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def finish(link: SetGeneration) -> None:
    """Mark the link's job done and its quizzes added, as the worker's tasks would."""
    GenerationJob.objects.filter(pk=link.job_id).update(
        status=GenerationJob.Status.DONE, done=1, finished_at=timezone.now()
    )
    SetGeneration.objects.filter(pk=link.pk).update(added=True)


def test_finished_jobs_reload_the_set_page_but_never_over_what_the_teacher_types(
    browser, live_server, django_user_model
):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    teacher = django_user_model.objects.create_user("tessa", password=PASSWORD)
    make_teacher(teacher)
    exercise_set = ExerciseSet.objects.create(teacher=teacher, name="Week 1")

    def waiting_job() -> SetGeneration:
        job = create_job(game="wiezen", kind="play", count=1, enqueue=False)
        return SetGeneration.objects.create(exercise_set=exercise_set, job=job)

    open_as_new_visitor(browser, f"{live_server.url}/accounts/login/")
    browser.find_element(By.NAME, "username").send_keys("tessa")
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    button = browser.find_element(By.CSS_SELECTOR, "form.account-form button[type=submit]")
    and_wait_for_next_page(browser, button.click)
    set_url = f"{live_server.url}/teach/sets/{exercise_set.pk}/"

    with step("a finished job reloads the page when nothing is being typed"):
        link = waiting_job()
        browser.get(set_url)
        job = browser.find_element(By.ID, f"generation-{link.pk}")
        finish(link)
        WebDriverWait(browser, 10).until(expected_conditions.staleness_of(job))
        assert f'id="generation-{link.pk}"' not in browser.page_source

    with step("a finished job waits for the teacher who is typing a deal"):
        link = waiting_job()
        browser.get(set_url)
        deal = browser.find_element(By.CSS_SELECTOR, "#deal-form [name=deal]")
        deal.send_keys("W:AT6.Q4")
        finish(link)
        job = browser.find_element(By.ID, f"generation-{link.pk}")
        WebDriverWait(browser, 10).until(lambda b: job.get_attribute("data-finished") == "done")
        ready = browser.find_element(By.ID, "jobs-ready")
        assert ready.is_displayed() and "The new items are ready." in ready.text
        assert deal.get_attribute("value") == "W:AT6.Q4", "the typed deal was thrown away"
        and_wait_for_next_page(browser, ready.find_element(By.TAG_NAME, "button").click)
        assert f'id="generation-{link.pk}"' not in browser.page_source
