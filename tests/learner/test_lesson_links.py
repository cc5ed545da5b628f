"""The feedback links to the lesson behind a quiz, matched by themes and rule reference."""

from __future__ import annotations

import pytest

from lessons.loader import read_all
from lessons.services import load_courses
from tests.learner.learner_helpers import wiezen_draft
from trainer.generation import store_quiz
from trainer.lesson_links import lesson_for, quiz_words, rule_file
from trainer.models import Quiz

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def courses():
    return read_all()


def stored(**changes: object) -> Quiz:
    draft = wiezen_draft(1)
    store_quiz(draft.__class__(**{**draft.__dict__, **changes}), None)
    return Quiz.objects.get()


def test_the_rule_file_is_read_from_the_reference():
    assert rule_file("kleurenwiezen-extra-bids.nl.txt, Troel") == "kleurenwiezen-extra-bids.nl.txt"
    assert rule_file("Troel") == ""


def test_quiz_words_leave_out_the_file_name_and_split_theme_tags(db):
    quiz = stored(themes=("trump_drawing",), rule_ref="skat.da.txt: null rules")
    assert quiz_words(quiz) == {"trump", "draw", "null"}


def test_an_ask_join_quiz_links_to_the_asking_and_joining_lesson(courses):
    load_courses(courses)
    link = lesson_for(stored())
    assert link.is_lesson
    assert link.url == "/lessons/wiezen/asking-and-joining/"


def test_a_troel_quiz_links_to_the_troel_lesson(courses):
    load_courses(courses)
    link = lesson_for(stored(themes=("troel",), rule_ref="kleurenwiezen-extra-bids.nl.txt, Troel"))
    assert link.url == "/lessons/wiezen/troel/"


def test_without_a_matching_lesson_the_link_goes_to_the_course(db):
    link = lesson_for(stored(themes=("zzz",), rule_ref="nothing"))
    assert not link.is_lesson and link.url == "/lessons/wiezen/"
