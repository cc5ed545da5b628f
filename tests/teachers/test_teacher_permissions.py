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
        ("post", f"/teach/classes/{c}/archive/", {}),
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
    assert pia.get(f"/classes/answers/{answer.pk}/").status_code == 200
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
