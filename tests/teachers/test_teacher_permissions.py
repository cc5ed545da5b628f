"""Every classes page with four personas: the owning teacher sees everything of the class,
another teacher and pupils see none of it (404, not 403, for other people's ids), a pupil in
the class sees only their own work, a pupil outside sees nothing."""

from __future__ import annotations

import pytest

from classes.models import DealEntry, SetGeneration
from tests.teachers.teacher_helpers import client_for, make_user, work_item
from trainer.generation import create_job

pytestmark = pytest.mark.django_db


def teacher_urls(world) -> list[tuple[str, str, dict]]:
    """Every teacher page and action of the world's class, set and assignment."""
    c, s, a = world.school_class.pk, world.exercise_set.pk, world.assignment.pk
    item = world.exercise_set.items.first().pk
    job = create_job(game="wiezen", kind="play", count=1, enqueue=False)
    gen = SetGeneration.objects.create(exercise_set=world.exercise_set, job=job)
    entry = DealEntry.objects.create(exercise_set=world.exercise_set, game="wiezen", entered={})
    return [
        ("get", f"/teach/classes/{c}/", {}),
        ("post", f"/teach/classes/{c}/rename/", {"name": "Renamed"}),
        ("post", f"/teach/classes/{c}/pupils/", {"usernames": "newkid"}),
        ("post", f"/teach/classes/{c}/remove/", {"pupil": world.pupil.pk}),
        ("post", f"/teach/classes/{c}/readd/", {"pupil": world.pupil.pk}),
        ("post", f"/teach/classes/{c}/assign/", {"set": s}),
        ("post", f"/teach/classes/{c}/archive/", {"confirm": "on"}),
        ("get", f"/teach/sets/{s}/", {}),
        ("get", f"/teach/sets/{s}/items/{item}/", {}),
        ("get", f"/teach/sets/{s}/generation/{gen.pk}/status/", {}),
        ("get", f"/teach/sets/{s}/entry/{entry.pk}/status/", {}),
        ("post", f"/teach/sets/{s}/move/", {"item": item, "direction": "down"}),
        ("post", f"/teach/sets/{s}/pick/", {"quiz": world.quizzes[0].pk}),
        ("post", f"/teach/sets/{s}/remove/", {"item": item}),
        ("post", f"/teach/sets/{s}/generate/", {"game": "wiezen", "kind": "play", "count": 1}),
        ("get", f"/teach/assignments/{a}/", {}),
        ("get", f"/teach/assignments/{a}/grid/", {}),
        ("get", f"/teach/assignments/{a}/results.csv", {}),
    ]


def test_the_owning_teacher_reaches_every_teacher_page(world):
    client = client_for(world.teacher)
    for method, url, data in teacher_urls(world):
        response = getattr(client, method)(url, data)
        assert response.status_code in (200, 302), (url, response.status_code)
        if method == "get":
            assert response.status_code == 200, url


@pytest.mark.parametrize("persona", ["other_teacher", "pupil", "outsider", None])
def test_no_one_else_finds_the_teacher_pages(world, persona):
    client = client_for(getattr(world, persona) if persona else None)
    before = (world.school_class.name, world.exercise_set.items.count())
    for method, url, data in teacher_urls(world):
        response = getattr(client, method)(url, data)
        if persona is None:
            assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        else:
            assert response.status_code == 404, (persona, url, response.status_code)
    world.school_class.refresh_from_db()
    assert (world.school_class.name, world.exercise_set.items.count()) == before
    assert not world.school_class.archived
    assert world.school_class.members.filter(removed_at__isnull=True).count() == 1


def test_teach_home_is_for_teachers_only(world):
    assert client_for(world.teacher).get("/teach/").status_code == 200
    assert client_for(world.pupil).get("/teach/").status_code == 404
    other = client_for(world.other_teacher).get("/teach/")
    assert other.status_code == 200 and b"Class 4B" not in other.content


def pupil_urls(world) -> list[tuple[str, str]]:
    a = world.assignment.pk
    return [
        ("get", f"/classes/assignments/{a}/"),
        ("get", f"/classes/assignments/{a}/play/"),
    ]


def test_a_pupil_in_the_class_works_the_assignment_and_sees_only_their_own_answers(world):
    pia = client_for(world.pupil)
    for _, url in pupil_urls(world):
        assert pia.get(url).status_code == 200, url
    work_item(pia, world.assignment.pk, right=False)
    answer = world.assignment.answers.get()
    own = pia.get(f"/classes/answers/{answer.pk}/")
    assert own.status_code == 200
    # The answer page says why, as the trainer's verdict does.
    assert own.context["why"] and b'class="why"' in own.content
    # The class's teacher sees the pupil's answer too.
    assert client_for(world.teacher).get(f"/classes/answers/{answer.pk}/").status_code == 200
    # A classmate does not, nor does anyone outside.
    paul = make_user("paul")
    from classes.roster import join_class

    join_class(paul, world.school_class.join_code)
    for user in (paul, world.other_teacher, world.outsider):
        assert client_for(user).get(f"/classes/answers/{answer.pk}/").status_code == 404
    assignment_page = pia.get(f"/classes/assignments/{world.assignment.pk}/")
    assert b"paul" not in assignment_page.content


@pytest.mark.parametrize("persona", ["other_teacher", "outsider", "teacher"])
def test_pupil_pages_of_a_class_are_404_to_non_members(world, persona):
    client = client_for(getattr(world, persona))
    for _, url in pupil_urls(world):
        assert client.get(url).status_code == 404, (persona, url)
    item = world.exercise_set.items.first()
    post = client.post(
        f"/classes/assignments/{world.assignment.pk}/answer/",
        {"item": item.pk, "answer": "SA"},
    )
    assert post.status_code == 404
    assert not world.assignment.answers.exists()


def test_the_dashboard_lists_only_the_pupils_own_assignments(world):
    pia = client_for(world.pupil).get("/dashboard/")
    assert b"Week 1" in pia.content and b'id="assignments"' in pia.content
    oscar = client_for(world.outsider).get("/dashboard/")
    assert b"Week 1" not in oscar.content


def test_signing_up_as_a_teacher_gives_the_role(db):
    from django.contrib.auth.models import User
    from django.test import Client

    from classes.roster import is_teacher
    from tests.learner.learner_helpers import PASSWORD

    landed = {}
    for name, box in (("tina", {"teacher": "on"}), ("pete", {})):
        client = Client()
        # The form as the page sends it: its hidden "next" is empty unless a page asked.
        html = client.get("/accounts/signup/").content.decode()
        assert '<input type="hidden" name="next" value="">' in html
        response = client.post(
            "/accounts/signup/",
            {"username": name, "email": f"{name}@example.org", "password1": PASSWORD,
             "password2": PASSWORD, "next": "", **box},
        )  # fmt: skip
        landed[name] = response["Location"]
    assert landed == {"tina": "/teach/", "pete": "/dashboard/"}  # a teacher goes to teach
    assert is_teacher(User.objects.get(username="tina"))
    assert not is_teacher(User.objects.get(username="pete"))


# ------------------------------------------------------------------ the same rules through the API


def teacher_api_urls(world) -> list[tuple[str, str, dict]]:
    """Every teacher endpoint of the API on the world's class, set and assignment."""
    c, s, a = world.school_class.pk, world.exercise_set.pk, world.assignment.pk
    job = create_job(game="wiezen", kind="play", count=1, enqueue=False, requested_by=world.teacher)
    gen = SetGeneration.objects.create(exercise_set=world.exercise_set, job=job)
    return [
        ("get", f"/api/v1/classes/{c}/", {}),
        ("post", f"/api/v1/classes/{c}/pupils/", {"usernames": ["newkid"]}),
        ("get", f"/api/v1/sets/{s}/", {}),
        ("post", f"/api/v1/sets/{s}/items/", {"quizzes": [world.quizzes[0].pk]}),
        ("get", f"/api/v1/sets/{s}/generations/{gen.pk}/", {}),
        ("get", f"/api/v1/jobs/{job.pk}/", {}),
        ("get", f"/api/v1/assignments/{a}/results/", {}),
        ("post", "/api/v1/assignments/", {"school_class": c, "exercise_set": s}),
    ]


def api_client(user):
    from tests.api.api_helpers import token_client

    return token_client(user)


def test_the_owning_teacher_reaches_every_teacher_endpoint(world):
    client = api_client(world.teacher)
    for method, url, data in teacher_api_urls(world):
        response = getattr(client, method)(url, data, format="json")
        assert response.status_code in (200, 201), (url, response.status_code, response.content)
    listed = client.get("/api/v1/classes/").json()
    assert [row["name"] for row in listed["results"]] == ["Class 4B"]


@pytest.mark.parametrize("persona", ["other_teacher", "pupil", "outsider", None])
def test_no_one_else_finds_the_teacher_endpoints(world, persona):
    client = api_client(getattr(world, persona) if persona else None)
    before = (world.exercise_set.items.count(), world.school_class.members.count())
    assignments = world.school_class.assignments.count()
    for method, url, data in teacher_api_urls(world):
        response = getattr(client, method)(url, data, format="json")
        expected = 401 if persona is None else 404
        assert response.status_code == expected, (persona, url, response.status_code)
        assert set(response.json()) == {"status", "code", "message", "fields"}
    assert (world.exercise_set.items.count(), world.school_class.members.count()) == before
    assert world.school_class.assignments.count() == assignments
    if persona == "other_teacher":  # their own lists hold nothing of Tessa's
        assert client.get("/api/v1/classes/").json()["results"][0]["name"] == "Otto's class"
        assert client.get("/api/v1/assignments/").json()["count"] == 0


def test_a_pupil_works_the_assignment_through_the_api_and_the_teacher_sees_it(world):
    from tests.teachers.teacher_helpers import wrong_answer

    pia = api_client(world.pupil)
    mine = pia.get("/api/v1/my/assignments/").json()
    assert [row["assignment"]["id"] for row in mine["results"]] == [world.assignment.pk]
    served = pia.get(f"/api/v1/my/assignments/{world.assignment.pk}/next/")
    assert served.status_code == 200, served.content
    item, quiz = served.json()["item"], served.json()["quiz"]
    from trainer.models import Quiz

    choice = wrong_answer(Quiz.objects.get(pk=quiz["quiz"]))
    answered = pia.post(
        f"/api/v1/my/assignments/{world.assignment.pk}/answer/",
        {"item": item, "answer": choice},
        format="json",
    )
    assert answered.status_code == 201, answered.content
    again = pia.post(
        f"/api/v1/my/assignments/{world.assignment.pk}/answer/",
        {"item": item, "answer": choice},
        format="json",
    )
    assert again.status_code == 400
    grid = api_client(world.teacher).get(f"/api/v1/assignments/{world.assignment.pk}/results/")
    row = grid.json()["rows"][0]
    assert row["username"] == "pia" and row["done"] == 1
    assert row["cells"][0]["state"] == "wrong" and row["cells"][0]["answer"] == choice
    # Nobody outside the class reaches the pupil's endpoints.
    for persona in ("other_teacher", "outsider", "teacher"):
        client = api_client(getattr(world, persona))
        url = f"/api/v1/my/assignments/{world.assignment.pk}/next/"
        assert client.get(url).status_code == 404, persona
    assert world.assignment.answers.count() == 1
