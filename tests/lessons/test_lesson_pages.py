"""Loading lessons into the database, the lesson pages, checkpoints and progress."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from lessons.loader import read_all
from lessons.models import GlossaryEntry, Lesson, LessonProgress
from lessons.services import checkpoint_exercise, issue_deal, load_courses
from tests.lessons.conftest import LESSON, write_lesson

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded(content_dir):
    load_courses(read_all(content_dir))
    return content_dir


@pytest.fixture
def learner(client):
    user = User.objects.create_user("ann", password="card-trainer-pw")
    client.force_login(user)
    return user


def test_loading_twice_changes_nothing(content_dir):
    first = load_courses(read_all(content_dir))
    second = load_courses(read_all(content_dir))
    assert (first.created, first.updated) == (2, 0)
    assert (second.created, second.updated, second.unchanged, second.removed) == (0, 0, 2, 0)
    assert Lesson.objects.count() == 2
    assert GlossaryEntry.objects.filter(game="skat").count() == 1


def test_swapping_two_lessons_order_keeps_both(loaded):
    first = (loaded / "skat" / "01-card-points.md").read_text()
    second = (loaded / "skat" / "02-more-points.md").read_text()
    (loaded / "skat" / "01-card-points.md").write_text(first.replace("title:", "order: 2\ntitle:"))
    (loaded / "skat" / "02-more-points.md").write_text(second.replace("title:", "order: 1\ntitle:"))
    load_courses(read_all(loaded))
    assert list(Lesson.objects.values_list("slug", flat=True)) == ["more-points", "card-points"]


def test_a_changed_file_updates_and_a_removed_file_goes(loaded):
    write_lesson(loaded, text=LESSON.replace("Intro text.", "New intro."))
    (loaded / "skat" / "02-more-points.md").unlink()
    report = load_courses(read_all(loaded))
    assert (report.updated, report.removed) == (1, 1)
    assert "New intro." in Lesson.objects.get(slug="card-points").body_html


def test_a_broken_file_leaves_the_loaded_lessons_alone(loaded):
    from lessons.markup import LessonError

    write_lesson(loaded, text=LESSON.replace("CJ SJ", "CJ CJ"))
    with pytest.raises(LessonError):
        load_courses(read_all(loaded))
    assert Lesson.objects.count() == 2


def test_course_pages_list_lessons_with_navigation(client, loaded):
    assert "1 lesson" not in client.get("/lessons/").content.decode()
    course = client.get("/lessons/skat/").content.decode()
    assert course.index("Card points") < course.index("More points")
    page = client.get("/lessons/skat/card-points/").content.decode()
    assert 'rel="next" href="/lessons/skat/more-points/"' in page
    assert 'rel="prev"' not in page
    assert page.count('class="checkpoint"') == 3
    assert client.get("/lessons/skat/glossary/").status_code == 200


def test_unknown_game_or_lesson_is_404(client, loaded):
    assert client.get("/lessons/poker/").status_code == 404
    assert client.get("/lessons/skat/nothing/").status_code == 404
    assert client.post("/lessons/skat/card-points/checkpoints/9/", {"deal": "x"}).status_code == 404


def form_for(right: bool, index: int = 0) -> dict[str, str]:
    """Return an answer form for a deal issued for checkpoint ``index`` of card-points."""
    lesson = Lesson.objects.get(slug="card-points")
    deal = issue_deal(lesson, index)
    exercise = checkpoint_exercise(lesson, index, deal.seed)
    keys = [c.key for c in exercise.choices]
    return {"deal": deal.token, "answer": next(k for k in keys if (k in exercise.answers) == right)}


def test_a_right_answer_is_praised_and_saved_for_a_learner(client, loaded, learner):
    url = "/lessons/skat/card-points/checkpoints/1/"
    response = client.post(url, form_for(right=True))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="feedback right"' in html
    assert 'href="#card-points"' in html
    progress = LessonProgress.objects.get(user=learner)
    assert progress.passed == [0]
    assert progress.completed_at is None


def test_a_wrong_answer_gets_the_reason_and_saves_nothing(client, loaded, learner):
    url = "/lessons/skat/card-points/checkpoints/1/"
    response = client.post(url, form_for(right=False))
    html = response.content.decode()
    assert 'class="feedback wrong"' in html
    assert "card points" in html
    assert LessonProgress.objects.filter(user=learner, passed=[0]).count() == 0


def test_passing_every_checkpoint_completes_the_lesson(client, loaded, learner):
    for number in (1, 2, 3):
        client.post(
            f"/lessons/skat/card-points/checkpoints/{number}/",
            form_for(right=True, index=number - 1),
        )
    progress = LessonProgress.objects.get(user=learner)
    assert progress.passed == [0, 1, 2]
    assert progress.completed_at is not None
    assert "Completed" in client.get("/lessons/skat/").content.decode()


def test_visiting_a_lesson_marks_it_started(client, loaded, learner):
    client.get("/lessons/skat/more-points/")
    assert LessonProgress.objects.filter(user=learner, lesson__slug="more-points").exists()
    assert "0 of 3 checkpoints passed" in client.get("/lessons/skat/").content.decode()


def test_a_visitors_passed_checkpoint_shows_and_moves_to_the_account_on_sign_up(client, loaded):
    url = "/lessons/skat/card-points/checkpoints/1/"
    response = client.post(url, form_for(right=True))
    assert 'class="feedback right"' in response.content.decode()
    client.post("/lessons/skat/card-points/checkpoints/2/", form_for(right=False, index=1))
    assert LessonProgress.objects.count() == 0  # a visitor has no rows: the session keeps it
    assert "1 of 3 passed" in client.get("/lessons/skat/card-points/").content.decode()
    assert "1 of 3 checkpoints passed" in client.get("/lessons/skat/").content.decode()

    password = "trick-taking-2026"
    client.post(
        "/accounts/signup/",
        {"username": "vic", "email": "vic@example.org", "password1": password,
         "password2": password},
    )  # fmt: skip
    progress = LessonProgress.objects.get(user__username="vic")
    assert (progress.lesson.slug, progress.passed) == ("card-points", [0])
    assert "1 of 3 checkpoints passed" in client.get("/lessons/skat/").content.decode()


def test_a_visitors_missed_deal_stays_spent_before_and_after_signing_in(client, loaded):
    from lessons.models import SpentDeal

    url = "/lessons/skat/card-points/checkpoints/1/"
    lesson = Lesson.objects.get(slug="card-points")
    deal = issue_deal(lesson, 0)
    exercise = checkpoint_exercise(lesson, 0, deal.seed)
    right = sorted(exercise.answers)[0]
    wrong = next(c.key for c in exercise.choices if c.key not in exercise.answers)
    client.post(url, {"deal": deal.token, "answer": wrong})
    again = client.post(url, {"deal": deal.token, "answer": right}).content.decode()
    assert "does not count again" in again
    assert "checkpoints passed" not in client.get("/lessons/skat/").content.decode()

    User.objects.create_user("ann", password="card-trainer-pw")
    client.post("/accounts/login/", {"username": "ann", "password": "card-trainer-pw"})
    assert SpentDeal.objects.filter(user__username="ann", deal=deal.id).exists()
    after = client.post(url, {"deal": deal.token, "answer": right}).content.decode()
    assert "does not count again" in after
    assert not LessonProgress.objects.filter(user__username="ann", passed=[0]).exists()


def test_signing_in_merges_a_visitors_checkpoints_with_the_accounts(client, loaded):
    user = User.objects.create_user("ann", password="card-trainer-pw")
    lesson = Lesson.objects.get(slug="card-points")
    LessonProgress.objects.create(user=user, lesson=lesson, passed=[0, 1])
    client.post("/lessons/skat/card-points/checkpoints/3/", form_for(right=True, index=2))
    client.post("/accounts/login/", {"username": "ann", "password": "card-trainer-pw"})
    progress = LessonProgress.objects.get(user=user, lesson=lesson)
    assert progress.passed == [0, 1, 2]
    assert progress.completed_at is not None


def test_a_visitors_session_remembers_a_bounded_number_of_deals(client, loaded, monkeypatch):
    from lessons import services

    monkeypatch.setattr(services, "VISITOR_SPENT_LIMIT", 3)
    for _ in range(5):
        client.post("/lessons/skat/card-points/checkpoints/1/", form_for(right=False))
    spent = client.session[services.VISITOR_LESSONS_KEY]["spent"]
    assert len(spent) == 3


@pytest.mark.parametrize(
    ("data", "status", "text"),
    [
        ({"answer": "CA"}, 400, "not issued by this site"),
        ({"deal": "x", "answer": "CA"}, 400, "not issued by this site"),
        ({"deal": "issued"}, 400, "Pick an answer first"),
        ({"deal": "issued", "answer": "ZZ"}, 400, "not a choice of this exercise: ZZ"),
    ],
)
def test_bad_answers_are_refused_with_a_reason(client, loaded, data, status, text):
    if data.get("deal") == "issued":
        data = {**data, "deal": form_for(right=True)["deal"]}
    response = client.post("/lessons/skat/card-points/checkpoints/1/", data)
    assert response.status_code == status
    assert text in response.content.decode()


def test_load_lessons_command_checks_the_real_content():
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("load_lessons", "--check", stdout=out)
    assert "lesson files are valid" in out.getvalue()
