"""The feedback links to the lesson section behind a quiz, from an explicit map of themes."""

from __future__ import annotations

import pytest

from games.quizzes.themes import themes_of
from lessons.loader import read_all
from lessons.services import load_courses
from tests.learner.learner_helpers import wiezen_draft
from trainer.generation import store_quiz
from trainer.lesson_links import KIND_SECTIONS, SECTIONS, lesson_for, section_for
from trainer.models import Quiz
from trainer.quizio import parse_line
from trainer.starter import read_lines

GAMES = ("skat", "beyond", "five_hundred", "wiezen")


@pytest.fixture(scope="module")
def courses():
    return read_all()


@pytest.fixture(scope="module")
def bank():
    return [parse_line(text) for text in read_lines()]


def stored(**changes: object) -> Quiz:
    draft = wiezen_draft(1)
    store_quiz(draft.__class__(**{**draft.__dict__, **changes}), None)
    return Quiz.objects.get()


@pytest.mark.parametrize("game", GAMES)
def test_every_listed_theme_is_mapped_to_a_lesson_section_that_exists(game, courses):
    anchors = {lesson.slug: set(lesson.anchors) for lesson in courses[game].lessons}
    mapped = {**SECTIONS[game]["play"], **SECTIONS[game]["bid"]}
    missing = sorted(set(themes_of(game)) - set(mapped))
    assert not missing, f"{game} themes without a lesson section: {missing}"
    targets = [*SECTIONS[game]["play"].values(), *SECTIONS[game]["bid"].values()]
    for target in [*targets, *KIND_SECTIONS[game].values()]:
        slug, _, anchor = target.partition("#")
        assert slug in anchors, f"{game}: no lesson {slug!r}"
        assert not anchor or anchor in anchors[slug], f"{game}: {slug} has no heading #{anchor}"


def test_every_theme_the_starter_bank_holds_has_a_label_and_a_section_of_its_kind(bank):
    seen = 0
    for draft in bank:
        known = themes_of(draft.game)
        for tag in draft.themes:
            assert tag in known, f"{draft.game} {draft.kind}: theme {tag!r} has no label"
            assert known[tag].label and "_" not in known[tag].label
            assert tag in SECTIONS[draft.game][draft.kind], f"{draft.game}/{draft.kind}: {tag!r}"
            seen += 1
    assert seen > 300


def test_every_theme_a_generator_can_emit_is_listed():
    # The tags the theme rules write as literals, read from their source: a new tag must be
    # given a label (and a lesson section) before it can reach a learner.
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "games" / "quizzes"
    literal = re.compile(r"""tags\.(?:append|add)\(\s*(?:"([^"]+)"|'([^']+)')""")
    for game in GAMES:
        found = set()
        for path in (root / game).glob("*.py"):
            found |= {a or b for a, b in literal.findall(path.read_text())}
        assert found, game
        assert found <= set(themes_of(game)), f"{game}: {sorted(found - set(themes_of(game)))}"


def test_a_technique_theme_wins_over_the_contract_it_is_played_in():
    assert section_for("wiezen", "play", ["ask_join", "finesse"]) == (
        "tricks-and-trumps#practical-tips"
    )
    assert section_for("wiezen", "play", ["ask_join"]) == "asking-and-joining#after-the-auction"


def test_a_quiz_without_themes_goes_to_its_kind_section():
    assert section_for("skat", "play", []) == KIND_SECTIONS["skat"]["play"]


@pytest.mark.django_db
def test_the_link_names_the_lesson_and_its_section(courses):
    load_courses(courses)
    link = lesson_for(stored(themes=("troel",)))
    assert link.is_lesson
    assert link.url == "/lessons/wiezen/troel/#playing-troel-well"
    assert link.section == "Playing troel well"


@pytest.mark.django_db
def test_without_the_lessons_loaded_the_link_goes_to_the_course():
    link = lesson_for(stored(themes=("zzz",), rule_ref="nothing"))
    assert not link.is_lesson and link.url == "/lessons/wiezen/"
