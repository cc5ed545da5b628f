"""Lesson files are validated with errors that name the file and line."""

from __future__ import annotations

import pytest

from lessons.loader import read_all, read_course
from lessons.markup import LessonError
from tests.lessons.conftest import LESSON, write_lesson


def test_a_good_course_is_read_in_order(content_dir):
    course = read_course("skat", content_dir)
    assert [lesson.slug for lesson in course.lessons] == ["card-points", "more-points"]
    first = course.lessons[0]
    assert first.title == "Card points"
    assert first.anchors == ("card-points",)
    assert len(first.checkpoints) == 3
    assert first.checkpoints[0].section == "card-points"
    assert course.glossary[0]["original"] == "stik"


def test_diagrams_render_as_accessible_html(content_dir):
    html = read_course("skat", content_dir).lessons[0].html
    assert 'aria-label="jack of clubs"' in html
    assert "<figcaption>A strong hand</figcaption>" in html
    assert 'class="play wins"' in html
    assert '<h2 id="card-points">' in html
    assert "<blockquote>" in html


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("CJ SJ HA HT", "CJ SJ HA C2", 17, "card C2 is not in the skat deck"),
        ("1: CJ", "1: CJ SJ", 22, "a trick line holds one card"),
        ("1: CJ", "5: CJ", 22, "unknown seat '5'"),
        ("winner=1", "winner=2x", 20, "winner=2x did not play"),
        ("```hand skat", "```hand poker", 16, "unknown game 'poker'"),
        ("title: Card points", "title: [", 2, "not valid YAML"),
        ("summary: What", "colour: red\nsummary: What", 3, "unknown front matter key 'colour'"),
    ],
)
def test_a_broken_lesson_names_the_file_and_line(content_dir, old, new, line, message):
    path = write_lesson(content_dir, text=LESSON.replace(old, new, 1))
    with pytest.raises(LessonError) as info:
        read_course("skat", content_dir)
    assert info.value.path.endswith(path.name)
    assert message in info.value.message
    assert info.value.line == line


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "  - exercise: skat.sample_points\n  - exercise: skat.sample_points\n---",
            "---",
            "at least 3 checkpoints",
        ),
        (
            "  - exercise: skat.sample_points\n---",
            "  - exercise: skat.nothing\n---",
            "no exercise named 'skat.nothing'",
        ),
        (
            "  - exercise: skat.sample_points\n---",
            "  - exercise: wiezen.x\n---",
            "is not a skat exercise",
        ),
        ("    section: card-points", "    section: nowhere", "no heading with anchor 'nowhere'"),
        ('sources:\n  - "skat.da.txt: card points"\n', "", "'sources' must list"),
    ],
)
def test_front_matter_rules_are_enforced(content_dir, old, new, message):
    assert old in LESSON
    write_lesson(content_dir, text=LESSON.replace(old, new, 1))
    with pytest.raises(LessonError, match=message):
        read_course("skat", content_dir)


def test_two_lessons_may_not_share_an_order(content_dir):
    write_lesson(content_dir, "01-again.md")
    with pytest.raises(LessonError, match="order 1 is also used"):
        read_course("skat", content_dir)


def test_a_bad_file_name_is_refused(content_dir):
    write_lesson(content_dir, "Card Points.md")
    with pytest.raises(LessonError, match="file name must look like"):
        read_course("skat", content_dir)


def test_a_folder_that_is_not_a_game_is_refused(content_dir):
    (content_dir / "poker").mkdir()
    with pytest.raises(LessonError, match="not one of the four games"):
        read_all(content_dir)


def test_a_glossary_entry_needs_both_terms(content_dir):
    (content_dir / "skat" / "glossary.yaml").write_text("- english: trick\n")
    with pytest.raises(LessonError, match="entry 1 needs 'english' and 'original'"):
        read_course("skat", content_dir)


def test_a_leading_heading_that_repeats_the_title_is_dropped(content_dir):
    write_lesson(content_dir, text=LESSON.replace("Intro text.", "# Card points\n\nIntro text."))
    lesson = read_course("skat", content_dir).lessons[0]
    assert "<h1" not in lesson.html
    assert lesson.anchors == ("card-points",)
