"""The join link: for a visitor signed out (sign up or sign in from it and land in the class),
for a pupil in the class, a removed pupil, an archived class and a code no class has."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from classes import roster
from classes.models import Membership
from tests.learner.learner_helpers import PASSWORD
from tests.teachers.teacher_helpers import client_for, make_user


def join_url(world) -> str:
    return f"/classes/join/{world.school_class.join_code}/"


def shown(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def test_a_signed_out_visitor_sees_the_class_and_ways_to_sign_in_or_up(world):
    page = Client().get(join_url(world))
    html = page.content.decode()
    assert page.status_code == 200
    assert "<strong>Class 4B</strong>, the class of tessa." in html
    quoted = join_url(world)
    assert f'href="/accounts/login/?next={quoted}"' in html
    assert f'href="/accounts/signup/?next={quoted}"' in html
    assert 'id="join-confirm"' not in html


def test_signing_up_from_the_join_link_lands_in_the_class_on_the_dashboard(world):
    client = Client()
    form = {
        "username": "nina", "email": "nina@example.org", "password1": PASSWORD,
        "password2": PASSWORD, "next": join_url(world),
    }  # fmt: skip
    page = client.post("/accounts/signup/", form, follow=True)
    nina = User.objects.get(username="nina")
    assert Membership.objects.filter(school_class=world.school_class, pupil=nina).exists()
    assert page.redirect_chain[-1][0] == "/dashboard/"
    assert shown(page) == ["You have joined Class 4B."]
    html = page.content.decode()
    assert 'id="my-classes"' in html and "Class 4B" in html
    # The class's assignment is on the dashboard too.
    assert f'href="/classes/assignments/{world.assignment.pk}/"' in html


def test_signing_in_from_the_join_link_lands_in_the_class(world):
    make_user("nina")
    client = Client()
    form = {"username": "nina", "password": PASSWORD, "next": join_url(world)}
    page = client.post("/accounts/login/", form, follow=True)
    assert Membership.objects.filter(school_class=world.school_class, pupil__username="nina")
    assert page.redirect_chain[-1][0] == "/dashboard/"
    assert shown(page) == ["You have joined Class 4B."]
    assert 'id="my-classes"' in page.content.decode()


def test_signing_in_elsewhere_joins_nothing(world):
    make_user("nina")
    Client().post("/accounts/login/", {"username": "nina", "password": PASSWORD, "next": "/"})
    Client().post("/accounts/login/", {"username": "nina", "password": PASSWORD})
    assert not Membership.objects.filter(pupil__username="nina").exists()


def test_a_pupil_in_the_class_is_sent_to_the_dashboard(world):
    page = client_for(world.pupil).get(join_url(world), follow=True)
    assert page.redirect_chain[-1][0] == "/dashboard/"
    assert shown(page) == ["You are in Class 4B."]


def test_a_signed_in_pupil_confirms_and_lands_on_the_dashboard(world):
    client = client_for(make_user("nina"))
    html = client.get(join_url(world)).content.decode()
    assert 'id="join-confirm"' in html and "Join Class 4B as nina?" in html
    page = client.post(join_url(world), follow=True)
    assert page.redirect_chain[-1][0] == "/dashboard/"
    assert shown(page) == ["You have joined Class 4B."]


def test_a_removed_pupils_old_join_link_says_so_and_signing_in_does_not_rejoin(world):
    roster.remove_pupil(world.teacher, world.school_class.pk, world.pupil.pk)
    page = client_for(world.pupil).get(join_url(world))
    html = page.content.decode()
    assert "Your teacher removed you from &#x27;Class 4B&#x27;; ask them to add you again." in html
    assert 'id="join-confirm"' not in html
    client = Client()
    form = {"username": "pia", "password": PASSWORD, "next": join_url(world)}
    again = client.post("/accounts/login/", form, follow=True)
    assert "Your teacher removed you" in again.content.decode()
    member = Membership.objects.get(school_class=world.school_class, pupil=world.pupil)
    assert member.removed_at is not None


def test_an_archived_classs_join_link_says_so_to_everyone(world):
    roster.archive_class(world.teacher, world.school_class.pk)
    for client in (Client(), client_for(make_user("nina"))):
        html = client.get(join_url(world)).content.decode()
        assert "is archived and takes no new pupils" in html
        assert 'id="join-confirm"' not in html and 'id="join-sign-up"' not in html


def test_a_code_no_class_has_is_a_404_that_says_so(world):
    page = Client().get("/classes/join/NOPE2345/")
    assert page.status_code == 404
    assert "No class has the code &#x27;NOPE2345&#x27;" in page.content.decode()


def test_the_teachers_own_join_link_says_it_is_theirs(world):
    html = client_for(world.teacher).get(join_url(world)).content.decode()
    assert "This is your own class: you teach it." in html
