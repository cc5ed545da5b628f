"""Find the lesson behind a quiz: the lesson of its game that best matches its themes and rule.

The rule: every lesson of the quiz's game gets a score from the words it shares with the quiz.
The quiz's words are its theme tags (split at underscores) and the words of its ``rule_ref``
after the file name, roughly stemmed ('asking' meets 'ask'). A word shared with the lesson's
slug or title scores 2, one shared only with its summary or sources scores 1, and a lesson
whose sources cite the same rule file as ``rule_ref`` scores 1 more. The highest score wins
(ties go to the earlier lesson); with no shared word at all the link goes to the game's
course page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.urls import reverse

from lessons.models import Lesson
from trainer.models import Quiz

WORD = re.compile(r"[a-z][a-z0-9]+")
# Words every rule reference or lesson shares, which would match anything.
STOP = {
    "the", "and", "for", "with", "txt", "md", "decisions", "rules", "rule", "game", "games",
    "play", "card", "cards", "trick", "tricks", "all", "one", "two", "not", "are", "its",
    "from", "that", "this", "when", "who", "what", "how", "skat", "beyond", "kleurenwiezen",
    "wiezen", "five", "hundred", "500", "nl", "da",
}  # fmt: skip


@dataclass(frozen=True)
class LessonLink:
    """Where the feedback sends the learner: a lesson, or the course page as a fallback."""

    url: str
    title: str
    is_lesson: bool


SUFFIXES = ("ing", "es", "ed", "s")


def stem(word: str) -> str:
    """Return a rough stem, so that 'asking' meets 'ask' and 'pairs' meets 'pair'."""
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def words(text: str) -> set[str]:
    """Return the stems of the meaningful lower-case words of ``text``."""
    found = WORD.findall(text.lower().replace("_", " "))
    return {stem(w) for w in found if w not in STOP and stem(w) not in STOP}


def rule_file(rule_ref: str) -> str:
    """Return the file a rule reference cites ('' when it names none)."""
    head = re.split(r"[,:]", rule_ref, maxsplit=1)[0].strip()
    return head if "." in head else ""


def quiz_words(quiz: Quiz) -> set[str]:
    """Return the words of the quiz's themes and rule reference (without the file name)."""
    found = set()
    for theme in quiz.themes or []:
        found |= words(str(theme))
    ref = quiz.rule_ref or ""
    file = rule_file(ref)
    return found | words(ref[len(file) :] if file else ref)


def score(quiz_terms: set[str], file: str, lesson: Lesson) -> int:
    """Return how well a lesson matches the quiz's words and rule file."""
    sources = " ".join(map(str, lesson.sources or []))
    heading = quiz_terms & words(f"{lesson.slug} {lesson.title}")
    body = (quiz_terms & words(f"{lesson.summary} {sources}")) - heading
    if not heading and not body:
        return 0
    return 2 * len(heading) + len(body) + (1 if file and file in sources else 0)


def lesson_for(quiz: Quiz) -> LessonLink:
    """Return the link to the lesson behind the quiz (or to the game's course)."""
    lessons = Lesson.objects.filter(game=quiz.game).only(
        "game", "slug", "title", "summary", "sources", "order"
    )
    terms, file = quiz_words(quiz), rule_file(quiz.rule_ref or "")
    best, best_score = None, 0
    for lesson in lessons:
        value = score(terms, file, lesson)
        if value > best_score:
            best, best_score = lesson, value
    if best is not None:
        return LessonLink(best.get_absolute_url(), best.title, True)
    return LessonLink(reverse("lessons:course", args=[quiz.game]), "", False)
