"""The parts of a quiz page that are the same for every learner, drawn once and stored.

A quiz's position (hands, auction, trick, score table) and its choice buttons or card picker
depend only on the stored quiz, the drawing code and the language, never on who looks at
them. Drawing them was most of the CPU a quiz page cost (dozens of card templates per deal),
so a quiz is drawn when it is stored (``trainer.generation.store_quiz``, which the workers
and the import use) and the HTML kept in its ``drawn`` column, which the player reads with
the quiz row it reads anyway: no cache, no extra query, the same with Redis down.

The stored drawing carries a key: a digest of the drawing's own source files
(``DRAWING_SOURCES``) and the language. A drawing under another key (a deploy that changed
how quizzes are drawn, a bank stored before this column, another language) is drawn again
on its first showing and stored with one UPDATE; saving a quiz through the ORM (the admin)
clears its drawing, since its position or choices may have changed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from trainer.models import Quiz
from trainer.picker import card_picker
from trainer.positions import choice_order, draw_position, option_note_words, quiz_choices

ROOT = Path(__file__).resolve().parent.parent
# What a drawing depends on besides the quiz and the language: a change to any of these
# files changes every key.
DRAWING_SOURCES = (
    "trainer/drawn.py",
    "trainer/positions.py",
    "trainer/picker.py",
    "lessons/diagrams.py",
    "games/display.py",
    "games/cards.py",
    "games/position.py",
    "games/wiezen/contracts.py",
    "games/quizzes/skat/bid.py",
    "games/skat/rules.py",
    "trainer/wording.py",
    "templates/train/_position.html",
    "templates/train/_choices.html",
    "templates/cards",
    "locale",
)


@dataclass(frozen=True)
class DrawnQuiz:
    """A quiz as every learner sees it: its position and its choices, as HTML."""

    position: SafeString  # the position with the learner's own hand (the verdict's too)
    position_for_picker: SafeString  # the same without the hand when it is the card picker
    choices: SafeString  # the inside of the choice row: buttons, or the picker's check boxes
    pick: int  # cards per answer when the answer is picked card by card, else 0
    answers: tuple[str, ...]  # every candidate answer in the order the page shows them
    # What the API hands out without reading the position again: the note an option needs
    # in plain words (answer to note, only the options that have one) and the picker's cards
    # in hand order.
    notes: tuple[tuple[str, str], ...] = ()
    picker_cards: tuple[str, ...] = ()

    @property
    def quiz_position(self) -> SafeString:
        """Return the position as the quiz page shows it."""
        return self.position_for_picker if self.pick else self.position


@lru_cache(maxsize=1)
def drawing_digest() -> str:
    """Return a short digest of the drawing's source files (read once per process)."""
    digest = hashlib.sha256()
    for name in DRAWING_SOURCES:
        path = ROOT / name
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for file in files:
            if file.is_file():
                digest.update(file.relative_to(ROOT).as_posix().encode())
                digest.update(file.read_bytes())
    return digest.hexdigest()[:12]


def drawing_key(language: str | None = None) -> str:
    """Return the key a drawing made now, in ``language`` (default: the active one), carries."""
    return f"{drawing_digest()}:{language or get_language() or settings.LANGUAGE_CODE}"


def draw(quiz: Quiz) -> DrawnQuiz:
    """Draw the quiz's learner-independent parts (uncached)."""
    view = draw_position(quiz)
    picker = card_picker(quiz)
    position = render_to_string("train/_position.html", {"view": view})
    for_picker = (
        render_to_string("train/_position.html", {"view": view, "hand_in_picker": True})
        if picker
        else position
    )
    buttons = [] if picker else quiz_choices(quiz)
    choices = render_to_string("train/_choices.html", {"picker": picker, "choices": buttons})
    answers = tuple(str(c["answer"]) for c in choice_order(quiz))
    return DrawnQuiz(
        mark_safe(position),  # our templates escaped every value
        mark_safe(for_picker),
        mark_safe(choices),
        picker.size if picker else 0,
        answers,
        tuple(option_note_words(quiz).items()) if buttons else (),
        tuple(str(c.token) for c in picker.cards) if picker else (),
    )


def pack(drawn: DrawnQuiz, key: str) -> dict[str, Any]:
    """Return the drawing as the ``drawn`` column stores it."""
    return {
        "key": key,
        "position": str(drawn.position),
        "for_picker": str(drawn.position_for_picker) if drawn.pick else "",
        "choices": str(drawn.choices),
        "pick": drawn.pick,
        "answers": list(drawn.answers),
        "notes": [list(n) for n in drawn.notes],
        "picker_cards": list(drawn.picker_cards),
    }


def unpack(data: Any, key: str) -> DrawnQuiz | None:
    """Return the stored drawing when it was made under ``key``, else None."""
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    try:
        position = mark_safe(str(data["position"]))  # stored by pack, from our templates
        pick = int(data["pick"])
        return DrawnQuiz(
            position,
            mark_safe(str(data["for_picker"])) if pick else position,
            mark_safe(str(data["choices"])),
            pick,
            tuple(str(a) for a in data["answers"]),
            tuple((str(a), str(n)) for a, n in data["notes"]),
            tuple(str(c) for c in data["picker_cards"]),
        )
    except (KeyError, TypeError, ValueError):
        return None  # a column of another shape: draw again


def stored_drawing(quiz: Quiz) -> dict[str, Any]:
    """Return the ``drawn`` column for a quiz about to be stored (drawn in the site's language)."""
    language = settings.LANGUAGE_CODE
    with translation.override(language):
        return pack(draw(quiz), drawing_key(language))


# Set by ``trainer.player.whole_built`` on a quiz read without its drawing: (drawing key,
# answers in the shown order).
SHOWN_ATTRIBUTE = "_trainer_shown"


def shown_answers(quiz: Quiz) -> tuple[str, ...] | None:
    """Return the answers in the order the quiz showed them, from its stored drawing; None
    when it has none under the current key (the caller works the order out; nothing is
    drawn or written)."""
    key = drawing_key()
    if "drawn" in quiz.get_deferred_fields():
        # Read without its drawing (``trainer.player.whole_quiz``): only the order came along.
        shown = getattr(quiz, SHOWN_ATTRIBUTE, None)
        return shown[1] if shown is not None and shown[0] == key else None
    found = unpack(quiz.drawn, key)
    return found.answers if found is not None else None


def drawn_quiz(quiz: Quiz) -> DrawnQuiz:
    """Return the quiz's stored drawing; draw it (and store it) when it has none under the
    current key."""
    key = drawing_key()
    found = unpack(quiz.drawn, key)
    if found is not None:
        return found
    drawn = draw(quiz)
    if quiz.pk is not None:
        quiz.drawn = pack(drawn, key)
        Quiz.objects.filter(pk=quiz.pk).update(drawn=quiz.drawn)
    return drawn


@receiver(pre_save, sender=Quiz, dispatch_uid="trainer.drawn.saved")
def _forget(sender: type[Quiz], instance: Quiz, **kwargs: Any) -> None:
    """Clear the drawing of a stored quiz saved again (its position or choices may have
    changed): it is drawn again on its next showing. A new quiz keeps the one it comes with."""
    fields = kwargs.get("update_fields")
    if instance.pk is not None and (fields is None or "drawn" not in fields):
        instance.drawn = None
